/**
 * The step kit: the one module an automation step folder (plugins/steps/<type>/run.ts) imports
 * (docs/automations.md, "Step types"). A step gets everything it may do from the StepContext it
 * is handed, so this is types and defineStep alone: nothing of React or of the server.
 */
export { defineStep, type StepContext, type StepRecord, type StepSettings, type StepTiming, type StepType, type WebhookAnswer, type WrittenRecord } from '../shared/automation-step';
export type * from '../generated/definitions';
