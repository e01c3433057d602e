import type { Context } from 'koa';
import { StationError, statusOf } from '../../foundations/errors';
import { escapeHtml } from '../../foundations/text';
import type { InvitationsService } from '../teams/invitations';
import { confirmedPassword, currentPasswordField, nameField, newPasswordFields, page, problemNote, readForm, secretPage } from './pages';
import { findPersonByEmail } from './people-store';
import type { PeopleService } from './people';
import type { Db } from '../../foundations/db/open';


/**
 * The page an invitation mail links to: GET shows the invitation and a form, POST accepts
 * it (the token in the path is the credential) with the person's name and a new password,
 * or, for a person the station knows, their current password; on success the browser goes
 * to the dashboard signed in (a one-time `/#login=` link). Accepting on GET alone would let
 * mail scanners that open links use up the invitation.
 */
export function invitationPage(db: Db, invitations: InvitationsService, people: PeopleService) {
  return secretPage('invitations', async (ctx: Context, token: string) => {
    const invitation = invitations.findByToken(token);
    if (!invitation) {
      ctx.status = 404;
      ctx.body = page('Invitation not found', '<p>This link is not a valid invitation. Check that the whole link was copied.</p>');
      return;
    }
    if (invitation.state !== 'open') {
      ctx.status = 410;
      ctx.body = page('Invitation closed', `<p>This invitation was ${invitation.state === 'accepted' ? 'already accepted' : invitation.state}. Ask for a new one.</p>`);
      return;
    }
    const known = Boolean(findPersonByEmail(db, invitation.email)?.password_hash);
    const form = (problem?: string, typedName = '') =>
      page(
        `Join ${invitation.teamName}`,
        `<p>${escapeHtml(invitation.email)} is invited to join <strong>${escapeHtml(invitation.teamName)}</strong> as ${invitation.role}.</p>
${problemNote(problem)}<form method="post">${known ? `<p>You already sign in at this station: confirm with your password.</p>${currentPasswordField()}` : nameField(typedName) + newPasswordFields()}
<p><button type="submit">Accept and sign in</button></p></form>
<p style="color:#666">The invitation works once, until <time datetime="${escapeHtml(invitation.expiresAt)}">${escapeHtml(invitation.expiresAt.slice(0, 16).replace('T', ' '))} UTC</time>.</p>`,
      );
    if (ctx.method === 'GET') {
      ctx.body = form();
      return;
    }
    const fields = await readForm(ctx);
    const name = fields.get('name')?.trim().slice(0, 100) || undefined;
    const checked = known ? { password: fields.get('password') ?? '' } : confirmedPassword(fields);
    if ('problem' in checked) {
      ctx.status = 400;
      ctx.body = form(checked.problem, name);
      return;
    }
    try {
      const joined = await people.acceptInvitation(token, checked.password, name, ctx.ip);
      // Signed in at once: the dashboard trades the one-time token for a session.
      ctx.status = 303;
      ctx.redirect(`/#login=${joined.loginToken}`);
    } catch (error) {
      if (!(error instanceof StationError)) throw error;
      ctx.status = statusOf(error);
      ctx.body = error.kind === 'unauthenticated' || error.kind === 'rate_limited' ? form(error.message, name) : page('Invitation closed', `<p>${escapeHtml(error.message)}</p>`);
    }
  });
}
