/**
 * The automation designer: its settings and trigger on the left, its steps in the middle (add,
 * select, move, delete, nested lists), the selected step's settings on the right, drawn from the
 * step type's schema. The store is the document's one owner; the screen around it loads and saves
 * (src/app/screens/automations). Keyboard: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (in the
 * designer's own inputs too, as in the other designers), Escape closes the selected step.
 */
import { useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { ModelCacheContext, type ModelCache } from '../ui/model-graph';
import { useUndoKeys } from '../ui/undo-keys';
import type { StepKind } from './step-catalogue';
import type { AutomationStore } from './automation-store';
import { AutomationToolbar } from './AutomationToolbar';
import { CatalogueContext } from './catalogue-context';
import { AutomationContext, ProblemsContext, type Problems } from './context';
import { ConditionsPanel, GeneralPanel, LimitsPanel, RunAsPanel } from './SettingsPanels';
import { ProblemList } from './ProblemList';
import { StepList } from './StepList';
import { StepPanel } from './StepPanel';
import { TriggerPanel } from './TriggerPanel';
import '../ui/designer.css';
import '../ui/panel.css';
import './automation-designer.css';

/** An Escape that a part of the designer already handled (defaultPrevented) is left to it: it does not close the step. */
const takenEscape = (e: KeyboardEvent) => e.key === 'Escape' && e.defaultPrevented;

export interface AutomationDesignerProps {
  store: AutomationStore;
  /** What a check or the server found, by JSON pointer. */
  problems?: Problems;
  /** The screen's buttons in the toolbar (Save, Cancel). */
  actions?: ReactNode;
  /** The step types offered (the step folders' by default). */
  catalogue?: readonly StepKind[];
  idPrefix?: string;
}

const NONE: Problems = {};

export function AutomationDesigner({ store, problems = NONE, actions, catalogue, idPrefix = 'ad' }: AutomationDesignerProps) {
  const rootId = `${idPrefix}-designer`;
  // The problems name their places by what the document holds now.
  const doc = useStore(store, (s) => s.doc);
  // One model cache for every picker and filter of this designer: each model is read once.
  const [models] = useState<ModelCache>(() => new Map());
  useUndoKeys(store, rootId, takenEscape);
  const designer = (
    <AutomationContext.Provider value={store}>
      <ProblemsContext.Provider value={problems}>
        <ModelCacheContext.Provider value={models}>
          <div id={rootId} className="dz-designer dz-automation" role="group" aria-label="Automation designer">
            <AutomationToolbar label="Automation designer tools">{actions}</AutomationToolbar>
            <ProblemList problems={problems} doc={doc} />
            <div className="dz-automation-body">
              <div className="dz-automation-settings">
                <GeneralPanel idPrefix={`${idPrefix}-general`} />
                <TriggerPanel idPrefix={`${idPrefix}-trigger`} />
                <ConditionsPanel idPrefix={`${idPrefix}-conditions`} />
                <RunAsPanel idPrefix={`${idPrefix}-runas`} />
                <LimitsPanel idPrefix={`${idPrefix}-limits`} />
              </div>
              <section className="dz-automation-steps" aria-labelledby={`${idPrefix}-steps-heading`}>
                <h2 id={`${idPrefix}-steps-heading`} className="h6 dz-panel-title">
                  Steps
                </h2>
                <StepList list={['steps']} label="Steps" />
              </section>
              <aside className="dz-side dz-automation-side" aria-label="Step settings">
                <StepPanel idPrefix={`${idPrefix}-step`} />
              </aside>
            </div>
          </div>
        </ModelCacheContext.Provider>
      </ProblemsContext.Provider>
    </AutomationContext.Provider>
  );
  return catalogue ? <CatalogueContext.Provider value={catalogue}>{designer}</CatalogueContext.Provider> : designer;
}
