import { stationLocale } from '../../foundations/locale';
import type Router from '@koa/router';
import type { Db } from '../../foundations/db/open';
import { listTeams } from '../teams/store';
import { inDashboardTeams } from '../teams/dashboard-scope';
import { STATION_VERSION } from '../../foundations/version';

export interface StationInfoSource {
  dataDir: string;
  /** The address the host listens on, once it does. */
  listeningUrl(): string | undefined;
}

/** What the Settings page shows about the station, and the teams every page picks from. */
export function adminStationRoutes(router: Router, db: Db, info: StationInfoSource): void {
  router.get('/admin/api/station', (ctx) => {
    const url = info.listeningUrl();
    const parsed = url ? new URL(url) : undefined;
    // The machine's paths and the parts' versions are the station admin's business alone.
    const stationAdmin = ctx.state.everyTeam === true;
    ctx.body = {
      version: stationAdmin ? STATION_VERSION : null,
      dataDir: stationAdmin ? info.dataDir : null,
      url: url ?? null,
      host: parsed?.hostname.replace(/^\[|\]$/g, '') ?? null,
      port: parsed ? Number(parsed.port) : null,
      apiBaseUrl: url ? `${url}/api` : null,
      // The teams every page picks from: those the person may see.
      teams: inDashboardTeams(ctx, listTeams(db), (team) => team.id).map((team) => ({
        id: team.id,
        name: team.name,
        type: team.type,
        status: team.status,
        parentTeamId: team.parent_team_id,
        locale: team.locale,
      })),
      /** The locale of teams that have none of their own. */
      locale: stationLocale(),
    };
  });
}
