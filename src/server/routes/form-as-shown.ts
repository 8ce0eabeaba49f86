/**
 * A form's definition as a caller's grants let them use it (docs/security.md, "Grants"): the
 * columns bound to fields hidden from them are left out, and those bound to fields they may not
 * write are disabled, so the screen offers only what the server accepts. On add, the fields the
 * server presets are disabled too and start with the preset when it is a literal (empty when it
 * is a variable the server fills in). The server still enforces all of it on every save.
 */
import type { Row } from '../db/connect.js';
import type { Definition } from '../definitions/definitions.js';
import { mapColumns, type WalkColumn, type WalkRow } from '../../shared/definition-walk.js';
import { boundFieldNames, propertyEditors } from '../../shared/plugin-hints.js';
import type { Permit } from '../http/grants.js';

/** The record field a dual list over the record's own link edits (`/link/{model}/{field}`, keyed by id), if any. */
export function dualListLink(col: WalkColumn, modelName: string): string | undefined {
  if (col.childType !== 'DualList') return undefined;
  const m = /^\/link\/([A-Za-z0-9_]+)\/([A-Za-z0-9_]+)$/.exec(typeof col.url === 'string' ? col.url : '');
  const keyedBy = typeof col.link === 'string' ? col.link : '';
  return m && m[1] === modelName && (keyedBy === '' || keyedBy === 'id') ? m[2] : undefined;
}

/** The record fields a column reads or writes: its bound fields, or a dual list's link field. */
function fieldsOf(col: WalkColumn, modelName: string): string[] {
  const link = dualListLink(col, modelName);
  return link ? [link] : boundFieldNames(col as Parameters<typeof boundFieldNames>[0]);
}

/** Whether the column type has the `disabled` flag (the field columns: common.json `fieldCommon`). */
function canDisable(childType: string): boolean {
  return propertyEditors(childType).some((e) => e.property === 'disabled');
}

export interface ShownForm {
  form: Definition;
  /** The fields the caller may not write in this mode: the form shows them disabled and its Save leaves them out. */
  readOnlyFields: string[];
  modelDefaults?: Row;
}

/**
 * The form as shown to a caller with `permit` (their `open` permit: hidden fields, and the fields
 * locked on update) or, on add, `addPermit` for what add locks and presets. `presetLiterals`: the
 * presets whose value is known now (a literal), by field. A permit without restrictions gives the
 * form as stored.
 */
export function formAsShown(
  form: Definition,
  modelName: string,
  permit: Permit,
  modelDefaults: Row | undefined,
  add?: { permit: Permit; presetLiterals: Row },
): ShownForm {
  const locked = new Set(add ? [...add.permit.readOnly, ...Object.keys(add.permit.presets)] : permit.readOnly);
  if (permit.hidden.size === 0 && locked.size === 0) return { form, readOnlyFields: [], ...(modelDefaults ? { modelDefaults } : {}) };
  const shownLocked = new Set<string>();
  const definition = mapColumns(form.definition as WalkRow[] | undefined, (col) => {
    const fields = fieldsOf(col, modelName);
    if (fields.some((f) => permit.hidden.has(f))) return null;
    const mine = fields.filter((f) => locked.has(f));
    if (mine.length === 0) return col;
    for (const f of mine) shownLocked.add(f);
    if (!canDisable(col.childType)) return col;
    // On add a locked field's own default is not what the server keeps: the preset or the model's default is.
    const { hasdefault: _hasdefault, default: _default, ...rest } = col;
    return add ? { ...rest, disabled: true } : { ...col, disabled: true };
  });
  let defaults = modelDefaults;
  if (add) {
    defaults = { ...modelDefaults };
    for (const field of Object.keys(add.permit.presets)) {
      if (field in add.presetLiterals) defaults[field] = add.presetLiterals[field];
      else delete defaults[field];
    }
  }
  for (const field of permit.hidden) if (defaults && field in defaults) defaults = Object.fromEntries(Object.entries(defaults).filter(([k]) => k !== field));
  return {
    form: { ...form, definition } as Definition,
    readOnlyFields: [...shownLocked],
    ...(defaults && Object.keys(defaults).length ? { modelDefaults: defaults } : {}),
  };
}
