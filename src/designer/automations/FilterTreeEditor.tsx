/**
 * A filter of the filter language (docs/filters.md) at one place of the automation (its
 * condition, its before condition, a step's match), edited with the grid designer's own condition
 * and group editors over `model`. Problems are the shared filterProblems' against the model,
 * shown at their inputs; absent, the filter holds for every record and "Add a condition" starts one.
 */
import { useMemo } from 'react';
import { filterProblems, type FilterProblem } from '../../shared/filter';
import { getAt, type Path } from '../path';
import { FilterItems, JoinSelect } from '../ui/filters/FilterItemPanel';
import { fieldChoices, newCondition, problemsAt, type Json } from '../ui/filters/filter-edit';
import { useModelGraph } from '../ui/model-graph';
import { pointerOf } from './automation-doc';
import { useAutomation, useEdit, useProblem } from './context';

export interface FilterTreeEditorProps {
  path: Path;
  /** The model whose records the filter reads; null when the trigger names none yet. */
  model: string | null;
  /** Names the filter in its buttons and heading ("Only when"). */
  label: string;
  /** What an absent filter means, in words. */
  absent: string;
  idPrefix: string;
  /** A required filter (a step's match) is never removed, only emptied. */
  required?: boolean;
}

const NO_PROBLEMS: readonly FilterProblem[] = [];

export function FilterTreeEditor({ path, model, label, absent, idPrefix, required = false }: FilterTreeEditorProps) {
  const tree = useAutomation((s) => getAt(s.doc, path)) as Json | undefined;
  const edit = useEdit();
  const saved = useProblem(path);
  const graph = useModelGraph(model);
  const choices = useMemo(() => (graph.model ? fieldChoices(graph.model, graph.find) : undefined), [graph]);
  const problems = useMemo(
    () => (tree && graph.model ? filterProblems(tree, graph.model, graph.check).map((p) => ({ ...p, pointer: `${pointerOf(path)}${p.pointer}` })) : NO_PROBLEMS),
    [tree, graph, path],
  );
  if (!model) return <p className="small text-body-secondary mb-2">{`${label}: choose the trigger's model first.`}</p>;
  const join = tree && 'or' in tree ? 'or' : 'and';
  const items = tree && Array.isArray(tree[join]) ? (tree[join] as Json[]) : [];
  const replace = (nextJoin: 'and' | 'or', next: Json[]) => edit.set(path, { [nextJoin]: next });
  const own = problemsAt(problems, pointerOf(path), undefined);
  return (
    <fieldset className="dz-group mb-3" aria-label={label}>
      <legend className="dz-group-legend">{label}</legend>
      {saved ? <p className="invalid-feedback d-block">{saved}</p> : null}
      {!graph.loading && !graph.model ? <p className="small text-body-secondary">{`The model ${model} could not be read: type a field's name.`}</p> : null}
      {tree ? <JoinSelect id={`${idPrefix}-join`} label={`${label}:`} join={join} onChange={(next) => replace(next, items)} /> : null}
      {own.item ? <p className="invalid-feedback d-block">{own.item}</p> : null}
      {items.length === 0 ? <p className="small text-body-secondary">{tree && join === 'or' ? 'No conditions: it never holds.' : absent}</p> : null}
      <FilterItems items={items} join={join} path={path} choices={choices} loading={graph.loading} problems={problems} idPrefix={idPrefix} edit={edit} />
      <div className="d-flex flex-wrap gap-1" role="group" aria-label={`${label}: conditions`}>
        <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Add condition: ${label}`} onClick={() => replace(join, [...items, newCondition()])}>
          Add condition
        </button>
        {tree ? (
          <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Add group: ${label}`} onClick={() => replace(join, [...items, { [join === 'and' ? 'or' : 'and']: [newCondition()] }])}>
            Add group
          </button>
        ) : null}
        {tree && !required ? (
          <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Remove all conditions: ${label}`} onClick={() => edit.set(path, undefined)}>
            Remove all
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
