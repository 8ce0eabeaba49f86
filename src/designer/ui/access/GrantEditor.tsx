/**
 * One grant of a definition's access (docs/security.md, "Grants"): its group, the actions it
 * allows (those the kind offers), a record rule per action, which fields the group may not see or
 * change, and the values the server sets when it adds. Discrete edits replace the access through
 * `onAccess` (one undo step each); typing in a rule's or a preset's value edits its own path and
 * merges into one step.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  ACTION_WORDS,
  ACTIONS_OF,
  CREATED_BY,
  grantWithAction,
  grantWithField,
  grantWithPreset,
  grantWithRule,
  isRuledAction,
  isOwnRecords,
  OWN_RECORDS,
  ruleSummary,
  type AccessKind,
  type FieldMode,
  type Grant,
  type RuledAction,
} from '../../../shared/access-grants';
import { filterProblems, type FilterProblem, type FilterTree, type FilterValue } from '../../../shared/filter';
import type { Path } from '../../path';
import { ValueSlot } from '../filters/ConditionEditor';
import type { Edit } from '../filters/FilterItemPanel';
import { fieldChoices, literalOf, newCondition, variablesFor, type FieldChoice, type Json } from '../filters/filter-edit';
import type { ModelGraph } from '../model-graph';
import { GroupSelect } from './GroupSelect';
import { RuleEditor } from './RuleEditor';
import { pointerOf } from '../filters/FilterItemPanel';

/** A disclosure: a button that says what it shows and whether it is open. */
function Disclosure({ id, title, startOpen, children }: { id: string; title: string; startOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(startOpen);
  return (
    <div className="dz-disclosure mb-2">
      <button type="button" className="btn btn-link btn-sm p-0 text-start dz-disclosure-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? '▾ ' : '▸ '}
        {title}
      </button>
      <div id={id} hidden={!open} className="ps-2 pt-1">
        {open ? children : null}
      </div>
    </div>
  );
}

export interface GrantEditorProps {
  index: number;
  grant: Grant;
  kind: AccessKind;
  groups: readonly string[] | undefined;
  graph: ModelGraph;
  /** Whether the definition lists records of a model (a select of static items does not). */
  records: boolean;
  idPrefix: string;
  /** Replaces this grant (one undo step). */
  onGrant(next: Grant): void;
  onRemove(): void;
  edit: Edit;
}

export function GrantEditor({ index, grant, kind, groups, graph, records, idPrefix, onGrant, onRemove, edit }: GrantEditorProps) {
  const base: Path = ['access', 'grants', index];
  const choices = useMemo(() => (graph.model ? fieldChoices(graph.model, graph.find) : undefined), [graph]);
  const ownRecords = graph.model?.fields.some((f) => f.name === CREATED_BY) ?? false;
  const ruled = grant.actions.filter(isRuledAction);
  const heading = `Grant ${index + 1}: ${grant.group}`;
  return (
    <fieldset className="dz-group dz-grant mb-3" aria-label={heading}>
      <legend className="dz-group-legend">{heading}</legend>
      <GroupSelect id={`${idPrefix}-group`} label="Group" value={grant.group} names={groups} onChange={(group) => onGrant({ ...grant, group })} />
      <fieldset className="mb-2">
        <legend className="form-label dz-prop-label mb-1 fs-6">Actions</legend>
        {ACTIONS_OF[kind].map((action) => (
          <div key={action} className="form-check form-check-inline">
            <input
              id={`${idPrefix}-action-${action}`}
              type="checkbox"
              className="form-check-input"
              checked={grant.actions.includes(action)}
              onChange={(e) => onGrant(grantWithAction(grant, action, e.target.checked))}
            />
            <label htmlFor={`${idPrefix}-action-${action}`} className="form-check-label">
              {ACTION_WORDS[action]}
            </label>
          </div>
        ))}
      </fieldset>
      {records && ruled.length > 0 ? (
        <Disclosure id={`${idPrefix}-rules`} title={`Record rules (${ruled.map((a) => `${ACTION_WORDS[a]}: ${ruleSummary(grant.rules?.[a])}`).join('; ')})`} startOpen={grant.rules !== undefined}>
          {graph.loading ? <p className="small text-body-secondary">Reading the model…</p> : null}
          {!graph.loading && !graph.model ? <p className="small text-body-secondary">The model could not be read: type a field's name.</p> : null}
          {ruled.map((action) => (
            <RuleSection
              key={action}
              action={action}
              rule={grant.rules?.[action]}
              path={[...base, 'rules', action]}
              graph={graph}
              choices={choices}
              ownRecords={ownRecords}
              idPrefix={`${idPrefix}-rule-${action}`}
              onRule={(rule) => onGrant(grantWithRule(grant, action, rule))}
              edit={edit}
            />
          ))}
        </Disclosure>
      ) : null}
      {records && graph.model ? (
        <Disclosure id={`${idPrefix}-fields`} title={`Fields (${Object.keys(grant.fields ?? {}).length} limited)`} startOpen={grant.fields !== undefined}>
          <FieldModes kind={kind} grant={grant} graph={graph} idPrefix={`${idPrefix}-field`} onGrant={onGrant} />
        </Disclosure>
      ) : null}
      {kind === 'form' && graph.model ? (
        <Disclosure id={`${idPrefix}-presets`} title={`Presets on add (${Object.keys(grant.presets ?? {}).length})`} startOpen={grant.presets !== undefined}>
          <Presets grant={grant} base={base} choices={choices} idPrefix={`${idPrefix}-preset`} onGrant={onGrant} edit={edit} />
        </Disclosure>
      ) : null}
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRemove}>
        {`Remove grant ${index + 1}`}
      </button>
    </fieldset>
  );
}

/** One action's rule: every record, "Own records" in one click (when the model keeps who added a record), or conditions. */
function RuleSection({ action, rule, path, graph, choices, ownRecords, idPrefix, onRule, edit }: { action: RuledAction; rule: FilterTree | undefined; path: Path; graph: ModelGraph; choices: readonly FieldChoice[] | undefined; ownRecords: boolean; idPrefix: string; onRule(rule: FilterTree | undefined): void; edit: Edit }) {
  const noun = ACTION_WORDS[action];
  const problems = useMemo<FilterProblem[]>(
    () => (rule && graph.model ? filterProblems(rule, graph.model, graph.check).map((p) => ({ ...p, pointer: `${pointerOf(path)}${p.pointer}` })) : []),
    [rule, graph, path],
  );
  return (
    <section className="dz-rule-section mb-2" aria-label={`${noun} rule`}>
      <p className="mb-1 fw-semibold small">{`${noun}: ${ruleSummary(rule)}`}</p>
      <div className="btn-group btn-group-sm mb-2 flex-wrap" role="group" aria-label={`${noun} rule`}>
        {rule ? (
          <button type="button" className="btn btn-outline-secondary" onClick={() => onRule(undefined)}>
            {`All records for ${noun}`}
          </button>
        ) : null}
        {ownRecords && !isOwnRecords(rule) ? (
          <button type="button" className="btn btn-outline-secondary" onClick={() => onRule(OWN_RECORDS)}>
            {`Own records for ${noun}`}
          </button>
        ) : null}
        {rule ? null : (
          <button type="button" className="btn btn-outline-secondary" onClick={() => onRule({ and: [newCondition() as never] })}>
            {`Add condition to ${noun}`}
          </button>
        )}
      </div>
      {rule ? <RuleEditor path={path} rule={rule as unknown as Json} noun={noun} choices={choices} loading={graph.loading} problems={problems} idPrefix={idPrefix} edit={edit} /> : null}
    </section>
  );
}

const MODE_WORDS: Record<FieldMode | '', string> = { '': 'Shown', hidden: 'Hidden', readonly: 'Read only' };

/** Per field of the model: shown, hidden, or (on a form, which writes) read only. */
function FieldModes({ kind, grant, graph, idPrefix, onGrant }: { kind: AccessKind; grant: Grant; graph: ModelGraph; idPrefix: string; onGrant(next: Grant): void }) {
  const modes: (FieldMode | '')[] = kind === 'form' ? ['', 'hidden', 'readonly'] : ['', 'hidden'];
  const fields = graph.model?.fields ?? [];
  return (
    <div className="dz-field-modes">
      {fields.map((f) => {
        const id = `${idPrefix}-${f.name}`;
        const mode: FieldMode | '' = grant.fields?.[f.name] ?? '';
        return (
          <div key={f.name} className="d-flex align-items-center gap-2 mb-1">
            <label htmlFor={id} className="small flex-grow-1 text-truncate">
              {f.label && f.label !== f.name ? `${f.label} (${f.name})` : f.name}
            </label>
            <select id={id} className="form-select form-select-sm w-auto" value={mode} onChange={(e) => onGrant(grantWithField(grant, f.name, (e.target.value || undefined) as FieldMode | undefined))}>
              {(modes.includes(mode) ? modes : [...modes, mode]).map((m) => (
                <option key={m} value={m}>
                  {MODE_WORDS[m]}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}

/** The value a new preset starts with: the signed-in user for a reference to User, else empty. */
function startPreset(choice: FieldChoice | undefined): FilterValue {
  if (choice && variablesFor(choice).includes('CURRENT_USER.id')) return { var: 'CURRENT_USER.id' };
  return literalOf('', choice?.kind ?? 'text', choice?.idsOf);
}

/** Values the server sets when this group adds: a field, and a typed value or a variable (never the embedding record: an add has none). */
function Presets({ grant, base, choices, idPrefix, onGrant, edit }: { grant: Grant; base: Path; choices: readonly FieldChoice[] | undefined; idPrefix: string; onGrant(next: Grant): void; edit: Edit }) {
  const own = (choices ?? []).filter((c) => c.group === '' && c.path !== 'id');
  const entries = Object.entries(grant.presets ?? {});
  const free = own.filter((c) => !(c.path in (grant.presets ?? {})));
  return (
    <div className="dz-presets">
      {grant.actions.includes('add') ? null : <p className="small text-body-secondary">They apply when the group may add.</p>}
      {entries.map(([field, value], n) => {
        const choice = own.find((c) => c.path === field);
        const id = `${idPrefix}-${n}`;
        return (
          <fieldset key={field} className="dz-group mb-2">
            <legend className="dz-group-legend">{`Preset ${n + 1}`}</legend>
            <div className="dz-prop mb-2">
              <label htmlFor={`${id}-field`} className="form-label dz-prop-label mb-1">
                Field
              </label>
              <select id={`${id}-field`} className="form-select form-select-sm" value={field} onChange={(e) => onGrant(grantWithPreset(grant, e.target.value, startPreset(own.find((c) => c.path === e.target.value)), field))}>
                {choice ? null : <option value={field}>{`${field} (not in the model)`}</option>}
                {own
                  .filter((c) => c.path === field || !(c.path in (grant.presets ?? {})))
                  .map((c) => (
                    <option key={c.path} value={c.path}>{`${c.label} (${c.path})`}</option>
                  ))}
              </select>
            </div>
            <ValueSlot
              id={`${id}-value`}
              label="Value"
              value={value}
              choice={choice}
              variables={variablesFor(choice).filter((v) => v !== 'RECORD.id')}
              onChange={(v, typing) => (typing ? edit.type([...base, 'presets', field], v) : onGrant(grantWithPreset(grant, field, v as FilterValue)))}
              onCommit={edit.seal}
            />
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onGrant(grantWithPreset(grant, field, undefined))}>
              {`Remove preset ${n + 1}`}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn-sm btn-outline-secondary" disabled={free.length === 0} onClick={() => free[0] && onGrant(grantWithPreset(grant, free[0].path, startPreset(free[0])))}>
        Add preset
      </button>
    </div>
  );
}
