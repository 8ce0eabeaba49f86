import { defineStep, type StepRecord, type UpdateRecordStep } from '../../../src/plugin-kit/steps';

/** Changes fields of a record through a form as the run-as user. */
export default defineStep<UpdateRecordStep>({
  type: 'updateRecord',
  timings: ['after'],
  async run(step, context) {
    const values: StepRecord = {};
    for (const [field, value] of Object.entries(step.values)) values[field] = await context.renderValue(value);
    return context.records.update(step.form, await context.render(step.id), values);
  },
});
