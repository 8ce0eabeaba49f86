import type { RunState } from '../../../shared/automation-types';
import { STATE_BADGES, STATE_WORDS } from './run-view';

export function RunStateBadge({ state }: { state: RunState }) {
  return <span className={`badge ${STATE_BADGES[state] ?? 'text-bg-secondary'}`}>{STATE_WORDS[state] ?? state}</span>;
}
