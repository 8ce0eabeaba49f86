import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RatingColumn } from '../../src/plugin-kit';
import { checkForm, initialValues, renderColumns, renderField } from '../../src/plugin-kit/testing';

const rating: RatingColumn = { childType: 'Rating', width: 0, name: 'rating', label: 'Rating', showlabelchecked: true, stars: 5 };
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('the Rating column', () => {
  it('is a radio group named by its label, one radio per star', () => {
    renderField(rating);
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(radio('1 star')).toBeTruthy();
    expect(radio('5 stars')).toBeTruthy();
  });

  it('offers as many stars as the column says', () => {
    renderField({ ...rating, stars: 10 });
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(radio('10 stars')).toBeTruthy();
  });

  it('stores the chosen number of stars as a number and fills the stars up to it', () => {
    const rt = renderField(rating, { rating: '' });
    fireEvent.click(radio('4 stars'));
    expect(rt.store.getState().values.rating).toBe(4);
    expect(radio('4 stars').checked).toBe(true);
    const filled = screen.getAllByRole('radio').map((r) => r.nextElementSibling?.classList.contains('filled'));
    expect(filled).toEqual([true, true, true, true, false]);
  });

  it('shows a stored number as checked', () => {
    renderField(rating, { rating: 3 });
    expect(radio('3 stars').checked).toBe(true);
  });

  it('shows a stored text value as checked too', () => {
    renderField({ ...rating, name: 'a' }, { a: '3' });
    expect(radio('3 stars').checked).toBe(true);
  });

  it('shows nothing checked for a null value', () => {
    renderField(rating, { rating: null });
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('keeps its name for screen readers when the label is hidden', () => {
    renderField({ ...rating, showlabelchecked: false });
    expect(screen.getByRole('radiogroup', { name: 'Rating' })).toBeTruthy();
    expect(screen.getByText('Rating').classList.contains('visually-hidden')).toBe(true);
  });

  it('is emptied by Clear rating, which is there only when rated', () => {
    const rt = renderField(rating, { rating: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear rating' }));
    expect(rt.store.getState().values.rating).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear rating' })).toBeNull();
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('hands focus to the first star when Clear rating goes, so a keyboard user keeps their place', () => {
    renderField(rating, { rating: 2 });
    const clear = screen.getByRole('button', { name: 'Clear rating' });
    clear.focus();
    fireEvent.click(clear);
    expect(document.activeElement).toBe(radio('1 star'));
  });

  it('shows its stars inert on a designer canvas', () => {
    renderColumns([rating], { mode: 'design', values: { rating: 3 } });
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Clear rating' })).toBeNull();
  });

  it('cannot be changed while a record is being deleted or the form is read only', () => {
    renderColumns([rating], { mode: 'delete', readOnly: true, values: { rating: 2 } });
    expect(radio('2 stars').disabled).toBe(true);
    expect(radio('2 stars').checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Clear rating' })).toBeNull();
  });

  it('starts empty, or at its default number of stars', () => {
    expect(initialValues([{ cols: [rating] }])).toEqual({ rating: '' });
    expect(initialValues([{ cols: [{ ...rating, hasdefault: true, default: '3' }] }])).toEqual({ rating: 3 });
  });

  it('says a required rating is missing, with the generic validator message', () => {
    const column = { ...rating, required: true };
    const rt = renderField(column, { rating: '' });
    let ok = true;
    act(() => {
      ok = checkForm(rt.store, [{ cols: [column] }]);
    });
    expect(ok).toBe(false);
    expect(screen.getByText('Rating is a required field')).toBeTruthy();
    expect(screen.getByRole('radiogroup').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(radio('1 star'));
    expect(screen.queryByText('Rating is a required field')).toBeNull();
  });

  it('checks a minimum number of stars numerically, with the generic validator message', () => {
    const column = { ...rating, minchecked: true, min: 2 };
    const rt = renderField(column, { rating: 1 });
    act(() => {
      checkForm(rt.store, [{ cols: [column] }]);
    });
    expect(screen.getByText('Rating is less than 2')).toBeTruthy();
    fireEvent.click(radio('2 stars'));
    expect(screen.queryByText('Rating is less than 2')).toBeNull();
  });
});
