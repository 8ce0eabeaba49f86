import { lazy, Suspense } from 'react';
import { editorHeight } from './languages';
import { type CodeEditorColumn, describedBy, FieldFrame, type RenderProps } from '../../src/plugin-kit';

// CodeMirror is large; loading it lazily keeps it out of the first bundle.
const CodeMirrorView = lazy(() => import('./CodeMirrorView'));

export function CodeEditor({ column, id, value, onChange, error, invalid, disabled }: RenderProps<CodeEditorColumn>) {
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
        <Suspense
          fallback={
            // Same height as the editor, so the form does not jump when the chunk arrives.
            <div className="form-control text-body-secondary" role="status" style={{ height: editorHeight(column.height) }}>
              Loading...
            </div>
          }
        >
          <CodeMirrorView
            id={id}
            labelId={`${id}-label`}
            value={value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
            onChange={onChange}
            disabled={disabled}
            invalid={invalid}
            describedBy={describedBy(column, id, invalid, error)}
            language={column.language}
            height={column.height}
          />
        </Suspense>
      </FieldFrame>
  );
}
