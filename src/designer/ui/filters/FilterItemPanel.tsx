/**
 * The property panel of a grid's data filter that is a condition or a group of the filter language
 * (an old-style `{ fieldname, value }` keeps the plain panel). Problems come from the server's own
 * gridFilterProblems over the grid's filters, so what is shown here is what a save would refuse.
 * Every edit is a `set` through the designer store: a pick is one undo step, a burst of typing one.
 */
import { useMemo } from 'react';
import { gridFilterProblems, type FilterProblem } from '../../../shared/filter';
import { getAt, type Path } from '../../path';
import { pathKey, useDesigner, useDesignerStore } from '../context';
import { useModelGraph } from '../model-graph';
import { ConditionEditor } from './ConditionEditor';
import { fieldChoices, newCondition, problemsAt, type FieldChoice, type Json } from './filter-edit';

const NO_PROBLEMS: readonly FilterProblem[] = [];

/** The grid's model (User when it names none, as the preview and the server read it), its field choices and the filters' problems. */
function useFilterCheck(): { choices: readonly FieldChoice[] | undefined; loading: boolean; problems: readonly FilterProblem[] } {
  const model = useDesigner((s) => (typeof s.doc.model === 'string' && s.doc.model ? s.doc.model : 'User'));
  const filters = useDesigner((s) => s.doc.filters);
  const graph = useModelGraph(model);
  const choices = useMemo(() => (graph.model ? fieldChoices(graph.model, graph.find) : undefined), [graph]);
  const problems = useMemo(() => (graph.model ? gridFilterProblems(filters ?? [], graph.model, graph.check) : NO_PROBLEMS), [graph, filters]);
  return { choices, loading: graph.loading, problems };
}

/** A place in the designed document as the problems' JSON pointers name it. */
export function pointerOf(path: Path): string {
  return `/${path.join('/')}`;
}

export function FilterItemPanel({ path, idPrefix }: { path: Path; idPrefix: string }) {
  const store = useDesignerStore();
  const item = useDesigner((s) => getAt(s.doc, path)) as Json | undefined;
  const { choices, loading, problems } = useFilterCheck();
  const edit = useMemo(() => {
    const state = () => store.getState();
    return {
      set: (at: Path, value: unknown) => state().dispatch({ type: 'set', path: at, value }),
      type: (at: Path, value: unknown) => state().dispatch({ type: 'set', path: at, value }, { merge: pathKey(at) }),
      seal: () => state().seal(),
    };
  }, [store]);
  if (!item) return null;
  const number = (path[1] as number) + 1;
  const join = 'and' in item ? 'and' : 'or' in item ? 'or' : null;
  const headingId = `${idPrefix}--heading`;
  const own = problemsAt(problems, pointerOf(path), item.op);
  const remove = () => {
    store.getState().dispatch({ type: 'removeItem', item: path });
    store.getState().select(null);
  };
  return (
    <section className="dz-property-panel dz-filter-panel" aria-labelledby={headingId}>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 id={headingId} className="h6 m-0 dz-panel-title">
          {join ? `Data filter ${number}: a group` : `Data filter ${number}`}
        </h2>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={remove}>
          Remove filter
        </button>
      </div>
      {!loading && choices === undefined ? <p className="small text-body-secondary">The grid's model could not be read: type a field's name.</p> : null}
      {join ? (
        <GroupEditor item={item} join={join} path={path} choices={choices} loading={loading} problems={problems} idPrefix={idPrefix} edit={edit} />
      ) : (
        <>
          {own.item ? <p className="invalid-feedback d-block">{own.item}</p> : null}
          <ConditionEditor
            condition={item}
            choices={choices}
            loading={loading}
            problems={own}
            idPrefix={`${idPrefix}-c`}
            onReplace={(next) => edit.set(path, next)}
            onValue={(at, value) => edit.type([...path, 'value', ...at], value)}
            onCommit={edit.seal}
          />
        </>
      )}
    </section>
  );
}

export interface Edit {
  set(at: Path, value: unknown): void;
  type(at: Path, value: unknown): void;
  seal(): void;
}

/** A group: its join (all or any), its conditions one under the other, each removable, and Add condition (a grant's record rule uses it too). */
export function GroupEditor({ item, join, path, choices, loading, problems, idPrefix, edit }: { item: Json; join: 'and' | 'or'; path: Path; choices: readonly FieldChoice[] | undefined; loading: boolean; problems: readonly FilterProblem[]; idPrefix: string; edit: Edit }) {
  const conditions = Array.isArray(item[join]) ? (item[join] as Json[]) : [];
  const own = problemsAt(problems, pointerOf(path), undefined);
  const replace = (nextJoin: 'and' | 'or', nextItems: Json[]) => edit.set(path, { [nextJoin]: nextItems });
  return (
    <>
      <div className="dz-prop mb-2">
        <label htmlFor={`${idPrefix}-join`} className="form-label dz-prop-label mb-1">
          The group holds when
        </label>
        <select id={`${idPrefix}-join`} className="form-select form-select-sm" value={join} onChange={(e) => replace(e.target.value as 'and' | 'or', conditions)}>
          <option value="and">all its conditions hold (AND)</option>
          <option value="or">any of its conditions holds (OR)</option>
        </select>
      </div>
      {own.item ? <p className="invalid-feedback d-block">{own.item}</p> : null}
      {conditions.length === 0 ? <p className="small text-body-secondary">{join === 'and' ? 'No conditions: every record passes.' : 'No conditions: no record passes.'}</p> : null}
      {conditions.map((c, j) => {
        const at: Path = [...path, join, j];
        return (
          <fieldset key={j} className="dz-group dz-filter-condition mb-3">
            <legend className="dz-group-legend">{`Condition ${j + 1}`}</legend>
            <ConditionAt condition={c} at={at} choices={choices} loading={loading} problems={problems} idPrefix={`${idPrefix}-${j}`} edit={edit} />
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => replace(join, conditions.filter((_, k) => k !== j))}>
              {`Remove condition ${j + 1}`}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => replace(join, [...conditions, newCondition()])}>
        Add condition to the group
      </button>
    </>
  );
}

/** A filter's join at its top (a grant's record rule, an automation's condition): all of its items, or any. */
export function JoinSelect({ id, label, join, onChange }: { id: string; label: string; join: 'and' | 'or'; onChange(join: 'and' | 'or'): void }) {
  return (
    <div className="dz-prop mb-2">
      <label htmlFor={id} className="form-label dz-prop-label mb-1">
        {label}
      </label>
      <select id={id} className="form-select form-select-sm" value={join} onChange={(e) => onChange(e.target.value as 'and' | 'or')}>
        <option value="and">all of these hold (AND)</option>
        <option value="or">any of these holds (OR)</option>
      </select>
    </div>
  );
}

/**
 * A filter's items one under the other (a grant's record rule, an automation's condition): each a
 * condition or a group of them, in its own numbered fieldset, each removable.
 */
export function FilterItems({ items, join, path, choices, loading, problems, idPrefix, edit }: { items: readonly Json[]; join: 'and' | 'or'; path: Path; choices: readonly FieldChoice[] | undefined; loading: boolean; problems: readonly FilterProblem[]; idPrefix: string; edit: Edit }) {
  return (
    <>
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
            <button type="button" className="btn btn-sm btn-outline-secondary mt-1" onClick={() => edit.set(path, { [join]: items.filter((_, k) => k !== j) })}>
              {group ? `Remove group ${j + 1}` : `Remove condition ${j + 1}`}
            </button>
          </fieldset>
        );
      })}
    </>
  );
}

/** One condition at its place in the document: its own problem, and its editor wired to the designer's edits. */
export function ConditionAt({ condition, at, choices, loading, problems, idPrefix, edit }: { condition: Json; at: Path; choices: readonly FieldChoice[] | undefined; loading: boolean; problems: readonly FilterProblem[]; idPrefix: string; edit: Edit }) {
  const mine = problemsAt(problems, pointerOf(at), condition.op);
  return (
    <>
      {mine.item ? <p className="invalid-feedback d-block">{mine.item}</p> : null}
      <ConditionEditor
        condition={condition}
        choices={choices}
        loading={loading}
        problems={mine}
        idPrefix={idPrefix}
        onReplace={(next) => edit.set(at, next)}
        onValue={(sub, value) => edit.type([...at, 'value', ...sub], value)}
        onCommit={edit.seal}
      />
    </>
  );
}
