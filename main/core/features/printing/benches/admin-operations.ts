import { adminOperations } from '../../../foundations/admin-operation';

/** The dashboard operations of this room: Benches: their paired screens (before signing in), their routing and pairing codes, and the desktop window's mode (routes.ts). */
export const BENCH_OPERATIONS = adminOperations([
  ['POST', '/admin/api/bench-screen', 'public', 'Pair this screen with a bench by the code the dashboard shows'],
  ['GET', '/admin/api/bench-screen', 'public', 'The bench this screen is paired with (X-Station-Bench) and its printers’ health'],
  ['GET', '/admin/api/settings/desktop-window', 'station-admin', 'Whether the desktop app’s window is the station’s own or a bench’s'],
  ['PUT', '/admin/api/settings/desktop-window', 'station-admin', 'Make the desktop app’s window a bench’s (or the station’s own)'],
  ['GET', '/admin/api/benches', 'viewer', 'The benches, their routing, printers and screens'],
  ['POST', '/admin/api/benches', 'station-admin', 'Add a bench'],
  ['GET', '/admin/api/benches/:id', 'viewer', 'A bench by id or name'],
  ['DELETE', '/admin/api/benches/:id', 'station-admin', 'Remove a bench (its routes and paired screens)'],
  ['PUT', '/admin/api/benches/:id/routes/:tag', 'station-admin', 'Where a tag prints at the bench: printer and tray'],
  ['DELETE', '/admin/api/benches/:id/routes/:tag', 'station-admin', 'A tag prints by the team’s routing again at the bench'],
  ['POST', '/admin/api/benches/:id/pairing-code', 'station-admin', 'A one-use code to pair a screen with the bench (10 minutes)'],
]);
