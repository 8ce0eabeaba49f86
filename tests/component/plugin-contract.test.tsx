import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { HINTS_KEYWORD, propertyEditors } from '../../src/shared/plugin-hints';
import { childTypes, getValidator, SCHEMA_BASE, validateWith } from '../../src/shared/schema-registry';
import { createRegistry, registryOfFolders } from '../../src/runtime/registry';
import type { RenderMode } from '../../src/runtime/plugin';
import type { AnyColumnPlugin, Column } from '../../src/plugin-kit';
import { renderColumns, testHost } from '../../src/plugin-kit/testing';
import { server } from '../support/msw';

/**
 * The contract every column plugin keeps (docs/plugins.md), run over every folder under
 * plugins/ that exists, so a new folder is covered the moment it is added: it registers under
 * its childType, its schema compiles and its hints use the vocabulary, its new-column defaults
 * and its examples validate, and the examples render in every mode the runtime has.
 */
const folders = Object.entries(import.meta.glob<{ plugin: AnyColumnPlugin }>('../../plugins/*/index.ts', { eager: true })).map(
  ([path, module]) => ({ folder: path.split('/').at(-2)!, module }),
);

const SPEC_TYPES = [
  'None', 'Input', 'TextArea', 'Checkbox', 'Select', 'Editor', 'CodeEditor', 'FormDesigner', 'GridDesigner', 'Rows', 'Card',
  'Tabs', 'Text', 'Html', 'Hidden', 'DualList', 'PageDesigner', 'MenuDesigner', 'WorkFlow', 'Grid', 'Button',
];
const MODES: RenderMode[] = ['add', 'edit', 'delete', 'view', 'design'];
const ICONS = join(process.cwd(), 'node_modules/bootstrap-icons/icons');

/** Every `x-tessera` object below the schema's root, with where it sits. */
function propertyHints(node: unknown, at = ''): [string, unknown][] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    if (key === HINTS_KEYWORD && at !== '') return [[at, value] as [string, unknown]];
    if (key === HINTS_KEYWORD) return [];
    return propertyHints(value, `${at}/${key}`);
  });
}

beforeEach(() => {
  // Plugins that load data (grids, menus, selects, dual lists) get a plain refusal here.
  server.use(http.all('*/api/*', () => HttpResponse.json({ error: 'not in this test' }, { status: 404 })));
});

describe('the plugin registry', () => {
  it('holds one plugin per plugin folder, the built-in types among them', () => {
    expect(folders.length).toBe(childTypes.length);
    expect(testHost.plugins.all().map((p) => p.childType).sort()).toEqual([...childTypes].sort());
    expect(childTypes).toEqual(expect.arrayContaining(SPEC_TYPES));
  });

  it('refuses a second plugin for a childType', () => {
    const input = testHost.plugins.get('Input');
    expect(input).toBeDefined();
    expect(() => createRegistry([input!, input!])).toThrow(/already registered/);
  });

  it("refuses a folder whose plugin declares another folder's childType", () => {
    const input = folders.find((f) => f.folder === 'input')!.module.plugin;
    expect(() => registryOfFolders({ rating: input })).toThrow("plugins/rating: its plugin declares childType 'Input', which belongs in plugins/input");
  });

  it('shows a visible placeholder naming an unknown childType', () => {
    renderColumns([{ childType: 'Sparkline', width: 0 } as unknown as Column]);
    expect(screen.getByText('Sparkline')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Unknown column type');
  });
});

describe.each(folders)('plugins/$folder', ({ folder, module }) => {
  const plugin = module.plugin;
  const schema = plugin.schema as Record<string, unknown>;
  const id = `${SCHEMA_BASE}plugins/${folder}.json`;

  it('exports the registered plugin of its folder, whose schema compiles', () => {
    expect(testHost.plugins.get(plugin.childType)).toBe(plugin);
    expect(schema.$id).toBe(id);
    expect(() => getValidator(id)).not.toThrow();
  });

  it('describes itself with root hints of the vocabulary', () => {
    const hints = schema[HINTS_KEYWORD] as { icon: string; binds?: string[] } | undefined;
    expect(hints, `${folder}/schema.json has no root ${HINTS_KEYWORD}`).toBeDefined();
    expect(validateWith(getValidator(`${SCHEMA_BASE}plugin-hints.json#/$defs/plugin`), hints)).toEqual({ ok: true });
    expect(existsSync(join(ICONS, `${hints!.icon}.svg`)), `icon ${hints!.icon}`).toBe(true);
    const properties = propertyEditors(plugin.childType).map((e) => e.property);
    for (const bound of hints!.binds ?? []) expect(properties).toContain(bound);
  });

  it('hints its properties with the vocabulary, naming properties that exist', () => {
    const properties = propertyEditors(plugin.childType).map((e) => e.property);
    const property = getValidator(`${SCHEMA_BASE}plugin-hints.json#/$defs/property`);
    for (const [at, hints] of propertyHints(schema)) {
      expect(validateWith(property, hints), at).toEqual({ ok: true });
    }
    for (const editor of propertyEditors(plugin.childType)) {
      if (editor.enabledBy) expect(properties, `${editor.property} enabledBy`).toContain(editor.enabledBy);
      for (const other of Object.keys(editor.when ?? {})) expect(properties, `${editor.property} when`).toContain(other);
    }
  });

  it('creates a fresh new column that its schema accepts', () => {
    const column = plugin.create();
    expect(column.childType).toBe(plugin.childType);
    expect(validateWith(getValidator(id), column)).toEqual({ ok: true });
    expect(plugin.create()).not.toBe(column);
  });

  it('has examples that validate and round-trip through JSON', () => {
    expect(plugin.examples?.length ?? 0).toBeGreaterThan(0);
    for (const example of plugin.examples ?? []) {
      expect(validateWith(getValidator(id), example)).toEqual({ ok: true });
      expect(JSON.parse(JSON.stringify(example))).toEqual(example);
    }
  });

  it.each(MODES)('renders its examples and a new column in %s mode', (mode) => {
    const cols = [...(plugin.examples ?? []), plugin.create()] as Column[];
    const { container } = renderColumns(cols, { mode, recordId: mode === 'add' ? null : '1', readOnly: mode === 'delete' || mode === 'view' });
    expect(container.querySelector('.row')).not.toBeNull();
    expect(screen.queryByRole('note', { name: /unknown column type/i })).toBeNull();
  });
});
