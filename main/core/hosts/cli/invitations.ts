import { MEMBER_ROLES, type MemberRole } from '../../features/teams/people-store';
import { passwordSchema } from '../../features/people/password-rules';
import { readPassword } from './read-password';
import { UsageError, commonOptions, output, parse, required } from './args';
import { withStation } from './with-station';

/** What `list` says of an open invitation that was not mailed: its link, while it is kept. */
function handover(invitation: { state: string; sentAt: string | null; acceptUrl: string | null }): string {
  if (invitation.state !== 'open' || invitation.sentAt) return '';
  return invitation.acceptUrl ? `  not mailed, hand over: ${invitation.acceptUrl}` : '  not mailed (invitations create again for a new link)';
}

export async function invitationsCommand(sub: string | undefined, argv: string[], stdin?: NodeJS.ReadableStream & { isTTY?: boolean }): Promise<number> {
  if (sub === 'create') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } });
    const teamId = required(args.team, '--team');
    const email = required(args.email, '--email');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError('--email takes an e-mail address');
    const role = args.role ?? 'admin';
    if (!(MEMBER_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role takes ${MEMBER_ROLES.join(', ')}`);
    return withStation(args['data-dir'], async (station) => {
      const { invitation, sent } = await station.services.invitations.invite(teamId, email, role as MemberRole);
      output(args.json, { invitation, invitationSent: sent }, () =>
        [
          `invited ${invitation.email} to team ${teamId} as ${invitation.role}`,
          sent ? '  the invitation mail was accepted by the SMTP server' : `  no mail sent (${invitation.sendError}); hand over the link:`,
          `  ${invitation.acceptUrl}`,
          // A mailed invitation keeps only its token's hash: this is the one time its link shows.
          sent ? '  a mailed link is not kept (only its hash); to get a new one, invite the same address again' : '  `station invitations list` shows it until it is used',
        ].join('\n'),
      );
      return 0;
    });
  }
  if (sub === 'list') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' } });
    const teamId = required(args.team, '--team');
    return withStation(args['data-dir'], (station) => {
      const invitations = station.services.invitations.list(teamId);
      output(args.json, invitations, () =>
        invitations.length === 0
          ? 'no invitations for this team'
          : // A mailed invitation's link is not kept (only its token's hash); a link still to hand over is.
            invitations.map((i) => `${i.id}  ${i.state.padEnd(8)} ${i.email}  expires ${i.expiresAt}${handover(i)}`).join('\n'),
      );
      return 0;
    });
  }
  if (sub === 'accept') {
    const args = parse(argv, { ...commonOptions, token: { type: 'string' }, name: { type: 'string' } });
    // The whole accept link works as well as the bare token.
    const token = required(args.token, '--token').replace(/^.*\/invitations\//, '');
    // The password comes on standard input (a new person's, or the one they already have here).
    const password = await readPassword('Password (at least 10 characters): ', stdin);
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) throw new UsageError(checked.error.issues[0]!.message);
    return withStation(args['data-dir'], async (station) => {
      const { loginToken, ...joined } = await station.services.people.acceptInvitation(token, password, args.name, 'cli');
      const { lastListeningUrl } = await import('../../station');
      const link = `${lastListeningUrl(station.db)}/#login=${loginToken}`;
      output(args.json, { ...joined, loginUrl: link }, () => `${joined.name} <${joined.email}> joined team ${joined.teamId} as ${joined.role}\n  user id: ${joined.userId}\n  sign in (once, within 15 minutes): ${link}`);
      return 0;
    });
  }
  throw new UsageError('station invitations create|list|accept');
}
