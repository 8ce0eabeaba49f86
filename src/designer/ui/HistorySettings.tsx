import { useEffect, useState, type ChangeEvent } from 'react';
import { excludable } from '../history-exclude';
import { isPlainObject } from '../path';
import { useDesigner, useDesignerStore, type Doc } from './context';
import { EditorError, errorAria } from './editors/EditorFrame';

/** The schema's bounds of `history.days` (schemas/model.json). */
const MAX_DAYS = 36500;
const DAYS_ERROR = `A whole number of days, 1 to ${MAX_DAYS}`;

interface Settings {
  off?: boolean;
  exclude?: string[];
  days?: number;
}

const settingsOf = (value: unknown): Settings => (isPlainObject(value) ? (value as Settings) : {});
const NO_FIELDS: readonly Doc[] = [];

/**
 * A model's record history settings (docs/history.md, "Settings of a model") in the model
 * designer's panel: whether changes are recorded, how long entries are kept, and which fields'
 * values are kept out. Each edit is one `set` of the whole `history` object (typing the days is
 * one step until the box loses focus), left out of the model when nothing differs from the
 * defaults. The list of fields is the designer's own, so a field added a moment ago is there; its
 * renames and removals carry into the list by the actions themselves (history-exclude.ts).
 */
export function HistorySettings({ idPrefix }: { idPrefix: string }) {
  const store = useDesignerStore();
  const settings = settingsOf(useDesigner((s) => s.doc.history));
  const stored = useDesigner((s) => s.doc.fields);
  const system = useDesigner((s) => s.doc.system === true);
  const fields = Array.isArray(stored) ? (stored as Doc[]) : NO_FIELDS;
  const on = settings.off !== true;
  const exclude = Array.isArray(settings.exclude) ? settings.exclude : [];

  const write = (change: Settings, merge?: string) => {
    const next: Record<string, unknown> = { ...settingsOf(store.getState().doc.history), ...change };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    store.getState().dispatch({ type: 'set', path: ['history'], value: Object.keys(next).length ? next : undefined }, merge ? { merge } : {});
  };
  const toggle = (name: string, out: boolean) => {
    const rest = exclude.filter((n) => n !== name);
    const next = out ? [...rest, name] : rest;
    write({ exclude: next.length ? next : undefined });
  };

  const listed = fields.filter((f) => typeof f.name === 'string' && f.name !== '' && excludable(f.type));
  const names = new Set(listed.map((f) => f.name as string));
  // Names the list cannot tick (a raw edit's): shown ticked and marked, so they can be taken out.
  const strays = exclude.filter((n) => !names.has(n));
  const id = (part: string) => `${idPrefix}-${part}`;

  return (
    <section className="dz-property-panel" aria-labelledby={id('legend')}>
      <fieldset className="dz-group mb-3" disabled={system}>
        <legend id={id('legend')} className="dz-group-legend">
          Record history
        </legend>
        {system ? <p className="form-text mt-0 mb-2">A system model is recorded with the defaults: its history settings cannot be changed.</p> : null}
        <div className="dz-prop form-check form-switch mb-2">
          <input
            id={id('on')}
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={on}
            aria-describedby={on ? undefined : id('on-hint')}
            onChange={(e) => write({ off: e.target.checked ? undefined : true })}
          />
          <label htmlFor={id('on')} className="form-check-label">
            Keep a history of changes
          </label>
          {on ? null : (
            <div id={id('on-hint')} className="form-text mt-0">
              Nothing is recorded of this model&apos;s records. Entries already kept stay until they age out.
            </div>
          )}
        </div>
        <DaysInput id={id('days')} days={settings.days} onChange={(days) => write({ days }, 'history:days')} onCommit={() => store.getState().seal()} />
        <div className="dz-prop mb-2" role="group" aria-labelledby={id('exclude-label')} aria-describedby={id('exclude-hint')}>
          <div id={id('exclude-label')} className="form-label dz-prop-label mb-1">
            Keep values out of the history
          </div>
          {listed.length === 0 && strays.length === 0 ? <p className="text-body-secondary mb-1">No fields to keep out.</p> : null}
          {listed.map((f, i) => (
            <div key={`${i}-${String(f.name)}`} className="form-check">
              <input
                id={id(`exclude-${i}`)}
                type="checkbox"
                className="form-check-input"
                checked={exclude.includes(f.name as string)}
                disabled={!on}
                onChange={(e) => toggle(f.name as string, e.target.checked)}
              />
              <label htmlFor={id(`exclude-${i}`)} className="form-check-label">
                {typeof f.label === 'string' && f.label !== '' ? `${f.label} (${String(f.name)})` : String(f.name)}
              </label>
            </div>
          ))}
          {strays.map((name) => (
            <div key={`stray-${name}`} className="form-check">
              <input id={id(`stray-${name}`)} type="checkbox" className="form-check-input is-invalid" checked onChange={() => toggle(name, false)} />
              <label htmlFor={id(`stray-${name}`)} className="form-check-label">
                {name} <span className="text-danger">(not a field this list offers: untick to take it out)</span>
              </label>
            </div>
          ))}
          <div id={id('exclude-hint')} className="form-text mt-1">
            A ticked field&apos;s change is recorded as &quot;changed&quot;, without its values. Passwords are never kept, so they are not listed; nor are links (their link model has its own settings).
          </div>
        </div>
      </fieldset>
    </section>
  );
}

function daysText(days: unknown): string {
  return typeof days === 'number' && Number.isFinite(days) ? String(days) : '';
}

const validDays = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_DAYS;

/**
 * How many days entries are kept: empty for the site's RECORD_HISTORY_DAYS (the client is not told
 * its value). The typed text is kept locally; a number is written as typed, so a wrong one shows
 * here and is what the save would be refused for, never silently replaced by the last good one.
 */
function DaysInput({ id, days, onChange, onCommit }: { id: string; days: number | undefined; onChange(days: number | undefined): void; onCommit(): void }) {
  const [draft, setDraft] = useState(() => daysText(days));
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    // Follow outside changes (undo, the raw editor) unless the draft already means this value.
    setDraft((d) => ((d.trim() === '' ? days === undefined : Number(d) === days) ? d : daysText(days)));
  }, [days]);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value;
    setDraft(text);
    // A number input answers '' for what it cannot read ('1e'): that is no value, not an empty box.
    const bad = e.target.validity.badInput;
    setUnreadable(bad);
    if (bad) return;
    if (text.trim() === '') onChange(undefined);
    else if (Number.isFinite(Number(text))) onChange(Number(text));
  };
  const error = unreadable || (typeof days === 'number' && !validDays(days)) ? DAYS_ERROR : undefined;
  return (
    <div className="dz-prop mb-2">
      <label htmlFor={id} className="form-label dz-prop-label mb-1">
        Keep for (days)
      </label>
      <input
        id={id}
        type="number"
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        value={draft}
        min={1}
        max={MAX_DAYS}
        step={1}
        placeholder="site default"
        onChange={change}
        onBlur={onCommit}
        {...(error ? errorAria(id, error) : { 'aria-describedby': `${id}-hint` })}
      />
      <EditorError id={id} error={error} />
      <div id={`${id}-hint`} className="form-text mt-1">
        Empty: the site&apos;s default (RECORD_HISTORY_DAYS, 365 unless set otherwise).
      </div>
    </div>
  );
}
