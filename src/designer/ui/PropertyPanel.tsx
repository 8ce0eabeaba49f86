/**
 * The designers' property panel: drawn entirely from a column type's designer hints
 * (`propertyEditors`), so a new plugin gets a working panel with no designer code. Each editor
 * is memoised on its own property's value, so a keystroke in one editor re-renders that editor
 * only, however long the model's field list is.
 */
import { memo, useCallback, useMemo, useRef, useState, type ComponentType } from 'react';
import { editorShown, type EditorKind, type PropertyEditor } from '../../shared/plugin-hints';
import { CodePicker, UrlEditor } from './editors/ApiPickers';
import { BooleanEditor, EnumEditor, NumberEditor, TextAreaEditor, TextEditor, WidthEditor } from './editors/BasicEditors';
import type { EditorProps } from './editors/EditorFrame';
import { FieldPicker, type ModelField } from './editors/FieldPicker';
import { ShowsPicker } from './editors/ShowsPicker';
import { IconPicker } from './editors/IconPicker';
import { DefaultEditor } from './editors/DefaultEditor';
import './panel.css';

export type { ModelField };

export interface PropertyPanelProps {
  /**
   * What to edit, in display order: propertyEditors(childType) for a column or 'Tab', or a list a
   * designer writes for a document's own properties. Keep the entries stable (a module constant or
   * memoised): each editor is memoised on its entry, as `propertyEditors` already caches them.
   */
  editors: readonly PropertyEditor[];
  /** The object edited (a column, a tab, a definition document). */
  value: Record<string, unknown>;
  /** One property changed. `merge` groups a burst of typing in one property into one undo step: `prop:<property>` for typing, undefined for discrete changes (toggles, picks). value undefined = remove the property. */
  onChange(property: string, value: unknown, merge?: string): void;
  /** A burst ended (the editor lost focus). */
  onCommit?(): void;
  /** The form's model fields for `field` editors (undefined: none known; the editor is then a text box). */
  fields?: readonly ModelField[];
  /** Errors by property name, shown beside that editor (live schema errors). */
  errors?: Readonly<Record<string, string>>;
  /** Unique DOM id prefix. */
  idPrefix: string;
  /** Heading, e.g. 'Input' or 'Form'. */
  title: string;
}

/** Each editor kind's component; `none` is never drawn. */
const EDITORS: Record<Exclude<EditorKind, 'none' | 'field' | 'fieldDefault' | 'referencePath'>, ComponentType<EditorProps>> = {
  text: TextEditor,
  textarea: TextAreaEditor,
  lines: TextAreaEditor,
  html: TextAreaEditor,
  code: TextAreaEditor,
  number: NumberEditor,
  boolean: BooleanEditor,
  enum: EnumEditor,
  width: WidthEditor,
  icon: IconPicker,
  menu: CodePicker,
  grid: CodePicker,
  select: CodePicker,
  model: CodePicker,
  url: UrlEditor,
  selectUrl: UrlEditor,
};

const GENERAL = 'General';

interface Group {
  name: string;
  editors: PropertyEditor[];
}

/** General first, then the other groups in the order they first appear. */
function groupsOf(editors: readonly PropertyEditor[]): Group[] {
  const groups = new Map<string, PropertyEditor[]>([[GENERAL, []]]);
  for (const e of editors) {
    const list = groups.get(e.group);
    if (list) list.push(e);
    else groups.set(e.group, [e]);
  }
  return [...groups.entries()].filter(([, list]) => list.length > 0).map(([name, list]) => ({ name, editors: list }));
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** Whether a boolean property is on; left out, it counts as its schema default. */
function switchedOn(editors: readonly PropertyEditor[], value: Record<string, unknown>, property: string): boolean {
  return (value[property] ?? editors.find((e) => e.property === property)?.default) === true;
}

export function PropertyPanel({ editors, value, onChange, onCommit, fields, errors, idPrefix, title }: PropertyPanelProps) {
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // The rows get callbacks that never change identity, so their memo holds while the parent
  // passes fresh closures on every render.
  const latest = useRef({ onChange, onCommit });
  latest.current = { onChange, onCommit };
  const change = useCallback((property: string, v: unknown, merge?: string) => latest.current.onChange(property, v, merge), []);
  const commit = useCallback(() => latest.current.onCommit?.(), []);

  const drawn = useMemo(() => editors.filter((e) => e.editor !== 'none'), [editors]);
  const shown = drawn.filter((e) => editorShown(e, value));
  const hasAdvanced = shown.some((e) => e.advanced);
  const groups = groupsOf(shown.filter((e) => advancedOpen || !e.advanced));
  const headingId = `${idPrefix}--heading`;

  return (
    <section className="dz-property-panel" aria-labelledby={headingId}>
      <div className="d-flex align-items-center justify-content-between mb-2">
        <h2 id={headingId} className="h6 m-0 dz-panel-title">
          {title}
        </h2>
        {hasAdvanced && (
          <button
            type="button"
            className={`btn btn-sm ${advancedOpen ? 'btn-secondary' : 'btn-outline-secondary'} dz-advanced-toggle`}
            aria-pressed={advancedOpen}
            onClick={() => setAdvancedOpen((o) => !o)}
          >
            Advanced
          </button>
        )}
      </div>
      {groups.length === 0 && <p className="text-body-secondary small">No properties to edit.</p>}
      {groups.map((g) => (
        <fieldset key={g.name} className="dz-group mb-3">
          <legend className="dz-group-legend">{g.name}</legend>
          {g.editors.map((e) => (
            <PropertyRow
              key={e.property}
              editor={e}
              id={`${idPrefix}-${slug(e.property)}`}
              value={value[e.property]}
              disabled={e.enabledBy !== undefined && !switchedOn(drawn, value, e.enabledBy)}
              error={errors?.[e.property]}
              fields={e.editor === 'field' || e.editor === 'referencePath' ? fields : undefined}
              fieldType={e.editor === 'fieldDefault' ? String(value.type ?? 'text') : undefined}
              column={e.editor === 'referencePath' && typeof value.name === 'string' ? value.name : undefined}
              onChange={change}
              onCommit={commit}
            />
          ))}
        </fieldset>
      ))}
    </section>
  );
}

/** One property's editor, re-rendered only when its own value, state or error changes. */
const PropertyRow = memo(function PropertyRow(props: EditorProps & { fields?: readonly ModelField[]; fieldType?: string; column?: string }) {
  const kind = props.editor.editor;
  if (kind === 'none') return null;
  if (kind === 'field') return <FieldPicker {...props} />;
  // A Reference column's `shows`: a path through the model its field (`column`) refers to.
  if (kind === 'referencePath') return <ShowsPicker {...props} />;
  // A model field's default is a value of the field's type (the row re-renders when the type changes).
  if (kind === 'fieldDefault') return <DefaultEditor {...props} fieldType={props.fieldType ?? 'text'} />;
  const Editor = EDITORS[kind] ?? TextEditor;
  return <Editor {...props} />;
});
