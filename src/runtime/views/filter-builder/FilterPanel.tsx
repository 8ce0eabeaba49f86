/**
 * The filter builder's panel: conditions on the grid's columns, joined by all-of or any-of, with
 * groups one level deep. Enter applies (it is a form), Escape closes; every control has a label.
 * Problems are checked with the server's own filterProblems and shown at their input.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { operatorWords, type FieldKind, type FilterOperator, type FilterTree } from '../../../shared/filter';
import {
  checkDraft,
  choicesBase,
  fieldChoices,
  isDraftGroup,
  kindOf,
  newCondition,
  newKey,
  operatorsFor,
  treeToDraft,
  withField,
  type Columns,
  type Draft,
  type DraftCondition,
  type DraftGroup,
} from './filter-draft';
import { RecordPicker } from './RecordPicker';

type Problems = Partial<Record<'field' | 'op' | 'value' | 'value2', string>>;

const INPUT_TYPE: Partial<Record<FieldKind, string>> = { date: 'date', datetime: 'datetime-local' };

function ValueInput({ id, label, kind, value, problem, onChange }: { id: string; label: string; kind: FieldKind; value: string; problem?: string; onChange(v: string): void }) {
  const described = problem ? `${id}-problem` : undefined;
  return (
    <div className="filter-value">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      {kind === 'boolean' ? (
        <select id={id} className={`form-select form-select-sm${problem ? ' is-invalid' : ''}`} value={value} aria-invalid={problem ? true : undefined} aria-describedby={described} onChange={(e) => onChange(e.target.value)}>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      ) : (
        <input
          id={id}
          type={INPUT_TYPE[kind] ?? 'text'}
          inputMode={kind === 'number' ? 'decimal' : undefined}
          className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {problem ? (
        <div id={described} className="invalid-feedback d-block">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

function ConditionRow({ condition, columns, problems, onChange, onRemove }: { condition: DraftCondition; columns: Columns; problems?: Problems; onChange(c: DraftCondition): void; onRemove(): void }) {
  const id = useId();
  const kind = kindOf(columns, condition.field);
  const ops = operatorsFor(columns, condition.field);
  const label = columns.labels[condition.field] || condition.field;
  const value = (which: 'value' | 'value2', text: string) => onChange({ ...condition, [which]: text });
  const op = condition.op;
  const records = choicesBase(columns, condition.field);
  return (
    <li className="filter-condition d-flex flex-wrap align-items-start gap-2 mb-2">
      <label className="visually-hidden" htmlFor={`${id}-field`}>
        Field
      </label>
      <select id={`${id}-field`} className="form-select form-select-sm w-auto" value={condition.field} onChange={(e) => onChange(withField(condition, columns, e.target.value))}>
        {fieldChoices(columns).map((group) => {
          const options = group.options.map((c) => (
            <option key={c.name} value={c.name}>
              {c.label}
            </option>
          ));
          return group.label === null ? options : (
            <optgroup key={group.label} label={`${group.label}: its fields`}>
              {options}
            </optgroup>
          );
        })}
      </select>
      <label className="visually-hidden" htmlFor={`${id}-op`}>
        Operator for {label}
      </label>
      <select id={`${id}-op`} className="form-select form-select-sm w-auto" value={op} onChange={(e) => onChange({ ...condition, op: e.target.value as FilterOperator })}>
        {ops.map((o) => (
          <option key={o} value={o}>
            {operatorWords(o, kind)}
          </option>
        ))}
      </select>
      {op === 'empty' || op === 'notEmpty' ? null : op === 'between' ? (
        <>
          <ValueInput id={`${id}-from`} label={`${label} from`} kind={kind} value={condition.value} problem={problems?.value} onChange={(v) => value('value', v)} />
          <span className="pt-1">and</span>
          <ValueInput id={`${id}-to`} label={`${label} to`} kind={kind} value={condition.value2} problem={problems?.value2} onChange={(v) => value('value2', v)} />
        </>
      ) : op === 'lastDays' ? (
        <>
          <ValueInput id={`${id}-days`} label="Number of days" kind="number" value={condition.value} problem={problems?.value} onChange={(v) => value('value', v)} />
          <span className="pt-1">days</span>
        </>
      ) : records && (op === 'in' || op === 'eq' || op === 'ne') ? (
        <RecordPicker
          id={`${id}-records`}
          label={op === 'in' ? `Records of ${label}` : `Record of ${label}`}
          base={records}
          multiple={op === 'in'}
          value={condition.value}
          problem={problems?.value}
          onChange={(v) => value('value', v)}
        />
      ) : op === 'in' ? (
        <ValueInput id={`${id}-values`} label={`Values of ${label}, separated by commas`} kind={kind === 'boolean' ? 'text' : kind === 'date' ? 'text' : kind} value={condition.value} problem={problems?.value} onChange={(v) => value('value', v)} />
      ) : (
        <ValueInput id={`${id}-value`} label={`Value of ${label}`} kind={kind} value={condition.value} problem={problems?.value} onChange={(v) => value('value', v)} />
      )}
      {problems?.field || problems?.op ? <div className="invalid-feedback d-block w-100">{problems.field ?? problems.op}</div> : null}
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Remove condition on ${label}`} onClick={onRemove}>
        ×
      </button>
    </li>
  );
}

function JoinSelect({ join, label, onChange }: { join: 'and' | 'or'; label: string; onChange(join: 'and' | 'or'): void }) {
  const id = useId();
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <label htmlFor={id} className="small">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm w-auto" value={join} onChange={(e) => onChange(e.target.value === 'or' ? 'or' : 'and')}>
        <option value="and">all of (AND)</option>
        <option value="or">any of (OR)</option>
      </select>
    </span>
  );
}

export function FilterPanel({ id, columns, filter, onApply, onClose }: { id: string; columns: Columns; filter: FilterTree | null; onApply(tree: FilterTree | null): void; onClose(): void }) {
  const [draft, setDraft] = useState<Draft>(() => treeToDraft(filter));
  const [tried, setTried] = useState(false);
  // Conditions moved to another field since Apply was last pressed: their marks were about the
  // old field, and they are checked again for the new one at the next Apply.
  const [moved, setMoved] = useState<ReadonlySet<number>>(new Set());
  const checked = useMemo(() => checkDraft(draft, columns), [draft, columns]);
  const problems = useMemo(() => {
    const shown = new Map<number, Problems>();
    if (tried) for (const [key, p] of checked.problems) if (!moved.has(key)) shown.set(key, p);
    return shown;
  }, [tried, moved, checked]);
  const count = checked.problems.size;

  const setItem = (key: number, item: DraftCondition | DraftGroup | null) =>
    setDraft((d) => ({ ...d, items: d.items.flatMap((x) => (x.key === key ? (item ? [item] : []) : [x])) }));
  /** A condition changed: noted as moved when its field is another now. */
  const changed = (before: DraftCondition, after: DraftCondition) => {
    if (before.field !== after.field && !moved.has(after.key)) setMoved(new Set([...moved, after.key]));
  };

  const apply = () => {
    setTried(true);
    setMoved(new Set());
    if (count) return;
    onApply(checked.tree);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <form
      id={id}
      className="grid-filter-panel border rounded p-2 mb-2"
      aria-label="Filter builder"
      onKeyDown={onKeyDown}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <div className="mb-2">
        <JoinSelect join={draft.join} label="Rows must match" onChange={(join) => setDraft((d) => ({ ...d, join }))} />
      </div>
      {draft.items.length === 0 ? <p className="text-muted small mb-2">No conditions yet: add one to narrow the rows.</p> : null}
      <ul className="list-unstyled mb-2">
        {draft.items.map((item) =>
          isDraftGroup(item) ? (
            <li key={item.key} className="mb-2">
              <fieldset className="border rounded p-2">
                <legend className="float-none w-auto px-1 fs-6 mb-1">Group</legend>
                <div className="mb-2 d-flex gap-2 align-items-center">
                  <JoinSelect join={item.join} label="Group matches" onChange={(join) => setItem(item.key, { ...item, join })} />
                  <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" onClick={() => setItem(item.key, null)}>
                    Remove group
                  </button>
                </div>
                <ul className="list-unstyled mb-1">
                  {item.items.map((c) => (
                    <ConditionRow
                      key={c.key}
                      condition={c}
                      columns={columns}
                      problems={problems.get(c.key)}
                      onChange={(next) => {
                        changed(c, next);
                        setItem(item.key, { ...item, items: item.items.map((x) => (x.key === c.key ? next : x)) });
                      }}
                      onRemove={() => setItem(item.key, { ...item, items: item.items.filter((x) => x.key !== c.key) })}
                    />
                  ))}
                </ul>
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setItem(item.key, { ...item, items: [...item.items, newCondition(columns)] })}>
                  Add condition to group
                </button>
              </fieldset>
            </li>
          ) : (
            <ConditionRow
              key={item.key}
              condition={item}
              columns={columns}
              problems={problems.get(item.key)}
              onChange={(next) => {
                changed(item, next);
                setItem(item.key, next);
              }}
              onRemove={() => setItem(item.key, null)}
            />
          ),
        )}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setDraft((d) => ({ ...d, items: [...d.items, newCondition(columns)] }))}>
          Add condition
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => setDraft((d) => ({ ...d, items: [...d.items, { key: newKey(), join: 'or', items: [newCondition(columns)] }] }))}
        >
          Add group
        </button>
        <button type="submit" className="btn btn-sm btn-primary ms-auto">
          Apply
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
      {problems.size ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          The filter was not applied: {problems.size === 1 ? 'one condition needs' : `${problems.size} conditions need`} a change, shown at its input.
        </p>
      ) : null}
    </form>
  );
}
