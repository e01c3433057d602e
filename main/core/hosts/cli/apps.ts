import { createSourceApp, listSourceAppViews, setSourceAppState, type SourceAppView } from '../../features/apps/service';
import { UsageError, commonOptions, output, parse, required } from './args';
import { withStation } from './with-station';

const line = (app: SourceAppView) => `${app.id}  ${app.active ? 'active  ' : 'inactive'}  team ${app.teamId}  ${app.name}`;

export async function appsCommand(sub: string | undefined, argv: string[]): Promise<number> {
  if (sub === 'create') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' }, name: { type: 'string' } });
    const teamId = required(args.team, '--team');
    const name = required(args.name, '--name');
    return withStation(args['data-dir'], (station) => {
      const app = createSourceApp(station.db, teamId, name);
      output(args.json, app, () => `created source app ${app.name}\n  id:   ${app.id}\nOrders sent with "source": "${app.id}" belong to it.`);
      return 0;
    });
  }
  if (sub === 'list') {
    const args = parse(argv, { ...commonOptions, team: { type: 'string' } });
    return withStation(args['data-dir'], (station) => {
      const apps = listSourceAppViews(station.db, args.team);
      output(args.json, apps, () => (apps.length === 0 ? 'no source apps yet: station apps create --team TEAM_ID --name NAME' : apps.map(line).join('\n')));
      return 0;
    });
  }
  if (sub === 'deactivate' || sub === 'activate') {
    const args = parse(argv, { ...commonOptions, id: { type: 'string' } });
    const id = required(args.id, '--id');
    return withStation(args['data-dir'], (station) => {
      const app = setSourceAppState(station.db, id, { active: sub === 'activate' });
      output(args.json, app, () => line(app));
      return 0;
    });
  }
  throw new UsageError('station apps create|list|activate|deactivate');
}
