import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Answer, type TestApp } from '../support/test-app.js';

/**
 * A caller who may not use a definition learns nothing from its flags: a read-only form, or one
 * that hides Delete, answers a stranger exactly as a form that does not exist (src/server/http/
 * permissions.ts). Before, an anonymous DELETE answered 403 "read only" for an existing form and
 * 401 for a missing one, so anyone could list the forms. The same holds for the dual lists'
 * `/api/link/{Model}/{field}/{id}`: a signed-in user without a form that shows the list gets one
 * answer whether the model or the field exists or not.
 */
let t: TestApp;
let userToken: string;

const GROUP_FIELDS = [{ cols: [{ childType: 'Input', width: 12, name: 'name', label: 'Name', fieldtype: 'text' }] }];

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.setup();
  ({ token: userToken } = await t.user('stranger'));
  for (const body of [
    { name: 'ro_form', title: 'Read only', model: 'Group', readOnly: true, definition: GROUP_FIELDS },
    { name: 'nodel_form', title: 'No delete', model: 'Group', hideDelete: true, definition: GROUP_FIELDS },
    // Public: anyone may read it and add through it, never delete through it.
    { name: 'public_ro_form', title: 'Public, read only', model: 'Group', readOnly: true, access: { public: true }, definition: GROUP_FIELDS },
  ]) {
    const res = await t.call('POST', '/api/definitions/form', { token: admin, body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  }
});
afterAll(async () => {
  await t.close();
});

/** What a caller can compare between two answers: the name asked for is the only difference allowed. */
function shape(answer: Answer, name: string): { status: number; body: string } {
  return { status: answer.status, body: JSON.stringify(answer.body).split(name).join('<name>') };
}

const WRITES = [
  ['POST', (name: string) => `/api/form/${name}/add`, { name: 'X' }],
  ['POST', (name: string) => `/api/form/${name}/update/1`, { name: 'X', _version: 1 }],
  ['DELETE', (name: string) => `/api/form/${name}/delete/1`, undefined],
] as const;

describe('a form the caller may not use', () => {
  for (const caller of ['anonymous', 'signed in without a grant'] as const) {
    it(`answers ${caller === 'anonymous' ? '401' : '403'} to a ${caller} caller whether it is read only, hides Delete or does not exist`, async () => {
      const token = caller === 'anonymous' ? undefined : userToken;
      for (const [method, url, body] of WRITES) {
        const missing = shape(await t.call(method, url('no_such_form'), { token, body }), 'no_such_form');
        expect(missing.status).toBe(caller === 'anonymous' ? 401 : 403);
        for (const name of ['ro_form', 'nodel_form']) {
          expect(shape(await t.call(method, url(name), { token, body }), name), `${method} ${url(name)}`).toEqual(missing);
        }
      }
    });
  }

  it('answers a public read-only form as a missing one for what public does not grant (delete, update)', async () => {
    for (const [method, url, body] of WRITES.slice(1)) {
      for (const token of [undefined, userToken]) {
        const missing = shape(await t.call(method, url('no_such_form'), { token, body }), 'no_such_form');
        expect(shape(await t.call(method, url('public_ro_form'), { token, body }), 'public_ro_form')).toEqual(missing);
      }
    }
  });

  it('still tells a caller who may use the form that it is read only or keeps its records', async () => {
    const admin = t.adminToken ?? '';
    const ro = await t.call('POST', '/api/form/ro_form/add', { token: admin, body: { name: 'X' } });
    expect(ro.status).toBe(403);
    expect(ro.body).toMatchObject({ error: "The form 'ro_form' is read only" });
    // Anyone may add through a public form, so learning that it is read only tells them nothing new.
    expect((await t.call('POST', '/api/form/public_ro_form/add', { body: { name: 'X' } })).body).toMatchObject({ error: "The form 'public_ro_form' is read only" });
    const nodel = await t.call('DELETE', '/api/form/nodel_form/delete/1', { token: admin });
    expect(nodel.body).toMatchObject({ error: "The form 'nodel_form' does not allow deleting" });
  });
});

describe('a dual list the caller may not use', () => {
  it('answers a signed-in user alike for a missing model, a field that is no link and a link no form of theirs shows', async () => {
    const urls = ['/api/link/NoSuchModel/groups/1', '/api/link/User/nosuchfield/1', '/api/link/User/email/1', '/api/link/User/groups/1'];
    for (const method of ['GET', 'POST'] as const) {
      const body = method === 'POST' ? [] : undefined;
      const answers = await Promise.all(urls.map(async (url) => {
        const answer = await t.call(method, url, { token: userToken, body });
        return { status: answer.status, body: JSON.stringify(answer.body).replace(/\/link\/[^']*/, '/link/<list>') };
      }));
      expect(answers[0]?.status).toBe(403);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
  });

  it('still tells an administrator what is missing or wrong', async () => {
    const admin = t.adminToken ?? '';
    expect((await t.call('GET', '/api/link/NoSuchModel/groups/1', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/link/User/email/1', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/link/User/groups/1', { token: admin })).status).toBe(200);
  });
});
