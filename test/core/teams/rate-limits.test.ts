import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../../main/core/foundations/errors';
import { SlidingWindowLimit, THREE_PL_LIMITS } from '../../../main/core/features/teams/rate-limits';
import { getTeam } from '../../../main/core/features/teams/store';
import { startStation, type RunningStation } from '../../helpers/station';
import { bodyText, startSmtpServer, type TestSmtpServer } from '../mail/smtp-server';

describe('a sliding window of events per key', () => {
  it('allows the limit in any window, then says when the oldest leaves it', () => {
    let now = 0;
    const limit = new SlidingWindowLimit(2, 60_000, 'things', () => now);
    limit.take('a');
    now = 10_000;
    limit.take('a');
    limit.take('b');
    now = 20_000;
    let refused: unknown;
    try {
      limit.take('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(40);
    now = 60_001;
    expect(() => limit.take('a')).not.toThrow();
  });
});

describe('a 3PL key and the operator’s mail server', { timeout: 60_000 }, () => {
  let s: RunningStation;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startStation();
    const session = s.station.services.adminSessions.createSessionToken();
    const mail = { host: '127.0.0.1', port: smtp.port, secure: false, user: 'station', password: 's3cret', from: 'Print Station <station@example.com>' };
    expect((await s.call('/admin/api/settings/mail', { method: 'PUT', json: mail, headers: { Authorization: `Bearer ${session}` } })).status).toBe(200);
  });
  afterAll(async () => {
    await s.stop();
    await smtp.stop();
  });

  it(`creates at most ${THREE_PL_LIMITS.merchantsPerHour} merchants and sends at most ${THREE_PL_LIMITS.invitationsPerHour} invitations an hour: then 429 with Retry-After, and another 3PL is not held`, async () => {
    const flood = s.team('Flood 3PL', 'three_pl');
    const other = s.team('Calm 3PL', 'three_pl');
    const create = (key: string, i: number) => s.call('/api/teams/merchants', { key, json: { name: `Merchant ${i}`, email: `owner${i}@shop.example` } });
    for (let i = 0; i < THREE_PL_LIMITS.merchantsPerHour; i++) expect((await create(flood.key, i)).status).toBe(201);
    const refused = await create(flood.key, 99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/At most 30 new merchants per hour/) } });
    // The invitations' budget is spent too: inviting to an existing merchant is refused, nothing is mailed.
    const merchantId = s.station.db.prepare('SELECT id FROM teams WHERE parent_team_id = ? LIMIT 1').pluck().get(flood.team.id) as string;
    const invite = await s.call(`/api/teams/merchants/${merchantId}/invitations`, { key: flood.key, json: { email: 'again@shop.example' } });
    expect(invite.status).toBe(429);
    expect(smtp.received.filter((mail) => mail.to[0]!.endsWith('@shop.example'))).toHaveLength(THREE_PL_LIMITS.invitationsPerHour);
    // Another 3PL keeps its own budget.
    expect((await create(other.key, 0)).status).toBe(201);
  });

  it('a name with line breaks is kept to one line: in the team and in the invitation mail', async () => {
    const threePl = s.team('Lines 3PL', 'three_pl');
    const arrived = smtp.next();
    const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name: 'Shop\r\nBcc: victim@example.com\r\n\r\nClick here', email: 'owner@lines.example' } });
    expect(res.status).toBe(201);
    const { team } = (await res.json()) as { team: { id: string; name: string } };
    expect(team.name).toBe('Shop Bcc: victim@example.com Click here');
    expect(getTeam(s.station.db, team.id)!.name).toBe('Shop Bcc: victim@example.com Click here');
    const mail = await arrived;
    expect(mail.to).toEqual(['owner@lines.example']);
    expect(bodyText(mail.raw).split(/\r?\n/).some((line) => line.startsWith('Bcc:'))).toBe(false);
  });
});
