import { defineStep, type LoopStep } from '../../../src/plugin-kit/steps';

/** Runs its steps once per record a filter finds (at most the limit), each record as {{item}}. */
export default defineStep<LoopStep>({
  type: 'loop',
  timings: ['after'],
  async run(step, context) {
    const records = await context.records.find(step.model, step.match, step.limit ?? 100);
    for (const record of records) await context.runSteps(step.steps, { item: { model: step.model, record } });
    return { count: records.length };
  },
});
