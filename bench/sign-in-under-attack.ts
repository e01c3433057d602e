// A real person's sign-in while strangers attack the sign-in routes, against the same sign-in
// on a quiet station in the same run.
//   node --import tsx bench/sign-in-under-attack.ts
// A real station on a real port behind a "trusted proxy" (127.0.0.1 in Settings → Network),
// so each request names its client in X-Forwarded-For: the person signs in from their own
// machine; the attackers come from many addresses (the worst case: no address reaches its
// own throttle), 200 requests 20 at a time. Goals (issue: people hardened): while 200 made-up reset tokens arrive 20 at
// a time, a sign-in takes at most 2× its idle time (a made-up token is looked up, never
// hashed); while a stranger sends unknown badges, unchanged (≤ 1.2×, the noise of the run).
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
 * Sends `total` attacking requests, 20 at a time (each from an address of its own), while Ana
 * signs in again and again; the median of her sign-ins that ran during the attack.
 */
async function underAttack(total: number, request: (n: number) => Promise<Response>): Promise<{ median: number; signIns: number; statuses: Map<number, number> }> {
  let sent = 0;
  const statuses = new Map<number, number>();
  const attacker = async () => {
    while (sent < total) {
      const response = await request(sent++);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  let attacking = true;
  const attack = Promise.all(Array.from({ length: 20 }, attacker)).then(() => (attacking = false));
  const times: number[] = [];
  while (attacking || times.length < 3) times.push(...(await signIns(1)));
  await attack;
  return { median: median(times), signIns: times.length, statuses };
}

await signIns(5); // warm: the placeholder hash, the JIT
const idle = median(await signIns(20));
const resets = await underAttack(200, (n) => post('/admin/api/password-reset', { token: `made-up-reset-token-${n}-${Math.random()}`, password: 'an attacker password' }, `10.2.${n >> 8}.${n & 255}`));
const badges = await underAttack(200, (n) => post('/admin/api/session', { badge: `STAFF-${'A'.repeat(22)}${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + ((n >> 5) % 26))}` }, `10.3.${n >> 8}.${n & 255}`));
const idleAfter = median(await signIns(20));
const floor = Math.min(idle, idleAfter);

const say = (statuses: Map<number, number>) => [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
console.log(`a password sign-in, idle: median ${idle.toFixed(1)} ms (again after the attacks: ${idleAfter.toFixed(1)} ms)`);
console.log(`while 200 made-up reset tokens arrive 20 at a time: median ${resets.median.toFixed(1)} ms over ${resets.signIns} sign-ins, ${(resets.median / floor).toFixed(2)}× idle (goal ≤ 2×; the tokens were answered ${say(resets.statuses)})`);
console.log(`while a stranger sends 200 unknown badges 20 at a time: median ${badges.median.toFixed(1)} ms over ${badges.signIns} sign-ins, ${(badges.median / floor).toFixed(2)}× idle (goal: unchanged, ≤ 1.2×; the badges were answered ${say(badges.statuses)})`);

server.close();
await station.close();
rmSync(dataDir, { recursive: true, force: true });
