import { useEffect, useRef, useState } from 'react';
import { modalOpen } from '../components/Modal';
import { desktopBridge } from './bridge';
import { describeError, isBenchWindow, passkeysWorkHere, sessionToken, signInWithLoginToken, signInWithPasskey, signInWithPassword, signOutEverywhere } from './api';
import { LockedBench } from './LockedBench';
import { PairThisScreen, useScreenBench } from '../features/printers/Benches';
import { LiveProvider, useLiveState } from './live';
import { ROUTES, routeFromHash } from './routes';
import { ShortcutsDialog } from './ShortcutsDialog';
import { mayUse, StationInfoProvider, useStationInfo } from './station-info';
import { useHash } from './use-hash';

/** Reads `#login=TOKEN` (the link `station serve` prints), once. */
function useSession(): { signedIn: boolean; pending: boolean; error: string | null; signedInNow: () => void } {
  const [signedIn, setSignedIn] = useState(() => Boolean(sessionToken()));
  const [pending, setPending] = useState(() => /^#login=/.test(window.location.hash));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const login = /^#login=(.+)$/.exec(window.location.hash)?.[1];
    if (login && !desktopBridge()) {
      window.history.replaceState(null, '', `${window.location.pathname}#/${ROUTES[0]!.path}`);
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
  return { signedIn, pending, error, signedInNow: () => setSignedIn(true) };
}

/** The sign-in page: e-mail and password; the station's one-time link signs in the station admin. */
function SignIn({ pending, linkError, onSignedIn }: { pending: boolean; linkError: string | null; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(linkError);
  useEffect(() => setError(linkError), [linkError]);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signInWithPassword(email.trim(), password);
      onSignedIn();
    } catch (failure) {
      setError(describeError(failure));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <main className="signin">
      <h1>Order Print Station</h1>
      {error && <p className="banner banner-error" role="alert">{error}</p>}
      {pending && !error && <p>Signing in…</p>}
      <LockedBench onSignedIn={onSignedIn} />
      <form className="signin-form" onSubmit={(event) => void submit(event)} aria-label="Sign in">
        <label>
          E-mail
          <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {passkeysWorkHere() && (
        <p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              setError(null);
              signInWithPasskey().then(onSignedIn, (failure: unknown) => setError(describeError(failure)));
            }}
          >
            Sign in with a passkey
          </button>
        </p>
      )}
      <PairThisScreen beforeSignIn />
      <p className="muted">
        No password yet? Accept your invitation's link, or ask a station admin for a reset link. The station admin can also open the dashboard
        with the one-time link the station printed when it started (<code>dashboard: http://…/#login=…</code>; <code>station login</code> prints a new one).
      </p>
    </main>
  );
}

const useHashRoute = () => routeFromHash(useHash());

function LiveIndicator() {
  const state = useLiveState();
  const text = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Station unreachable — reconnecting' }[state];
  return (
    <span className={`live live-${state}`} role="status" title="Live updates from the station">
      <span className="dot" aria-hidden /> {text}
    </span>
  );
}

/**
 * After a page switch (a link, Alt+digit, the back button) focus lands on the new page's
 * heading, so a screen reader says where it is and Tab starts at the top of the page. The
 * first page of a visit keeps its own focus (Orders' scan box).
 */
function useFocusHeadingOnPageSwitch(path: string) {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [path]);
}

function Shell() {
  const route = useHashRoute();
  const { info, me } = useStationInfo();
  // A screen paired with a bench says which, so an operator knows where their scans print.
  const bench = useScreenBench();
  // Only the pages the signed-in person may use (the station refuses the rest anyway).
  const pages = ROUTES.filter((candidate) => mayUse(me, candidate.needs));
  const allowed = !me || mayUse(me, route.needs);
  const [menuOpen, setMenuOpen] = useState(false);
  const [showShortcuts, setShowShortcuts] = useState(false);
  useFocusHeadingOnPageSwitch(route.path);
  const meRef = useRef(me);
  meRef.current = me;
  useEffect(() => setMenuOpen(false), [route.path]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (modalOpen() || event.defaultPrevented) return;
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement;
      if (event.altKey && !event.ctrlKey && !event.metaKey) {
        // By the physical key: Alt+letter types another character on some layouts (Alt+H is ˙ on a Mac).
        const target = ROUTES.filter((candidate) => mayUse(meRef.current, candidate.needs)).find((candidate) => `Digit${candidate.shortcut}` === event.code || `Key${candidate.shortcut}` === event.code || candidate.shortcut === event.key);
        if (target) {
          event.preventDefault();
          const already = routeFromHash(window.location.hash).path === target.path;
          window.location.hash = `#/${target.path}`;
          // Already on that page: the heading still takes focus, as after any switch.
          if (already) document.querySelector<HTMLElement>('main h1')?.focus();
        }
      } else if (event.key === '?' && !typing && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        setShowShortcuts(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className={`shell${menuOpen ? ' menu-open' : ''}`}>
      <nav className="sidebar" aria-label="Pages">
        <div className="brand">
          <span className="brand-mark" aria-hidden>▤</span> Print Station
          <button type="button" className="menu-button" aria-expanded={menuOpen} aria-controls="page-links" onClick={() => setMenuOpen(!menuOpen)}>
            {menuOpen ? 'Close menu' : 'Menu'}
          </button>
        </div>
        <ul id="page-links">
          {pages.map(({ path, label, shortcut }) => (
            <li key={path}>
              <a href={`#/${path}`} aria-current={route.path === path ? 'page' : undefined} aria-keyshortcuts={`Alt+${shortcut}`} title={`Alt+${shortcut}`}>
                {label}
                <kbd aria-hidden>{shortcut}</kbd>
              </a>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <LiveIndicator />
          {me && (
            <div className="signed-in-as small" title={me.email ?? undefined}>
              {me.name}
              {me.stationAdmin ? ' · station admin' : me.teams.length === 1 ? ` · ${me.teams[0]!.role}` : ''}
            </div>
          )}
          {bench && <div className="small" aria-label="This screen's bench">Bench: {bench.name}</div>}
          {info?.url && <div className="station-address small">{info.url.replace(/^https?:\/\//, '')}</div>}
          <button type="button" className="button button-small button-nav" aria-keyshortcuts="?" onClick={() => setShowShortcuts(true)}>
            Keyboard shortcuts <kbd aria-hidden>?</kbd>
          </button>
          {/* The station's own desktop window is always the station admin's; a browser or a bench window signs out. */}
          {(!desktopBridge() || isBenchWindow()) && (
            <button type="button" className="button button-small button-nav" onClick={() => void signOutEverywhere()}>
              Sign out
            </button>
          )}
        </div>
      </nav>
      <main className="content">
        {allowed ? (
          <route.Page />
        ) : (
          <div className="page">
            <h1 tabIndex={-1}>{route.label}</h1>
            <p className="banner">Your role does not include this page. Ask a station admin or your team's admin if you need it.</p>
          </div>
        )}
      </main>
      {showShortcuts && <ShortcutsDialog onClose={() => setShowShortcuts(false)} />}
    </div>
  );
}

export function App() {
  const { signedIn, pending, error, signedInNow } = useSession();
  if (!signedIn) return <SignIn pending={pending} linkError={error} onSignedIn={signedInNow} />;
  return (
    <StationInfoProvider>
      <LiveProvider>
        <Shell />
      </LiveProvider>
    </StationInfoProvider>
  );
}
