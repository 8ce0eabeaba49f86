import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../generated/plugins';
import { App } from './app/App';
import { useSession } from './state/session';
import './styles.css';

// The current user and the environment are loaded once, before any guard decides (spec 1).
void useSession.getState().load();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
