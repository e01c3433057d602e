import { createApiKey } from '../../features/keys/service';
import type { Station } from '../../station';
import { createTeam } from '../../features/teams/service';
import { hasAnyTeam } from '../../features/teams/store';

export const FIRST_TEAM_NAME = 'My Shop';

/**
 * On a station with no team yet (an empty data dir), makes the first team and an API key so
 * that a new user can post an order right away. Returns the key's secret, which exists only
 * now (the database keeps its hash). Checked and created in one IMMEDIATE transaction: a CLI
 * command creating a team at the same moment cannot leave two first teams.
 */
export function createFirstTeamIfNone(station: Station): { teamId: string; teamName: string; secret: string } | undefined {
  const { db } = station;
  return db
    .transaction(() => {
      if (hasAnyTeam(db)) return undefined;
      const { team } = createTeam(db, station.hooks, { name: FIRST_TEAM_NAME, type: 'standard' });
      const { secret } = createApiKey(db, team.id, 'first run');
      return { teamId: team.id, teamName: team.name, secret };
    })
    .immediate();
}
