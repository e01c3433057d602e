import { createTeam, teamResource } from '../../features/teams/service';
import { stationLocale } from '../../foundations/locale';
import { teamLocaleSchema } from '../../features/teams/schema';
import { nowIso } from '../../foundations/ids';
import { getTeam, listTeams, setTeamLocale } from '../../features/teams/store';
import { listMembers } from '../../features/teams/people-store';
import { UsageError, commonOptions, output, parse, required } from './args';
import { withStation } from './with-station';

// Merchants are made here until the teams API exists: `--type merchant --parent THREE_PL_ID`.
const TYPES = ['standard', 'three_pl', 'merchant'] as const;

export async function teamsCommand(sub: string | undefined, argv: string[]): Promise<number> {
  if (sub === 'create') {
    const args = parse(argv, {
      ...commonOptions,
      name: { type: 'string' },
      type: { type: 'string', default: 'standard' },
      'owner-name': { type: 'string' },
      'owner-email': { type: 'string' },
      parent: { type: 'string' },
    });
    const type = args.type as (typeof TYPES)[number];
    if (!TYPES.includes(type)) throw new UsageError('--type is standard, three_pl or merchant');
    if ((type === 'merchant') !== (args.parent !== undefined)) throw new UsageError('--parent THREE_PL_TEAM_ID goes with --type merchant, and only with it');
    const name = required(args.name, '--name');
    return withStation(args['data-dir'], (station) => {
      // IMMEDIATE: `serve` may be committing orders on the same file right now (see group-commit.ts).
      const { team, owner } = station.db
        .transaction(() =>
          createTeam(station.db, station.hooks, { name, type, parentTeamId: args.parent, owner: { name: args['owner-name'], email: args['owner-email'] } }),
        )
        .immediate();
      const result = { ...teamResource(team), owner: { userId: owner.id, name: owner.name, email: owner.email } };
      output(args.json, result, () => `created team ${team.name} (${team.type})\n  id:   ${team.id}\n  slug: ${team.slug}\n  admin: ${owner.name}`);
      return 0;
    });
  }
  if (sub === 'list') {
    const args = parse(argv, commonOptions);
    return withStation(args['data-dir'], (station) => {
      const teams = listTeams(station.db).map((team) => ({ ...teamResource(team), members: listMembers(station.db, team.id).length }));
      output(args.json, teams, () =>
        teams.length === 0
          ? 'no teams yet: station teams create --name "My shop"'
          : teams.map((t) => `${t.id}  ${t.type.padEnd(9)} ${t.status.padEnd(10)} ${t.name}${t.parent_team_id ? `  (merchant of ${t.parent_team_id})` : ''}`).join('\n'),
      );
      return 0;
    });
  }
  if (sub === 'set-locale') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' }, locale: { type: 'string' } });
    const teamId = required(args.team, '--team');
    const asked = required(args.locale, '--locale');
    // `default`: the station's own locale. Checked by the admin API's own rule.
    const parsed = teamLocaleSchema.safeParse({ locale: asked === 'default' ? null : asked });
    if (!parsed.success) throw new UsageError(`--locale: ${parsed.error.issues[0]!.message}, or "default"`);
    const { locale } = parsed.data;
    return withStation(args['data-dir'], (station) => {
      const team = getTeam(station.db, teamId);
      if (!team) throw new UsageError(`no team ${teamId} (station teams list)`);
      station.db.transaction(() => setTeamLocale(station.db, team.id, locale, nowIso())).immediate();
      output(args.json, teamResource(getTeam(station.db, team.id)!), () => `${team.name}: documents in ${locale ?? `the station's locale (${stationLocale()})`}`);
      return 0;
    });
  }
  throw new UsageError('station teams create|list|set-locale');
}
