/**
 * The automation's own settings beside its trigger: its name and title, whether it is on, when it
 * runs at all (its conditions), whose permissions its record steps write with, and its limits.
 */
import automationSchema from '../../../schemas/automation.json' with { type: 'json' };
import { useDesignerGet } from '../services';
import { eventsOf, modelOf, timingOf, triggerType } from './automation-doc';
import { ChoiceInput, NumberInput, SwitchInput, TextInput } from './BoundInputs';
import { useAutomation } from './context';
import { FilterTreeEditor } from './FilterTreeEditor';
import { humanize } from './step-fields';

export function GeneralPanel({ idPrefix }: { idPrefix: string }) {
  return (
    <section className="dz-property-panel mb-3" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`} className="h6 dz-panel-title">
        Automation
      </h2>
      <TextInput id={`${idPrefix}-name`} label="Name" path={['name']} keepEmpty help="Letters, digits, _ and -; its address and its runs' name." />
      <TextInput id={`${idPrefix}-title`} label="Title" path={['title']} />
      <TextInput id={`${idPrefix}-description`} label="Description" path={['description']} multiline />
      <SwitchInput id={`${idPrefix}-enabled`} label="On" path={['enabled']} absent help="Off: no new run starts; runs already queued still end." />
    </section>
  );
}

export function ConditionsPanel({ idPrefix }: { idPrefix: string }) {
  const model = useAutomation((s) => modelOf(s.doc));
  const type = useAutomation((s) => triggerType(s.doc));
  const update = useAutomation((s) => eventsOf(s.doc).includes('update'));
  if (type === 'schedule' || type === 'webhook') return null;
  return (
    <section className="dz-property-panel mb-3" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`} className="h6 dz-panel-title">
        Conditions
      </h2>
      <FilterTreeEditor path={['condition']} model={model} label="Only when the record" absent="No conditions: every time the trigger fires." idPrefix={`${idPrefix}-condition`} />
      {type === 'record' && update ? (
        <FilterTreeEditor
          path={['beforeCondition']}
          model={model}
          label="And before the change"
          absent="No conditions on the values before an update (an add has none)."
          idPrefix={`${idPrefix}-before`}
        />
      ) : null}
    </section>
  );
}

interface UserRows {
  rows: { id: number; user?: string }[];
}

export function RunAsPanel({ idPrefix }: { idPrefix: string }) {
  const users = useDesignerGet<UserRows>('/api/grid/users/data/0/500');
  const type = useAutomation((s) => triggerType(s.doc));
  const timing = useAutomation((s) => timingOf(s.doc));
  const runAs = useAutomation((s) => s.doc.runAs);
  const choices = (users.data?.rows ?? []).filter((u) => typeof u.user === 'string' && u.user).map((u) => ({ value: String(u.user), label: String(u.user) }));
  // A schedule or a webhook has nobody who triggered it.
  const nobody = (type === 'schedule' || type === 'webhook') && runAs === undefined;
  return (
    <section className="dz-property-panel mb-3" aria-labelledby={`${idPrefix}-heading`}>
      <h2 id={`${idPrefix}-heading`} className="h6 dz-panel-title">
        Run as
      </h2>
      <ChoiceInput
        id={`${idPrefix}-user`}
        label="Record steps write as"
        path={['runAs']}
        choices={choices}
        none="The user who triggered it"
        loading={users.loading}
        help={timing === 'before' ? 'A before trigger writes nothing else: it only refuses or sets fields.' : "Their permissions apply to every record the steps add, change or delete."}
      />
      {users.error ? <p className="small text-danger mb-1">{`The users could not be read: ${users.error}`}</p> : null}
      {nobody ? <p className="small text-warning-emphasis mb-0">A schedule or a webhook has nobody who triggered it: choose a user.</p> : null}
    </section>
  );
}

const LIMITS = automationSchema.properties.limits.properties as Record<string, { description?: string; minimum?: number; maximum?: number }>;

/** The run's limits, from the schema's own words (each left empty keeps its default). */
export function LimitsPanel({ idPrefix }: { idPrefix: string }) {
  return (
    <details className="dz-property-panel mb-3">
      <summary className="h6 dz-panel-title d-inline">Limits</summary>
      {Object.entries(LIMITS).map(([name, prop]) => (
        <LimitInput key={name} name={name} description={prop.description} min={prop.minimum} max={prop.maximum} idPrefix={idPrefix} />
      ))}
    </details>
  );
}

function LimitInput({ name, description, min, max, idPrefix }: { name: string; description?: string; min?: number; max?: number; idPrefix: string }) {
  return <NumberInput id={`${idPrefix}-${name}`} label={humanize(name)} path={['limits', name]} help={description} min={min} max={max} placeholder="default" />;
}
