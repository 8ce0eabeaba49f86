import { defineStep, type CallWebhookStep } from '../../../src/plugin-kit/steps';

/** POSTs JSON to a url (the trigger's data unless a body is given), retrying with backoff; answers the status. */
export default defineStep<CallWebhookStep>({
  type: 'callWebhook',
  timings: ['after'],
  async run(step, context) {
    let body: unknown = context.data;
    if (step.body) {
      const rendered: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(step.body)) rendered[key] = await context.renderValue(value);
      body = rendered;
    }
    const url = await context.render(step.url);
    return context.postJson(url, body, { timeoutMs: step.timeoutMs ?? 5000, retries: step.retries ?? 3, ...(step.secret ? { secret: step.secret } : {}) });
  },
});
