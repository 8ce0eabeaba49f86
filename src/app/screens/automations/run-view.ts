/** How the Runs screens word a run: its state as a badge, its trigger, its record, its duration. */
import type { RunState, RunSummary, RunTrigger } from '../../../shared/automation-types';
import { dayInstant } from '../paged-list';

export const RUN_STATES: readonly RunState[] = ['queued', 'running', 'done', 'failed', 'stopped'];

export const STATE_WORDS: Readonly<Record<RunState, string>> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** Bootstrap's badge for each state (text-bg-*, which keeps the text readable on its colour). */
export const STATE_BADGES: Readonly<Record<RunState, string>> = {
  queued: 'text-bg-secondary',
  running: 'text-bg-info',
  done: 'text-bg-success',
  failed: 'text-bg-danger',
  stopped: 'text-bg-warning',
};

/** What started a run, in words. */
export const TRIGGER_WORDS: Readonly<Record<RunTrigger, string>> = {
  insert: 'Record added',
  update: 'Record changed',
  delete: 'Record deleted',
  schedule: 'Schedule',
  button: 'Button',
  webhook: 'Webhook',
  'before insert': 'Before an add',
  'before update': 'Before a change',
};

/** The trigger and who set it off: "Record changed by mia". */
export function triggerText(run: Pick<RunSummary, 'trigger' | 'userName'>): string {
  const words = TRIGGER_WORDS[run.trigger] ?? run.trigger;
  return run.userName ? `${words} by ${run.userName}` : words;
}

/** Whether a run has ended (a button's poll stops there). */
export function ended(state: RunState): boolean {
  return state === 'done' || state === 'failed' || state === 'stopped';
}

export function durationText(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** The record a run is about, as text: "Loan 7". */
export function recordText(run: Pick<RunSummary, 'model' | 'recordId'>): string {
  if (!run.model) return '';
  return run.recordId ? `${run.model} ${run.recordId}` : run.model;
}

export interface RunFilters {
  automation: string;
  state: RunState | '';
  from: string;
  to: string;
}

export const NO_RUN_FILTERS: RunFilters = { automation: '', state: '', from: '', to: '' };

/** GET /api/automations/runs's query for the filters, and `before` for the next page. */
export function runsQuery(f: RunFilters, before: string | null): string {
  const q = new URLSearchParams();
  if (f.automation) q.set('automation', f.automation);
  if (f.state) q.set('state', f.state);
  if (f.from) q.set('from', dayInstant(f.from, false));
  if (f.to) q.set('to', dayInstant(f.to, true));
  if (before) q.set('before', before);
  return q.toString();
}
