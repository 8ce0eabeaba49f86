import { useEffect, useState } from 'react';
import type { Path } from '../path';
import { EditorFrame } from '../ui/editors/EditorFrame';
import { describedBy, Help, useValueAt } from './BoundInputs';
import { useEdit, useProblem } from './context';

const text = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/**
 * A setting of a shape the designer has no input for, as JSON: stored once it parses (an empty
 * text removes it), and said so while it does not.
 */
export function JsonInput({ id, label, path, help }: { id: string; label: string; path: Path; help?: string }) {
  const value = useValueAt(path);
  const problem = useProblem(path);
  const edit = useEdit();
  const [draft, setDraft] = useState(() => text(value));
  const [wrong, setWrong] = useState('');
  useEffect(() => {
    setDraft((d) => {
      try {
        return JSON.stringify(d.trim() === '' ? undefined : JSON.parse(d)) === JSON.stringify(value) ? d : text(value);
      } catch {
        return d;
      }
    });
  }, [value]);
  const shown = wrong || problem;
  return (
    <EditorFrame id={id} label={`${label} (JSON)`} error={shown}>
      <Help id={id} text={help} />
      <textarea
        id={id}
        rows={4}
        spellCheck={false}
        className={`form-control form-control-sm font-monospace${shown ? ' is-invalid' : ''}`}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim() === '') {
            setWrong('');
            edit.type(path, undefined);
            return;
          }
          try {
            edit.type(path, JSON.parse(e.target.value));
            setWrong('');
          } catch {
            setWrong('Not JSON yet: it is kept as it was until it is.');
          }
        }}
        onBlur={edit.seal}
        {...describedBy(id, help, shown)}
      />
    </EditorFrame>
  );
}
