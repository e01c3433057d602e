import { useState } from 'react';
import { describeError, signInWithBadge, signInWithPin } from './api';
import { StatusChip } from '../components/ui';
import { useScreenBench } from '../features/printers/Benches';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/**
 * A bench's screen nobody is signed in at: its bench and its printers' health stay in view
 * (out of paper, paused), and a person signs in here by scanning their badge, or with their
 * e-mail and PIN (a number pad that works by touch and by keyboard). A PIN signs in only at a
 * paired bench screen like this one; the password form below serves everyone else.
 */
export function LockedBench({ onSignedIn }: { onSignedIn: () => void }) {
  const bench = useScreenBench();
  const [badge, setBadge] = useState('');
  const [email, setEmail] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!bench) return null;
  const failed = (failure: unknown) => setError(describeError(failure));
  // Whoever signs in at the bench starts at Orders, its scan box ready, not where the last person left.
  const signedIn = () => {
    window.location.hash = '#/orders';
    onSignedIn();
  };
  return (
    <section className="card locked-bench" aria-label={`Bench ${bench.name}`}>
      <h2>{bench.name}</h2>
      <ul className="plain">
        {bench.printers.map((printer) => (
          <li key={printer.id}>
            {printer.name} <StatusChip status={printer.status} />
            {printer.statusReason && <span className="muted small"> {printer.statusReason}</span>}
          </li>
        ))}
        {bench.printers.length === 0 && <li className="muted">No printers routed to this bench: it prints by the teams’ routing.</li>}
      </ul>
      <form
        aria-label="Sign in with your badge"
        onSubmit={(event) => {
          event.preventDefault();
          const code = badge.trim();
          setBadge('');
          setError(null);
          signInWithBadge(code).then(signedIn, failed);
        }}
      >
        <label>
          Scan your badge
          <input value={badge} onChange={(event) => setBadge(event.target.value)} autoComplete="off" autoFocus />
        </label>
      </form>
      <form
        aria-label="Sign in with your PIN"
        className="pin-sign-in"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          signInWithPin(email.trim(), pin).then(signedIn, (failure: unknown) => {
            setPin('');
            failed(failure);
          });
        }}
      >
        <label>
          E-mail
          <input type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          PIN
          <input
            type="password"
            inputMode="numeric"
            pattern="[0-9]{4,8}"
            maxLength={8}
            autoComplete="off"
            required
            value={pin}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          />
        </label>
        <div className="pin-pad" role="group" aria-label="Number pad">
          {DIGITS.map((digit) => (
            <button key={digit} type="button" className="button" onClick={() => setPin((typed) => (typed + digit).slice(0, 8))}>
              {digit}
            </button>
          ))}
          <button type="button" className="button" aria-label="Delete the last digit" onClick={() => setPin((typed) => typed.slice(0, -1))}>
            ⌫
          </button>
        </div>
        <button type="submit" className="button button-primary">Sign in with PIN</button>
      </form>
      {error && <p className="banner banner-error" role="alert">{error}</p>}
      <p className="muted small">Or sign in with your e-mail and password below (admins).</p>
    </section>
  );
}
