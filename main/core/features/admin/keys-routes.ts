import type Router from '@koa/router';
import { z } from 'zod';
import type { Db } from '../../foundations/db/open';
import { validate } from '../../foundations/validate';
import { apiKeyView, createApiKey, revokeKey } from '../keys/service';
import { listApiKeys } from '../keys/store';
import { listTeams } from '../teams/store';
import { inDashboardTeams, requireDashboardTeam } from '../teams/dashboard-scope';

export const createKeyBody = z.object({ teamId: z.string().min(1).max(100), name: z.string().trim().min(1, 'Give the key a name').max(100) });

/** API keys of the caller's teams (every team for the station admin): create (secret shown once), list with last use, revoke. */
export function adminKeyRoutes(router: Router, db: Db): void {
  router.get('/admin/api/keys', (ctx) => {
    const teamNames = new Map(listTeams(db).map((team) => [team.id, team.name]));
    ctx.body = inDashboardTeams(ctx, listApiKeys(db), (row) => row.team_id).map((row) => ({ ...apiKeyView(row), teamName: teamNames.get(row.team_id) ?? row.team_id }));
  });

  router.post('/admin/api/keys', (ctx) => {
    const body = validate(createKeyBody, ctx.request.body, 'The key is not valid');
    ctx.status = 201;
    ctx.body = createApiKey(db, requireDashboardTeam(ctx, body.teamId), body.name);
  });

  router.post('/admin/api/keys/:id/revoke', (ctx) => {
    ctx.body = revokeKey(db, ctx.params.id!);
  });
}
