import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';

/** Counts argon2 hashes while the station runs (the library itself does the work). */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (original) => {
  const argon2 = await original<typeof import('@node-rs/argon2')>();
  return { ...argon2, hash: (...args: Parameters<typeof argon2.hash>) => (hashes.count++, argon2.hash(...args)) };
});

let s: RunningStation;
beforeAll(async () => {
  s = await startStation({ background: false, cupsPrinting: false });
});
afterAll(() => s.stop());

describe('a made-up reset or invitation token costs the station no hashing', () => {
  it('looks the token up before hashing the new password: 9 of each made up, no hash', async () => {
    // The placeholder hash a password check may make once per process is made here, not counted below.
    await s.call('/admin/api/session', { json: { email: 'nobody@reset-cost.example', password: 'warming the placeholder' } });
    const before = hashes.count;
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await s.call('/admin/api/password-reset', { json: { token: `not-a-real-token-${attempt}`, password: 'a brand new password' } })).status).toBe(410);
      expect((await s.call('/admin/api/invitations/accept', { json: { token: `not-a-real-invitation-${attempt}`, password: 'a brand new password' } })).status).toBe(404);
    }
    expect(hashes.count - before).toBe(0);

    // The count sees the station's hashing: a real reset token hashes the new password once.
    const { team } = s.team('Reset cost shop');
    const { invitation } = await s.station.services.invitations.invite(team.id, 'real@reset-cost.example', 'operator');
    await s.station.services.people.acceptInvitation(invitation.acceptUrl.replace(/^.*\/invitations\//, ''), 'the first password', 'Real', 'test');
    const userId = s.station.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get('real@reset-cost.example') as string;
    const { resetUrl } = await s.station.services.people.createReset(userId);
    const beforeRealReset = hashes.count;
    expect((await s.call('/admin/api/password-reset', { json: { token: resetUrl.replace(/^.*\/password-reset\//, ''), password: 'a brand new password' } })).status).toBe(200);
    expect(hashes.count - beforeRealReset).toBe(1);
  });
});
