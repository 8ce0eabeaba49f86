import { defineStep, type DeleteRecordStep } from '../../../src/plugin-kit/steps';

/** Deletes a record through a form as the run-as user. */
export default defineStep<DeleteRecordStep>({
  type: 'deleteRecord',
  timings: ['after'],
  async run(step, context) {
    return context.records.delete(step.form, await context.render(step.id));
  },
});
