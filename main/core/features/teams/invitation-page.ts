import type { Context, Next } from 'koa';
import getRawBody from 'raw-body';
import { ERROR_KINDS, StationError } from '../../foundations/errors';
import type { InvitationsService } from './invitations';
import { escapeHtml } from '../../foundations/text';

/** A refusal's HTTP status (errors.ts keeps the one table of kinds). */
const statusOfError = (error: StationError): number => ERROR_KINDS[error.kind];

const PATH = /^\/invitations\/([A-Za-z0-9_-]{20,200})$/;

// The page holds a secret in its URL: no referrer, no framing, no scripts, posts only to itself.
const HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

const page = (title: string, body: string) => `<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)} · Order Print Station</title>
<body style="font:16px system-ui;margin:3em auto;max-width:36em;padding:0 1em">
<h1 style="font-size:1.4em">${escapeHtml(title)}</h1>${body}</body></html>`;

/**
 * The page an invitation mail links to: GET shows the invitation and a button, POST
 * accepts it (the token in the path is the credential). Accepting on GET alone would let
 * mail scanners that open links use up the invitation.
 */
export function invitationPage(invitations: InvitationsService) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const token = match[1]!;
    ctx.set(HEADERS);
    ctx.type = 'text/html; charset=utf-8';
    const invitation = invitations.findByToken(token);
    if (!invitation) {
      ctx.status = 404;
      ctx.body = page('Invitation not found', '<p>This link is not a valid invitation. Check that the whole link was copied.</p>');
      return;
    }
    if (ctx.method === 'GET') {
      ctx.status = invitation.state === 'open' ? 200 : 410;
      ctx.body =
        invitation.state === 'open'
          ? page(
              `Join ${invitation.teamName}`,
              `<p>${escapeHtml(invitation.email)} is invited to join <strong>${escapeHtml(invitation.teamName)}</strong> as ${invitation.role}.</p>
<form method="post"><label>Your name <input name="name" maxlength="100" autocomplete="name"></label>
<p><button type="submit">Accept the invitation</button></p></form>
<p style="color:#666">The invitation expires on ${escapeHtml(invitation.expiresAt)}.</p>`,
            )
          : page('Invitation closed', `<p>This invitation was ${invitation.state === 'accepted' ? 'already accepted' : invitation.state}. Ask for a new one.</p>`);
      return;
    }
    const form = new URLSearchParams(await getRawBody(ctx.req, { limit: 4096, encoding: 'utf8' }));
    const name = form.get('name')?.trim().slice(0, 100) || undefined;
    try {
      const joined = invitations.accept(token, name);
      ctx.status = 200;
      ctx.body = page(`Welcome to ${invitation.teamName}`, `<p>${escapeHtml(joined.name)}, you are now ${joined.role} of ${escapeHtml(invitation.teamName)}.</p>`);
    } catch (error) {
      if (!(error instanceof StationError)) throw error;
      ctx.status = statusOfError(error);
      ctx.body = page('Invitation closed', `<p>${escapeHtml(error.message)}</p>`);
    }
  };
}
