import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../src/generated/definitions';
import type { Definition } from '../../src/server/definitions/definitions';
import { FormRoute } from '../../src/app/screens/FormScreen';
import { grantPermit } from '../../src/server/http/grants';
import { formAsShown } from '../../src/server/routes/form-as-shown';
import { server } from '../support/msw';
import { render } from '../support/render-in-host';

/**
 * The form screen with a caller's grants (src/server/routes/form-as-shown.ts builds the answer
 * the server gives a Clerk): `email` hidden, `status` read only. The screen shows no e-mail
 * input, status disabled with its value, and Save sends neither, so the server takes it.
 */
const stored = {
  id: 'c'.repeat(32),
  name: 'contact',
  title: 'Contact',
  model: 'Contact',
  definition: [
    {
      cols: [
        { childType: 'Input', width: 4, name: 'name', label: 'Name', fieldtype: 'text', required: true },
        { childType: 'Input', width: 4, name: 'email', label: 'E-mail', fieldtype: 'email' },
        { childType: 'Input', width: 4, name: 'status', label: 'Status', fieldtype: 'text', required: true },
      ],
    },
  ],
} satisfies FormDefinition;
const grants = [{ group: 'Clerks', actions: ['read', 'update'] as const, fields: { email: 'hidden' as const, status: 'readonly' as const } }];

function asClerkSees(): Record<string, unknown> {
  const permit = grantPermit([{ ...grants[0]!, actions: [...grants[0]!.actions] }], new Set(['Clerks']), 'open');
  if (!permit) throw new Error('the grant lets Clerks open the form');
  const shown = formAsShown(stored as unknown as Definition, 'Contact', permit, undefined);
  return { ...shown.form, readOnlyFields: shown.readOnlyFields } as Record<string, unknown>;
}

describe('the form screen with a grant', () => {
  it('shows no hidden input, the read-only one disabled, and saves without either', async () => {
    const asked: string[] = [];
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/form/contact/definition', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(asClerkSees());
      }),
      // The data answer leaves the hidden field out, as the server does.
      http.get('*/api/form/contact/data/5', () => HttpResponse.json({ id: 5, name: 'Ada', status: 'won', _version: 3 })),
      http.post('*/api/form/contact/update/5', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if ('email' in body || ('status' in body && body.status !== 'won')) return HttpResponse.json({ error: 'You may not change it' }, { status: 403 });
        return HttpResponse.json({ success: true, id: 5, _version: 4 });
      }),
    );
    render(
      <MemoryRouter initialEntries={['/form/contact/edit/5']}>
        <Routes>
          <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    const status = (await screen.findByLabelText(/Status/)) as HTMLInputElement;
    expect(asked).toEqual(['?mode=edit']);
    expect(status.disabled).toBe(true);
    expect(status.value).toBe('won');
    expect(screen.queryByLabelText(/E-mail/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Ada L' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ name: 'Ada L', _version: 3 });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('saves as new without the fields locked on add, whatever the edit locks are', async () => {
    // Clerks update with status read only; Adders add with region preset (locked on add) and status free.
    const twoGrants = [
      { group: 'Clerks', actions: ['read', 'update'] as ('read' | 'update' | 'add')[], fields: { status: 'readonly' as const } },
      { group: 'Clerks', actions: ['add'] as ('read' | 'update' | 'add')[], presets: { region: 'North' } },
    ];
    const regional = { ...stored, definition: [{ cols: [...stored.definition[0]!.cols, { childType: 'Input', width: 4, name: 'region', label: 'Region', fieldtype: 'text' }] }] };
    const shownAs = (mode: string) => {
      const groups = new Set(['Clerks']);
      const open = grantPermit(twoGrants, groups, 'open');
      const add = grantPermit(twoGrants, groups, 'add');
      if (!open || !add) throw new Error('the grants let Clerks open and add');
      const shown = formAsShown(regional as unknown as Definition, 'Contact', open, undefined, mode === 'add' ? { permit: add, presetLiterals: { region: 'North' } } : undefined);
      return { ...shown.form, readOnlyFields: shown.readOnlyFields };
    };
    const asked: string[] = [];
    const added: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/form/contact/definition', ({ request }) => {
        const mode = new URL(request.url).searchParams.get('mode') ?? 'edit';
        asked.push(mode);
        return HttpResponse.json(shownAs(mode));
      }),
      http.get('*/api/form/contact/data/5', () => HttpResponse.json({ id: 5, name: 'Ada', email: 'a@x.org', status: 'won', region: 'South', _version: 3 })),
      http.post('*/api/form/contact/add', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        added.push(body);
        if ('region' in body) return HttpResponse.json({ error: 'You may not set region' }, { status: 403 });
        return HttpResponse.json({ success: true, id: 6, _version: 1 });
      }),
    );
    render(
      <MemoryRouter initialEntries={['/form/contact/edit/5']}>
        <Routes>
          <Route path="/form/:name/:action/:id" element={<FormRoute />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(((await screen.findByLabelText(/Status/)) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save as new' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(asked).toEqual(['edit', 'add']);
    // Status (locked on edit only) goes along; region (preset on add) is left to the server.
    expect(added[0]).toEqual({ name: 'Ada', email: 'a@x.org', status: 'won' });
  });
});
