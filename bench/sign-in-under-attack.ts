// A real person's sign-in while strangers attack the sign-in routes, against the same sign-in
// on a quiet station in the same run.
//   node --import tsx bench/sign-in-under-attack.ts
// A real station on a real port behind a "trusted proxy" (127.0.0.1 in Settings → Network),
// so each request names its client in X-Forwarded-For: the person signs in from their own
// machine; the attacker (a process of its own) sends 200 requests 20 at a time, from one
// machine, then each from an address of its own (the worst case: no address reaches its
// own throttle). The attacker runs at the lowest CPU priority (nice 19): on a real floor it is
// another machine, and its own work (building 200 requests) is not the station's to pay for.
// Goals (issue: people hardened): while 200 made-up reset tokens arrive 20 at a time, a
// sign-in takes at most 2× its idle time (a made-up token is looked up, never hashed); while a
// stranger sends unknown badges, unchanged: no slower than while the same stranger sends as
// many requests that do nothing (`GET /healthz`, the floor of any traffic at all), within
// 1.1× of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../main/core/foundations/logger';
import { createStation } from '../main/core/station';
import { createTeam } from '../main/core/features/teams/service';
import { createStationServer } from '../main/core/http/server';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-sign-in-attack-'));
const station = createStation({ dataDir, logger: silentLogger, background: false, cupsPrinting: false });
const server = createStationServer(station.app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const { db, services } = station;
services.settings.set('network', { imageHostsAllowed: [], trustedProxies: ['127.0.0.1'] });

const PASSWORD = 'correct horse battery staple';
const shop = db.transaction(() => createTeam(db, station.hooks, { name: 'Attacked shop', type: 'standard' }).team)();
const { invitation } = await services.invitations.invite(shop.id, 'ana@attacked.example', 'operator');
await services.people.acceptInvitation(invitation.acceptUrl.replace(/^.*\/invitations\//, ''), PASSWORD, 'Ana', 'setup');

const post = (path: string, body: unknown, from: string) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from }, body: JSON.stringify(body) });

/** Milliseconds of each of `count` sign-ins of Ana from her own machine, one after another. */
async function signIns(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const begin = performance.now();
    const response = await post('/admin/api/session', { email: 'ana@attacked.example', password: PASSWORD }, '10.1.0.1');
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
    times.push(performance.now() - begin);
  }
  return times;
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The attacker, a process of its own as another machine would be: `total` requests, 20 at a
 * time, each from an address of its own (X-Forwarded-For through the trusted proxy); it prints
 * the statuses it got, as JSON, when done.
 */
const ATTACKER = `
const [url, kind, total, spread] = [process.argv[1], process.argv[2], Number(process.argv[3]), process.argv[4] === 'many'];
let sent = 0;
const statuses = {};
const body = (n) => kind === 'reset'
  ? ['/admin/api/password-reset', { token: 'made-up-reset-token-' + n + '-' + Math.random(), password: 'an attacker password' }]
  : kind === 'badge'
    ? ['/admin/api/session', { badge: 'STAFF-' + 'A'.repeat(22) + String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + ((n >> 5) % 26)) }]
    : ['/healthz', undefined];
const worker = async () => {
  while (sent < total) {
    const n = sent++;
    const [path, json] = body(n);
    const response = await fetch(url + path, { method: json === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': spread ? '10.' + (kind === 'reset' ? 2 : 3) + '.' + (n >> 8) + '.' + (n & 255) : '10.4.0.' + (kind === 'reset' ? 2 : 3) }, body: json === undefined ? undefined : JSON.stringify(json) });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
};
console.log('ready');
await Promise.all(Array.from({ length: 20 }, worker));
console.log(JSON.stringify(statuses));
`;

/** Ana signs in again and again while the attacker runs; the median of her sign-ins during the attack. */
async function underAttack(kind: 'reset' | 'badge' | 'nothing', from: 'one' | 'many'): Promise<{ median: number; signIns: number; statuses: Record<string, number> }> {
  const attacker = spawn('nice', ['-n', '19', process.execPath, '--input-type=module', '-e', ATTACKER, url, kind, '200', from], { stdio: ['ignore', 'pipe', 'inherit'] });
  let said = '';
  attacker.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  // Its own start (Node loading) is not the attack: the sign-ins are timed from its first request.
  await new Promise<void>((resolve) => attacker.stdout.on('data', () => said.startsWith('ready') && resolve()));
  let attacking = true;
  const done = new Promise<void>((resolve) => attacker.once('exit', () => resolve())).then(() => (attacking = false));
  const times: number[] = [];
  while (attacking || times.length < 3) times.push(...(await signIns(1)));
  await done;
  return { median: median(times), signIns: times.length, statuses: JSON.parse(said.slice('ready'.length)) as Record<string, number> };
}

await signIns(5); // warm: the placeholder hash, the JIT
const idle = median(await signIns(20));
const attacks = [];
for (const from of ['one', 'many'] as const) attacks.push({ from, resets: await underAttack('reset', from), badges: await underAttack('badge', from), nothing: await underAttack('nothing', from) });
const idleAfter = median(await signIns(20));
const floor = Math.min(idle, idleAfter);

const say = (statuses: Record<string, number>) => Object.entries(statuses).map(([status, count]) => `${count}× ${status}`).join(', ');
console.log(`a password sign-in, idle: median ${idle.toFixed(1)} ms (again after the attacks: ${idleAfter.toFixed(1)} ms)`);
for (const { from, resets, badges, nothing } of attacks) {
  const who = from === 'one' ? 'from one machine' : 'each from an address of its own';
  console.log(`while 200 made-up reset tokens arrive 20 at a time, ${who}: median ${resets.median.toFixed(1)} ms over ${resets.signIns} sign-ins, ${(resets.median / floor).toFixed(2)}× idle (goal ≤ 2×; the tokens were answered ${say(resets.statuses)})`);
  console.log(`while a stranger sends 200 requests that do nothing (GET /healthz), ${who}: median ${nothing.median.toFixed(1)} ms over ${nothing.signIns} sign-ins, ${(nothing.median / floor).toFixed(2)}× idle (the floor of any traffic; answered ${say(nothing.statuses)})`);
  console.log(`while a stranger sends 200 unknown badges 20 at a time, ${who}: median ${badges.median.toFixed(1)} ms over ${badges.signIns} sign-ins, ${(badges.median / floor).toFixed(2)}× idle, ${(badges.median / nothing.median).toFixed(2)}× the traffic floor (goal: unchanged, ≤ 1.1× the floor; the badges were answered ${say(badges.statuses)})`);
}

server.close();
await station.close();
rmSync(dataDir, { recursive: true, force: true });
