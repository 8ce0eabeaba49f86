import { useState } from 'react';
import { api } from '../../runtime/api/http';

/** A definition list's Delete: one at a time, the server's refusal as it words it, and a line once done. */
export interface DefinitionDelete {
  /** The name being deleted, or ''. */
  deleting: string;
  refusal: string;
  done: string;
  /** Asks `question` first; then DELETE /api/definitions/{kind}/{name}, and reloads the list. */
  remove(name: string, question: string): Promise<void>;
}

export function useDefinitionDelete(kind: 'model' | 'automation', reload: () => void): DefinitionDelete {
  const [deleting, setDeleting] = useState('');
  const [refusal, setRefusal] = useState('');
  const [done, setDone] = useState('');
  const remove = async (name: string, question: string) => {
    if (!window.confirm(question)) return;
    setDeleting(name);
    setRefusal('');
    setDone('');
    const answer = await api('DELETE', `/api/definitions/${kind}/${encodeURIComponent(name)}`);
    setDeleting('');
    if (!answer.ok) {
      setRefusal(answer.error);
      return;
    }
    setDone(`The ${kind} '${name}' was deleted.`);
    reload();
  };
  return { deleting, refusal, done, remove };
}
