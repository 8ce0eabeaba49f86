import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../state/session';
import { AdminOnly, SetupOnly, SignedInOnly, SignedOutOnly } from './guards';
import { MainLayout, PublicLayout } from './Layouts';
import { LoginScreen } from './LoginScreen';
import { Placeholder } from './Placeholder';
import { SetupWizard } from './SetupWizard';

function Home() {
  const frontPage = useSession((s) => s.user?.FrontPage);
  return <Placeholder route="/" note={frontPage ? `front page: ${frontPage}` : 'no front page set'} />;
}

/** Admin-only screens that are still placeholders: [route pattern, guard]. */
const ADMIN_ROUTES = [
  '/grids', '/forms', '/users', '/groups', '/selects', '/pages',
  '/griddesigner/:action/:id', '/formdesigner/:action/:id', '/pagedesigner/:action/:id',
  '/menudesigner/edit/:id',
  '/griddesignerraw/:action/:id', '/formdesignerraw/:action/:id', '/pagedesignerraw/:action/:id',
  '/user/:action/:id', '/group/:action/:id', '/select/:action/:id',
  '/changeuserpassword/:id',
];

const SIGNED_IN_ROUTES = ['/grid/:name', '/form/:name/:action/:id', '/page/:name'];

const PUBLIC_ROUTES = ['/register', '/lost_password', '/lost_password/:stage', '/lost_password/:stage/:token'];

const guarded = (Guard: (p: { children: ReactNode }) => ReactNode, path: string) => (
  <Route
    key={path}
    path={path}
    element={
      <Guard>
        <Placeholder route={path} />
      </Guard>
    }
  />
);

/** The route table of spec 2.1 with the guards of spec 2.2. */
export function App() {
  return (
    <Routes>
      <Route
        path="/setup"
        element={
          <SetupOnly>
            <SetupWizard />
          </SetupOnly>
        }
      />
      <Route element={<PublicLayout />}>
        <Route
          path="/login"
          element={
            <SignedOutOnly>
              <LoginScreen />
            </SignedOutOnly>
          }
        />
        {PUBLIC_ROUTES.map((path) => guarded(SignedOutOnly, path))}
      </Route>
      <Route element={<MainLayout />}>
        <Route
          path="/"
          element={
            <SignedInOnly>
              <Home />
            </SignedInOnly>
          }
        />
        {SIGNED_IN_ROUTES.map((path) => guarded(SignedInOnly, path))}
        {ADMIN_ROUTES.map((path) => guarded(AdminOnly, path))}
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
