import { apiKeyView, createApiKey, revokeKey } from '../../features/keys/service';
import { listApiKeys } from '../../features/keys/store';
import { UsageError, commonOptions, output, parse, required } from './args';
import { withStation } from './with-station';

export async function keysCommand(sub: string | undefined, argv: string[]): Promise<number> {
  if (sub === 'create') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' }, name: { type: 'string' } });
    const teamId = required(args.team, '--team');
    const name = required(args.name, '--name');
    return withStation(args['data-dir'], (station) => {
      const { key, secret } = createApiKey(station.db, teamId, name);
      output(args.json, { ...key, secret }, () => `created API key ${key.name}\n  id:     ${key.id}\n  secret: ${secret}\nThe secret is shown this once; store it now.`);
      return 0;
    });
  }
  if (sub === 'revoke') {
    const args = parse(argv, { ...commonOptions, id: { type: 'string' } });
    const id = required(args.id, '--id');
    return withStation(args['data-dir'], (station) => {
      const key = revokeKey(station.db, id);
      output(args.json, key, () => `revoked API key ${key.name} (${key.id})`);
      return 0;
    });
  }
  if (sub === 'list') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' } });
    return withStation(args['data-dir'], (station) => {
      const keys = listApiKeys(station.db, args.team).map(apiKeyView);
      output(args.json, keys, () =>
        keys.length === 0
          ? 'no API keys yet: station keys create --team TEAM_ID --name NAME'
          : keys
              .map((k) => `${k.id}  ${k.prefix}…  ${k.revokedAt ? 'revoked ' : 'active  '} team ${k.teamId}  ${k.name}  last used ${k.lastUsedAt ?? 'never'}`)
              .join('\n'),
      );
      return 0;
    });
  }
  throw new UsageError('station keys create|revoke|list');
}
