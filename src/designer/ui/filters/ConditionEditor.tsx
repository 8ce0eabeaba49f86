/**
 * One condition of a grid's Data Filters (docs/filters.md): a field of the grid's model (or a path
 * through its references), an operator fitting the field's type, and a value that is a literal of
 * the field's type or a variable. Each problem filterProblems finds is shown at its input.
 */
import { useEffect, useState } from 'react';
import { FILTER_OPERATORS, linkOperatorWords, operatorWords, type FieldKind, type FilterOperator, type FilterVariableName } from '../../../shared/filter';
import { EditorFrame, errorAria } from '../editors/EditorFrame';
import { useModelGraph } from '../model-graph';
import {
  choiceOf,
  isVariable,
  listOf,
  listText,
  operatorsOf,
  literalOf,
  textOf,
  userVariablesFor,
  variablesFor,
  variableWords,
  withField,
  withOp,
  type FieldChoice,
  type Json,
  type Slot,
} from './filter-edit';

export interface ConditionEditorProps {
  condition: Json;
  /** What the grid's model offers; undefined while it loads or when it cannot be read (the field is then typed). */
  choices: readonly FieldChoice[] | undefined;
  /** The models are still being read. */
  loading?: boolean;
  problems: Partial<Record<Slot, string>>;
  idPrefix: string;
  /** A discrete change: the whole condition replaced (one undo step). */
  onReplace(next: Json): void;
  /** Typing in the value (`at`: [] the value, [0] or [1] an end of between): one undo step per burst. */
  onValue(at: number[], value: unknown): void;
  /** A typing burst ended. */
  onCommit(): void;
}

export function ConditionEditor({ condition, choices, loading = false, problems, idPrefix, onReplace, onValue, onCommit }: ConditionEditorProps) {
  const field = typeof condition.field === 'string' ? condition.field : '';
  const op = condition.op as FilterOperator;
  const choice = choices ? choiceOf(field, choices) : undefined;
  const kind: FieldKind = choice?.kind ?? 'text';
  const value = condition.value;
  return (
    <div className="dz-condition">
      <FieldSelect id={`${idPrefix}-field`} field={field} choices={choices} loading={loading} error={problems.field} onChange={(f) => onReplace(choices ? withField(condition, f, choices) : { ...condition, field: f })} />
      <EditorFrame id={`${idPrefix}-op`} label="Operator" error={problems.op}>
        <select
          id={`${idPrefix}-op`}
          className={`form-select form-select-sm${problems.op ? ' is-invalid' : ''}`}
          value={String(op)}
          onChange={(e) => onReplace(withOp(condition, e.target.value as FilterOperator, kind))}
          {...errorAria(`${idPrefix}-op`, problems.op)}
        >
          {(choice ? operatorsOf(choice) : FILTER_OPERATORS).includes(op) ? null : <option value={String(op)}>{`${String(op)} (does not fit)`}</option>}
          {(choice ? operatorsOf(choice) : FILTER_OPERATORS).map((o) => (
            <option key={o} value={o}>
              {choice ? (choice.link ? linkOperatorWords(o) : operatorWords(o, kind)) : o}
            </option>
          ))}
        </select>
      </EditorFrame>
      {op === 'empty' || op === 'notEmpty' ? (
        problems.value ? <p className="invalid-feedback d-block">{problems.value}</p> : null
      ) : op === 'between' ? (
        <>
          <ValueSlot id={`${idPrefix}-low`} label="From" value={Array.isArray(value) ? value[0] : value} choice={choice} error={problems.low} onChange={(v, typing) => (typing && Array.isArray(value) ? onValue([0], v) : onReplace({ ...condition, value: [v, Array.isArray(value) ? value[1] : v] }))} onCommit={onCommit} />
          <ValueSlot id={`${idPrefix}-high`} label="To" value={Array.isArray(value) ? value[1] : value} choice={choice} error={problems.high} onChange={(v, typing) => (typing && Array.isArray(value) && value.length > 1 ? onValue([1], v) : onReplace({ ...condition, value: [Array.isArray(value) ? value[0] : v, v] }))} onCommit={onCommit} />
        </>
      ) : op === 'in' ? (
        <EditorFrame id={`${idPrefix}-value`} label="Values (separated by commas)" error={problems.value}>
          <DraftInput id={`${idPrefix}-value`} value={value} error={problems.value} parse={(t) => listOf(t, kind, choice?.idsOf)} format={listText} onChange={(v) => onValue([], v)} onCommit={onCommit} />
        </EditorFrame>
      ) : op === 'lastDays' ? (
        <EditorFrame id={`${idPrefix}-value`} label="Days" error={problems.value}>
          <DraftInput id={`${idPrefix}-value`} inputMode="numeric" value={value} error={problems.value} parse={(t) => (t.trim() !== '' && Number.isFinite(Number(t)) ? Number(t) : t)} format={textOf} onChange={(v) => onValue([], v)} onCommit={onCommit} />
        </EditorFrame>
      ) : (
        <ValueSlot id={`${idPrefix}-value`} label="Value" value={value} choice={choice} error={problems.value} onChange={(v, typing) => (typing && 'value' in condition ? onValue([], v) : onReplace({ ...condition, value: v }))} onCommit={onCommit} />
      )}
    </div>
  );
}

/** The field: a select of what the model offers (its own fields, then paths through references), or typed while the model is not known. */
function FieldSelect({ id, field, choices, loading, error, onChange }: { id: string; field: string; choices: readonly FieldChoice[] | undefined; loading: boolean; error?: string; onChange(field: string): void }) {
  if (loading) {
    return (
      <EditorFrame id={id} label="Field">
        <select id={id} className="form-select form-select-sm" value={field} disabled aria-busy>
          <option value={field}>{field || 'Loading…'}</option>
        </select>
      </EditorFrame>
    );
  }
  if (!choices) {
    return (
      <EditorFrame id={id} label="Field" error={error}>
        <input id={id} type="text" className={`form-control form-control-sm${error ? ' is-invalid' : ''}`} value={field} onChange={(e) => onChange(e.target.value)} {...errorAria(id, error)} />
      </EditorFrame>
    );
  }
  const groups = [...new Set(choices.map((c) => c.group))];
  return (
    <EditorFrame id={id} label="Field" error={error}>
      <select id={id} className={`form-select form-select-sm${error ? ' is-invalid' : ''}`} value={field} onChange={(e) => onChange(e.target.value)} {...errorAria(id, error)}>
        {field === '' ? <option value="">(choose a field)</option> : null}
        {field !== '' && !choiceOf(field, choices) ? <option value={field}>{`${field} (not in the model)`}</option> : null}
        {groups.map((g) => {
          const options = choices
            .filter((c) => c.group === g)
            .map((c) => (
              <option key={c.path} value={c.path}>
                {`${c.label} (${c.path})`}
              </option>
            ));
          return g === '' ? options : <optgroup key={g} label={g}>{options}</optgroup>;
        })}
      </select>
    </EditorFrame>
  );
}

/**
 * One value: what it is compared with (typed, or a variable that fits the field), then the typed
 * literal in an input of the field's kind. `typing` says the change is a keystroke (merged into
 * one undo step) rather than a pick. `variables` narrows what is offered (a preset on add has no
 * embedding record).
 */
export function ValueSlot({ id, label, value, choice, error, onChange, onCommit, variables = variablesFor(choice) }: { id: string; label: string; value: unknown; choice: FieldChoice | undefined; error?: string; onChange(value: unknown, typing: boolean): void; onCommit(): void; variables?: readonly FilterVariableName[] }) {
  const user = useModelGraph('User', 0).model;
  const current = isVariable(value) ? String(value.var) : '';
  const fitting: string[] = [...variables, ...userVariablesFor(choice, user)];
  const offered: string[] = current !== '' && !fitting.includes(current) ? [current, ...fitting] : fitting;
  const kind = choice?.kind ?? 'text';
  return (
    <>
      {offered.length > 0 ? (
        <EditorFrame id={`${id}-source`} label={`${label}: compare with`} error={current !== '' ? error : undefined}>
          <select
            id={`${id}-source`}
            className={`form-select form-select-sm${current !== '' && error ? ' is-invalid' : ''}`}
            value={current}
            // A narrow panel cuts the chosen words short: the whole of them on hover.
            title={current !== '' ? variableWords(current, user) : undefined}
            onChange={(e) => onChange(e.target.value === '' ? literalOf('', kind, choice?.idsOf) : { var: e.target.value }, false)}
            {...errorAria(`${id}-source`, current !== '' ? error : undefined)}
          >
            <option value="">A value typed here</option>
            {offered.map((v) => (
              <option key={v} value={v}>
                {variableWords(v, user)}
              </option>
            ))}
          </select>
        </EditorFrame>
      ) : null}
      {current !== '' ? null : (
        <EditorFrame id={id} label={label} error={error}>
          <LiteralInput id={id} kind={kind} choice={choice} value={value} error={error} onChange={onChange} onCommit={onCommit} />
        </EditorFrame>
      )}
    </>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

function LiteralInput({ id, kind, choice, value, error, onChange, onCommit }: { id: string; kind: FieldKind; choice: FieldChoice | undefined; value: unknown; error?: string; onChange(value: unknown, typing: boolean): void; onCommit(): void }) {
  if (kind === 'boolean') {
    const shown = value === true ? 'true' : value === false ? 'false' : '';
    return (
      <select id={id} className={`form-select form-select-sm${error ? ' is-invalid' : ''}`} value={shown} onChange={(e) => onChange(e.target.value === 'true', false)} {...errorAria(id, error)}>
        {shown === '' ? <option value="">{`${textOf(value)} (not yes or no)`}</option> : null}
        <option value="true">Yes</option>
        <option value="false">No</option>
      </select>
    );
  }
  const text = textOf(value);
  // A stored text the picker cannot show (a zone, seconds' fractions) stays editable as text.
  const type = kind === 'date' && (text === '' || DATE.test(text)) ? 'date' : kind === 'datetime' && (text === '' || LOCAL_DATETIME.test(text)) ? 'datetime-local' : 'text';
  return (
    <DraftInput
      id={id}
      type={type}
      inputMode={kind === 'number' ? 'decimal' : undefined}
      value={value}
      error={error}
      parse={(t) => literalOf(t, kind, choice?.idsOf)}
      format={textOf}
      onChange={(v) => onChange(v, true)}
      onCommit={onCommit}
    />
  );
}

/**
 * A text input over a value that is not its text (a number, a list): the typed text is kept while
 * it still means the value, so "1." or "a, " is not rewritten under the cursor; an outside change
 * (undo, a new operator) shows the new value.
 */
function DraftInput({ id, value, error, parse, format, onChange, onCommit, type = 'text', inputMode }: { id: string; value: unknown; error?: string; parse(text: string): unknown; format(value: unknown): string; onChange(value: unknown): void; onCommit(): void; type?: string; inputMode?: 'decimal' | 'numeric' }) {
  const [draft, setDraft] = useState(() => format(value));
  useEffect(() => {
    setDraft((d) => (JSON.stringify(parse(d)) === JSON.stringify(value) ? d : format(value)));
    // parse and format are fresh closures each render: the value alone decides.
  }, [value]);
  return (
    <input
      id={id}
      type={type}
      inputMode={inputMode}
      className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        onChange(parse(e.target.value));
      }}
      onBlur={onCommit}
      {...errorAria(id, error)}
    />
  );
}
