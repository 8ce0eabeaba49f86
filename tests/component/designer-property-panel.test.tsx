import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { propertyEditors } from '../../src/shared/plugin-hints';
import { PropertyPanel, type ModelField, type PropertyPanelProps } from '../../src/designer/ui/PropertyPanel';
import { pluginSchemaId, schemaErrors, TAB_SCHEMA_ID } from '../../src/designer/ui/schema-errors';
import { WithDesignerServices } from '../support/designer-services';
import { server } from '../support/msw';

// Counts the field picker's renders, to show a keystroke elsewhere does not redraw a long field list.
const fieldPickerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/designer/ui/editors/FieldPicker', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/designer/ui/editors/FieldPicker')>();
  return {
    ...original,
    FieldPicker: (props: Parameters<typeof original.FieldPicker>[0]) => {
      fieldPickerRenders.count++;
      return original.FieldPicker(props);
    },
  };
});

type Call = [property: string, value: unknown, merge: string | undefined];

/** The panel as a designer holds it: the edited object in state, every change applied and recorded. */
function openPanel(childType: string, initial: Record<string, unknown>, extra: Partial<PropertyPanelProps> = {}) {
  const calls: Call[] = [];
  const commits = { count: 0 };
  function Designer() {
    const [value, setValue] = useState<Record<string, unknown>>({ childType, ...initial });
    return (
      <PropertyPanel
        editors={propertyEditors(childType)}
        value={value}
        idPrefix="prop"
        title={childType}
        onChange={(property, v, merge) => {
          calls.push([property, v, merge]);
          setValue((old) => {
            const next = { ...old, [property]: v };
            if (v === undefined) delete next[property];
            return next;
          });
        }}
        onCommit={() => commits.count++}
        {...extra}
      />
    );
  }
  render(<Designer />, { wrapper: WithDesignerServices });
  return { calls, commits };
}

function select(label: string): HTMLSelectElement {
  return screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
}

function optionNames(el: HTMLElement): string[] {
  return within(el)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

const ICONS = ['house', 'house-door', 'person', 'star', 'star-fill', 'trash'];

beforeEach(() => {
  server.use(
    http.get('/api/urls', () => HttpResponse.json(['/grids', '/page/home'])),
    http.get('/api/icons', () => HttpResponse.json(ICONS)),
    http.get('/api/grids', () => HttpResponse.json(['customers', 'orders'])),
    http.get('/api/selects', () => HttpResponse.json(['/select/colours', '/select/customers'])),
  );
});

describe('the property panel of a column type, drawn from its hints', () => {
  it('shows the Select column its Keys only while "Hard coded" is chosen', () => {
    const { calls } = openPanel('Select', { width: 0 });
    // selecttype is left out, so its schema default shows: Hard coded.
    const options = select('Options');
    expect(options.selectedOptions[0]?.textContent).toBe('Hard coded');
    expect(screen.getByLabelText('Keys (one per line)')).toBeTruthy();
    expect(screen.queryByLabelText('Data url')).toBeNull();

    fireEvent.change(options, { target: { value: '1' } });
    expect(calls.at(-1)).toEqual(['selecttype', '2', undefined]);
    expect(screen.queryByLabelText('Keys (one per line)')).toBeNull();
    expect(screen.getByLabelText('Data url')).toBeTruthy();
  });

  it('suggests the lookup lists\' data urls for a dynamic Select, typeable, and screen addresses for a Button', async () => {
    const suggestions = (input: HTMLElement) => async () => {
      const list = document.getElementById(input.getAttribute('list') ?? '');
      return [...(list?.querySelectorAll('option') ?? [])].map((o) => o.value);
    };
    const { calls } = openPanel('Select', { width: 0, selecttype: '2' });
    const url = screen.getByRole('combobox', { name: 'Data url' });
    await vi.waitFor(async () => expect(await suggestions(url)()).toEqual(['/select/colours', '/select/customers']));
    // Still typed freely: a data url may carry :field placeholders.
    fireEvent.change(url, { target: { value: '/select/colours/:country' } });
    expect(calls.at(-1)).toEqual(['url', '/select/colours/:country', 'prop:url']);
    cleanup();

    openPanel('Button', { width: 0 });
    const target = screen.getByRole('combobox', { name: 'Link' });
    await vi.waitFor(async () => expect(await suggestions(target)()).toEqual(['/grids', '/page/home']));
  });

  it('keeps the Select keys as newline-separated text', () => {
    const { calls } = openPanel('Select', { width: 0, keys: 'a\nb' });
    const keys = screen.getByLabelText('Keys (one per line)') as HTMLTextAreaElement;
    expect(keys.tagName).toBe('TEXTAREA');
    expect(keys.value).toBe('a\nb');
    fireEvent.change(keys, { target: { value: 'a\nb\nc' } });
    expect(calls.at(-1)).toEqual(['keys', 'a\nb\nc', 'prop:keys']);
  });

  it('sends each keystroke in Label as one typing burst and commits on blur', () => {
    const { calls, commits } = openPanel('Input', { width: 0 });
    const label = screen.getByRole('textbox', { name: 'Label' });
    fireEvent.change(label, { target: { value: 'A' } });
    fireEvent.change(label, { target: { value: 'Ab' } });
    expect(calls).toEqual([
      ['label', 'A', 'prop:label'],
      ['label', 'Ab', 'prop:label'],
    ]);
    expect((label as HTMLInputElement).value).toBe('Ab');
    expect(commits.count).toBe(0);
    fireEvent.blur(label);
    expect(commits.count).toBe(1);
  });

  it('shows Show label on while the label is shown (left out, it is), and off hides it', () => {
    const { calls } = openPanel('Input', { width: 0, name: 'title', label: 'Title' });
    const toggle = screen.getByRole('switch', { name: 'Show label' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(calls.at(-1)).toEqual(['showlabelchecked', false, undefined]);
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(calls.at(-1)).toEqual(['showlabelchecked', true, undefined]);
  });

  it('keeps Hint disabled until Show hint is switched on, stored as a boolean', () => {
    const { calls } = openPanel('Input', { width: 0 });
    const hint = screen.getByRole('textbox', { name: 'Hint' }) as HTMLInputElement;
    expect(hint.disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Show hint' }));
    expect(calls.at(-1)).toEqual(['showhintchecked', true, undefined]);
    expect(hint.disabled).toBe(false);
  });

  it('puts the Validation properties in a fieldset of their own, after General', () => {
    openPanel('Input', { width: 0 });
    const groups = screen.getAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual(['General', 'Validation']);
    const validation = screen.getByRole('group', { name: 'Validation' });
    expect(within(validation).getByRole('switch', { name: 'Required' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'General' })).queryByRole('switch', { name: 'Required' })).toBeNull();
  });

  it('hides the advanced properties until Advanced is opened', () => {
    openPanel('Input', { width: 0 });
    expect(screen.queryByRole('switch', { name: 'Disabled' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Advanced' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Disabled' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Has button' })).toBeTruthy();
  });

  it('offers widths Auto and 1 to 12 and stores the number', () => {
    const { calls } = openPanel('Input', { width: 0 });
    const width = select('Width');
    expect(optionNames(width)).toEqual(['Auto', ...Array.from({ length: 12 }, (_, i) => String(i + 1))]);
    expect(width.selectedOptions[0]?.textContent).toBe('Auto');
    fireEvent.change(width, { target: { value: '6' } });
    expect(calls.at(-1)).toEqual(['width', 6, undefined]);
    expect(width.selectedOptions[0]?.textContent).toBe('6');
  });

  it('lists the model fields and flags a field that is not in the model', () => {
    const fields: ModelField[] = [
      { name: 'email', type: 'string', label: 'E-mail' },
      { name: 'age', type: 'integer' },
    ];
    const { calls } = openPanel('Input', { width: 0, name: 'phone' }, { fields });
    const field = select('Field not in the model');
    expect(optionNames(field)).toEqual(['(choose a field)', 'phone (not in the model)', 'E-mail (email)', 'age']);
    expect(field.value).toBe('phone');
    fireEvent.change(field, { target: { value: 'email' } });
    expect(calls.at(-1)).toEqual(['name', 'email', undefined]);
    expect(screen.queryByText('not in the model')).toBeNull();
    expect(select('Field').value).toBe('email');
  });

  it('types the field name when the model is not known', () => {
    const { calls } = openPanel('Input', { width: 0 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Field' }), { target: { value: 'x' } });
    expect(calls.at(-1)).toEqual(['name', 'x', 'prop:name']);
  });

  it('lists the grids of /api/grids and keeps an unknown code selectable', async () => {
    const { calls } = openPanel('Grid', { width: 0, name: 'gone' });
    const grid = select('Grid');
    await screen.findByRole('option', { name: 'customers' });
    expect(optionNames(grid)).toEqual(['(choose a grid)', 'gone (not found)', 'customers', 'orders']);
    fireEvent.change(grid, { target: { value: 'orders' } });
    expect(calls.at(-1)).toEqual(['name', 'orders', undefined]);
  });

  it('lists the menus of /api/menus for a work-flow column', async () => {
    server.use(http.get('/api/menus', () => HttpResponse.json(['main', 'sales'])));
    const { calls } = openPanel('WorkFlow', { width: 0 });
    const menu = select('Menu');
    await screen.findByRole('option', { name: 'sales' });
    expect(optionNames(menu)).toEqual(['(choose a menu)', 'main', 'sales']);
    fireEvent.change(menu, { target: { value: 'sales' } });
    expect(calls.at(-1)).toEqual(['name', 'sales', undefined]);
  });

  it('edits html as monospace text without a code editor', () => {
    const { calls } = openPanel('Html', { width: 0 });
    const html = screen.getAllByRole('textbox').find((t) => t.tagName === 'TEXTAREA') as HTMLTextAreaElement;
    expect(html.className).toContain('font-monospace');
    fireEvent.change(html, { target: { value: '<b>x</b>' } });
    expect(calls.at(-1)?.[2]).toMatch(/^prop:/);
  });

  it('shows an error beside its editor, tied to it for screen readers', () => {
    openPanel('Input', { width: 13 }, { errors: { width: 'must be at most 12' } });
    const width = select('Width');
    expect(width.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(width.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('must be at most 12');
    expect(select('Type').getAttribute('aria-invalid')).toBeNull();
  });

  it('gives the Rating plugin a Stars number editor with no Rating-specific code', () => {
    const { calls } = openPanel('Rating', { width: 0 });
    const stars = screen.getByRole('spinbutton', { name: 'Stars' }) as HTMLInputElement;
    expect(stars.min).toBe('1');
    expect(stars.max).toBe('10');
    fireEvent.change(stars, { target: { value: '7' } });
    expect(calls.at(-1)).toEqual(['stars', 7, 'prop:stars']);
    fireEvent.change(stars, { target: { value: '' } });
    expect(calls.at(-1)).toEqual(['stars', undefined, 'prop:stars']);
  });

  it('draws a tab\'s properties too', () => {
    openPanel('Tab', { tabtitle: 'Tab-1' });
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Tab-1');
    expect(select('Content').selectedOptions[0]?.textContent).toBe('Rows');
  });
});

describe('the icon picker', () => {
  const iconOptions = () => within(screen.getByRole('listbox')).getAllByRole('option');
  async function openIcons(initial: Record<string, unknown> = {}) {
    const panel = openPanel('Button', { width: 0, iconchecked: true, ...initial });
    const search = screen.getByRole('combobox', { name: /^Icon/ });
    fireEvent.click(search);
    await screen.findByRole('option', { name: 'house' });
    return { ...panel, search };
  }

  it('shows the icons of /api/icons as images with their names', async () => {
    await openIcons();
    const options = iconOptions();
    expect(options.map((o) => o.textContent)).toEqual(ICONS);
    expect(options.map((o) => o.querySelector('img')?.getAttribute('src'))).toEqual(ICONS.map((n) => `/action-icons/${n}.svg`));
  });

  it('filters by the typed text and picks with the arrows and Enter', async () => {
    const { search, calls } = await openIcons();
    fireEvent.change(search, { target: { value: 'star' } });
    expect(iconOptions().map((o) => o.textContent)).toEqual(['star', 'star-fill']);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'star-fill' }).id);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(calls.at(-1)).toEqual(['icon', 'star-fill', undefined]);
    expect(screen.queryByRole('listbox')).toBeNull();
    // The chosen icon shows beside the label.
    const label = document.querySelector(`label[for="${search.id}"]`);
    expect(label?.querySelector('img')?.getAttribute('src')).toBe('/action-icons/star-fill.svg');
  });

  it('picks by click and closes with Escape', async () => {
    const { search, calls } = await openIcons();
    fireEvent.click(screen.getByRole('option', { name: 'trash' }));
    expect(calls.at(-1)).toEqual(['icon', 'trash', undefined]);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows at most 60 icons until the search narrows them', async () => {
    server.use(http.get('/api/icons', () => HttpResponse.json(Array.from({ length: 100 }, (_, i) => `icon-${i}`))));
    openPanel('Button', { width: 0, iconchecked: true });
    fireEvent.click(screen.getByRole('combobox', { name: /^Icon/ }));
    await screen.findByRole('option', { name: 'icon-0' });
    expect(iconOptions()).toHaveLength(60);
    expect(screen.getByText('40 more; type to narrow.')).toBeTruthy();
  });

  it('opens from the keyboard with ArrowDown, not on mere focus', async () => {
    const { calls } = openPanel('Button', { width: 0, iconchecked: true });
    const search = screen.getByRole('combobox', { name: /^Icon/ });
    fireEvent.focus(search);
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('option', { name: 'house' });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(calls.at(-1)).toEqual(['icon', 'house', undefined]);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('is disabled while Show icon is off', () => {
    openPanel('Button', { width: 0 });
    expect((screen.getByRole('combobox', { name: /^Icon/ }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('staying cheap', () => {
  it('does not redraw a 500-name field list while Label is typed', () => {
    const fields = Array.from({ length: 500 }, (_, i): ModelField => ({ name: `f${i}`, type: 'string' }));
    openPanel('Input', { width: 0, name: 'f1' }, { fields });
    const before = fieldPickerRenders.count;
    expect(before).toBeGreaterThan(0);
    const label = screen.getByRole('textbox', { name: 'Label' });
    fireEvent.change(label, { target: { value: 'A' } });
    fireEvent.change(label, { target: { value: 'Ab' } });
    expect(fieldPickerRenders.count).toBe(before);
  });
});

describe('schemaErrors', () => {
  it('pins an out-of-range width to width, in words', () => {
    expect(schemaErrors(pluginSchemaId('input'), { childType: 'Input', width: 13 })).toEqual({ width: 'must be at most 12' });
  });

  it('pins an unknown selecttype to selecttype', () => {
    const errors = schemaErrors(pluginSchemaId('select'), { childType: 'Select', width: 0, selecttype: '3' });
    expect(Object.keys(errors)).toEqual(['selecttype']);
    expect(errors.selecttype).toMatch(/must be one of "1", "2"/);
  });

  it('names a missing or unknown property', () => {
    const errors = schemaErrors(pluginSchemaId('input'), { childType: 'Input', colour: 'red' });
    expect(errors).toEqual({ width: 'is required', colour: 'is not a property of this type' });
  });

  it('answers nothing for a valid column or tab', () => {
    expect(schemaErrors(pluginSchemaId('rating'), { childType: 'Rating', width: 3, stars: 5 })).toEqual({});
    expect(schemaErrors(TAB_SCHEMA_ID, { childType: 'Tab', tabtitle: 'Tab-1', tabcontenttype: 'Rows', rows: [] })).toEqual({});
  });
});
