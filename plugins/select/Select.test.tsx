import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hardCodedOptions, pairsToOptions } from './options';
import type { SelectColumn } from '../../src/plugin-kit';
import { setFieldValue, mockApi as server, renderField } from '../../src/plugin-kit/testing';


const renderColumn = renderField;

function optionTexts(select: HTMLElement): string[] {
  return [...(select as HTMLSelectElement).options].map((o) => o.text);
}

const status: SelectColumn = { childType: 'Select', width: 0, name: 'status', label: 'Status', selecttype: '1', keys: 'A\nI', values: 'Active\nInactive' };

describe('the hard coded Select column', () => {
  it('pairs keys and values by line: the key is the option value, the value its text', () => {
    renderColumn(status, { status: '' });
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(optionTexts(select)).toEqual(['', 'Active', 'Inactive']);
    expect([...select.options].map((o) => o.value)).toEqual(['', 'A', 'I']);
  });

  it('writes the chosen key into the field and, where it is required, drops the empty choice once one is set', () => {
    const rt = renderColumn({ ...status, required: true }, { status: '' });
    fireEvent.change(screen.getByLabelText(/Status/), { target: { value: 'I' } });
    expect(rt.store.getState().values.status).toBe('I');
    expect(optionTexts(screen.getByLabelText(/Status/))).toEqual(['Active', 'Inactive']);
  });

  it('keeps the empty choice where the field is not required, so a pick can be taken back', () => {
    const rt = renderColumn(status, { status: 'A' });
    expect(optionTexts(screen.getByLabelText('Status'))).toEqual(['', 'Active', 'Inactive']);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    expect(rt.store.getState().values.status).toBe('');
  });

  it("shows a disabled 'Not Defined' select when it has no keys", () => {
    renderColumn({ childType: 'Select', width: 0, name: 'status', label: 'Status' });
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(optionTexts(select)).toEqual(['Not Defined']);
  });

  it('shows a stored value missing from the list rather than silently another option', () => {
    renderColumn(status, { status: 'X' });
    const select = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(select.value).toBe('X');
  });

  it('reads keys and values written with Windows line ends and a trailing newline', () => {
    expect(hardCodedOptions('A\r\nI\r\n', 'Active\r\nInactive')).toEqual([
      { key: 'A', value: 'A', label: 'Active' },
      { key: 'I', value: 'I', label: 'Inactive' },
    ]);
    expect(hardCodedOptions('A\nB', 'Alpha')).toEqual([
      { key: 'A', value: 'A', label: 'Alpha' },
      { key: 'B', value: 'B', label: 'B' },
    ]);
  });
});

const cities: SelectColumn = { childType: 'Select', width: 0, name: 'city', label: 'City', selecttype: '2', url: '/select/cities/:country' };

describe('the dynamic Select column', () => {
  it("shows 'Loading data' while the data url answers, then its [value, label] pairs", async () => {
    server.use(
      http.get('/api/select/cities/NL', async () => {
        await delay(200);
        return HttpResponse.json([
          [1, 'Amsterdam'],
          [2, 'Utrecht'],
        ]);
      }),
    );
    renderColumn(cities, { country: 'NL', city: '' });
    const loading = screen.getByLabelText('City') as HTMLSelectElement;
    expect(optionTexts(loading)).toEqual(['Loading data']);
    expect(loading.disabled).toBe(true);
    await waitFor(() => expect(optionTexts(screen.getByLabelText('City'))).toEqual(['', 'Amsterdam', 'Utrecht']));
    expect((screen.getByLabelText('City') as HTMLSelectElement).disabled).toBe(false);
  });

  it('stores the value as the server typed it, so a numeric id stays a number', async () => {
    server.use(http.get('/api/select/cities/NL', () => HttpResponse.json([[7, 'Leiden']])));
    const rt = renderColumn(cities, { country: 'NL', city: '' });
    await screen.findByText('Leiden');
    fireEvent.change(screen.getByLabelText('City'), { target: { value: '7' } });
    expect(rt.store.getState().values.city).toBe(7);
    expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('7');
  });

  it('shows the server error text when the data url fails', async () => {
    server.use(http.get('/api/select/cities/NL', () => HttpResponse.json({ error: 'Table cities does not exist' }, { status: 500 })));
    renderColumn(cities, { country: 'NL' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Table cities does not exist');
    expect(alert.className).toContain('invalid-feedback d-block');
  });

  it('does not call the data url while a placeholder field is empty, then fills it from the form', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/select/cities/:country', ({ params }) => {
        asked.push(String(params.country));
        return HttpResponse.json([[1, `City of ${String(params.country)}`]]);
      }),
    );
    const rt = renderColumn(cities, { country: '', city: '' });
    expect(optionTexts(screen.getByLabelText('City'))).toEqual(['']);
    await act(() => delay(50));
    expect(asked).toEqual([]);

    act(() => setFieldValue(rt.store, 'country', 'N L'));
    await screen.findByText('City of N L');
    // The value is URI-encoded into the path, so it cannot add path segments.
    expect(asked).toEqual(['N L']);

    act(() => setFieldValue(rt.store, 'country', 'BE'));
    await screen.findByText('City of BE');
    expect(asked).toEqual(['N L', 'BE']);
  });

  it("never calls the data url when a value is '.' or '..', and shows no options as for a missing value", async () => {
    // A record with city '..' and name 'logout' once made /select/:city/:name call /api/logout.
    const asked: string[] = [];
    const listen = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', listen);
    server.use(http.get('/api/select/:city/:name', () => HttpResponse.json([[1, 'Somewhere']])));
    try {
      const walker: SelectColumn = { ...cities, url: '/select/:town/:name' };
      for (const town of ['..', '.']) {
        renderColumn(walker, { town, name: 'logout', city: '' });
        await act(() => delay(50));
        const select = screen.getByLabelText('City') as HTMLSelectElement;
        expect(optionTexts(select)).toEqual(['']);
        expect(screen.queryByRole('alert')).toBeNull();
        cleanup();
      }
      expect(asked).toEqual([]);
    } finally {
      server.events.removeListener('request:start', listen);
    }
  });

  it('is not woken by fields its url does not name', async () => {
    let calls = 0;
    server.use(
      http.get('/api/select/cities/NL', () => {
        calls += 1;
        return HttpResponse.json([[1, 'Amsterdam']]);
      }),
    );
    const rt = renderColumn(cities, { country: 'NL', city: '', other: '' });
    await screen.findByText('Amsterdam');
    act(() => setFieldValue(rt.store, 'other', 'typed'));
    await act(() => delay(50));
    expect(calls).toBe(1);
  });

  it('reads only lists of pairs as options', () => {
    expect(pairsToOptions([[1, 'One'], ['b']])).toEqual([
      { key: '1', value: 1, label: 'One' },
      { key: 'b', value: 'b', label: 'b' },
    ]);
    expect(pairsToOptions({ rows: [] })).toBeUndefined();
    expect(pairsToOptions([1, 2])).toBeUndefined();
  });
});
