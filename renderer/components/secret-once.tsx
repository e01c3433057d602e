import type { ReactNode } from 'react';
import { CopyButton } from './ui';

/** A secret the station shows this once (an API key, a webhook's signing secret), with a copy button. */
export function SecretShownOnce({ label, secret, copyLabel, testId, onDone, children }: { label: string; secret: string; copyLabel: string; testId: string; onDone: () => void; children: ReactNode }) {
  return (
    <div className="secret-box" role="region" aria-label={label}>
      <p>{children}</p>
      <div className="secret-row">
        <code data-testid={testId}>{secret}</code>
        <CopyButton text={secret} label={copyLabel} />
      </div>
      <button type="button" className="button button-ghost" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}
