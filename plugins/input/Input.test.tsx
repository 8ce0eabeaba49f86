import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputColumn } from '../../src/plugin-kit';
import { renderField } from '../../src/plugin-kit/testing';
import { buttonTarget } from './Input';

/** `hasbutton` (schemas/common.json, docs/contracts.md): a button beside a url, e-mail or phone field that opens its target. */
const site: InputColumn = { childType: 'Input', width: 6, name: 'site', label: 'Web site', showlabelchecked: true, fieldtype: 'url', hasbutton: true };

describe('the Input column with hasbutton', () => {
  it("opens a url field's address in a new window, following what is typed", () => {
    renderField(site, { site: 'https://example.com/shop' });
    const open = screen.getByRole('link', { name: 'Open Web site' });
    expect(open.getAttribute('href')).toBe('https://example.com/shop');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.change(screen.getByLabelText('Web site'), { target: { value: 'https://example.org' } });
    expect(screen.getByRole('link', { name: 'Open Web site' }).getAttribute('href')).toBe('https://example.org');
  });

  it('offers nothing to open while the address is empty or not http(s)', () => {
    renderField(site, { site: 'javascript:alert(1)' });
    expect(screen.queryByRole('link', { name: 'Open Web site' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Open Web site' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('writes to an e-mail field and calls a phone field', () => {
    expect(buttonTarget('email', ' ada@example.com ')).toBe('mailto:ada@example.com');
    expect(buttonTarget('tel', '+44 (20) 7946-0018')).toBe('tel:+442079460018');
    renderField({ ...site, name: 'mail', label: 'E-mail', fieldtype: 'email' }, { mail: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Write E-mail' }).getAttribute('href')).toBe('mailto:ada@example.com');
  });

  it('draws no button without hasbutton, or for a type with no target', () => {
    renderField({ ...site, hasbutton: false }, { site: 'https://example.com' });
    expect(screen.queryByRole('link')).toBeNull();
    renderField({ ...site, name: 'code', label: 'Code', fieldtype: 'text' }, { code: 'https://example.com' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /Code/ })).toBeNull();
  });
});
