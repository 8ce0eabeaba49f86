/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: schemas/*.json and plugins/<folder>/schema.json.
 * Regenerate with `npm run gen:types`; CI runs `tsx scripts/gen-types.ts --check`.
 */
import type { StepType } from '../plugin-kit/steps';
import callWebhook from '../../plugins/steps/call-webhook/run';
import condition from '../../plugins/steps/condition/run';
import createRecord from '../../plugins/steps/create-record/run';
import deleteRecord from '../../plugins/steps/delete-record/run';
import loop from '../../plugins/steps/loop/run';
import refuse from '../../plugins/steps/refuse/run';
import sendMail from '../../plugins/steps/send-mail/run';
import setFields from '../../plugins/steps/set-fields/run';
import updateRecord from '../../plugins/steps/update-record/run';

/** Each step folder's runner, keyed by its step type, in folder order. */
export const stepTypes: Readonly<Record<string, StepType>> = {
  callWebhook: callWebhook as unknown as StepType,
  condition: condition as unknown as StepType,
  createRecord: createRecord as unknown as StepType,
  deleteRecord: deleteRecord as unknown as StepType,
  loop: loop as unknown as StepType,
  refuse: refuse as unknown as StepType,
  sendMail: sendMail as unknown as StepType,
  setFields: setFields as unknown as StepType,
  updateRecord: updateRecord as unknown as StepType,
};
