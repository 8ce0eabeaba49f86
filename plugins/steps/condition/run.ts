import { defineStep, type ConditionStep } from '../../../src/plugin-kit/steps';

/**
 * Goes on only when the filter holds. With Then or Else steps, the matching list runs and the run
 * goes on after it either way; without them, a condition that does not hold ends the run there.
 */
export default defineStep<ConditionStep>({
  type: 'condition',
  timings: ['after', 'before'],
  async run(step, context) {
    const holds = await context.matches(step.match, step.on ?? 'record');
    const branch = holds ? step.then : step.else;
    if (branch) await context.runSteps(branch);
    else if (!holds && !step.then && !step.else) return { holds, stop: true };
    return { holds };
  },
});
