import type Router from '@koa/router';
import type { Context } from 'koa';
import { forbidden } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { addressOf } from '../net/client-address';
import { passkeyRegistrationBody, passkeySite, type Passkeys } from './passkeys';
import type { PeopleService } from './people';
import { confirmBody } from './routes';

/** The signed-in person, with a password session: passkeys are a person's, and not made at a bench. */
function personOf(ctx: Context): string {
  const personId = ctx.state.personId as string | undefined;
  if (!personId) throw forbidden('The station admin’s own session is no person’s: sign in as a person to add their passkeys');
  if (ctx.state.bench) throw forbidden('A passkey is added from a session signed in with a password, not at the bench');
  return personId;
}

const siteOf = (ctx: Context) => passkeySite(ctx.get('origin') || undefined, ctx.host);

/** Settings → Account: one's own passkeys (docs/api/dashboard.md, Passkeys). */
export function passkeyAdminRoutes(router: Router, passkeys: Passkeys, people: PeopleService): void {
  router.get('/admin/api/me/passkeys', (ctx) => {
    ctx.body = ctx.state.personId ? passkeys.list(ctx.state.personId as string) : [];
  });
  // Adding a passkey adds a way in: the current password confirms who asks (a session alone does not).
  router.post('/admin/api/me/passkeys/options', async (ctx) => {
    const { currentPassword } = validate(confirmBody, ctx.request.body, 'Give your current password to add a passkey');
    const personId = personOf(ctx);
    await people.confirmPassword(personId, currentPassword, { address: addressOf(ctx), sessionId: ctx.state.sessionId! });
    ctx.body = await passkeys.registrationOptions(personId, siteOf(ctx));
  });
  router.post('/admin/api/me/passkeys', async (ctx) => {
    // The body is checked first: a malformed one is 400 for every caller.
    const { name, response } = validate(passkeyRegistrationBody, ctx.request.body, 'The passkey is not valid');
    const personId = personOf(ctx);
    ctx.status = 201;
    ctx.body = await passkeys.register(personId, siteOf(ctx), response as never, name);
  });
  router.delete('/admin/api/me/passkeys/:id', (ctx) => {
    passkeys.remove(personOf(ctx), ctx.params.id!);
    ctx.status = 204;
  });
}
