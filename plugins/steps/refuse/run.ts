import { defineStep, type RefuseStep } from '../../../src/plugin-kit/steps';

/** Before a write: refuses it with a message the person sees. */
export default defineStep<RefuseStep>({
  type: 'refuse',
  timings: ['before'],
  async run(step, context) {
    context.refuse(await context.render(step.message));
  },
});
