import type { Context } from 'koa';
import { StationError, statusOf } from '../../foundations/errors';
import { escapeHtml } from '../../foundations/text';
import type { SecretThrottle } from '../../foundations/secret-throttle';
import { addressOf } from '../net/client-address';
import { confirmedPassword, newPasswordFields, page, problemNote, readForm, secretPage, signInLink } from './pages';
import type { PeopleService } from './people';


/**
 * The page a reset link opens: GET shows a form for a new password, POST sets it (the token
 * in the path is the credential, used once), ends the person's other sessions and sends the
 * browser to the dashboard signed in.
 */
export function passwordResetPage(people: PeopleService, throttle: SecretThrottle) {
  return secretPage('password-reset', async (ctx: Context, token: string) => {
    const address = addressOf(ctx);
    throttle.check({ address });
    const person = people.resetFor(token);
    if (!person) {
      throttle.fail({ address });
      ctx.status = 410;
      ctx.body = page('Reset link closed', `<p>This reset link was already used, replaced by a newer one, or has expired. Ask a station admin for a new one.</p>${signInLink()}`);
      return;
    }
    const form = (problem?: string, keptPassword?: string) =>
      page('Set a new password', `<p>For ${escapeHtml(person.email ?? person.name)}.</p>${problemNote(problem)}<form method="post">${newPasswordFields('New password', keptPassword)}<p><button type="submit">Set the password and sign in</button></p></form>`);
    if (ctx.method === 'GET') {
      ctx.body = form();
      return;
    }
    const checked = confirmedPassword(await readForm(ctx));
    if ('problem' in checked) {
      ctx.status = 400;
      ctx.body = form(checked.problem, checked.kept);
      return;
    }
    try {
      const { loginToken } = await people.useReset(token, checked.password, address);
      ctx.status = 303;
      ctx.redirect(`/#login=${loginToken}`);
    } catch (error) {
      if (!(error instanceof StationError)) throw error;
      ctx.status = statusOf(error);
      ctx.body = error.kind === 'rate_limited' ? form(error.message) : page('Reset link closed', `<p>${escapeHtml(error.message)}</p>${signInLink()}`);
    }
  });
}
