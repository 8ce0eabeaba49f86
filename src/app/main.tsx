import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import { HostProvider } from '../runtime/host';
import { createHost } from './host';
import { App } from './shell/App';
import { useSession } from '../runtime/session';
import './styles.css';

// The current user and the environment are loaded once, before any guard decides (shell/guards.tsx).
void useSession.getState().load();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// A data router, so screens can block leaving with unsaved edits (LeaveGuard); App keeps its
// own route table (shell/App.tsx) under one catch-all route.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);
// The plugins and the designer, handed down to every screen (runtime/host.tsx) rather than imported.
const host = createHost();
createRoot(root).render(
  <StrictMode>
    <HostProvider value={host}>
      <RouterProvider router={router} />
    </HostProvider>
  </StrictMode>,
);
