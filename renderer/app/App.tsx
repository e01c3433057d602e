import { useEffect, useState } from 'react';
import { desktopBridge } from './bridge';
import { describeError, sessionToken, signInWithLoginToken, signOutEverywhere } from './api';
import { LiveProvider, useLiveState } from './live';
import { ROUTES, routeFromHash } from './routes';
import { StationInfoProvider, useStationInfo } from './station-info';

/** Reads `#login=TOKEN` (the link `station serve` prints), once. */
function useSession(): { signedIn: boolean; pending: boolean; error: string | null } {
  const [signedIn, setSignedIn] = useState(() => Boolean(sessionToken()));
  const [pending, setPending] = useState(() => /^#login=/.test(window.location.hash));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const login = /^#login=(.+)$/.exec(window.location.hash)?.[1];
    if (login && !desktopBridge()) {
      window.history.replaceState(null, '', `${window.location.pathname}#/orders`);
      signInWithLoginToken(login)
        .then(
          () => setSignedIn(true),
          (failure: unknown) => setError(describeError(failure)),
        )
        .finally(() => setPending(false));
    }
    const out = () => setSignedIn(false);
    window.addEventListener('station:signed-out', out);
    return () => window.removeEventListener('station:signed-out', out);
  }, []);
  return { signedIn, pending, error };
}

function useHashRoute() {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return routeFromHash(hash);
}

function LiveIndicator() {
  const state = useLiveState();
  const text = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Station unreachable — reconnecting' }[state];
  return (
    <span className={`live live-${state}`} role="status" title="Live updates from the station">
      <span className="dot" aria-hidden /> {text}
    </span>
  );
}

function Shell() {
  const route = useHashRoute();
  const { info } = useStationInfo();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey) return;
      const target = ROUTES.find((candidate) => candidate.shortcut === event.key);
      if (target) {
        event.preventDefault();
        window.location.hash = `#/${target.path}`;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="shell">
      <nav className="sidebar" aria-label="Pages">
        <div className="brand">
          <span className="brand-mark" aria-hidden>▤</span> Print Station
        </div>
        <ul>
          {ROUTES.map(({ path, label, shortcut }) => (
            <li key={path}>
              <a href={`#/${path}`} aria-current={route.path === path ? 'page' : undefined} title={`Alt+${shortcut}`}>
                {label}
                <kbd>{shortcut}</kbd>
              </a>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <LiveIndicator />
          {info?.url && <div className="muted small">{info.url.replace(/^https?:\/\//, '')}</div>}
          {!desktopBridge() && (
            <button type="button" className="button button-small" onClick={() => void signOutEverywhere()}>
              Sign out
            </button>
          )}
        </div>
      </nav>
      <main className="content">
        <route.Page />
      </main>
    </div>
  );
}

export function App() {
  const { signedIn, pending, error } = useSession();
  if (!signedIn) {
    return (
      <div className="signin">
        <h1>Order Print Station</h1>
        {error ? (
          <p className="banner banner-error" role="alert">{error}</p>
        ) : (
          pending && <p>Signing in…</p>
        )}
        <p>
          Open the dashboard with the one-time link the station printed when it started (<code>dashboard: http://…/#login=…</code>).
          For a new link, run <code>station login</code> (with the station's <code>--data-dir</code>).
        </p>
      </div>
    );
  }
  return (
    <StationInfoProvider>
      <LiveProvider>
        <Shell />
      </LiveProvider>
    </StationInfoProvider>
  );
}
