/**
 * The automation a designer holds (schemas/automation.json, docs/automations.md), read loosely:
 * while it is being designed a step may lack what its schema requires (a new Send mail has no
 * address yet), so the designer keeps plain JSON and these helpers read the parts it draws. What
 * a save would refuse is said by the schema's own validator and the server, at its place.
 */
import { getAt, isPlainObject, type Path } from '../path';

export type Json = Record<string, unknown>;
export type AutomationDoc = Json;

export type TriggerType = 'record' | 'schedule' | 'button' | 'webhook';
export const TRIGGER_TYPES: readonly TriggerType[] = ['record', 'schedule', 'button', 'webhook'];
export type RecordEvent = 'insert' | 'update' | 'delete';
export const RECORD_EVENTS: readonly RecordEvent[] = ['insert', 'update', 'delete'];
export type Timing = 'after' | 'before';

/** The trigger types in words, as the trigger panel offers them. */
export const TRIGGER_WORDS: Record<TriggerType, string> = {
  record: 'A record changes',
  schedule: 'On a schedule',
  button: 'A button on a record',
  webhook: 'An incoming webhook',
};

/** What a new automation starts as: a record trigger with nothing chosen yet, and no steps. */
export function newAutomation(): AutomationDoc {
  return { name: '', title: '', enabled: true, trigger: { type: 'record', model: '', on: ['update'] }, steps: [] };
}

export function triggerOf(doc: AutomationDoc): Json {
  return isPlainObject(doc.trigger) ? doc.trigger : { type: 'record' };
}

export function triggerType(doc: AutomationDoc): TriggerType {
  const type = triggerOf(doc).type;
  return TRIGGER_TYPES.includes(type as TriggerType) ? (type as TriggerType) : 'record';
}

/**
 * A trigger of another type, keeping what still applies (a record trigger's model for a button,
 * and back): each type's schema refuses the others' properties.
 */
export function triggerOfType(type: TriggerType, old: Json): Json {
  const model = typeof old.model === 'string' ? old.model : '';
  switch (type) {
    case 'record':
      return { type, model, on: ['update'] };
    case 'schedule':
      return { type, cron: '0 8 * * *' };
    case 'button':
      return { type, model };
    case 'webhook':
      return { type };
  }
}

/** When the steps run: a record trigger's timing; every other trigger runs after (queued). */
export function timingOf(doc: AutomationDoc): Timing {
  const trigger = triggerOf(doc);
  return trigger.type === 'record' && trigger.timing === 'before' ? 'before' : 'after';
}

/** The model whose record the run is about (a record or a button trigger's), or null. */
export function modelOf(doc: AutomationDoc): string | null {
  const trigger = triggerOf(doc);
  return (trigger.type === 'record' || trigger.type === 'button') && typeof trigger.model === 'string' && trigger.model !== '' ? trigger.model : null;
}

/** The events of a record trigger. */
export function eventsOf(doc: AutomationDoc): RecordEvent[] {
  const on = triggerOf(doc).on;
  return Array.isArray(on) ? on.filter((e): e is RecordEvent => RECORD_EVENTS.includes(e as RecordEvent)) : [];
}

/** The step list at `list` (the automation's `steps`, a condition's `then`...), empty when absent. */
export function stepsAt(doc: AutomationDoc, list: Path): Json[] {
  const value = getAt(doc, list);
  return Array.isArray(value) ? value.filter(isPlainObject) : [];
}

/** A JSON pointer (as the validators and the server answer) for a path. */
export function pointerOf(path: Path): string {
  return path.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The path a JSON pointer names (numbers for array indices). */
export function pathOfPointer(pointer: string): Path {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((k) => (/^(0|[1-9]\d*)$/.test(k) ? Number(k) : k));
}
