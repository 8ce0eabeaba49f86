/**
 * What stops a save, listed in words under the toolbar: each problem names its place (the trigger's
 * model, step 2's To) and, for a step's setting, selects the step, whose panel shows the problem at
 * its input. A value left empty is said to be missing rather than in the validator's words.
 */
import { getAt, isPlainObject, type Path } from '../path';
import { pathOfPointer, type AutomationDoc } from './automation-doc';
import { useCatalogue } from './catalogue-context';
import { useAutomationStore, type Problems } from './context';
import { humanize, stepFields } from './step-fields';
import type { StepKind } from './step-catalogue';
import { placeWords } from './step-words';

/** The step a pointer is inside (its path), or null. */
function stepOf(path: Path, doc: AutomationDoc): Path | null {
  let found: Path | null = null;
  for (let i = 1; i < path.length; i++) {
    if (typeof path[i] !== 'number') continue;
    const at = path.slice(0, i + 1);
    const value = getAt(doc, at);
    if (isPlainObject(value) && typeof value.type === 'string') found = at;
  }
  return found;
}

function settingLabel(step: Record<string, unknown>, property: string, catalogue: readonly StepKind[]): string {
  const kind = catalogue.find((k) => k.type === step.type);
  return (kind && stepFields(kind.schema).find((f) => f.property === property)?.label) ?? humanize(property);
}

const PLACES: Record<string, string> = { name: 'Name', title: 'Title', trigger: 'Trigger', condition: 'Only when', beforeCondition: 'Before the change', runAs: 'Run as', steps: 'Steps', limits: 'Limits' };

export function placeOf(path: Path, doc: AutomationDoc, catalogue: readonly StepKind[]): string {
  const step = stepOf(path, doc);
  if (step) {
    const value = getAt(doc, step) as Record<string, unknown>;
    const kind = catalogue.find((k) => k.type === value.type);
    const rest = path.slice(step.length);
    const setting = typeof rest[0] === 'string' ? `: ${settingLabel(value, rest[0], catalogue)}` : '';
    return `Step ${placeWords(step)} (${kind?.label ?? String(value.type)})${setting}`;
  }
  const head = PLACES[String(path[0])] ?? humanize(String(path[0] ?? 'The automation'));
  return path[0] === 'trigger' && typeof path[1] === 'string' ? `${head}: ${humanize(path[1])}` : head;
}

export function problemWords(path: Path, message: string, doc: AutomationDoc): string {
  const value = getAt(doc, path);
  if ((value === undefined || value === '') && /required|fewer than 1|must match pattern/.test(message)) return 'is missing';
  return message;
}

export function ProblemList({ problems, doc }: { problems: Problems; doc: AutomationDoc }) {
  const store = useAutomationStore();
  const catalogue = useCatalogue();
  const entries = Object.entries(problems).filter(([pointer]) => pointer !== '');
  if (entries.length === 0) return null;
  return (
    <ul className="small mb-0 dz-problems" aria-label="Problems">
      {entries.map(([pointer, message]) => {
        const path = pathOfPointer(pointer);
        const step = stepOf(path, doc);
        const text = `${placeOf(path, doc, catalogue)} ${problemWords(path, message, doc)}`;
        return (
          <li key={pointer} className="text-danger">
            {step ? (
              <button type="button" className="btn btn-link btn-sm p-0 text-danger text-start" onClick={() => store.getState().select(step)}>
                {text}
              </button>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
  );
}
