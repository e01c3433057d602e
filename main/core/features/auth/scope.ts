import type { Context, Next } from 'koa';
import type { Db } from '../../foundations/db/open';
import { unauthorized } from '../../foundations/errors';
import { nowIso } from '../../foundations/ids';
import { checkApiKey } from '../keys/service';
import { touchApiKey } from '../keys/store';
import { getTeam } from '../teams/store';
import { teamScope } from '../teams/caller';

declare module 'koa' {
  interface DefaultState {
    requestId?: string;
  }
}

const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** `X-API-Key` authentication for `/api/*`: 401 for a missing, malformed, unknown or revoked key. */
export function apiKeyAuth(db: Db) {
  const lastWritten = new Map<string, number>();
  return async (ctx: Context, next: Next): Promise<void> => {
    const check = checkApiKey(db, ctx.get('x-api-key') || undefined);
    if (!check.ok) {
      throw unauthorized(
        check.reason === 'missing'
          ? 'A valid API key is required in the X-API-Key header'
          : check.reason === 'revoked'
            ? 'This API key has been revoked'
            : 'The API key is not valid',
      );
    }
    // Read fresh each time, so a merchant created a moment ago (or by the CLI) is in scope at once.
    const team = getTeam(db, check.key.team_id);
    if (!team) throw unauthorized('The API key is not valid');
    const teamIds = teamScope(db, team);
    // What the request prints names the key as who asked for it.
    ctx.state.caller = { keyId: check.key.id, team, teamIds, actor: { kind: 'key', id: check.key.id, name: check.key.name } };

    // last_used_at is for humans ("used 3 minutes ago"): one write a minute per key is plenty.
    const now = Date.now();
    if (now - (lastWritten.get(check.key.id) ?? 0) > LAST_USED_WRITE_INTERVAL_MS) {
      lastWritten.set(check.key.id, now);
      touchApiKey(db, check.key.id, nowIso());
    }
    await next();
  };
}
