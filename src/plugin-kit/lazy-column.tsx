import { lazy, Suspense, type ComponentType } from 'react';
import type { Column } from '../generated/definitions';
import { Loading } from '../ui/Loading';
import type { RenderProps } from '../runtime/plugin';

/**
 * A column component loaded on first use, so a plugin whose UI is large or rarely shown (the
 * designers) keeps its code out of the first bundle; only its registration (schema, defaults)
 * loads with the app. 'Loading...' shows while the chunk arrives.
 */
export function lazyColumn<C extends Column>(load: () => Promise<ComponentType<RenderProps<C>>>): ComponentType<RenderProps<C>> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyColumn(props: RenderProps<C>) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
