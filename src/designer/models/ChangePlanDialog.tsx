import { useId, useState, type JSX, type ReactNode } from 'react';
import type { ChangePlan, DefinitionUse } from '../../shared/model-change-plan';
import { ErrorBanner } from '../../ui/ErrorBanner';
import { Modal } from '../../ui/Modal';

/**
 * The plan of a change of a model that holds data (POST /api/definitions/model/{id}/preview,
 * docs/api.md), in the admin's words, before anything is applied: the models created with it
 * (a link's link model), fields added and the rows given their default, renamed with every form,
 * grid and select saved with the new name, type changes with the values that do not convert
 * (each cleared only when its box is ticked, never silently), fields made required or unique and
 * the values that stop it, fields deleted with the values lost, and the problems that block.
 * Apply stays disabled while a problem blocks or a failing type change is not ticked; it hands
 * `onApply` the `convert` map to send to `/change`. Escape and Cancel call onCancel. Shown by the
 * models' raw editor, the visual model designer and the History panel's restore of a model.
 */
export interface ChangePlanDialogProps {
  /** The model's name, for the title. */
  model: string;
  plan: ChangePlan;
  /** The change is being applied: Apply and Cancel wait. */
  busy: boolean;
  /** Why the last Apply was refused, as the server words it. */
  error?: string;
  onApply(convert: Record<string, 'clear'>): void;
  onCancel(): void;
  /** Said above the changes (the raw editor: it cannot say a rename). */
  notice?: ReactNode;
}

const count = (n: number) => n.toLocaleString('en-US');
const rowsText = (n: number) => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;
const valuesText = (n: number) => `${count(n)} ${n === 1 ? 'value' : 'values'}`;

/** A stored value as the admin would recognise it: text in quotes, the rest as JSON, cut short. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  const cut = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return typeof value === 'string' ? `'${cut}'` : cut;
}

/** What a value of a type is called, one and many: "is not a number", "are not numbers". */
const TYPE_NOUNS: Record<string, [string, string]> = {
  text: ['text', 'text'],
  number: ['a number', 'numbers'],
  boolean: ['true or false', 'true or false'],
  date: ['a date', 'dates'],
  datetime: ['a date with a time', 'dates with a time'],
  json: ['JSON', 'JSON'],
};
const notA = (type: string, n: number) => `${n === 1 ? 'is' : 'are'} not ${TYPE_NOUNS[type]?.[n === 1 ? 0 : 1] ?? `${type} values`}`;

/** "1 view", "3 views". */
const viewsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'view' : 'views'}`;

function Uses({ uses, none }: { uses: DefinitionUse[]; none: string }) {
  if (uses.length === 0) return <span className="text-body-secondary">{none}</span>;
  return (
    <ul className="mb-0 small">
      {uses.map((u) => (
        <li key={`${u.kind}:${u.name}`}>
          {u.kind} <strong>{u.name}</strong>
          {u.places.length ? <span className="text-body-secondary"> ({u.places.join(', ')})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-3">
      <h3 id={id} className="h6 mb-1">
        {title}
      </h3>
      <ul className="list-unstyled mb-0 d-grid gap-2">{children}</ul>
    </section>
  );
}

/**
 * A type change's problem (pointer `/model/fields/{n}/type`) is the failing values of that
 * field, which ticking its box resolves; every other problem blocks the change as it stands.
 */
const isTypeProblem = (pointer: string) => /^\/model\/fields\/\d+\/type$/.test(pointer);

export function ChangePlanDialog({ model, plan, busy, error, onApply, onCancel, notice }: ChangePlanDialogProps): JSX.Element {
  const hintId = useId();
  const failing = plan.retyped.filter((r) => r.failing > 0);
  const [cleared, setCleared] = useState<Record<string, boolean>>(() => Object.fromEntries(plan.retyped.filter((r) => r.clear).map((r) => [r.field, true])));
  const blocking = plan.problems.filter((p) => !isTypeProblem(p.pointer));
  const unticked = failing.filter((r) => !cleared[r.field]);
  const canApply = !busy && blocking.length === 0 && unticked.length === 0;
  const losing = plan.deleted.length > 0 || failing.length > 0;
  const nothing =
    plan.created.length + plan.added.length + plan.renamed.length + plan.retyped.length + plan.required.length + plan.unique.length + plan.deleted.length + plan.problems.length === 0;
  // A created model a link field goes through is its link model.
  const links = new Set(plan.added.map((a) => a.through).filter((t) => t !== undefined));
  const apply = () => {
    if (!canApply) return;
    onApply(Object.fromEntries(failing.filter((r) => cleared[r.field]).map((r) => [r.field, 'clear' as const])));
  };
  const hint =
    blocking.length > 0
      ? `${blocking.length === 1 ? 'The problem above stops' : 'The problems above stop'} this change: correct the model first.`
      : unticked.length > 0
        ? `Tick "Clear" for ${unticked.map((r) => `'${r.field}'`).join(', ')} to apply: its values that do not convert are lost.`
        : '';
  const required = new Map(plan.required.map((r) => [r.field, r]));

  return (
    <Modal
      id="model-change-plan"
      title={`Change the model '${model}'`}
      size="lg"
      onClose={() => !busy && onCancel()}
      footer={
        <>
          {hint ? (
            <p id={hintId} className="small text-body-secondary me-auto mb-0">
              {hint}
            </p>
          ) : null}
          <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${losing ? 'btn-danger' : 'btn-primary'}`}
            disabled={!canApply}
            aria-describedby={hint ? hintId : undefined}
            onClick={apply}
          >
            {busy ? 'Applying…' : 'Apply'}
          </button>
        </>
      }
    >
      <ErrorBanner message={error ?? ''} />
      {notice ? <div className="alert alert-info py-2">{notice}</div> : null}
      <p>
        The table holds {rowsText(plan.rows)}. {nothing ? 'No field changes: only the definition is saved.' : 'Applying this changes it as follows, all at once or not at all.'}
      </p>
      {blocking.length > 0 ? (
        <div className="alert alert-danger" role="alert">
          <p className="mb-1 fw-semibold">{blocking.length === 1 ? 'This stops the change:' : 'These stop the change:'}</p>
          <ul className="mb-0">
            {blocking.map((p, i) => (
              <li key={`${p.pointer}:${i}`}>{p.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {plan.created.length > 0 ? (
        <Part title="Models created">
          {plan.created.map((name) => (
            <li key={name}>
              Creates the {links.has(name) ? 'link model' : 'model'} <strong>{name}</strong>.
            </li>
          ))}
        </Part>
      ) : null}
      {plan.added.length > 0 ? (
        <Part title="Fields added">
          {plan.added.map((a) => (
            <li key={a.field}>
              <strong>{a.field}</strong> ({a.type}
              {a.required ? ', required' : ''}):{' '}
              {a.filled > 0
                ? `${rowsText(a.filled)} get the default ${shown(a.default)}.`
                : a.default !== undefined
                  ? `new rows get the default ${shown(a.default)}.`
                  : plan.rows > 0
                    ? `the ${rowsText(plan.rows)} there now have no value in it.`
                    : 'no rows yet.'}
            </li>
          ))}
        </Part>
      ) : null}
      {plan.renamed.length > 0 ? (
        <Part title="Fields renamed">
          {plan.renamed.map((r) => (
            <li key={r.from}>
              <strong>{r.from}</strong> becomes <strong>{r.to}</strong>; its values stay.{' '}
              {r.uses.length ? 'Saved with the new name:' : null}
              <Uses uses={r.uses} none="No form, grid or select names it." />
              {r.views ? <div>{r.views === 1 ? '1 view saved on a grid follows the new name.' : `${viewsText(r.views)} saved on grids follow the new name.`}</div> : null}
            </li>
          ))}
        </Part>
      ) : null}
      {plan.retyped.length > 0 ? (
        <Part title="Type changes">
          {plan.retyped.map((r) => (
            <li key={r.field}>
              <strong>{r.field}</strong>: {r.from} becomes {r.to}.{' '}
              {r.failing > 0 ? (
                <>
                  <span className="text-danger-emphasis">
                    {count(r.failing)} of {valuesText(r.values)} {notA(r.to, r.failing)}:{' '}
                    {r.samples.map(shown).join(', ')}
                    {r.failing > r.samples.length ? ', …' : ''}
                  </span>
                  <div className="form-check mt-1">
                    <input
                      id={`${hintId}-clear-${r.field}`}
                      className="form-check-input"
                      type="checkbox"
                      checked={cleared[r.field] === true}
                      disabled={busy}
                      onChange={(e) => setCleared((c) => ({ ...c, [r.field]: e.target.checked }))}
                    />
                    <label className="form-check-label" htmlFor={`${hintId}-clear-${r.field}`}>
                      Clear the {valuesText(r.failing)} that {r.failing === 1 ? 'does' : 'do'} not convert
                    </label>
                  </div>
                </>
              ) : r.values > 0 ? (
                `All ${valuesText(r.values)} convert.`
              ) : (
                'It holds no values yet.'
              )}
            </li>
          ))}
        </Part>
      ) : null}
      {plan.required.length > 0 || plan.unique.length > 0 ? (
        <Part title="Required and unique">
          {[...required.values()].map((r) => (
            <li key={`required:${r.field}`}>
              <strong>{r.field}</strong> becomes required:{' '}
              {r.empty > 0 ? <span className="text-danger-emphasis">{rowsText(r.empty)} have no value in it.</span> : 'every row has a value.'}
            </li>
          ))}
          {plan.unique.map((u) => (
            <li key={`unique:${u.field}`}>
              <strong>{u.field}</strong> becomes unique:{' '}
              {u.repeated > 0 ? (
                <span className="text-danger-emphasis">
                  {rowsText(u.repeated)} repeat values ({u.samples.map((s) => `${shown(s.value)} ${count(s.count)} times`).join(', ')}).
                </span>
              ) : (
                'no value repeats.'
              )}
            </li>
          ))}
        </Part>
      ) : null}
      {plan.deleted.length > 0 ? (
        <Part title="Fields deleted">
          {plan.deleted.map((d) => (
            <li key={d.field}>
              <strong>{d.field}</strong> ({d.type}) is deleted{d.values > 0 ? <span className="text-danger-emphasis"> with its {valuesText(d.values)}</span> : ' (it holds no values)'}.{' '}
              {d.uses.length ? 'Still used by:' : null}
              <Uses uses={d.uses} none="" />
              {d.views ? <div>{d.views === 1 ? '1 view saved on a grid loses its sort or filter on it.' : `${viewsText(d.views)} saved on grids lose their sort or filter on it.`}</div> : null}
            </li>
          ))}
          <li>
            <div className="alert alert-warning py-2 mb-0">
              {plan.warning ? `${plan.warning}.` : 'The version history keeps the definition, not the data (a backup does).'}
            </div>
          </li>
        </Part>
      ) : null}
    </Modal>
  );
}
