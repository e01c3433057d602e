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

export const page = (title: string, body: string) => `<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)} · Order Print Station</title>
<body style="font:16px system-ui;margin:3em auto;max-width:36em;padding:0 1em">
<h1 style="font-size:1.4em">${escapeHtml(title)}</h1>${body}</body></html>`;

const field = (label: string, name: string, type: string, extra = '') =>
  `<p><label>${escapeHtml(label)}<br><input name="${name}" type="${type}" ${extra} style="font:inherit;width:100%"></label></p>`;

/** A new password and its confirmation (10 to 200 characters; the browser checks the length too). */
export const newPasswordFields = (label = 'Password') =>
  field(`${label} (at least 10 characters)`, 'password', 'password', 'required minlength="10" maxlength="200" autocomplete="new-password"') +
  field('The same password again', 'confirm', 'password', 'required minlength="10" maxlength="200" autocomplete="new-password"');

/** The person's name, kept as typed when the form comes back with a problem. */
export const nameField = (value = '', label = 'Your name') => field(label, 'name', 'text', `maxlength="100" autocomplete="name" value="${escapeHtml(value)}"`);

/** Where a closed link's page sends its reader: the dashboard's sign-in. */
export const signInLink = () => '<p><a href="/">Sign in to Order Print Station</a></p>';

/** A small urlencoded form body (the page's own fields). */
export async function readForm(ctx: Context): Promise<URLSearchParams> {
  return new URLSearchParams(await getRawBody(ctx.req, { limit: 4096, encoding: 'utf8' }));
}

/** The form's new password, when it and its confirmation agree; else the reason. */
export function confirmedPassword(form: URLSearchParams): { password: string } | { problem: string } {
  const password = form.get('password') ?? '';
  if (password !== (form.get('confirm') ?? '')) return { problem: 'The two passwords are not the same.' };
  if (password.length < 10 || password.length > 200) return { problem: 'A password has 10 to 200 characters.' };
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
