import { defineStep, type SendMailStep } from '../../../src/plugin-kit/steps';

/** Sends a plain-text message through the SMTP server of Settings; answers whom it went to. */
export default defineStep<SendMailStep>({
  type: 'sendMail',
  timings: ['after'],
  async run(step, context) {
    const message = { to: await context.render(step.to), subject: await context.render(step.subject), text: await context.render(step.text) };
    if (!message.to.trim()) throw new Error(`The address '${step.to}' came out empty`);
    await context.mail(message);
    return { to: message.to };
  },
});
