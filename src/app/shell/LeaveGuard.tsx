import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

/**
 * Asks 'Discard changes?' before unsaved edits are left behind: on a route change inside the app
 * (react-router's blocker, where the app runs under a data router) and on closing or reloading
 * the tab (the browser's own beforeunload prompt). `dirty` is read at the moment of leaving.
 */
export function LeaveGuard({ dirty }: { dirty: () => boolean }) {
  const latest = useRef(dirty);
  latest.current = dirty;
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers show their prompt only when this is set
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);
  // The blocker needs a data router; screens rendered under a plain router (tests) skip it.
  return useContext(UNSAFE_DataRouterContext) ? <RouteBlocker dirty={latest} /> : null;
}

function RouteBlocker({ dirty }: { dirty: { current: () => boolean } }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty.current());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm('Discard changes?')) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}
