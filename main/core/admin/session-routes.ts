import type Router from '@koa/router';
import { z } from 'zod';
import { unauthorized } from '../http/errors';
import { validate } from '../http/validate';
import type { AdminSessions } from './sessions';

/** Public: the only admin route without a session, it turns a login token into one. */
export function sessionRoutes(router: Router, sessions: AdminSessions): void {
  router.post('/admin/api/session', (ctx) => {
    const { loginToken } = validate(z.object({ loginToken: z.string().min(1).max(200) }), ctx.request.body);
    const sessionToken = sessions.exchangeLoginToken(loginToken);
    if (!sessionToken) throw unauthorized('This login link was already used or has expired; restart the station or run `station login` for a new one');
    ctx.status = 201;
    ctx.body = { sessionToken };
  });
}
