import { useId, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';

const STATUS_LABELS: Record<string, string> = {
  ready: 'Ready',
  printed: 'Printed',
  ignored: 'Ignored',
  pending: 'Pending',
  warning: 'Warning',
  error: 'Error',
  queued: 'Queued',
  rendering: 'Rendering',
  submitted: 'Sent to printer',
  done: 'Printed',
  failed: 'Failed',
  refused: 'Refused',
  online: 'Online',
  offline: 'Offline',
  busy: 'Busy',
  missing: 'Missing',
  live: 'Live',
  onboarding: 'Onboarding',
  revoked: 'Revoked',
  active: 'Active',
  paused: 'Paused',
  printing: 'Printing',
  waiting: 'Waiting',
};

/** A status as a coloured chip with a word (never colour alone). */
export function StatusChip({ status }: { status: string }) {
  return <span className={`chip chip-${status}`}>{STATUS_LABELS[status] ?? status}</span>;
}

/**
 * A tag in its colour: the colour marks the border and a swatch, the text stays dark, so a
 * pale tag colour never makes its name hard to read.
 */
export function TagChip({ label, color }: { label: string; color: string }) {
  return (
    <span className="tag" style={{ borderColor: color }}>
      <span className="tag-swatch" style={{ background: color }} aria-hidden />
      {label}
    </span>
  );
}

/** What an empty view is for and the one thing to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty" role="status">
      <h2>{title}</h2>
      {children && <div className="empty-body">{children}</div>}
    </div>
  );
}

export function ErrorBanner({ error, onRetry }: { error: string | null; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div className="banner banner-error" role="alert">
      <span>{error}</span>
      {onRetry && (
        <button type="button" className="button button-small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-small"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        {/* Focusable by script only: a page switch moves focus here (App's Shell). */}
        <h1 tabIndex={-1}>{title}</h1>
        {subtitle && <p className="subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}

/** "3 minutes ago"; exact time in the tooltip. */
export function RelativeTime({ at }: { at: string | null }) {
  if (!at) return <span className="muted">never</span>;
  return <time title={new Date(at).toLocaleString()}>{relativeTime(at)}</time>;
}

export function relativeTime(at: string, now = Date.now()): string {
  const seconds = Math.round((now - new Date(at).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} d ago`;
  return new Date(at).toLocaleDateString();
}

export const formatMoney = (price?: { amount: number; currency: string }) =>
  price ? new Intl.NumberFormat(undefined, { style: 'currency', currency: price.currency }).format(price.amount) : '';

/** A form whose submit runs `onSubmit` instead of navigating. */
export function SubmitForm({ onSubmit, className, children }: { onSubmit: () => unknown; className?: string; children: ReactNode }) {
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A wide table that scrolls sideways on its own in a narrow window (200% zoom) instead of
 * the whole page. Focusable so the keyboard can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * A button that says why it cannot be pressed: `why` (null when it can) disables it and is
 * shown beside it, tied to the button so a screen reader reads it too.
 */
export function ExplainedButton({ why, children, disabled, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { why: string | null }) {
  const id = useId();
  return (
    <span className="explained">
      <button {...props} disabled={disabled || Boolean(why)} aria-describedby={why ? id : undefined}>
        {children}
      </button>
      {why && <span id={id} className="hint">{why}</span>}
    </span>
  );
}
