/**
 * The models a grid designer's pickers reason about: the grid's model and the models its reference
 * fields lead to, a few references deep, as stored definitions (GET /api/definitions/model/{name},
 * which carries `idtype` and `target`). The filter editor checks conditions with the server's own
 * filterProblems against them, and the `shows` picker lists the fields one and two references away.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ModelDefinition } from '../../shared/filter';
import { useDesignerServices, type DesignerApi } from '../services';
import { AUDIT_FIELDS, isAuditField } from '../../shared/audit-fields';
import { kindOfModel } from '../../shared/contract';

/** Loads by model name, each name once: the Inspector shares one per designer, so a panel that comes and goes asks again for nothing. */
export type ModelCache = Map<string, Promise<ModelDefinition | null>>;

export const ModelCacheContext = createContext<ModelCache | null>(null);

export interface ModelGraph {
  /** The root model; undefined while loading or when it does not exist (yet). */
  model: ModelDefinition | undefined;
  /** The models paths go through (the pickers offer these). */
  find(name: string): ModelDefinition | undefined;
  /** For the filter checker: `find`, and User even where no reference leads (CURRENT_USER.<field> names its fields). */
  check(name: string): ModelDefinition | undefined;
  loading: boolean;
}

function loadModel(api: DesignerApi, cache: ModelCache, name: string): Promise<ModelDefinition | null> {
  let loading = cache.get(name);
  if (!loading) {
    loading = api<ModelDefinition>('GET', `/api/definitions/model/${encodeURIComponent(name)}`).then((a) => {
      // A failed look-up is asked again next time (the model may be created meanwhile).
      if (!a.ok || !a.data) cache.delete(name);
      return a.ok ? a.data : null;
    });
    cache.set(name, loading);
  }
  return loading;
}

/**
 * `root` and every model reachable from it through at most `depth` reference fields (and User, for
 * `check` alone). Filter paths go through two references and may end on a third (whose target's
 * ids it compares), so 3 serves both the filter editor and the `shows` picker.
 */
export function useModelGraph(root: string | null | undefined, depth = 3): ModelGraph {
  const { api } = useDesignerServices();
  const shared = useContext(ModelCacheContext);
  const own = useRef<ModelCache>(new Map());
  const cache = shared ?? own.current;
  const [state, setState] = useState<{ root: string | null; models: Map<string, ModelDefinition>; user?: ModelDefinition }>({ root: null, models: new Map() });
  const name = root || null;
  useEffect(() => {
    if (!name) return;
    let live = true;
    void (async () => {
      const models = new Map<string, ModelDefinition>();
      let frontier = [name];
      for (let level = 0; level <= depth && frontier.length > 0; level++) {
        const loaded = await Promise.all(frontier.map((n) => loadModel(api, cache, n)));
        const next = new Set<string>();
        for (const m of loaded) {
          if (!m) continue;
          models.set(m.name, m);
          for (const f of m.fields) {
            if (f.type === 'reference' && f.target) next.add(f.target);
            // A link is filtered by its linked records' ids: its target and link model are needed to check it.
            if (f.type === 'link' && f.target && f.through) next.add(f.target).add(f.through);
          }
        }
        frontier = [...next].filter((n) => !models.has(n));
      }
      // A condition may compare with the signed-in user's own fields (CURRENT_USER.branch), which
      // the checker looks up on User, whether or not a reference leads there (`check`).
      const user = models.get('User') ?? (await loadModel(api, cache, 'User')) ?? undefined;
      // The root model has the server-kept audit fields after its own, as every model table but the
      // definitions' does (src/shared/audit-fields.ts): a condition or a rule may name them ("own
      // records"). Models further along are offered with their own fields only, which keeps the
      // pickers' paths to what a person means.
      const root = models.get(name);
      if (root && kindOfModel(root.name) === undefined) models.set(name, { ...root, fields: [...root.fields.filter((f) => !isAuditField(f.name)), ...AUDIT_FIELDS] });
      if (live) setState({ root: name, models, user });
    })();
    return () => {
      live = false;
    };
  }, [name, depth, api, cache]);
  const ready = state.root === name && name !== null;
  const models = ready ? state.models : undefined;
  const user = ready ? state.user : undefined;
  return useMemo(
    () => ({
      model: name ? models?.get(name) : undefined,
      find: (n: string) => models?.get(n),
      check: (n: string) => models?.get(n) ?? (n === 'User' ? user : undefined),
      loading: name !== null && !ready,
    }),
    [name, models, user, ready],
  );
}
