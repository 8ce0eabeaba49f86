import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../src/generated/definitions';
import { getPlugin, registerPlugin } from '../../src/client/runtime/registry';
import { plugin as gridDesigner } from '../grid-designer/index';
import { plugin as menuDesigner } from '../menu-designer/index';
import { plugin as pageDesigner } from '../page-designer/index';
import { renderColumns } from '../../tests/support/render-columns';
import { prettyDefinition } from './DefinitionViewer';
import { plugin } from './index';

for (const p of [plugin, gridDesigner, pageDesigner, menuDesigner]) if (!getPlugin(p.childType)) registerPlugin(p as never);

const definition = { name: 'customer', definition: [{ cols: [{ childType: 'Input', width: 6 }] }] };

// Until the designers arrive, all four designer columns show the record's definition read only.
describe.each([
  ['FormDesigner', 'Form definition'],
  ['GridDesigner', 'Grid definition'],
  ['PageDesigner', 'Page definition'],
  ['MenuDesigner', 'Menu definition'],
] as const)('the %s column', (childType, heading) => {
  const column = { childType, width: 12, definitionfield: 'definition' } as Column;

  it('binds the record field its definitionfield names', () => {
    expect(getPlugin(childType)?.field?.(column)).toBe('definition');
    expect(getPlugin(childType)?.field?.({ childType, width: 0 } as Column)).toBeUndefined();
  });

  it('shows the definition object as indented JSON under a heading', () => {
    renderColumns([column], { mode: 'edit', values: { definition } });
    expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
    const json = screen.getByLabelText(`${heading} JSON`);
    expect(json.tagName).toBe('PRE');
    expect(json.textContent).toBe(JSON.stringify(definition, null, 2));
    // Focusable and capped at half the viewport, so a long definition scrolls by keyboard too.
    expect(json.getAttribute('tabindex')).toBe('0');
    expect(json.style.maxHeight).toBe('50vh');
    expect(json.style.overflow).toBe('auto');
  });

  it('pretty-prints a definition stored as JSON text', () => {
    renderColumns([column], { mode: 'edit', values: { definition: JSON.stringify(definition) } });
    expect(screen.getByLabelText(`${heading} JSON`).textContent).toBe(JSON.stringify(definition, null, 2));
  });

  it('says so when the record has no definition yet', () => {
    renderColumns([column], { mode: 'add', values: { definition: '' } });
    expect(screen.getByText('No definition yet.')).toBeTruthy();
  });
});

describe('prettyDefinition', () => {
  it('shows text that is not JSON as it is', () => {
    expect(prettyDefinition('not { json')).toBe('not { json');
    expect(prettyDefinition(null)).toBe('');
    expect(prettyDefinition([1])).toBe('[\n  1\n]');
  });
});
