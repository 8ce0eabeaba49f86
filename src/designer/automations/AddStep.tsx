/**
 * Add step: a disclosure listing the step types that may run at the automation's timing, each with
 * its icon and label from its schema; picking one appends it to `list` and selects it. Escape
 * closes the list and gives the focus back to its button.
 */
import { useId, useRef, useState } from 'react';
import { ActionIcon } from '../../ui/ActionLinks';
import type { Path } from '../path';
import { timingOf } from './automation-doc';
import { useCatalogue } from './catalogue-context';
import { useAutomation, useAutomationStore } from './context';
import { newStep, offeredAt, type StepKind } from './step-catalogue';

export function AddStep({ id: buttonId, list, where }: { id: string; list: Path; where: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const catalogue = useCatalogue();
  const timing = useAutomation((s) => timingOf(s.doc));
  const store = useAutomationStore();
  const offered = offeredAt(catalogue, timing);
  const add = (kind: StepKind) => {
    const state = store.getState();
    const length = (() => {
      let v: unknown = state.doc;
      for (const k of list) v = (v as Record<string | number, unknown> | undefined)?.[k];
      return Array.isArray(v) ? v.length : 0;
    })();
    if (state.dispatch({ type: 'insertStep', list, index: length, step: newStep(kind) })) store.getState().select([...list, length]);
    setOpen(false);
  };
  return (
    <div
      className="dz-add-step"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button id={buttonId} ref={toggle} type="button" className="btn btn-sm btn-outline-primary" aria-expanded={open} aria-controls={`${id}-kinds`} onClick={() => setOpen((o) => !o)}>
        {`Add step ${where}`}
      </button>
      {open ? (
        <ul id={`${id}-kinds`} className="dz-palette-list mt-1" aria-label={`Step types ${timing === 'before' ? 'that run before a write' : 'that run after a change'}`}>
          {offered.map((kind) => (
            <li key={kind.type}>
              <button type="button" className="dz-palette-item" title={kind.description} onClick={() => add(kind)}>
                <ActionIcon name={kind.icon} />
                {kind.label}
              </button>
            </li>
          ))}
          {offered.length === 0 ? <li className="small text-body-secondary">No step type runs here.</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
