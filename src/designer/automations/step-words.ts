/** How a step is named in the list and the panel: its place, and a line on what it does. */
import type { Path } from '../path';
import { humanize, stepFields } from './step-fields';
import type { Json } from './automation-doc';
import type { StepKind } from './step-catalogue';

/** A step's place for people: ['steps', 1, 'then', 0] is "2 › Then › 1". */
export function placeWords(path: Path): string {
  const words: string[] = [];
  for (let i = 0; i < path.length; i += 2) {
    const list = String(path[i]);
    const index = Number(path[i + 1]) + 1;
    words.push(i === 0 ? String(index) : `${humanize(list)} › ${index}`);
  }
  return words.join(' › ');
}

const SHORT = 60;

/** The step's own name, else its first filled-in text setting (a mail's address, a record's form), shortened. */
export function stepSummary(step: Json, kind: StepKind | undefined): string {
  if (typeof step.name === 'string' && step.name) return step.name;
  if (!kind) return '';
  for (const f of stepFields(kind.schema)) {
    if (f.property === 'name') continue;
    const v = step[f.property];
    if ((f.kind === 'text' || f.kind === 'template' || f.kind === 'form' || f.kind === 'model' || f.kind === 'templateArea') && typeof v === 'string' && v !== '') {
      return v.length > SHORT ? `${v.slice(0, SHORT - 1)}…` : v;
    }
  }
  return '';
}
