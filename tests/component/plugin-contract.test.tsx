import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { childTypes, getValidator, validateWith } from '../../src/core/schema-registry';
import type { Column } from '../../src/generated/definitions';
import { createFormStore } from '../../src/client/runtime/form-store';
import { RowsView } from '../../src/client/runtime/Interpreter';
import { getPlugin, registerPlugin, registeredPlugins } from '../../src/client/runtime/registry';
import { RuntimeContext, type AfterSave } from '../../src/client/runtime/RuntimeContext';
import { server } from '../support/msw';

/**
 * The contract every column plugin keeps (STYLE.md 2): it is registered under its childType,
 * its new-column defaults and its examples validate against its own schema, the examples
 * survive a JSON round trip and render inside the interpreter without throwing.
 */
function renderColumns(cols: Column[]) {
  const runtime = { store: createFormStore(), mode: 'edit' as const, readOnly: false, idPrefix: 'c', recordId: '1', afterSave: new Set<AfterSave>() };
  return render(
    <MemoryRouter>
      <RuntimeContext.Provider value={runtime}>
        <RowsView rows={[{ cols }]} />
      </RuntimeContext.Provider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  // Plugins that load data (grids, menus, selects, dual lists) get a plain refusal here.
  server.use(http.all('*/api/*', () => HttpResponse.json({ error: 'not in this test' }, { status: 404 })));
});

describe('the plugin registry', () => {
  it('holds exactly one plugin for each of the 21 childTypes', () => {
    expect(childTypes).toHaveLength(21);
    expect(registeredPlugins().map((p) => p.childType).sort()).toEqual([...childTypes].sort());
  });

  it('refuses a second plugin for a childType', () => {
    const input = getPlugin('Input');
    expect(input).toBeDefined();
    expect(() => registerPlugin(input as never)).toThrow(/already registered/);
  });

  it('shows a visible placeholder naming an unknown childType', () => {
    renderColumns([{ childType: 'Sparkline', width: 0 } as unknown as Column]);
    expect(screen.getByText('Sparkline')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Unknown column type');
  });
});

describe.each(childTypes.map((t) => [t]))('the %s plugin', (childType) => {
  const plugin = getPlugin(childType);

  it('creates a new column that its schema accepts', () => {
    expect(plugin).toBeDefined();
    if (!plugin) return;
    const column = plugin.create();
    expect(column.childType).toBe(childType);
    const id = (plugin.schema as { $id?: string }).$id ?? '';
    expect(validateWith(getValidator(id), column)).toEqual({ ok: true });
  });

  it('has examples that validate, round-trip through JSON and render', () => {
    expect(plugin?.examples?.length ?? 0).toBeGreaterThan(0);
    if (!plugin?.examples) return;
    const id = (plugin.schema as { $id?: string }).$id ?? '';
    for (const example of plugin.examples) {
      expect(validateWith(getValidator(id), example)).toEqual({ ok: true });
      expect(JSON.parse(JSON.stringify(example))).toEqual(example);
    }
    const { container } = renderColumns(plugin.examples);
    expect(container.querySelector('.row')).not.toBeNull();
  });
});
