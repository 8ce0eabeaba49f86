/**
 * A grant's record rule for one action: a filter of the filter language (docs/filters.md) over the
 * definition's model, edited with the grid designer's own condition and group editors. Each item
 * is a condition or a group of conditions; problems come from the shared filterProblems, shown at
 * their inputs. Edits go through `edit` (the designer store): a pick is one undo step, a burst of
 * typing one.
 */
import type { FilterProblem } from '../../../shared/filter';
import type { Path } from '../../path';
import { ConditionAt, GroupEditor, pointerOf, type Edit } from '../filters/FilterItemPanel';
import { newCondition, problemsAt, type FieldChoice, type Json } from '../filters/filter-edit';


export function RuleEditor({
  path,
  rule,
  noun,
  choices,
  loading,
  problems,
  idPrefix,
  edit,
}: {
  path: Path;
  rule: Json;
  /** The action in words, naming the buttons ("Add condition to Read"). */
  noun: string;
  choices: readonly FieldChoice[] | undefined;
  loading: boolean;
  /** Problems with pointers into the document (the rule's own pointer first). */
  problems: readonly FilterProblem[];
  idPrefix: string;
  edit: Edit;
}) {
  const join = 'or' in rule ? 'or' : 'and';
  const items = Array.isArray(rule[join]) ? (rule[join] as Json[]) : [];
  const replace = (nextJoin: 'and' | 'or', next: Json[]) => edit.set(path, { [nextJoin]: next });
  const own = problemsAt(problems, pointerOf(path), undefined);
  return (
    <div className="dz-rule">
      <div className="dz-prop mb-2">
        <label htmlFor={`${idPrefix}-join`} className="form-label dz-prop-label mb-1">
          {`${noun}: records reached when`}
        </label>
        <select id={`${idPrefix}-join`} className="form-select form-select-sm" value={join} onChange={(e) => replace(e.target.value as 'and' | 'or', items)}>
          <option value="and">all of these hold (AND)</option>
          <option value="or">any of these holds (OR)</option>
        </select>
      </div>
      {own.item ? <p className="invalid-feedback d-block">{own.item}</p> : null}
      {items.length === 0 ? <p className="small text-body-secondary">{join === 'and' ? 'No conditions: every record.' : 'No conditions: no record.'}</p> : null}
      {items.map((item, j) => {
        const at: Path = [...path, join, j];
        const group = 'and' in item ? 'and' : 'or' in item ? 'or' : null;
        return (
          <fieldset key={j} className="dz-group dz-filter-condition mb-2">
            <legend className="dz-group-legend">{group ? `Group ${j + 1}` : `Condition ${j + 1}`}</legend>
            {group ? (
              <GroupEditor item={item} join={group} path={at} choices={choices} loading={loading} problems={problems} idPrefix={`${idPrefix}-${j}`} edit={edit} />
            ) : (
              <ConditionAt condition={item} at={at} choices={choices} loading={loading} problems={problems} idPrefix={`${idPrefix}-${j}`} edit={edit} />
            )}
            <button type="button" className="btn btn-sm btn-outline-secondary mt-1" onClick={() => replace(join, items.filter((_, k) => k !== j))}>
              {group ? `Remove group ${j + 1}` : `Remove condition ${j + 1}`}
            </button>
          </fieldset>
        );
      })}
      <div className="btn-group btn-group-sm mb-2" role="group" aria-label={`${noun} rule items`}>
        <button type="button" className="btn btn-outline-secondary" onClick={() => replace(join, [...items, newCondition()])}>
          {`Add condition to ${noun}`}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => replace(join, [...items, { [join === 'and' ? 'or' : 'and']: [newCondition()] }])}>
          {`Add group to ${noun}`}
        </button>
      </div>
    </div>
  );
}
