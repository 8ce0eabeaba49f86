import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prettyDefinition, type Column } from '../../src/plugin-kit';
import { getPlugin, renderColumns } from '../../src/plugin-kit/testing';

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

  it('shows the definition object as indented JSON under a heading', async () => {
    renderColumns([column], { mode: 'edit', values: { definition } });
    // The viewer is loaded on first use, out of the first bundle.
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    const json = screen.getByLabelText(`${heading} JSON`);
    expect(json.tagName).toBe('PRE');
    expect(json.textContent).toBe(JSON.stringify(definition, null, 2));
    // Focusable and capped at half the viewport, so a long definition scrolls by keyboard too.
    expect(json.getAttribute('tabindex')).toBe('0');
    expect(json.style.maxHeight).toBe('50vh');
    expect(json.style.overflow).toBe('auto');
  });

  it('pretty-prints a definition stored as JSON text', async () => {
    renderColumns([column], { mode: 'edit', values: { definition: JSON.stringify(definition) } });
    expect((await screen.findByLabelText(`${heading} JSON`)).textContent).toBe(JSON.stringify(definition, null, 2));
  });

  it('says so when the record has no definition yet', async () => {
    renderColumns([column], { mode: 'add', values: { definition: '' } });
    expect(await screen.findByText('No definition yet.')).toBeTruthy();
  });
});

describe('prettyDefinition', () => {
  it('shows text that is not JSON as it is', () => {
    expect(prettyDefinition('not { json')).toBe('not { json');
    expect(prettyDefinition(null)).toBe('');
    expect(prettyDefinition([1])).toBe('[\n  1\n]');
  });
});
