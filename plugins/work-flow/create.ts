import type { WorkFlowColumn } from '../../src/plugin-kit';

/**
 * A new WorkFlow column as the designer adds it.
 */
export function create(): WorkFlowColumn {
  return { childType: 'WorkFlow', width: 0 };
}
