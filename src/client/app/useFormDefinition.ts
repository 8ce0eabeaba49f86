import { useEffect, useState } from 'react';
import { api } from '../api/http';
import type { FormDefinition } from '../runtime/SimpleForm';

export interface DefinitionState {
  definition: FormDefinition | null;
  error: string;
}

/** Loads GET /api/form/<name>/definition; a failure becomes the error to show. */
export function useFormDefinition(name: string): DefinitionState {
  const [state, setState] = useState<DefinitionState & { name: string }>({ name: '', definition: null, error: '' });
  useEffect(() => {
    let live = true;
    void api<FormDefinition>('GET', `/api/form/${encodeURIComponent(name)}/definition`).then((answer) => {
      if (!live) return;
      setState({ name, definition: answer.ok ? answer.data : null, error: answer.ok ? '' : answer.error });
    });
    return () => {
      live = false;
    };
  }, [name]);
  // A stale definition from the previous name is never shown while the next one loads.
  return state.name === name ? state : { definition: null, error: '' };
}
