/**
 * A list of steps (the automation's, a condition's Then or Else, a loop's): each step a row to
 * select (its settings open in the side panel), move up or down, or delete, with its own nested
 * lists under it. Every change is one undo step; the buttons name the step they act on, so a
 * keyboard or screen-reader user knows which.
 */
import { useContext, useMemo } from 'react';
import { ActionIcon } from '../../ui/ActionLinks';
import { getAt, samePath, startsWith, type Path } from '../path';
import { pointerOf, stepsAt, timingOf, type Json } from './automation-doc';
import { AddStep } from './AddStep';
import { useStepKind } from './catalogue-context';
import { ProblemsContext, useAutomation, useAutomationStore, useProblem } from './context';
import { nestedLists } from './step-fields';
import { placeWords, stepSummary } from './step-words';

export function StepList({ list, label }: { list: Path; label: string }) {
  // The list itself is selected (immer keeps it the same object until it changes), then read.
  const raw = useAutomation((s) => getAt(s.doc, list));
  const steps = useMemo(() => stepsAt({ list: raw }, ['list']), [raw]);
  return (
    <div className="dz-step-list">
      {steps.length === 0 ? <p className="small text-body-secondary mb-1">No steps yet.</p> : null}
      <ol className="list-unstyled mb-2" aria-label={label}>
        {steps.map((step, i) => (
          <StepRow key={i} step={step} path={[...list, i]} count={steps.length} />
        ))}
      </ol>
      <AddStep id={addId(list)} list={list} where={list.length === 1 ? '' : `to ${label}`} />
    </div>
  );
}

/** The DOM id of a step row's control (its select button, Move up, Move down). */
const controlId = (path: Path, control: 'select' | 'up' | 'down') => `dz-step-${path.join('-')}-${control}`;
/** The DOM id of a list's Add step button. */
const addId = (list: Path) => `dz-add-${list.join('-')}`;

/** Whether a problem's pointer is inside one of the step's nested step lists (/steps/0/then/1/...). */
function nestedPointer(pointer: string, path: Path): boolean {
  const rest = pointer.slice(pointerOf(path).length).split('/');
  return rest.length > 3 && /^\d+$/.test(rest[2] ?? '');
}

function StepRow({ step, path, count }: { step: Json; path: Path; count: number }) {
  const store = useAutomationStore();
  const kind = useStepKind(step.type);
  const selected = useAutomation((s) => s.selection !== null && samePath(s.selection, path));
  const holdsSelection = useAutomation((s) => s.selection !== null && startsWith(s.selection, path) && !samePath(s.selection, path));
  const timing = useAutomation((s) => timingOf(s.doc));
  const problem = useProblem(path);
  const problems = useContext(ProblemsContext);
  // A problem inside the step's settings (not in its nested steps, which show their own).
  const inside = Object.keys(problems).filter((p) => p.startsWith(`${pointerOf(path)}/`) && !nestedPointer(p, path)).length;
  const index = path.at(-1) as number;
  const place = placeWords(path);
  const label = kind?.label ?? `Unknown step type '${String(step.type)}'`;
  const summary = stepSummary(step, kind);
  const misplaced = kind && !kind.timings.includes(timing);
  // The rows are keyed by place: after a move the focus follows the step to its new row, so
  // pressing Move down again moves the same step on.
  const move = (to: number, direction: 'up' | 'down') => {
    const state = store.getState();
    const next = [...path.slice(0, -1), to];
    if (!state.dispatch({ type: 'moveStep', at: path, index: to })) return;
    store.getState().select(next);
    requestAnimationFrame(() => {
      const button = document.getElementById(controlId(next, direction)) as HTMLButtonElement | null;
      (button && !button.disabled ? button : document.getElementById(controlId(next, 'select')))?.focus();
    });
  };
  const remove = () => {
    const state = store.getState();
    if (!state.dispatch({ type: 'removeStep', at: path })) return;
    store.getState().select(null);
    // The focus goes to the step that took its place, or the list's Add step when it was the last.
    requestAnimationFrame(() => (document.getElementById(controlId(path, 'select')) ?? document.getElementById(addId(path.slice(0, -1))))?.focus());
  };
  const name = `step ${place} (${label})`;
  return (
    <li className={`dz-step${selected ? ' dz-selected' : ''}${holdsSelection ? ' dz-holds-selection' : ''}`}>
      <div className="dz-step-head">
        <button id={controlId(path, 'select')} type="button" className="dz-step-select" aria-pressed={selected} onClick={() => store.getState().select(selected ? null : path)}>
          <span className="dz-step-place">{place}</span>
          {kind ? <ActionIcon name={kind.icon} /> : null}
          <span className="dz-step-label">{label}</span>
          {summary ? <span className="dz-step-summary">{summary}</span> : null}
        </button>
        <div className="btn-group btn-group-sm" role="group" aria-label={`Arrange ${name}`}>
          <button type="button" className="btn btn-outline-secondary" disabled={index === 0} id={controlId(path, 'up')} onClick={() => move(index - 1, 'up')} aria-label={`Move ${name} up`} title="Move up">
            ↑
          </button>
          <button type="button" className="btn btn-outline-secondary" disabled={index === count - 1} id={controlId(path, 'down')} onClick={() => move(index + 1, 'down')} aria-label={`Move ${name} down`} title="Move down">
            ↓
          </button>
          <button type="button" className="btn btn-outline-danger" onClick={remove} aria-label={`Delete ${name}`} title="Delete">
            ✕
          </button>
        </div>
      </div>
      {misplaced ? <p className="small text-warning-emphasis mb-1">{`${label} runs ${kind.timings.includes('before') ? 'before a write' : 'after a change'} only: it does not fit this trigger.`}</p> : null}
      {problem ? <p className="small text-danger mb-1">{problem}</p> : null}
      {inside > 0 && !selected ? <p className="small text-danger mb-1">{inside === 1 ? 'One setting to fix: select the step.' : `${inside} settings to fix: select the step.`}</p> : null}
      {kind
        ? nestedLists(kind.schema).map((f) => (
            <section key={f.property} className="dz-step-nested" aria-label={`${f.label} of step ${place}`}>
              <h3 className="h6 small mb-1">{f.label}</h3>
              <StepList list={[...path, f.property]} label={`${f.label} of step ${place}`} />
            </section>
          ))
        : null}
    </li>
  );
}
