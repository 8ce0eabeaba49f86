import { describe, expect, it } from 'vitest';
import { automationProblems, withWebhookToken, type AutomationWorld } from '../../src/server/definitions/automation-check.js';
import type { ModelDefinition } from '../../src/server/records/model-types.js';

/**
 * The automation check's own rules over a world held in memory (the API suite runs them through
 * the server on both databases): pointers into nested steps, and the webhook token a save keeps.
 */
const MODELS: ModelDefinition[] = [
  { name: 'Book', fields: [{ name: 'title', type: 'text', label: 'Title' }, { name: 'authors', type: 'link', target: 'Author', through: 'BookAuthor', label: 'Authors' }] },
  { name: 'Form', system: true, fields: [{ name: 'name', type: 'text', label: 'Name' }] },
];
const world: AutomationWorld = {
  model: (name) => MODELS.find((m) => m.name === name),
  modelNames: () => MODELS.map((m) => m.name),
  form: async (name) => (name === 'book' ? { name: 'book', model: 'Book', definition: [{ cols: [{ childType: 'Input', name: 'title' }, { childType: 'DualList', name: 'authors' }] }] } : undefined),
  userExists: async (name) => name.toLowerCase() === 'admin',
};

describe('automationProblems', () => {
  it('points into steps nested in a loop and a condition, and names a link field for what it is', async () => {
    const doc = {
      name: 'x',
      trigger: { type: 'button', model: 'Book' },
      runAs: 'ADMIN',
      steps: [
        {
          type: 'loop',
          model: 'Book',
          steps: [{ type: 'condition', match: { and: [] }, then: [{ type: 'updateRecord', form: 'book', id: '{{item.id}}', values: { title: 'x', authors: '1' } }], else: [{ type: 'refuse', message: 'no' }] }],
        },
      ],
    };
    expect(await automationProblems(doc, world)).toEqual([
      { pointer: '/steps/0/steps/0/then/0/values/authors', message: "'authors' is a link: a step's values are single values, and the form saves its links from a list" },
      { pointer: '/steps/0/steps/0/else/0/type', message: "'refuse' acts on the record being written: it runs only in a before-trigger (a record trigger with timing 'before')" },
    ]);
  });

  it('finds nothing wrong in an automation that can run', async () => {
    expect(await automationProblems({ name: 'ok', trigger: { type: 'record', model: 'Book', on: ['update'], fields: ['title'] }, steps: [] }, world)).toEqual([]);
  });
});

describe('withWebhookToken', () => {
  const hook = { name: 'h', trigger: { type: 'webhook' }, runAs: 'admin', steps: [] };

  it('makes a token for a webhook that has none, and keeps a stored one', () => {
    const made = withWebhookToken(hook) as { trigger: { token: string } };
    expect(made.trigger.token).toMatch(/^[0-9a-f]{32}$/);
    expect((withWebhookToken(hook) as { trigger: { token: string } }).trigger.token).not.toBe(made.trigger.token);
    const stored = { ...hook, trigger: { type: 'webhook', token: 'a'.repeat(32) } };
    expect(withWebhookToken(hook, stored)).toEqual(stored);
    expect(hook.trigger).toEqual({ type: 'webhook' });
  });

  it("keeps the document's own token, and leaves other triggers alone", () => {
    const own = { ...hook, trigger: { type: 'webhook', token: 'b'.repeat(32) } };
    expect(withWebhookToken(own, { trigger: { type: 'webhook', token: 'a'.repeat(32) } })).toBe(own);
    const button = { name: 'b', trigger: { type: 'button', model: 'Book' }, steps: [] };
    expect(withWebhookToken(button, { trigger: { type: 'webhook', token: 'a'.repeat(32) } })).toBe(button);
  });
});
