import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { prettyDefinition, type Column } from '../../src/plugin-kit';
import { fieldOf, formValues, isFormDirty, mockApi, renderColumns } from '../../src/plugin-kit/testing';

const definition = { name: 'customer', definition: [{ cols: [{ childType: 'Input', width: 6 }] }] };

// Where the record cannot change (view and delete mode), the designer columns show its definition read only.
describe.each([
  ['FormDesigner', 'Form definition'],
  ['GridDesigner', 'Grid definition'],
  ['PageDesigner', 'Page definition'],
  ['MenuDesigner', 'Menu definition'],
] as const)('the %s column', (childType, heading) => {
  const column = { childType, width: 12, definitionfield: 'definition' } as Column;

  it('binds the record field its definitionfield names', () => {
    expect(fieldOf(column)).toBe('definition');
    expect(fieldOf({ childType, width: 0 } as Column)).toBeUndefined();
  });

  it('shows the definition object as indented JSON under a heading', async () => {
    renderColumns([column], { mode: 'view', values: { definition } });
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
    renderColumns([column], { mode: 'view', values: { definition: JSON.stringify(definition) } });
    expect((await screen.findByLabelText(`${heading} JSON`)).textContent).toBe(JSON.stringify(definition, null, 2));
  });

  it('says so when the record has no definition yet', async () => {
    renderColumns([column], { mode: 'delete', values: { definition: '' } });
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

describe.each([
  ['FormDesigner', 'Form designer', /Nothing here yet/],
  ['PageDesigner', 'Page designer', /Nothing here yet/],
  ['MenuDesigner', 'Menu designer', /No work-flow rows yet/],
  ['GridDesigner', 'Grid designer', /^Grid fields/],
] as const)('the %s column in a form that adds or edits', (childType, title, empty) => {
  // The designer's pickers ask for the models, their fields and the urls.
  beforeEach(() => {
    mockApi.use(http.get('*/api/models/:model', () => HttpResponse.json([])), http.get('*/api/models', () => HttpResponse.json(['User'])), http.get('*/api/urls', () => HttpResponse.json([])), http.post('*/api/data/:model', () => HttpResponse.json([])));
  });

  it('is the visual designer over the record, starting a new record with an empty definition', async () => {
    const { runtime } = renderColumns([{ childType, width: 12, definitionfield: 'definition' } as Column], { mode: 'add', values: { name: '', definition: '' } });
    expect(await screen.findByRole('region', { name: `${title} design area` })).toBeTruthy();
    expect(screen.getByText(empty)).toBeTruthy();
    // The form's Save reads it from the designer, which holds the document.
    expect(formValues(runtime.store).definition).toEqual([]);
  });

  it('leaves a stored record as it is until it is edited, so saving it unedited changes nothing', async () => {
    const stored = { id: 'abc', version: 3, name: 'x', definition: [] };
    const { runtime } = renderColumns([{ childType, width: 12, definitionfield: 'definition' } as Column], { mode: 'edit', recordId: 'abc', values: stored });
    expect(await screen.findByRole('region', { name: `${title} design area` })).toBeTruthy();
    expect(formValues(runtime.store)).toEqual(stored);
    expect(JSON.stringify(formValues(runtime.store))).toBe(JSON.stringify(stored));
    expect(isFormDirty(runtime.store)).toBe(false);
  });
});
