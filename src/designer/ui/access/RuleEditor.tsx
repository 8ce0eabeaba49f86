/**
 * A grant's record rule for one action: a filter of the filter language (docs/filters.md) over the
 * definition's model, edited with the grid designer's own condition and group editors. Each item
 * is a condition or a group of conditions; problems come from the shared filterProblems, shown at
 * their inputs. Edits go through `edit` (the designer store): a pick is one undo step, a burst of
 * typing one.
 */
import type { FilterProblem } from '../../../shared/filter';
import type { Path } from '../../path';
import { FilterItems, JoinSelect, pointerOf, type Edit } from '../filters/FilterItemPanel';
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
      <JoinSelect id={`${idPrefix}-join`} label={`${noun}: records reached when`} join={join} onChange={(next) => replace(next, items)} />
      {own.item ? <p className="invalid-feedback d-block">{own.item}</p> : null}
      {items.length === 0 ? <p className="small text-body-secondary">{join === 'and' ? 'No conditions: every record.' : 'No conditions: no record.'}</p> : null}
      <FilterItems items={items} join={join} path={path} choices={choices} loading={loading} problems={problems} idPrefix={idPrefix} edit={edit} />
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
