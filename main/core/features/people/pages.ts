import type { Context, Next } from 'koa';
import getRawBody from 'raw-body';
import { escapeHtml } from '../../foundations/text';

// These pages hold a secret in their URL: no referrer, no framing, no scripts, they post only to themselves.
export const SECRET_PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/** The dashboard's look, inline (the pages load nothing else): a card on a quiet background, fields and a button that show focus. */
const STYLE = `body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f3f4f6;margin:0;padding:3em 1em}
main{max-width:32em;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-radius:8px;padding:1.5em 2em}
h1{font-size:1.4em;margin-top:0}label{font-weight:600}.hint,.note{color:#4b5563;font-weight:normal}
input{font:inherit;width:100%;box-sizing:border-box;padding:.45em .6em;border:1px solid #9ca3af;border-radius:6px;margin-top:.25em}
button{font:inherit;font-weight:600;background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:.55em 1.2em;cursor:pointer}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
[role=alert]{color:#991b1b;background:#fee2e2;border-radius:6px;padding:.5em .75em}a{color:#1d4ed8}`;

export const page = (title: string, body: string) => `<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)} · Order Print Station</title><style>${STYLE}</style>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

const field = (label: string, name: string, type: string, extra = '') => `<p><label>${escapeHtml(label)}<br><input name="${name}" type="${type}" ${extra}></label></p>`;

/**
 * A new password and its confirmation (10 to 200 characters; the browser checks the length
 * too). After a confirmation that did not match, the first password comes back as typed
 * (this page is never cached and sent only to whoever typed it) and the confirmation is asked again.
 */
export const newPasswordFields = (label = 'Password', kept?: string) =>
  field(`${label} (at least 10 characters)`, 'password', 'password', `required minlength="10" maxlength="200" autocomplete="new-password"${kept ? ` value="${escapeHtml(kept)}"` : ''}`) +
  field('The same password again', 'confirm', 'password', `required minlength="10" maxlength="200" autocomplete="new-password"${kept ? ' autofocus' : ''}`);

/** The person's name, kept as typed when the form comes back with a problem. */
export const nameField = (value = '', label = 'Your name') => field(label, 'name', 'text', `maxlength="100" autocomplete="name" value="${escapeHtml(value)}"`);

/** Where a closed link's page sends its reader: the dashboard's sign-in. */
export const signInLink = () => '<p><a href="/">Sign in to Order Print Station</a></p>';

/** A small urlencoded form body (the page's own fields). */
export async function readForm(ctx: Context): Promise<URLSearchParams> {
  return new URLSearchParams(await getRawBody(ctx.req, { limit: 4096, encoding: 'utf8' }));
}

/** The form's new password, when it and its confirmation agree; else the reason, and the first password to keep when only the confirmation was wrong. */
export function confirmedPassword(form: URLSearchParams): { password: string } | { problem: string; kept?: string } {
  const password = form.get('password') ?? '';
  if (password.length < 10 || password.length > 200) return { problem: 'A password has 10 to 200 characters.' };
  if (password !== (form.get('confirm') ?? '')) return { problem: 'The two passwords are not the same: type the same password again.', kept: password };
  return { password };
}

export const problemNote = (problem: string | undefined) => (problem ? `<p role="alert" style="color:#a00">${escapeHtml(problem)}</p>` : '');

/**
 * A page at `/<prefix>/<token>` (GET shows it, POST sends its form): the middleware that
 * finds the token, sets the headers a page holding a secret needs, and hands over.
 */
export function secretPage(prefix: string, serve: (ctx: Context, token: string) => Promise<void>) {
  const path = new RegExp(`^/${prefix}/([A-Za-z0-9_-]{20,200})$`);
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = path.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    ctx.set(SECRET_PAGE_HEADERS);
    ctx.type = 'text/html; charset=utf-8';
    await serve(ctx, match[1]!);
  };
}
