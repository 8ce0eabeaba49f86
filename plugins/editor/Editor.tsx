import { lazy, Suspense } from 'react';
import { type EditorColumn, describedBy, FieldFrame, type RenderProps } from '../../src/plugin-kit';

// TipTap and ProseMirror are large; loading them lazily keeps them out of the first bundle.
const RichText = lazy(() => import('./RichText'));

export function Editor({ column, id, value, onChange, error, invalid, disabled }: RenderProps<EditorColumn>) {
  return (
    <FieldFrame column={column} id={id} error={error} invalid={invalid}>
        <Suspense fallback={<div className="form-control text-body-secondary" role="status">Loading...</div>}>
          <RichText
            id={id}
            labelId={`${id}-label`}
            value={value === undefined || value === null ? '' : String(value)}
            onChange={onChange}
            disabled={disabled}
            invalid={invalid}
            describedBy={describedBy(column, id, invalid, error)}
          />
        </Suspense>
      </FieldFrame>
  );
}
