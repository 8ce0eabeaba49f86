import { defineStep, type CreateRecordStep, type StepRecord } from '../../../src/plugin-kit/steps';

/** Adds a record through a form as the run-as user; answers its id ({{steps.<name>.id}}). */
export default defineStep<CreateRecordStep>({
  type: 'createRecord',
  timings: ['after'],
  async run(step, context) {
    const values: StepRecord = {};
    for (const [field, value] of Object.entries(step.values)) values[field] = await context.renderValue(value);
    return context.records.create(step.form, values);
  },
});
