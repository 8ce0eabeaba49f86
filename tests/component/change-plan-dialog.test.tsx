import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChangePlanDialog } from '../../src/designer/models/ChangePlanDialog';
import type { ChangePlan } from '../../src/shared/model-change-plan';

/**
 * The model change dialog: each part of the plan in words with its counts and samples, a type
 * change's failing values cleared only when the admin ticks its box (Apply disabled until every
 * such field is ticked), the convert map handed to onApply, problems that block, and Escape as
 * Cancel.
 */
const empty: ChangePlan = { model: 'Parcel', created: [], rows: 50_000, added: [], renamed: [], retyped: [], required: [], unique: [], deleted: [], problems: [] };

const retyping: ChangePlan = {
  ...empty,
  retyped: [
    { field: 'weight', from: 'text', to: 'number', values: 50_000, convertible: 48_796, failing: 1204, samples: ['n/a', '12 kg'], clear: false },
    { field: 'height', from: 'text', to: 'number', values: 3, convertible: 2, failing: 1, samples: ['tall'], clear: false },
    { field: 'size', from: 'number', to: 'text', values: 10, convertible: 10, failing: 0, samples: [], clear: false },
  ],
  problems: [
    { status: 409, pointer: '/model/fields/1/type', message: "1,204 of 50,000 values of 'weight' are not numbers" },
    { status: 409, pointer: '/model/fields/2/type', message: "1 of 3 values of 'height' are not numbers" },
  ],
};

function show(plan: ChangePlan, extra: Partial<Parameters<typeof ChangePlanDialog>[0]> = {}) {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  render(<ChangePlanDialog model="Parcel" plan={plan} busy={false} onApply={onApply} onCancel={onCancel} {...extra} />);
  const dialog = screen.getByRole('dialog', { name: "Change the model 'Parcel'" });
  const apply = within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
  return { dialog, apply, onApply, onCancel };
}

describe('ChangePlanDialog', () => {
  it('shows the failing counts with samples, keeps Apply disabled until each failing field is ticked, and hands over the convert map', () => {
    const { dialog, apply, onApply } = show(retyping);
    expect(dialog.textContent).toContain('The table holds 50,000 rows.');
    expect(dialog.textContent).toContain("1,204 of 50,000 values are not numbers: 'n/a', '12 kg', …");
    expect(dialog.textContent).toContain("1 of 3 values is not a number: 'tall'");
    expect(dialog.textContent).toContain('All 10 values convert.');
    // A type change's own problem is resolved by its box, so it is not listed as blocking.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(apply.disabled).toBe(true);
    expect(dialog.textContent).toContain(`Tick "Clear" for 'weight', 'height' to apply`);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Clear the 1,204 values that do not convert' }));
    expect(apply.disabled).toBe(true);
    fireEvent.click(apply);
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Clear the 1 value that does not convert' }));
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith({ weight: 'clear', height: 'clear' });
  });

  it('says what is added, renamed with the definitions it updates, made required or unique, and deleted with the values lost', () => {
    const plan: ChangePlan = {
      ...empty,
      rows: 3,
      added: [{ field: 'country', type: 'text', required: false, default: 'NL', filled: 3 }],
      renamed: [{ from: 'name', to: 'title', uses: [{ kind: 'grid', name: 'parcels', places: ['column 1', 'sort 1'] }], views: 2 }],
      required: [{ field: 'code', empty: 0 }],
      unique: [{ field: 'code', repeated: 0, samples: [] }],
      deleted: [{ field: 'note', type: 'text', values: 2, uses: [], views: 1 }],
      warning: "Deleting 'note' loses 2 values: the version history keeps the definition, not the data (a backup does)",
    };
    const { dialog, apply, onApply } = show(plan);
    const part = (name: string) => within(dialog).getByRole('region', { name }).textContent;
    expect(part('Fields added')).toContain("country (text): 3 rows get the default 'NL'.");
    expect(part('Fields renamed')).toContain('name becomes title; its values stay.');
    expect(part('Fields renamed')).toContain('grid parcels (column 1, sort 1)');
    expect(part('Fields renamed')).toContain('2 views saved on grids follow the new name.');
    expect(part('Fields deleted')).toContain('1 view saved on a grid loses its sort or filter on it.');
    expect(part('Required and unique')).toContain('code becomes required: every row has a value.');
    expect(part('Required and unique')).toContain('code becomes unique: no value repeats.');
    expect(part('Fields deleted')).toContain('note (text) is deleted with its 2 values.');
    expect(part('Fields deleted')).toContain('the version history keeps the definition, not the data (a backup does)');
    expect(apply.disabled).toBe(false);
    expect(apply.className).toContain('btn-danger');
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith({});
  });

  it("says which models the change creates, a link field's link model as such", () => {
    const plan: ChangePlan = {
      ...empty,
      created: ['ParcelTag', 'Tag'],
      added: [{ field: 'tags', type: 'link', required: false, filled: 0, through: 'ParcelTag' }],
    };
    const { dialog } = show(plan);
    const items = within(within(dialog).getByRole('region', { name: 'Models created' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Creates the link model ParcelTag.', 'Creates the model Tag.']);
  });

  it('lists the problems that block and keeps Apply disabled', () => {
    const plan: ChangePlan = {
      ...empty,
      required: [{ field: 'code', empty: 12 }],
      unique: [{ field: 'ref', repeated: 5, samples: [{ value: 'A', count: 3 }, { value: 'B', count: 2 }] }],
      problems: [
        { status: 409, pointer: '/model/fields/0/required', message: "12 rows have no value in 'code'" },
        { status: 409, pointer: '/model/fields/1/unique', message: "5 rows repeat values of 'ref'" },
      ],
    };
    const { dialog, apply } = show(plan);
    const alert = within(dialog).getByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(["12 rows have no value in 'code'", "5 rows repeat values of 'ref'"]);
    expect(dialog.textContent).toContain('code becomes required: 12 rows have no value in it.');
    expect(dialog.textContent).toContain("ref becomes unique: 5 rows repeat values ('A' 3 times, 'B' 2 times).");
    expect(apply.disabled).toBe(true);
  });

  it('cancels on Escape and on Cancel, shows a refusal, and waits while busy', () => {
    const { dialog, onCancel } = show(empty, { error: 'This model was changed by someone else' });
    expect(within(dialog).getByRole('alert').textContent).toBe('This model was changed by someone else');
    expect(dialog.textContent).toContain('No field changes: only the definition is saved.');
    // Focus moves into the dialog (its first control outside the title bar).
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('disables its buttons while the change is applied', () => {
    render(<ChangePlanDialog model="Parcel" plan={empty} busy onApply={() => undefined} onCancel={() => undefined} />);
    expect((screen.getByRole('button', { name: 'Applying…' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
