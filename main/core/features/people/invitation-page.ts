import type { Context } from 'koa';
import { StationError, statusOf } from '../../foundations/errors';
import { escapeHtml } from '../../foundations/text';
import type { InvitationsService } from '../teams/invitations';
import type { SecretThrottle } from '../../foundations/secret-throttle';
import { addressOf } from '../net/client-address';
import { confirmedPassword, nameField, newPasswordFields, page, problemNote, readForm, secretPage, signInLink } from './pages';
import type { PeopleService } from './people';


/**
 * The page an invitation mail links to: GET shows the invitation and a form, POST accepts
 * it (the token in the path is the credential) with a name and a password: a new person's,
 * or the one a person the station knows signs in with. The form is the same for both, so
 * the page does not tell its holder whether the e-mail has an account. On success the
 * browser goes to the dashboard signed in (a one-time `/#login=` link). Accepting on GET
 * alone would let mail scanners that open links use up the invitation. An unknown token
 * counts against the client's address, as every check of a secret does.
 */
export function invitationPage(invitations: InvitationsService, people: PeopleService, throttle: SecretThrottle) {
  return secretPage('invitations', async (ctx: Context, token: string) => {
    const address = addressOf(ctx);
    throttle.check({ address });
    const invitation = invitations.findByToken(token);
    if (!invitation) {
      throttle.fail({ address });
      ctx.status = 404;
      ctx.body = page('Invitation not found', '<p>This link is not a valid invitation. Check that the whole link was copied.</p>');
      return;
    }
    if (invitation.state !== 'open') {
      ctx.status = 410;
      ctx.body = page('Invitation closed', `<p>This invitation was ${invitation.state === 'accepted' ? 'already accepted' : invitation.state}. Ask for a new one.</p>${signInLink()}`);
      return;
    }
    const form = (problem?: string, typedName = '', keptPassword?: string) =>
      page(
        `Join ${invitation.teamName}`,
        `<p>${escapeHtml(invitation.email)} is invited to join <strong>${escapeHtml(invitation.teamName)}</strong> as ${invitation.role}.</p>
${problemNote(problem)}<form method="post">${nameField(typedName, 'Your name (if you are new at this station)')}
<p class="hint">New here? Choose a password. Already signing in at this station? Give the password you sign in with.</p>${newPasswordFields('Password', keptPassword)}
<p><button type="submit">Accept and sign in</button></p></form>
<p class="note">The invitation works once, until <time datetime="${escapeHtml(invitation.expiresAt)}">${escapeHtml(invitation.expiresAt.slice(0, 16).replace('T', ' '))} UTC</time>.</p>`,
      );
    if (ctx.method === 'GET') {
      ctx.body = form();
      return;
    }
    const fields = await readForm(ctx);
    const name = fields.get('name')?.trim().slice(0, 100) || undefined;
    const checked = confirmedPassword(fields);
    if ('problem' in checked) {
      ctx.status = 400;
      ctx.body = form(checked.problem, name, checked.kept);
      return;
    }
    try {
      const joined = await people.acceptInvitation(token, checked.password, name, address);
      // Signed in at once: the dashboard trades the one-time token for a session.
      ctx.status = 303;
      ctx.redirect(`/#login=${joined.loginToken}`);
    } catch (error) {
      if (!(error instanceof StationError)) throw error;
      ctx.status = statusOf(error);
      ctx.body = error.kind === 'unauthenticated' || error.kind === 'rate_limited' ? form(error.message, name) : page('Invitation closed', `<p>${escapeHtml(error.message)}</p>${signInLink()}`);
    }
  });
}
