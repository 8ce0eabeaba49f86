import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { forwardRef, useEffect, useImperativeHandle, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RawEditorScreen } from '../../src/app/screens/RawEditorScreen';
import type { RawJsonEditorHandle, RawJsonEditorProps } from '../../src/app/screens/raw/RawJsonEditor';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

/**
 * The raw JSON editor of an automation (/automationdesignerraw/:action/:id): it saves through the
 * definitions API (no built-in form edits automations), shows the document the server saved (a
 * webhook's token included), and leads to the automation designer by name.
 */
// CodeMirror's JSON-schema extension does not load under Node's module resolution: the editor is a
// text area here (the browser suite drives the real one, tests/browser/raw-editor.test.ts).
vi.mock('../../src/app/screens/raw/RawJsonEditor', () => ({
  default: forwardRef<RawJsonEditorHandle, RawJsonEditorProps>(function TextEditor({ initial, label, onChange }, ref) {
    const [value, setValue] = useState(initial);
    useEffect(() => setValue(initial), [initial]);
    useImperativeHandle(ref, () => ({ replace: (text: string) => setValue(text), reveal: () => undefined, focus: () => undefined }), []);
    return (
      <textarea
        aria-label={label}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          onChange(e.target.value);
        }}
      />
    );
  }),
}));

const TOKEN = '0123456789abcdef0123456789abcdef';
const STORED = { id: 'a1', version: 4, name: 'member_joined', title: 'Member joined', trigger: { type: 'webhook' }, runAs: 'admin', steps: [] };

let bodies: { method: string; url: string; body: Record<string, unknown> }[];

beforeEach(() => {
  bodies = [];
  server.use(
    http.get('/api/definitions/automation/a1', () => HttpResponse.json(STORED)),
    http.get('/api/definitions/automation/a1/versions', () => HttpResponse.json([])),
    http.put('/api/definitions/automation/a1', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'PUT', url: request.url, body });
      if (body.version !== 4) return HttpResponse.json({ error: 'Changed by someone else', code: 'STALE_VERSION' }, { status: 409 });
      const { version: _v, ...rest } = body;
      return HttpResponse.json({ ...rest, id: 'a1', version: 5, trigger: { type: 'webhook', token: TOKEN } });
    }),
    http.post('/api/definitions/automation', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push({ method: 'POST', url: request.url, body });
      return HttpResponse.json({ error: 'The automation cannot run as it is', code: 'INVALID', details: [{ pointer: '/trigger/model', message: "there is no model 'User'" }] }, { status: 400 });
    }),
  );
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/automationdesignerraw/:action/:id" element={<RawEditorScreen kind="automation" />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const text = () => (screen.queryByRole('textbox', { name: 'Automation definition JSON' }) as HTMLTextAreaElement | null)?.value ?? '';

describe('the raw editor of an automation', () => {
  it('saves through PUT /api/definitions/automation/{id} at the version read, and shows what the server saved', async () => {
    open('/automationdesignerraw/edit/a1');
    await screen.findByRole('heading', { name: 'Automation JSON: member_joined' });
    await waitFor(() => expect(text()).toContain('"member_joined"'));
    expect(text()).not.toContain('"version"');
    expect(screen.getByRole('link', { name: 'Visual designer' }).getAttribute('href')).toBe('/automationdesigner/edit/member_joined');
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/automations');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(bodies).toEqual([{ method: 'PUT', url: expect.stringContaining('/api/definitions/automation/a1'), body: { name: 'member_joined', title: 'Member joined', trigger: { type: 'webhook' }, runAs: 'admin', steps: [], version: 4 } }]);
    await waitFor(() => expect(text()).toContain(TOKEN));
    expect(screen.queryByText('● Unsaved changes')).toBeNull();
  });

  it("starts a new one valid as it stands, POSTs it, and lists the server's refusals by pointer", async () => {
    open('/automationdesignerraw/add/0');
    await screen.findByRole('heading', { name: 'Automation JSON (new)' });
    await waitFor(() => expect(text()).toContain('"new_automation"'));
    expect(screen.getByText('No problems: the definition is valid.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText("there is no model 'User'");
    expect(bodies.map((b) => [b.method, b.body])).toEqual([['POST', { name: 'new_automation', title: 'New automation', trigger: { type: 'button', model: 'User' }, steps: [] }]]);
    expect(screen.getByText('/trigger/model')).toBeDefined();
    expect(screen.getByTestId('where').textContent).toBe('/automationdesignerraw/add/0');
  });
});
