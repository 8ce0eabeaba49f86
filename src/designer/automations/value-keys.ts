/**
 * Which fields a step's `values` may name: a record step's form's fields (it writes through that
 * form), or the trigger's model's (Set fields writes the record being written), with each field's
 * type where the model says it, so a yes-or-no field is offered Yes and No.
 */
import { useMemo } from 'react';
import type { ModelDefinition } from '../../shared/filter';
import { boundFields, type WalkRow } from '../../shared/definition-walk';
import { isAuditField } from '../../shared/audit-fields';
import { useDesignerGet } from '../services';
import { useModelGraph } from '../ui/model-graph';

export interface ValueKey {
  field: string;
  label: string;
  /** The model's type of the field (text, boolean...), when known. */
  type?: string;
}

interface FormDefinition {
  model?: string;
  definition?: WalkRow[];
}

function typed(keys: ValueKey[], model: ModelDefinition | undefined): ValueKey[] {
  return keys.map((k) => {
    const f = model?.fields.find((x) => x.name === k.field);
    return f ? { ...k, type: f.type, label: k.label || f.label || f.name } : k;
  });
}

/** The fields of the form named `form`; loading while it is read, null when it cannot be (no form chosen, not found). */
export function useFormKeys(form: string | null): { keys: ValueKey[] | null; loading: boolean; error: string } {
  const loaded = useDesignerGet<FormDefinition>(form ? `/api/definitions/form/${encodeURIComponent(form)}` : null);
  const graph = useModelGraph(loaded.data?.model ?? null, 0);
  const keys = useMemo(() => {
    if (!loaded.data) return null;
    const bound = boundFields(loaded.data.definition).map((b) => ({ field: b.field, label: typeof b.column.label === 'string' ? b.column.label : b.field }));
    return typed(bound, graph.model);
  }, [loaded.data, graph.model]);
  return { keys, loading: loaded.loading || graph.loading, error: loaded.error };
}

/** The fields of a model (the trigger's), but the ones the server keeps itself. */
export function useModelKeys(model: string | null): { keys: ValueKey[] | null; loading: boolean; error: string } {
  const graph = useModelGraph(model, 0);
  const keys = useMemo(
    () => (graph.model ? graph.model.fields.filter((f) => !isAuditField(f.name) && f.type !== 'link').map((f) => ({ field: f.name, label: f.label || f.name, type: f.type })) : null),
    [graph.model],
  );
  return { keys, loading: graph.loading, error: !graph.loading && model && !graph.model ? `The model ${model} could not be read` : '' };
}
