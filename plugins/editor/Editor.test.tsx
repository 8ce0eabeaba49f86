import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedHtml } from './RichText';
import type { EditorColumn } from '../../src/plugin-kit';
import { setFieldValue, renderField } from '../../src/plugin-kit/testing';


const renderColumn = renderField;

// jsdom has no layout, and ProseMirror measures the caret (a Range) to scroll it into view.
beforeAll(() => {
  if (!('getClientRects' in Range.prototype)) {
    const rect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
    Object.assign(Range.prototype, { getClientRects: () => [], getBoundingClientRect: () => rect });
  }
});

const body: EditorColumn = { childType: 'Editor', width: 12, name: 'body', label: 'Body' };

describe('the Editor column', () => {
  it("shows its label and 'Loading...' while the editor chunk loads", async () => {
    renderColumn(body, { body: '' });
    expect(screen.getByText('Body').tagName).toBe('LABEL');
    expect(screen.getByText('Loading...')).toBeTruthy();
    // Let the lazy chunk settle so it does not update after the test ends.
    await screen.findByRole('textbox');
  });

  it('mounts TipTap as a textbox named by the field label, showing the stored HTML', async () => {
    renderColumn(body, { body: '<p>Hello <strong>world</strong></p>' });
    const box = await screen.findByRole('textbox');
    expect(screen.getByLabelText('Body')).toBe(box);
    expect(box.getAttribute('contenteditable')).toBe('true');
    expect(box.innerHTML).toContain('<strong>world</strong>');
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('has a toolbar of real, named buttons', async () => {
    renderColumn(body, { body: '' });
    await screen.findByRole('textbox');
    for (const name of ['Bold', 'Italic', 'Bullet list', 'Numbered list']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('type')).toBe('button');
      expect(button.getAttribute('aria-pressed')).toBe('false');
    }
  });

  it('writes the new HTML into the field when the toolbar changes the content', async () => {
    const rt = renderColumn(body, { body: '<p>Plain</p>' });
    await screen.findByRole('textbox');
    // jsdom cannot type into a contenteditable; a list toggle changes the document without
    // needing a selection, and goes through the same update path as a keystroke.
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    // StarterKit's trailing-node rule may add an empty paragraph after the list.
    await waitFor(() => expect(String(rt.store.getState().values.body)).toMatch(/^<ol><li><p>Plain<\/p><\/li><\/ol>/));
    expect(screen.getByRole('button', { name: 'Numbered list' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('takes a value set from outside, as when the record arrives after the editor mounted', async () => {
    const rt = renderColumn(body, { body: '' });
    const box = await screen.findByRole('textbox');
    act(() => setFieldValue(rt.store, 'body', '<p>Loaded</p>'));
    await waitFor(() => expect(box.textContent).toBe('Loaded'));
  });

  it('is not editable when the form is read only', async () => {
    renderColumn(body, { body: '<p>Fixed</p>' }, { readOnly: true });
    const box = await screen.findByRole('textbox');
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect((screen.getByRole('button', { name: 'Bold' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stores sanitised HTML, and an empty editor as an empty string', () => {
    expect(storedHtml({ isEmpty: true, getHTML: () => '<p></p>' })).toBe('');
    expect(storedHtml({ isEmpty: false, getHTML: () => '<p>a<img src=x onerror="alert(1)"></p>' })).toBe('<p>a<img src="x"></p>');
    expect(storedHtml({ isEmpty: false, getHTML: () => '<p>a</p><script>alert(1)</script>' })).toBe('<p>a</p>');
  });
});
