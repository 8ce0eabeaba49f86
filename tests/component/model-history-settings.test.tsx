import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DesignerColumn as HostlessDesignerColumn } from '../../src/designer/ui/DesignerColumn';
import { formValues, renderInForm, testRuntime } from '../../src/plugin-kit/testing';
import type { DesignerColumnProps } from '../../src/runtime/host';
import { designerServices } from '../support/designer-services';
import { server } from '../support/msw';

const DesignerColumn = (props: DesignerColumnProps) => <HostlessDesignerColumn {...props} services={designerServices} />;

/**
 * The model designer's History section (docs/history.md, "Settings of a model") as an admin uses
 * it: the switch, the days kept, the fields kept out (passwords and links not offered), each edit
 * an undo step of the designer, and the model's own fields followed as they are renamed and removed.
 */
beforeEach(() => {
  server.use(
    http.get('*/api/models', () => HttpResponse.json(['Account', 'Tag'])),
    http.get('*/api/models/:name', () => HttpResponse.json([])),
    http.get('*/api/definitions/model/:name', ({ params }) => HttpResponse.json({ name: String(params.name), fields: [] })),
  );
});

const account = (extra: Record<string, unknown> = {}) => ({
  id: 'm1',
  version: 1,
  name: 'Account',
  title: 'Accounts',
  fields: [
    { name: 'owner', type: 'text', label: 'Owner' },
    { name: 'apiKey', type: 'text' },
    { name: 'secret', type: 'password' },
    { name: 'tags', type: 'link', target: 'Tag', through: 'AccountTag' },
  ],
  ...extra,
});

function renderModel(values: Record<string, unknown>) {
  const rt = testRuntime({ mode: 'edit', recordId: String(values.id), values });
  renderInForm(<DesignerColumn kind="model" idPrefix="d" title="Designer" />, rt);
  const section = () => screen.getByRole('region', { name: 'Record history' });
  return { section, history: () => formValues(rt.store).history };
}

const undo = () => fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
const redo = () => fireEvent.click(screen.getByRole('button', { name: /Redo/ }));

describe("the model designer's History section", () => {
  it('shows the defaults for a model without settings, offering every field but passwords and links', () => {
    const { section, history } = renderModel(account());
    const s = within(section());
    expect((s.getByRole('switch', { name: 'Keep a history of changes' }) as HTMLInputElement).checked).toBe(true);
    const days = s.getByLabelText('Keep for (days)') as HTMLInputElement;
    expect(days.value).toBe('');
    expect(days.placeholder).toBe('site default');
    const out = within(s.getByRole('group', { name: 'Keep values out of the history' }));
    expect(out.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Owner (owner)', 'apiKey']);
    expect(section().textContent).toContain('Passwords are never kept');
    expect(history()).toBeUndefined();
  });

  it('turns the history off and on, each one undo step, leaving no settings when back at the defaults', () => {
    const { section, history } = renderModel(account());
    const on = within(section()).getByRole('switch', { name: 'Keep a history of changes' }) as HTMLInputElement;
    fireEvent.click(on);
    expect(history()).toEqual({ off: true });
    expect(section().textContent).toContain('Nothing is recorded');
    // Nothing recorded: the fields kept out say nothing, and cannot be ticked.
    expect((within(section()).getByLabelText('apiKey') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(on);
    expect(history()).toBeUndefined();
    undo();
    expect(history()).toEqual({ off: true });
    expect(on.checked).toBe(false);
    undo();
    expect(history()).toBeUndefined();
    expect(on.checked).toBe(true);
    redo();
    expect(on.checked).toBe(false);
  });

  it('keeps the days typed as one step, empties to the default, and says what is not a whole positive number', () => {
    const { section, history } = renderModel(account({ history: { off: true } }));
    const days = within(section()).getByLabelText('Keep for (days)') as HTMLInputElement;
    fireEvent.change(days, { target: { value: '9' } });
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.blur(days);
    expect(history()).toEqual({ off: true, days: 90 });
    for (const wrong of ['0', '-3', '1.5', '40000']) {
      fireEvent.change(days, { target: { value: wrong } });
      expect(days.getAttribute('aria-invalid')).toBe('true');
      expect(section().textContent).toContain('A whole number of days, 1 to 36500');
    }
    fireEvent.change(days, { target: { value: '' } });
    fireEvent.blur(days);
    expect(days.getAttribute('aria-invalid')).toBeNull();
    expect(history()).toEqual({ off: true });
    // The burst of typing was one step, the wrong numbers and the emptying another.
    undo();
    expect(history()).toEqual({ off: true, days: 90 });
    expect(days.value).toBe('90');
    undo();
    expect(history()).toEqual({ off: true });
    expect(days.value).toBe('');
  });

  it('ticks fields to keep out, and undoes a tick', () => {
    const { section, history } = renderModel(account({ history: { days: 30 } }));
    const s = within(section());
    fireEvent.click(s.getByLabelText('apiKey'));
    fireEvent.click(s.getByLabelText('Owner (owner)'));
    expect(history()).toEqual({ days: 30, exclude: ['apiKey', 'owner'] });
    fireEvent.click(s.getByLabelText('apiKey'));
    expect(history()).toEqual({ days: 30, exclude: ['owner'] });
    undo();
    expect(history()).toEqual({ days: 30, exclude: ['apiKey', 'owner'] });
    expect((s.getByLabelText('apiKey') as HTMLInputElement).checked).toBe(true);
  });

  it('is shown but not editable for a system model, which the server records with the defaults', () => {
    const { section } = renderModel(account({ name: 'User', system: true }));
    expect(section().textContent).toContain('A system model is recorded with the defaults');
    expect((within(section()).getByRole('switch', { name: 'Keep a history of changes' }) as HTMLInputElement).matches(':disabled')).toBe(true);
    expect((within(section()).getByLabelText('Keep for (days)') as HTMLInputElement).matches(':disabled')).toBe(true);
  });

  it('follows a field renamed or removed on the canvas, and shows a name no field has so it can be taken out', () => {
    const { section, history } = renderModel(account({ history: { exclude: ['apiKey', 'gone'] } }));
    expect(within(section()).getByLabelText(/^gone/).closest('.form-check')?.textContent).toContain('not a field this list offers');
    const canvas = screen.getByRole('region', { name: /design area/ });
    fireEvent.click(within(canvas).getByRole('button', { name: /^apiKey/ }));
    const panel = screen.getByRole('heading', { name: 'Field 2' }).closest('section') as HTMLElement;
    fireEvent.change(within(panel).getByLabelText('Name', { exact: true }), { target: { value: 'token' } });
    expect(history()).toEqual({ exclude: ['token', 'gone'] });
    fireEvent.click(within(canvas).getByRole('button', { name: 'Remove field' }));
    expect(history()).toEqual({ exclude: ['gone'] });
    // Back on the model's panel, the stray name is ticked off and the settings go with it.
    fireEvent.click(within(section()).getByLabelText(/^gone/));
    expect(history()).toBeUndefined();
    undo();
    undo();
    expect(history()).toEqual({ exclude: ['token', 'gone'] });
  });
});
