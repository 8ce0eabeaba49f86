import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../runtime/session';
import { Loading } from '../../ui/Loading';

/** The four route guards (signed in, admin, signed out, setup). They are convenience only: the server enforces access. */

export function SignedInOnly({ children }: { children: ReactNode }) {
  const { loading, setupNotCompleted, user } = useSession();
  if (loading) return <Loading />;
  if (setupNotCompleted) return <Navigate to="/setup" replace />;
  if (!user) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const { loading, setupNotCompleted, user } = useSession();
  if (loading) return <Loading />;
  if (setupNotCompleted) return <Navigate to="/setup" replace />;
  if (!user?.Admin) return <Navigate to="/" replace />;
  return <>{children}</>;
}

export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { loading, setupNotCompleted, user } = useSession();
  if (loading) return <Loading />;
  if (setupNotCompleted) return <Navigate to="/setup" replace />;
  if (user) return <Navigate to="/" replace />;
  return <>{children}</>;
}

export function SetupOnly({ children }: { children: ReactNode }) {
  const { loading, setupNotCompleted } = useSession();
  if (loading) return <Loading />;
  if (!setupNotCompleted) return <Navigate to="/" replace />;
  return <>{children}</>;
}
