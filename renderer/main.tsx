import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDesktopSession } from './app/api';
import { App } from './app/App';
import { installLeaveGuard } from './app/leave-guard';
import './app/styles.css';

installLeaveGuard();

// In the desktop window the session comes from the main process first (IPC); in a browser
// this resolves at once and the session is the one the login link gave.
void loadDesktopSession()
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
