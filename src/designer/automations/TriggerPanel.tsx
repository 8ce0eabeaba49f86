/**
 * What starts the automation: a record event of a model (which events, which changed fields,
 * after or before the write), a schedule (cron, with its next runs), a button on a model's
 * records, or an incoming webhook (its url once saved, and the secret it is signed with).
 */
import { useMemo } from 'react';
import { useDesignerGet } from '../services';
import { useModelGraph } from '../ui/model-graph';
import { EditorError } from '../ui/editors/EditorFrame';
import { eventsOf, RECORD_EVENTS, timingOf, TRIGGER_TYPES, TRIGGER_WORDS, triggerOf, triggerOfType, triggerType, type RecordEvent, type TriggerType } from './automation-doc';
import { ChoiceInput, Help, TextInput } from './BoundInputs';
import { useAutomation, useAutomationStore, useEdit, useProblem } from './context';
import { CronPreview } from './CronPreview';
import { isAuditField } from '../../shared/audit-fields';

const EVENT_WORDS: Record<RecordEvent, string> = { insert: 'Added', update: 'Changed', delete: 'Deleted' };

export function TriggerPanel({ idPrefix }: { idPrefix: string }) {
  const type = useAutomation((s) => triggerType(s.doc));
  const store = useAutomationStore();
  const problem = useProblem(['trigger', 'type']);
  const change = (next: TriggerType) => {
    const state = store.getState();
    state.dispatch({ type: 'set', path: ['trigger'], value: triggerOfType(next, triggerOf(state.doc)) });
  };
  return (
    <section className="dz-property-panel mb-3" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`} className="h6 dz-panel-title">
        Trigger
      </h2>
      <div className="dz-prop mb-2">
        <label htmlFor={`${idPrefix}-type`} className="form-label dz-prop-label mb-1">
          When
        </label>
        <select id={`${idPrefix}-type`} className="form-select form-select-sm" value={type} onChange={(e) => change(e.target.value as TriggerType)}>
          {TRIGGER_TYPES.map((t) => (
            <option key={t} value={t}>
              {TRIGGER_WORDS[t]}
            </option>
          ))}
        </select>
        <EditorError id={`${idPrefix}-type`} error={problem} />
      </div>
      {type === 'record' ? <RecordTrigger idPrefix={idPrefix} /> : null}
      {type === 'schedule' ? <ScheduleTrigger idPrefix={idPrefix} /> : null}
      {type === 'button' ? (
        <>
          <ModelInput idPrefix={idPrefix} />
          <TextInput id={`${idPrefix}-label`} label="Button label" path={['trigger', 'label']} help="What the button on the record says (absent: the automation's title)." />
        </>
      ) : null}
      {type === 'webhook' ? <WebhookTrigger idPrefix={idPrefix} /> : null}
    </section>
  );
}

function ModelInput({ idPrefix }: { idPrefix: string }) {
  const models = useDesignerGet<string[]>('/api/models');
  const choices = (Array.isArray(models.data) ? models.data : []).map((m) => ({ value: m, label: m }));
  return <ChoiceInput id={`${idPrefix}-model`} label="Model" path={['trigger', 'model']} choices={choices} none="(choose a model)" loading={models.loading} />;
}

function RecordTrigger({ idPrefix }: { idPrefix: string }) {
  const on = useAutomation((s) => triggerOf(s.doc).on);
  const events = useMemo(() => eventsOf({ trigger: { on } }), [on]);
  const timing = useAutomation((s) => timingOf(s.doc));
  const store = useAutomationStore();
  const onProblem = useProblem(['trigger', 'on']);
  const setTrigger = (patch: Record<string, unknown>) => {
    const state = store.getState();
    const next: Record<string, unknown> = { ...triggerOf(state.doc), ...patch };
    for (const [k, v] of Object.entries(next)) if (v === undefined) delete next[k];
    state.dispatch({ type: 'set', path: ['trigger'], value: next });
  };
  const toggle = (event: RecordEvent, on: boolean) => {
    const next = RECORD_EVENTS.filter((e) => (e === event ? on : events.includes(e)));
    // Fields narrow updates only: without update among the events they mean nothing.
    setTrigger({ on: next, ...(next.includes('update') ? {} : { fields: undefined }) });
  };
  const setTiming = (next: 'after' | 'before') =>
    // A delete cannot be refused nor its fields set: before triggers are for adds and changes.
    setTrigger({ timing: next === 'after' ? undefined : 'before', ...(next === 'before' ? { on: events.filter((e) => e !== 'delete') } : {}) });
  return (
    <>
      <ModelInput idPrefix={idPrefix} />
      <fieldset className="mb-2" aria-describedby={onProblem ? `${idPrefix}-on-error` : undefined}>
        <legend className="form-label dz-prop-label mb-1 fs-6">A record is</legend>
        {RECORD_EVENTS.map((e) => (
          <div key={e} className="form-check form-check-inline">
            <input
              id={`${idPrefix}-on-${e}`}
              type="checkbox"
              className="form-check-input"
              checked={events.includes(e)}
              disabled={e === 'delete' && timing === 'before'}
              onChange={(ev) => toggle(e, ev.target.checked)}
            />
            <label htmlFor={`${idPrefix}-on-${e}`} className="form-check-label">
              {EVENT_WORDS[e]}
            </label>
          </div>
        ))}
        <EditorError id={`${idPrefix}-on`} error={onProblem} />
      </fieldset>
      {events.includes('update') ? <ChangedFields idPrefix={idPrefix} onFields={(fields) => setTrigger({ fields: fields.length ? fields : undefined })} /> : null}
      <fieldset className="mb-2">
        <legend className="form-label dz-prop-label mb-1 fs-6">Run the steps</legend>
        <div className="form-check">
          <input id={`${idPrefix}-after`} type="radio" name={`${idPrefix}-timing`} className="form-check-input" checked={timing === 'after'} onChange={() => setTiming('after')} />
          <label htmlFor={`${idPrefix}-after`} className="form-check-label">
            After the write (queued: mail, webhooks, other records)
          </label>
        </div>
        <div className="form-check">
          <input id={`${idPrefix}-before`} type="radio" name={`${idPrefix}-timing`} className="form-check-input" checked={timing === 'before'} onChange={() => setTiming('before')} />
          <label htmlFor={`${idPrefix}-before`} className="form-check-label">
            Before the write (refuse it, or set its fields)
          </label>
        </div>
      </fieldset>
    </>
  );
}

/** "Only when one of these changed": the model's fields as checkboxes; none ticked means any field. */
function ChangedFields({ idPrefix, onFields }: { idPrefix: string; onFields(fields: string[]): void }) {
  const model = useAutomation((s) => {
    const m = triggerOf(s.doc).model;
    return typeof m === 'string' && m !== '' ? m : null;
  });
  const chosen = useAutomation((s) => triggerOf(s.doc).fields);
  const list = Array.isArray(chosen) ? (chosen as string[]) : [];
  const graph = useModelGraph(model, 0);
  const problem = useProblem(['trigger', 'fields']);
  if (!model) return null;
  const fields = (graph.model?.fields ?? []).filter((f) => !isAuditField(f.name));
  const names = [...fields.map((f) => f.name), ...list.filter((n) => !fields.some((f) => f.name === n))];
  return (
    <fieldset className="mb-2 dz-changed-fields">
      <legend className="form-label dz-prop-label mb-1 fs-6">Only when one of these changed</legend>
      <Help id={`${idPrefix}-fields`} text="None ticked: a change of any field." />
      {graph.loading ? <p className="small text-body-secondary mb-1">Loading the fields…</p> : null}
      {names.map((name) => {
        const field = fields.find((f) => f.name === name);
        return (
          <div key={name} className="form-check form-check-inline">
            <input
              id={`${idPrefix}-field-${name}`}
              type="checkbox"
              className="form-check-input"
              checked={list.includes(name)}
              onChange={(e) => onFields(e.target.checked ? [...list, name] : list.filter((n) => n !== name))}
            />
            <label htmlFor={`${idPrefix}-field-${name}`} className="form-check-label">
              {field ? field.label || field.name : `${name} (not in the model)`}
            </label>
          </div>
        );
      })}
      <EditorError id={`${idPrefix}-fields`} error={problem} />
    </fieldset>
  );
}

function ScheduleTrigger({ idPrefix }: { idPrefix: string }) {
  const cron = useAutomation((s) => triggerOf(s.doc).cron);
  return (
    <>
      <TextInput id={`${idPrefix}-cron`} label="Schedule (cron)" path={['trigger', 'cron']} keepEmpty mono help="Five fields: minute hour day month weekday. 0 8 * * 1-5 is 08:00 on weekdays." />
      <CronPreview id={`${idPrefix}-cron-preview`} cron={typeof cron === 'string' ? cron : ''} />
    </>
  );
}

/** 32 random hex characters: a secret nobody types. */
function randomSecret(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function WebhookTrigger({ idPrefix }: { idPrefix: string }) {
  const token = useAutomation((s) => triggerOf(s.doc).token);
  const name = useAutomation((s) => s.doc.name);
  const edit = useEdit();
  const url = typeof token === 'string' && typeof name === 'string' ? `${window.location.origin}/api/hooks/${encodeURIComponent(name)}/${token}` : null;
  return (
    <>
      <div className="dz-prop mb-2">
        <label htmlFor={`${idPrefix}-url`} className="form-label dz-prop-label mb-1">
          Hook url
        </label>
        {url ? (
          <input id={`${idPrefix}-url`} type="text" readOnly className="form-control form-control-sm font-monospace" value={url} onFocus={(e) => e.target.select()} />
        ) : (
          <p id={`${idPrefix}-url`} className="small text-body-secondary mb-0">
            Made by the server when the automation is saved.
          </p>
        )}
        <Help id={`${idPrefix}-url`} text="Another system POSTs JSON here; its body is {{data}} to the steps. Keep the url secret." />
      </div>
      <TextInput id={`${idPrefix}-secret`} label="Signing secret" path={['trigger', 'secret']} mono help="With a secret, a call must carry X-Tessera-Signature: sha256=<HMAC-SHA256 of the body, hex>. At least 16 characters." />
      <button type="button" className="btn btn-sm btn-outline-secondary mb-2" onClick={() => edit.set(['trigger', 'secret'], randomSecret())}>
        Make a new secret
      </button>
    </>
  );
}
