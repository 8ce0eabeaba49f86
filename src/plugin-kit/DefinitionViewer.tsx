import type { RenderProps } from '../runtime/plugin';

/**
 * A stored definition as indented JSON. The field may hold the parsed object or, as a record
 * read from a text column does, the JSON text; text that is not JSON is shown as it is.
 */
export function prettyDefinition(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

/**
 * The read-only view the designer columns show until their designers arrive: a heading and the
 * definition's JSON. The <pre> is focusable so keyboard users can scroll a long definition, and
 * it is capped at half the viewport (50vh, as the designers' Definition panel).
 */
export function DefinitionViewer({ heading, id, value }: { heading: string } & Pick<RenderProps, 'id' | 'value'>) {
  const text = prettyDefinition(value);
  const headingId = `${id}-heading`;
  return (
    <section className="tessera-definition-viewer" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6">
        {heading}
      </h2>
      {text ? (
        <pre id={id} tabIndex={0} aria-label={`${heading} JSON`} className="border rounded bg-body-tertiary p-2 mb-0" style={{ maxHeight: '50vh', overflow: 'auto' }}>
          {text}
        </pre>
      ) : (
        <p id={id} className="text-body-secondary mb-0">
          No definition yet.
        </p>
      )}
    </section>
  );
}
