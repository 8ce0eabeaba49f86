import { fireEvent, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { InputColumn, Row } from '../../src/generated/definitions';
import { createFormStore } from '../../src/runtime/form-store';
import { initialValues } from '../../src/runtime/form-logic';
import { RowsView } from '../../src/runtime/Interpreter';
import type { ColumnPlugin, RenderProps } from '../../src/runtime/plugin';
import { RuntimeContext, type AfterSave } from '../../src/runtime/RuntimeContext';
import { InHost, testHost, testHostWith } from '../../src/plugin-kit/testing';

/**
 * STYLE.md 4: no whole-form re-renders. On a 500-field form, typing into one field renders
 * that field's component again and no other.
 */
const FIELDS = 500;

function bigForm(): Row[] {
  const rows: Row[] = [];
  for (let r = 0; r < FIELDS / 4; r++) {
    rows.push({
      cols: Array.from({ length: 4 }, (_, c): InputColumn => {
        const n = r * 4 + c;
        return { childType: 'Input', width: 3, name: `f${n}`, label: `Field ${n}`, fieldtype: 'text', required: n % 7 === 0 };
      }),
    });
  }
  return rows;
}

const input = testHost.plugins.get('Input');

describe('typing into a 500-field form', () => {
  it('re-renders only the field typed into', () => {
    if (!input) throw new Error('Input plugin missing');
    const counts = new Map<string, number>();
    const Real = input.Render as ComponentType<RenderProps>;
    // The host hands the interpreter an Input plugin whose component counts its renders.
    const counted: ColumnPlugin = {
      ...input,
      Render: function Counted(props: RenderProps) {
        const name = (props.column as InputColumn).name ?? '';
        counts.set(name, (counts.get(name) ?? 0) + 1);
        return <Real {...props} />;
      },
    };
    const host = testHostWith(counted);

    const rows = bigForm();
    const store = createFormStore(initialValues(host.plugins, rows));
    render(
      <InHost host={host}>
        <RuntimeContext.Provider value={{ store, mode: 'add', readOnly: false, idPrefix: 'big', recordId: null, afterSave: new Set<AfterSave>() }}>
          <RowsView rows={rows} />
        </RuntimeContext.Provider>
      </InHost>,
    );
    expect(counts.size).toBe(FIELDS);
    const before = new Map(counts);

    // By id: a label query over 500 labels is slow in jsdom, and the labels are tested elsewhere.
    const field = () => document.getElementById('big-f250') as HTMLInputElement;
    expect(document.querySelector('label[for="big-f250"]')?.textContent).toBe('Field 250');
    fireEvent.change(field(), { target: { value: 'hello' } });
    fireEvent.change(field(), { target: { value: 'hello!' } });

    const rendered = [...counts].filter(([name, n]) => n !== before.get(name)).map(([name]) => name);
    expect(rendered).toEqual(['f250']);
    expect(counts.get('f250')).toBe((before.get('f250') ?? 0) + 2);
    expect(store.getState().values.f250).toBe('hello!');
    expect(field().value).toBe('hello!');
  });
});
