import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { joinAs } from '../people/people-helpers';

// A session that stops being used ends as a revoked one does (sessions.ts endDeadSessions):
// run here by hand, every 30 s by a serving station.
let s: RunningStation;
beforeEach(async () => {
  s = await startStation({ background: false });
});
afterEach(() => s.stop());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** Opens the live stream of a session and reads until it says it is connected. */
async function openStream(token: string) {
  const response = await fetch(`${s.url}/admin/api/events?session=${encodeURIComponent(token)}`);
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let heard = '';
  while (!heard.includes(': connected')) heard += decoder.decode((await reader.read()).value);
  return {
    /** Everything the stream says until it ends. */
    async rest(): Promise<string> {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return heard;
        heard += decoder.decode(value);
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('sessions that went idle end, with their streams', () => {
  it('a bench session unused past the bench idle time ends: its open stream closes, the bench hears it, a session in use stays', async () => {
    const shop = s.team('Idle Shop');
    const operator = await joinAs(s, shop.team.id, 'idle-operator@shop.example', 'operator');
    const colleague = await joinAs(s, shop.team.id, 'busy-operator@shop.example', 'operator');
    const benchToken = s.station.services.adminSessions.createBenchSession('Bench 1 — Ирина', operator.id);
    const benchSessionId = s.station.db.prepare('SELECT id FROM admin_tokens WHERE user_id = ? AND bench = 1').pluck().get(operator.id) as string;
    const stream = await openStream(benchToken);
    const other = await openStream(colleague.token);
    const benchEvents: unknown[] = [];
    s.station.events.on('bench', (event) => benchEvents.push(event));

    // Used 14 minutes ago: alive (the bench's idle time is 15 minutes).
    s.station.db.prepare('UPDATE admin_tokens SET last_used_at = ? WHERE id = ?').run(minutesAgo(14), benchSessionId);
    expect(s.station.services.adminSessions.endDeadSessions()).toBe(0);
    // 16 minutes: dead.
    s.station.db.prepare('UPDATE admin_tokens SET last_used_at = ? WHERE id = ?').run(minutesAgo(16), benchSessionId);
    expect(s.station.services.adminSessions.endDeadSessions()).toBe(1);
    await stream.rest();
    expect(benchEvents).toContainEqual({ type: 'signedOut', benchId: null });
    expect((await fetch(`${s.url}/admin/api/me`, { headers: { Authorization: `Bearer ${benchToken}` } })).status).toBe(401);
    // The colleague's session, in use, and its stream go on.
    expect((await colleague.call('/admin/api/me')).status).toBe(200);
    await other.cancel();
  });

  it('a dashboard session unused past its idle hours ends too; one used within them does not', async () => {
    const admin = s.station.services.adminSessions;
    const idle = admin.createSessionToken('laptop');
    const recent = admin.createSessionToken('tablet');
    const ids = s.station.db.prepare("SELECT id, label FROM admin_tokens WHERE kind = 'session'").all() as { id: string; label: string }[];
    const idOf = (label: string) => ids.find((row) => row.label === label)!.id;
    s.station.db.prepare('UPDATE admin_tokens SET last_used_at = ? WHERE id = ?').run(minutesAgo(13 * 60), idOf('laptop'));
    s.station.db.prepare('UPDATE admin_tokens SET last_used_at = ? WHERE id = ?').run(minutesAgo(11 * 60), idOf('tablet'));
    const stream = await openStream(recent);
    expect(admin.endDeadSessions()).toBe(1);
    expect(admin.isValidSession(idle)).toBe(false);
    expect(admin.isValidSession(recent)).toBe(true);
    expect(s.station.db.prepare('SELECT COUNT(*) FROM admin_tokens WHERE id = ?').pluck().get(idOf('laptop'))).toBe(0);
    await stream.cancel();
  });

  it('login links used or run out are forgotten by the same sweep; an unused one in its 15 minutes still signs in', async () => {
    const admin = s.station.services.adminSessions;
    const used = admin.createLoginToken();
    expect(admin.exchangeLoginToken(used)).toBeDefined();
    const ranOut = admin.createLoginToken();
    const fresh = admin.createLoginToken();
    const logins = () => s.station.db.prepare("SELECT id FROM admin_tokens WHERE kind = 'login' ORDER BY rowid").pluck().all() as string[];
    const [, ranOutId] = logins();
    s.station.db.prepare('UPDATE admin_tokens SET expires_at = ? WHERE id = ?').run(minutesAgo(1), ranOutId);
    expect(logins()).toHaveLength(3);
    admin.endDeadSessions();
    expect(logins()).toHaveLength(1);
    expect(admin.exchangeLoginToken(ranOut)).toBeUndefined();
    expect(admin.exchangeLoginToken(fresh)).toBeDefined();
  });
});
