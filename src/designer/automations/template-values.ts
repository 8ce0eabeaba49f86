/**
 * The values a template may read at one step (docs/automations.md, "Templates"), offered by the
 * template inputs' Insert list: the record's fields and the fields one reference away, its values
 * before an update, the loop's item, named earlier steps' results, the user, the time.
 */
import { useMemo } from 'react';
import type { ModelDefinition } from '../../shared/filter';
import { isAuditField } from '../../shared/audit-fields';
import { getAt, isPlainObject, type Path } from '../path';
import { useModelGraph } from '../ui/model-graph';
import { eventsOf, modelOf, triggerType, type AutomationDoc } from './automation-doc';
import { useAutomation } from './context';

export interface TemplateValue {
  /** What is inserted: {{record.title}}. */
  template: string;
  /** How the Insert list shows it. */
  label: string;
  group: string;
}

const SECRET = new Set(['password']);

function fieldsOf(model: ModelDefinition | undefined): ModelDefinition['fields'] {
  return (model?.fields ?? []).filter((f) => !isAuditField(f.name) && !SECRET.has(f.type) && f.type !== 'link');
}

/** `prefix.field` for each field, and `prefix.ref.field` one reference further. */
function paths(prefix: string, words: string, model: ModelDefinition | undefined, find: (n: string) => ModelDefinition | undefined, group: string): TemplateValue[] {
  const out: TemplateValue[] = [{ template: `{{${prefix}.id}}`, label: `${words} id`, group }];
  for (const f of fieldsOf(model)) {
    out.push({ template: `{{${prefix}.${f.name}}}`, label: `${words} ${f.label || f.name}`, group });
    if (f.type === 'reference' && f.target) {
      for (const g of fieldsOf(find(f.target))) out.push({ template: `{{${prefix}.${f.name}.${g.name}}}`, label: `${words} ${f.label || f.name} → ${g.label || g.name}`, group });
    }
  }
  return out;
}

/** The model of the innermost loop the step at `path` sits in, or null. */
function loopModel(doc: AutomationDoc, path: Path): string | null {
  let found: string | null = null;
  for (let i = 2; i < path.length; i += 2) {
    const owner = getAt(doc, path.slice(0, i));
    if (isPlainObject(owner) && owner.type === 'loop' && typeof owner.model === 'string') found = owner.model;
  }
  return found;
}

/** Names of the steps that run before the step at `path` (earlier in its list and its owners' lists). */
function earlierNames(doc: AutomationDoc, path: Path): string[] {
  const names: string[] = [];
  for (let i = 1; i < path.length; i += 2) {
    const list = getAt(doc, path.slice(0, i));
    const index = path[i] as number;
    if (!Array.isArray(list)) continue;
    for (const step of list.slice(0, index)) if (isPlainObject(step) && typeof step.name === 'string' && step.name) names.push(step.name);
  }
  return names;
}

export function useTemplateValues(path: Path): TemplateValue[] {
  const model = useAutomation((s) => modelOf(s.doc));
  const type = useAutomation((s) => triggerType(s.doc));
  const update = useAutomation((s) => eventsOf(s.doc).includes('update'));
  const item = useAutomation((s) => loopModel(s.doc, path));
  const named = useAutomation((s) => earlierNames(s.doc, path).join('\n'));
  const record = useModelGraph(model, 1);
  const loop = useModelGraph(item, 1);
  const user = useModelGraph('User', 0);
  return useMemo(() => {
    const out: TemplateValue[] = [];
    if (model) out.push(...paths('record', 'Record', record.model, record.find, 'The record'));
    if (model && type === 'record' && update) out.push(...paths('before', 'Before:', record.model, record.find, 'Its values before the change'));
    if (item) out.push(...paths('item', 'Item', loop.model, loop.find, 'The loop’s record'));
    if (type === 'webhook') out.push({ template: '{{data}}', label: 'The webhook’s body', group: 'The webhook' });
    for (const name of named ? named.split('\n') : []) out.push({ template: `{{steps.${name}.id}}`, label: `Step ${name}: the record's id`, group: 'Earlier steps' });
    out.push(...fieldsOf(user.model).map((f) => ({ template: `{{user.${f.name}}}`, label: `User ${f.label || f.name}`, group: 'Who triggered it' })));
    out.push({ template: '{{now}}', label: 'Now (date and time)', group: 'Time' });
    return out;
  }, [model, type, update, item, named, record, loop, user]);
}
