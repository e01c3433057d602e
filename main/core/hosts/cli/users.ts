import { MEMBER_ROLES, type MemberRole } from '../../features/teams/people-store';
import { UsageError, commonOptions, output, parse, required } from './args';
import { withStation } from './with-station';

export const USERS_USAGE = `station users list [--team TEAM_ID] [--json]
  station users invite --team TEAM_ID --email EMAIL [--role admin|operator|viewer] [--json]
  station users role --team TEAM_ID --email EMAIL --role admin|operator|viewer [--json]
  station users disable --email EMAIL | enable --email EMAIL [--json]
  station users reset --email EMAIL [--json]        (prints a one-time link to set a new password)
  station users station-admin --email EMAIL [--remove] [--json]`;

const roleOf = (value: string | undefined, fallback?: MemberRole): MemberRole => {
  const role = value ?? fallback;
  if (!role || !(MEMBER_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role takes ${MEMBER_ROLES.join(', ')}`);
  return role as MemberRole;
};

/** `station users …`: people at the station, from the machine it runs on (the station admin's own hands). */
export async function usersCommand(sub: string | undefined, argv: string[]): Promise<number> {
  const options = { ...commonOptions, team: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, remove: { type: 'boolean', default: false } } as const;
  // `station users reset EMAIL` reads as well as `--email EMAIL`.
  const positional = argv[0] && !argv[0].startsWith('-') ? argv[0] : undefined;
  const args = parse(positional ? argv.slice(1) : argv, options);
  const email = () => required(positional ?? args.email, '--email');
  return withStation(args['data-dir'], async (station) => {
    const people = station.services.people;
    const show = (person: ReturnType<typeof people.view>) =>
      `${person.name} <${person.email}>${person.stationAdmin ? '  station admin' : ''}${person.disabled ? '  DISABLED' : ''}${person.hasPassword ? '' : '  (no password yet)'}\n${person.teams.map((team) => `    ${team.role.padEnd(8)} ${team.teamName} (${team.teamId})`).join('\n')}`;
    switch (sub) {
      case 'list': {
        const all = people.list().filter((person) => !args.team || person.teams.some((team) => team.teamId === args.team));
        output(args.json, all, () => (all.length ? all.map(show).join('\n') : 'nobody yet'));
        return 0;
      }
      case 'invite': {
        const teamId = required(args.team, '--team');
        const { invitation, sent } = await station.services.invitations.invite(teamId, email(), roleOf(args.role, 'admin'));
        output(args.json, { invitation, invitationSent: sent }, () =>
          [`invited ${invitation.email} to team ${teamId} as ${invitation.role}`, sent ? '  mailed' : `  not mailed (${invitation.sendError}); hand over: ${invitation.acceptUrl}`].join('\n'),
        );
        return 0;
      }
      case 'role': {
        const person = people.setRole(required(args.team, '--team'), people.idOf(email()), roleOf(args.role));
        output(args.json, person, () => show(person));
        return 0;
      }
      case 'disable':
      case 'enable': {
        const person = sub === 'disable' ? people.disable(people.idOf(email())) : people.enable(people.idOf(email()));
        output(args.json, person, () => `${sub}d: ${show(person)}`);
        return 0;
      }
      case 'reset': {
        const link = await people.createReset(people.idOf(email()));
        output(args.json, link, () => `${link.mailed ? 'mailed; the link is also' : 'not mailed; hand over'}: ${link.resetUrl}\n  works once, until ${link.expiresAt}`);
        return 0;
      }
      case 'station-admin': {
        const person = people.markStationAdmin(people.idOf(email()), !args.remove);
        output(args.json, person, () => show(person));
        return 0;
      }
      default:
        throw new UsageError(USERS_USAGE);
    }
  });
}
