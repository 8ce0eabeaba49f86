import { useRef, type ReactNode } from 'react';
import type { Designer as PaletteOf } from '../../shared/plugin-hints';
import { Canvas } from './Canvas';
import { DesignerContext, type Doc } from './context';
import { DefinitionPanel } from './DefinitionPanel';
import { placeColumn } from './edits';
import { GridCanvas } from './GridCanvas';
import { Inspector } from './Inspector';
import { MenuCanvas } from './MenuCanvas';
import { ModelCanvas } from './ModelCanvas';
import { Palette } from './Palette';
import { newColumnOf, Toolbar } from './Toolbar';
import { useUndoKeys } from './undo-keys';
import { useDesignerServices } from '../services';
import type { DesignerStore } from '../store';
import './designer.css';

/**
 * A designer: toolbar, palette, the canvas drawn by the runtime plugins, the side panel, and the
 * Definition panel. Keyboard: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y
 * redo, Escape clears the selection (and only then, with nothing selected, reaches the form,
 * which asks 'Discard changes?').
 */
export function Designer({
  store,
  palette,
  idPrefix,
  title,
  history,
}: {
  store: DesignerStore<Doc>;
  /** The column types offered; none for a menu, whose rows are not columns. */
  palette?: PaletteOf;
  idPrefix: string;
  title: string;
  /** The History panel, under the Definition panel (absent for a definition not saved yet). */
  history?: ReactNode;
}) {
  const rootId = `${idPrefix}-designer`;
  // While a column is dragged, its keys (Escape cancels, arrows move) belong to the drag.
  const dragging = useRef(false);
  useUndoKeys(store, rootId, () => dragging.current);

  const { plugins } = useDesignerServices();
  const onDragging = (active: boolean) => {
    dragging.current = active;
  };

  const pick = (childType: string) => {
    const column = newColumnOf(plugins, childType);
    if (!column) return;
    const state = store.getState();
    const { action, select } = placeColumn(state.doc, state.selection, column);
    if (state.dispatch(action)) store.getState().select(select);
  };

  return (
    <DesignerContext.Provider value={store}>
      <div id={rootId} className="dz-designer" aria-label={title} role="group">
        <Toolbar label={`${title} tools`} kind={store.getState().kind} />
        <div className={palette ? 'dz-body' : 'dz-body dz-body-two'}>
          {palette ? <Palette designer={palette} idPrefix={idPrefix} onPick={pick} /> : null}
          {palette ? (
            <Canvas idPrefix={`${idPrefix}-canvas`} label={`${title} design area`} onDragging={onDragging} />
          ) : store.getState().kind === 'grid' ? (
            <GridCanvas label={`${title} design area`} onDragging={onDragging} />
          ) : store.getState().kind === 'model' ? (
            <ModelCanvas label={`${title} design area`} onDragging={onDragging} />
          ) : (
            <MenuCanvas label={`${title} design area`} onDragging={onDragging} />
          )}
          <aside className="dz-side" aria-label="Properties">
            <Inspector kind={store.getState().kind} idPrefix={idPrefix} />
          </aside>
        </div>
        <DefinitionPanel idPrefix={idPrefix} />
        {history}
      </div>
    </DesignerContext.Provider>
  );
}
