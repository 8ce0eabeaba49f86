import { useModelGraph } from '../model-graph';
import { TextEditor } from './BasicEditors';
import { asText, EditorFrame, errorAria, type EditorProps } from './EditorFrame';
import type { ModelField } from './FieldPicker';

/** Fields a column can show (record-labels.ts planLabel refuses the rest). */
const SHOWN = new Set(['text', 'number', 'boolean', 'date', 'datetime', 'reference']);

function named(f: { name: string; label?: string }): string {
  return f.label && f.label !== f.name ? `${f.label} (${f.name})` : f.name;
}

/**
 * What a grid's Reference column shows (`shows`, the `referencePath` editor): the record's display,
 * a field of the model its field refers to, or a field one reference further (two at most, as the
 * server's gridShowsProblems takes). A stored path the models do not offer stays selected and is
 * flagged. Without the grid's model fields known, the path is typed.
 */
export function ShowsPicker(props: EditorProps & { fields?: readonly ModelField[]; column?: string }) {
  const { editor, id, value, disabled, error, onChange, fields, column } = props;
  const field = fields?.find((f) => f.name === column);
  const target = field?.type === 'reference' ? field.target : undefined;
  const graph = useModelGraph(target, 1);
  if (!fields) return <TextEditor {...props} />;
  // The Inspector hands an empty list while the grid's model is read.
  const loading = fields.length === 0 || graph.loading;
  const model = graph.model;
  const options: { value: string; label: string; group: string }[] = [];
  for (const f of model?.fields ?? []) {
    if (!SHOWN.has(f.type)) continue;
    options.push({ value: f.name, label: named(f), group: '' });
  }
  for (const f of model?.fields ?? []) {
    const next = f.type === 'reference' ? graph.find(f.target ?? '') : undefined;
    for (const g of next?.fields ?? []) {
      if (SHOWN.has(g.type)) options.push({ value: `${f.name}.${g.name}`, label: `${f.label || f.name} → ${g.label || g.name} (${f.name}.${g.name})`, group: `Through ${f.label || f.name}` });
    }
  }
  const current = asText(value);
  const known = current === '' || options.some((o) => o.value === current);
  const groups = [...new Set(options.map((o) => o.group))];
  const why = loading ? undefined : !field ? "choose the column's field first" : !target ? `'${column ?? ''}' is not a reference field` : undefined;
  return (
    <EditorFrame
      id={id}
      label={editor.label}
      error={error}
      aside={known || loading ? null : <span className="badge text-bg-warning ms-2 dz-flag">not in the model</span>}
    >
      <select
        id={id}
        className={`form-select form-select-sm${error ? ' is-invalid' : ''}`}
        value={current}
        disabled={disabled}
        aria-busy={loading || undefined}
        onChange={(e) => onChange(editor.property, e.target.value === '' ? undefined : e.target.value)}
        {...errorAria(id, error)}
      >
        <option value="">{editor.placeholder ? `(${editor.placeholder})` : "(the record's display)"}</option>
        {known ? null : <option value={current}>{loading ? current : `${current} (not in the model)`}</option>}
        {groups.map((g) => {
          const list = options
            .filter((o) => o.group === g)
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ));
          return g === '' ? list : <optgroup key={g} label={g}>{list}</optgroup>;
        })}
      </select>
      {why ? <div className="form-text">{`Only the record's display: ${why}.`}</div> : null}
    </EditorFrame>
  );
}
