import { describe, expect, it } from 'vitest';
import { scheduleWords, triggerWords } from '../../src/shared/automation-words.js';

/** An automation's trigger in words, as the /automations list says it (src/shared/automation-words.ts). */
describe('triggerWords', () => {
  it('says a record trigger by its timing, events, model and watched fields', () => {
    expect(triggerWords({ type: 'record', model: 'Loan', on: ['update'] })).toBe('After a Loan is updated');
    expect(triggerWords({ type: 'record', model: 'Order', on: ['delete', 'insert'] })).toBe('After an Order is added or deleted');
    expect(triggerWords({ type: 'record', model: 'Loan', on: ['insert', 'update', 'delete'] })).toBe('After a Loan is added, updated or deleted');
    expect(triggerWords({ type: 'record', model: 'Loan', on: ['insert', 'update'], timing: 'before' })).toBe('Before a Loan is added or updated');
    expect(triggerWords({ type: 'record', model: 'Loan', on: ['update'], fields: ['returned', 'due'] })).toBe('After a Loan is updated (returned or due changed)');
    expect(triggerWords({ type: 'record', model: 'Loan', on: ['insert'], fields: ['returned'] })).toBe('After a Loan is added');
  });

  it('says a schedule in words with its cron text', () => {
    expect(triggerWords({ type: 'schedule', cron: '0 8 * * *' })).toBe('Every day at 08:00 (cron 0 8 * * *)');
    expect(triggerWords({ type: 'schedule', cron: ' 0  8 * * * ' })).toBe('Every day at 08:00 (cron 0 8 * * *)');
    expect(triggerWords({ type: 'schedule', cron: '0 0 L * *' })).toBe('On a schedule (cron 0 0 L * *)');
  });

  it('says a button with its model and label, and a webhook', () => {
    expect(triggerWords({ type: 'button', model: 'Book' })).toBe('Button on Book');
    expect(triggerWords({ type: 'button', model: 'Book', label: 'Mark returned' })).toBe('Button "Mark returned" on Book');
    expect(triggerWords({ type: 'webhook' })).toBe('Webhook');
    expect(triggerWords({ type: 'webhook', signed: true })).toBe('Webhook (signed)');
    expect(triggerWords(null)).toBe('Unknown trigger');
  });
});

describe('scheduleWords', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/10 * * * *', 'Every 10 minutes'],
    ['5 * * * *', 'Every hour at :05'],
    ['30 6 * * *', 'Every day at 06:30'],
    ['0 8 * * 1', 'Every Monday at 08:00'],
    ['0 8 * * 1-5', 'Every Monday to Friday at 08:00'],
    ['0 8 * * sat,SUN', 'Every Saturday and Sunday at 08:00'],
    ['0 8 * * 7', 'Every Sunday at 08:00'],
    ['0 9 1 * *', 'Every month on day 1 at 09:00'],
    ['0 9 1 1 *', 'On a schedule'],
    ['0 9 * * 5-1', 'On a schedule'],
    ['0 8-17 * * *', 'On a schedule'],
    ['0 8 * *', 'On a schedule'],
  ])('%s is "%s"', (cron, words) => {
    expect(scheduleWords(cron)).toBe(words);
  });
});
