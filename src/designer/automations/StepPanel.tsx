/**
 * The selected step's settings, drawn from its type's schema alone (step-fields.ts): a new step
 * folder gets this panel with no code. Nested step lists are edited in the list beside it.
 */
import { ActionIcon } from '../../ui/ActionLinks';
import { useDesignerGet } from '../services';
import { getAt, isPlainObject, type Path } from '../path';
import { modelOf, timingOf, type Json } from './automation-doc';
import { ChoiceInput, NumberInput, SwitchInput, TextInput } from './BoundInputs';
import { useStepKind } from './catalogue-context';
import { useAutomation, useAutomationStore } from './context';
import { FilterTreeEditor } from './FilterTreeEditor';
import { JsonInput } from './JsonInput';
import { stepFields, type StepField } from './step-fields';
import { placeWords } from './step-words';
import { TemplateInput } from './TemplateInput';
import { useFormKeys, useModelKeys } from './value-keys';
import { ValuesEditor } from './ValuesEditor';

export function StepPanel({ idPrefix }: { idPrefix: string }) {
  const path = useAutomation((s) => s.selection);
  const step = useAutomation((s) => (s.selection ? getAt(s.doc, s.selection) : undefined));
  if (!path || !isPlainObject(step)) {
    return <p className="small text-body-secondary">Select a step to edit its settings, or add one.</p>;
  }
  return <SelectedStep key={path.join('/')} path={path} step={step} idPrefix={`${idPrefix}-${path.join('-')}`} />;
}

function SelectedStep({ path, step, idPrefix }: { path: Path; step: Json; idPrefix: string }) {
  const kind = useStepKind(step.type);
  const timing = useAutomation((s) => timingOf(s.doc));
  const store = useAutomationStore();
  const place = placeWords(path);
  const headingId = `${idPrefix}-heading`;
  if (!kind) {
    return (
      <section className="dz-property-panel" aria-labelledby={headingId}>
        <h2 id={headingId} className="h6 dz-panel-title">{`Step ${place}: unknown type '${String(step.type)}'`}</h2>
        <p className="small">No step folder declares this type: it cannot run. Edit it as JSON, or delete it.</p>
        <JsonInput id={`${idPrefix}-json`} label="The step" path={path} />
      </section>
    );
  }
  return (
    <section className="dz-property-panel" aria-labelledby={headingId}>
      <div className="d-flex align-items-start justify-content-between gap-2 mb-1">
        <h2 id={headingId} className="h6 m-0 dz-step-title">
          <ActionIcon name={kind.icon} /> {`Step ${place}: ${kind.label}`}
        </h2>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => store.getState().select(null)}>
          Close
        </button>
      </div>
      {kind.description ? <p className="small text-body-secondary">{kind.description}</p> : null}
      {!kind.timings.includes(timing) ? (
        <p className="alert alert-warning py-1 small" role="note">{`This step runs ${kind.timings.includes('before') ? 'before a write' : 'after a change'} only; the trigger runs its steps ${timing === 'before' ? 'before the write' : 'after the change'}.`}</p>
      ) : null}
      {stepFields(kind.schema).map((field) => (
        <StepFieldEditor key={field.property} field={field} step={step} path={path} idPrefix={`${idPrefix}-${field.property}`} />
      ))}
    </section>
  );
}

function StepFieldEditor({ field, step, path, idPrefix }: { field: StepField; step: Json; path: Path; idPrefix: string }) {
  const at = [...path, field.property];
  const label = field.required ? field.label : `${field.label} (optional)`;
  const help = field.description || undefined;
  switch (field.kind) {
    case 'template':
    case 'templateArea':
      return <TemplateInput id={idPrefix} label={label} path={at} help={help} step={path} keepEmpty={field.required} multiline={field.kind === 'templateArea'} />;
    case 'enum':
      return <ChoiceInput id={idPrefix} label={label} path={at} help={help} choices={(field.options ?? []).map((o) => ({ value: o, label: o }))} none={field.required ? undefined : '(default)'} />;
    case 'number':
      return <NumberInput id={idPrefix} label={label} path={at} help={help} min={field.minimum} max={field.maximum} />;
    case 'boolean':
      return <SwitchInput id={idPrefix} label={label} path={at} help={help} />;
    case 'form':
      return <DefinitionSelect id={idPrefix} label={label} path={at} help={help} list="/api/definitions/form" noun="form" />;
    case 'model':
      return <DefinitionSelect id={idPrefix} label={label} path={at} help={help} list="/api/models" noun="model" />;
    case 'filter':
      return <StepFilter field={field} step={step} at={at} idPrefix={idPrefix} />;
    case 'values':
      return <StepValues field={field} step={step} at={at} path={path} idPrefix={idPrefix} />;
    case 'steps':
      return (
        <p className="small text-body-secondary mb-2">{`${field.label}: ${Array.isArray(step[field.property]) ? (step[field.property] as unknown[]).length : 0} steps, in the list under this step.`}</p>
      );
    case 'json':
      return <JsonInput id={idPrefix} label={label} path={at} help={help} />;
    default:
      return <TextInput id={idPrefix} label={label} path={at} help={help} keepEmpty={field.required} />;
  }
}

/** A form or a model, from the server's list of them (GET /api/definitions/form answers objects, /api/models names). */
function DefinitionSelect({ id, label, path, help, list, noun }: { id: string; label: string; path: Path; help?: string; list: string; noun: string }) {
  const loaded = useDesignerGet<unknown[]>(list);
  const choices = (Array.isArray(loaded.data) ? loaded.data : [])
    .map((d) => (typeof d === 'string' ? { value: d, label: d } : isPlainObject(d) && typeof d.name === 'string' ? { value: d.name, label: typeof d.title === 'string' && d.title && d.title !== d.name ? `${d.title} (${d.name})` : d.name } : null))
    .filter((c): c is { value: string; label: string } => c !== null);
  return <ChoiceInput id={id} label={label} path={path} help={help} choices={choices} none={`(choose a ${noun})`} loading={loaded.loading} />;
}

/** A step's filter: over the step's own model when it names one (a loop's), else over the trigger's. */
function StepFilter({ field, step, at, idPrefix }: { field: StepField; step: Json; at: Path; idPrefix: string }) {
  const trigger = useAutomation((s) => modelOf(s.doc));
  const own = typeof step.model === 'string' && step.model ? step.model : null;
  const model = 'model' in step ? own : trigger;
  return <FilterTreeEditor path={at} model={model} label={field.label} absent="No conditions: every record." idPrefix={idPrefix} required={field.required} />;
}

/** Field → value: the keys are the step's form's fields, or the trigger model's for a step that has no form (Set fields). */
function StepValues({ field, step, at, path, idPrefix }: { field: StepField; step: Json; at: Path; path: Path; idPrefix: string }) {
  const hasForm = 'form' in step;
  const form = hasForm && typeof step.form === 'string' && step.form ? step.form : null;
  const trigger = useAutomation((s) => modelOf(s.doc));
  const fromForm = useFormKeys(form);
  const fromModel = useModelKeys(!hasForm && field.property === 'values' ? trigger : null);
  const keys = hasForm ? fromForm : field.property === 'values' ? fromModel : { keys: null, loading: false, error: '' };
  const help = hasForm && !form ? `${field.description} Choose the form first: its fields are offered.` : field.description;
  return <ValuesEditor id={idPrefix} label={field.label} help={help} path={at} step={path} keys={hasForm && !form ? null : keys.keys} loading={keys.loading} error={keys.error} />;
}
