/* eslint-disable */
/**
 * GENERATED FILE - do not edit by hand.
 * Source: schemas/*.json and plugins/<folder>/schema.json.
 * Regenerate with `npm run gen:types`; CI runs `tsx scripts/gen-types.ts --check`.
 */
import callWebhookSchema from '../../plugins/steps/call-webhook/schema.json' with { type: 'json' };
import conditionSchema from '../../plugins/steps/condition/schema.json' with { type: 'json' };
import createRecordSchema from '../../plugins/steps/create-record/schema.json' with { type: 'json' };
import deleteRecordSchema from '../../plugins/steps/delete-record/schema.json' with { type: 'json' };
import loopSchema from '../../plugins/steps/loop/schema.json' with { type: 'json' };
import refuseSchema from '../../plugins/steps/refuse/schema.json' with { type: 'json' };
import sendMailSchema from '../../plugins/steps/send-mail/schema.json' with { type: 'json' };
import setFieldsSchema from '../../plugins/steps/set-fields/schema.json' with { type: 'json' };
import updateRecordSchema from '../../plugins/steps/update-record/schema.json' with { type: 'json' };

/** Every step folder's schema.json, keyed by its step type, in folder order. */
export const stepSchemaFiles: Readonly<Record<string, object>> = {
  callWebhook: callWebhookSchema,
  condition: conditionSchema,
  createRecord: createRecordSchema,
  deleteRecord: deleteRecordSchema,
  loop: loopSchema,
  refuse: refuseSchema,
  sendMail: sendMailSchema,
  setFields: setFieldsSchema,
  updateRecord: updateRecordSchema,
};
