import { defineStep, type SetFieldsStep, type StepRecord } from '../../../src/plugin-kit/steps';

/** Before a write: sets fields of the record being written. */
export default defineStep<SetFieldsStep>({
  type: 'setFields',
  timings: ['before'],
  async run(step, context) {
    const values: StepRecord = {};
    for (const [field, value] of Object.entries(step.values)) values[field] = await context.renderValue(value);
    context.setFields(values);
    return values;
  },
});
