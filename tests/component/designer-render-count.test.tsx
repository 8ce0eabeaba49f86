import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pageForm from '../../fixtures/forms/page.json' with { type: 'json' };
import { FormScreen } from '../../src/app/screens/FormScreen';
import type { ColumnPlugin, RenderProps } from '../../src/runtime/plugin';
import { InHost, testHost, testHostWith } from '../../src/plugin-kit/testing';
import { server } from '../support/msw';

/**
 * STYLE.md 4 for the designer, as the app opens it: /pagedesigner/edit/:id is the 'page' form
 * whose PageDesigner column is the designer. On a page of 200 Text blocks, typing into the
 * selected block's Text in the property panel renders that block (its frame and its plugin)
 * again and no other: the form around the designer, the other frames and the other blocks stay;
 * selecting another block redraws only the two frames whose selection changed.
 */
const BLOCKS = 200;
const TARGET = 101;

// A frame's renders, counted by its width handle (drawn by every render of the frame).
const frameRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/designer/ui/Resize', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/designer/ui/Resize')>();
  return {
    ...original,
    ResizeHandle: (props: Parameters<typeof original.ResizeHandle>[0]) => {
      const key = blockOf((props.column as { text?: string }).text);
      frameRenders.set(key, (frameRenders.get(key) ?? 0) + 1);
      return original.ResizeHandle(props);
    },
  };
});

/** 'Block 12' (and 'Block 12abc' once typed into) -> '12'. */
function blockOf(text: string | undefined): string {
  return /^Block (\d+)/.exec(text ?? '')?.[1] ?? `?${text ?? ''}`;
}

function pageRecord() {
  const definition: { cols: Record<string, unknown>[] }[] = [];
  for (let i = 0; i < BLOCKS; i += 4) {
    definition.push({ cols: [0, 1, 2, 3].map((j) => ({ childType: 'Text', width: 3, text: `Block ${i + j}` })) });
  }
  return { id: 'p1', version: 4, name: 'big', title: 'Big', definition, actions: [] };
}

const text = testHost.plugins.get('Text');
const input = testHost.plugins.get('Input');
afterEach(() => {
  frameRenders.clear();
});

describe('typing into a block of a 200-block page in the page designer, in its form', () => {
  it('re-renders the edited block and no other, nor the form around it', async () => {
    if (!text || !input) throw new Error('Text or Input plugin missing');
    // The host hands the form and the designer's canvas Text and Input plugins that count their renders.
    const blockRenders = new Map<string, number>();
    const Real = text.Render as ComponentType<RenderProps>;
    const countedText: ColumnPlugin = {
      ...text,
      Render: function Counted(props: RenderProps) {
        const key = blockOf((props.column as { text?: string }).text);
        blockRenders.set(key, (blockRenders.get(key) ?? 0) + 1);
        return <Real {...props} />;
      },
    };
    // The form's own fields (Name, Title), drawn outside the designer's canvas.
    let formFieldRenders = 0;
    const RealInput = input.Render as ComponentType<RenderProps>;
    const countedInput: ColumnPlugin = {
      ...input,
      Render: function CountedInput(props: RenderProps) {
        if (!props.id.includes('canvas')) formFieldRenders++;
        return <RealInput {...props} />;
      },
    };

    server.use(
      http.get('*/api/form/page/definition', () => HttpResponse.json(pageForm)),
      http.get('*/api/form/page/data/p1', () => HttpResponse.json(pageRecord())),
      http.get('*/api/definitions/page/p1/versions', () => HttpResponse.json([])),
      http.get('*/api/urls', () => HttpResponse.json([])),
      http.get('*/api/icons', () => HttpResponse.json([])),
      http.get('*/api/models', () => HttpResponse.json([])),
    );
    // As the app's /pagedesigner/edit/:id route draws it.
    render(
      <InHost host={testHostWith(countedText, countedInput)}>
        <MemoryRouter initialEntries={['/pagedesigner/edit/p1']}>
          <Routes>
            <Route path="/pagedesigner/:action/:id" element={<FormScreen name="page" action="edit" id="p1" />} />
          </Routes>
        </MemoryRouter>
      </InHost>,
    );
    const canvas = await screen.findByRole('region', { name: 'Page designer design area' }, { timeout: 10_000 });
    expect(blockRenders.size).toBe(BLOCKS);

    // By path: role queries over 200 frames are slow in jsdom, and the frames' roles are tested elsewhere.
    fireEvent.click(canvas.querySelector(`[data-dz-path="definition/${Math.floor(TARGET / 4)}/cols/${TARGET % 4}"] .dz-handle`)!);
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    // The block's property editors may still be loading on a busy machine (lazy chunks).
    const editors = await waitFor(() => within(panel).getAllByLabelText('Text'), { timeout: 10_000 });
    const field = editors.find((e) => (e as HTMLInputElement).value === `Block ${TARGET}`) as HTMLTextAreaElement | HTMLInputElement;
    expect(field).toBeTruthy();
    // Let the loads the panel started (pickers) settle before counting.
    await act(() => new Promise((done) => setTimeout(done, 50)));

    const blocksBefore = new Map(blockRenders);
    const framesBefore = new Map(frameRenders);
    const formBefore = formFieldRenders;
    for (const typed of ['x', 'xy', 'xyz']) fireEvent.change(field, { target: { value: `Block ${TARGET}${typed}` } });

    const changed = (now: Map<string, number>, before: Map<string, number>) => [...now].filter(([k, n]) => n !== before.get(k)).map(([k]) => k);
    expect(changed(blockRenders, blocksBefore)).toEqual([String(TARGET)]);
    expect(changed(frameRenders, framesBefore)).toEqual([String(TARGET)]);
    // Once per keystroke, not once per keystroke per something else.
    expect(blockRenders.get(String(TARGET))! - blocksBefore.get(String(TARGET))!).toBe(3);
    expect(formFieldRenders).toBe(formBefore);
    expect(canvas.querySelector(`[data-dz-path="definition/${Math.floor(TARGET / 4)}/cols/${TARGET % 4}"]`)?.textContent).toContain(`Block ${TARGET}xyz`);

    // Selecting another block redraws the frame it leaves and the one it reaches, no block.
    const selectBefore = new Map(frameRenders);
    const blocksThen = new Map(blockRenders);
    fireEvent.click(canvas.querySelector('[data-dz-path="definition/3/cols/2"] .dz-handle')!);
    expect(changed(frameRenders, selectBefore).sort()).toEqual([String(TARGET), '14']);
    expect(changed(blockRenders, blocksThen)).toEqual([]);
  }, 30_000);
});
