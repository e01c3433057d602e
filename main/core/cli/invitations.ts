import { UsageError, commonOptions, output, parse, required } from './args';
import { withStation } from './with-station';

const notMailed = (invitation: { state: string; sentAt: string | null }) => invitation.state === 'open' && !invitation.sentAt;

export async function invitationsCommand(sub: string | undefined, argv: string[]): Promise<number> {
  if (sub === 'create') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' }, email: { type: 'string' } });
    const teamId = required(args.team, '--team');
    const email = required(args.email, '--email');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError('--email takes an e-mail address');
    return withStation(args['data-dir'], async (station) => {
      const { invitation, sent } = await station.services.invitations.invite(teamId, email, 'admin');
      output(args.json, { invitation, invitationSent: sent }, () =>
        [
          `invited ${invitation.email} to team ${teamId} as ${invitation.role}`,
          sent ? '  the invitation mail was accepted by the SMTP server' : `  no mail sent (${invitation.sendError}); hand over the link:`,
          `  ${invitation.acceptUrl}`,
          // Only the token's hash is kept: this is the one time the link can be shown.
          '  the link is shown only now; to get a new one, invite the same address again',
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
          : // Links are not listed: only the token's hash is stored. Inviting again gives a new one.
            invitations.map((i) => `${i.id}  ${i.state.padEnd(8)} ${i.email}  expires ${i.expiresAt}${notMailed(i) ? '  not mailed (invitations create again for a new link)' : ''}`).join('\n'),
      );
      return 0;
    });
  }
  if (sub === 'accept') {
    const args = parse(argv, { ...commonOptions, token: { type: 'string' }, name: { type: 'string' } });
    // The whole accept link works as well as the bare token.
    const token = required(args.token, '--token').replace(/^.*\/invitations\//, '');
    return withStation(args['data-dir'], (station) => {
      const joined = station.services.invitations.accept(token, args.name);
      output(args.json, joined, () => `${joined.name} <${joined.email}> joined team ${joined.teamId} as ${joined.role}\n  user id: ${joined.userId}`);
      return 0;
    });
  }
  throw new UsageError('station invitations create|list|accept');
}
