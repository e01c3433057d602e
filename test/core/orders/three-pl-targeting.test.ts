import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { sampleOrder, startStation, type RunningStation } from '../../helpers/station';

let s: RunningStation;
let parent: { team: TeamRow; key: string };
let merchantA: { team: TeamRow; key: string };
let merchantB: { team: TeamRow; key: string };
let otherParentMerchant: { team: TeamRow; key: string };
let standard: { team: TeamRow; key: string };

beforeAll(async () => {
  // No print queue worker: these tests are about ingestion, not printing.
  s = await startStation({ background: false });
  parent = s.team('Fulfil Co', 'three_pl');
  merchantA = s.team('Merchant A', 'merchant', parent.team);
  merchantB = s.team('Merchant B', 'merchant', parent.team);
  const otherParent = s.team('Other 3PL', 'three_pl');
  otherParentMerchant = s.team('Not Yours', 'merchant', otherParent.team);
  standard = s.team('Plain Shop');
});
afterAll(() => s.stop());

const post = (key: string, body: unknown) => s.call('/api/orders', { key, json: body });
const ownerOf = (orderId: string) => (s.station.db.prepare('SELECT team_id FROM orders WHERE id = ?').get(orderId) as { team_id: string }).team_id;

describe('targetTeamId (3PL targeting)', () => {
  it('a 3PL key with targetTeamId of a managed merchant creates the order in that merchant', async () => {
    const res = await post(parent.key, { ...sampleOrder('t-1'), targetTeamId: merchantA.team.id });
    expect(res.status).toBe(201);
    const order = (await res.json()) as { id: string; orderKeys: string[] };
    expect(ownerOf(order.id)).toBe(merchantA.team.id);
    expect(order.orderKeys).toEqual([`${merchantA.team.id}/api-t-1`]);
  });

  it('omitted, the order belongs to the 3PL parent itself', async () => {
    const order = (await (await post(parent.key, sampleOrder('t-2'))).json()) as { id: string; orderKeys: string[] };
    expect(ownerOf(order.id)).toBe(parent.team.id);
    expect(order.orderKeys).toEqual([`${parent.team.id}/api-t-2`]);
  });

  it("equal to the parent's own id, the order belongs to the parent", async () => {
    const omitted = (await (await post(parent.key, sampleOrder('t-3'))).json()) as { id: string };
    const res = await post(parent.key, { ...sampleOrder('t-3'), targetTeamId: parent.team.id });
    expect(res.status).toBe(201);
    const order = (await res.json()) as { id: string };
    expect(order.id).toBe(omitted.id);
    expect(ownerOf(order.id)).toBe(parent.team.id);
  });

  it("a merchant of another 3PL is 400, and nothing is written", async () => {
    const res = await post(parent.key, { ...sampleOrder('t-4'), targetTeamId: otherParentMerchant.team.id });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { path: string }[] } };
    expect(body.error.details[0]!.path).toBe('targetTeamId');
    expect(s.station.db.prepare("SELECT COUNT(*) AS n FROM order_sources WHERE source_id = 't-4'").get()).toEqual({ n: 0 });
  });

  it('a team id that is not a merchant (a standard team, an unknown id) is 400', async () => {
    expect((await post(parent.key, { ...sampleOrder('t-5'), targetTeamId: standard.team.id })).status).toBe(400);
    expect((await post(parent.key, { ...sampleOrder('t-5'), targetTeamId: 'no-such-team' })).status).toBe(400);
  });

  it('only 3PL keys may target: a standard key naming another team is 400', async () => {
    expect((await post(standard.key, { ...sampleOrder('t-6'), targetTeamId: merchantA.team.id })).status).toBe(400);
  });

  it("a merchant's own key cannot target its sibling merchant (400)", async () => {
    expect((await post(merchantA.key, { ...sampleOrder('t-7'), targetTeamId: merchantB.team.id })).status).toBe(400);
  });

  it('the same source+sourceId sent to two merchants makes two separate orders', async () => {
    const a = (await (await post(parent.key, { ...sampleOrder('shared-1'), targetTeamId: merchantA.team.id })).json()) as { id: string };
    const b = (await (await post(parent.key, { ...sampleOrder('shared-1'), targetTeamId: merchantB.team.id })).json()) as { id: string };
    expect(a.id).not.toBe(b.id);
    expect(ownerOf(a.id)).toBe(merchantA.team.id);
    expect(ownerOf(b.id)).toBe(merchantB.team.id);
  });

  it('an existing order never moves between teams: re-sent to another merchant, the first stays where it was', async () => {
    const first = (await (await post(parent.key, { ...sampleOrder('move-1'), targetTeamId: merchantA.team.id })).json()) as { id: string };
    const second = (await (await post(parent.key, { ...sampleOrder('move-1', { note: 'moved?' }), targetTeamId: merchantB.team.id })).json()) as { id: string };
    expect(second.id).not.toBe(first.id);
    expect(ownerOf(first.id)).toBe(merchantA.team.id);
    const firstNote = s.station.db.prepare('SELECT note FROM orders WHERE id = ?').get(first.id) as { note: string };
    expect(firstNote.note).toBe('Please gift wrap');
  });

  it("the merchant's key and the parent's key update the same merchant order", async () => {
    const viaParent = (await (await post(parent.key, { ...sampleOrder('both-1'), targetTeamId: merchantA.team.id })).json()) as { id: string };
    const viaMerchant = (await (await post(merchantA.key, sampleOrder('both-1'))).json()) as { id: string };
    expect(viaMerchant.id).toBe(viaParent.id);
  });

  it('a merchant created after the key was issued can be targeted at once', async () => {
    const late = s.team('Late Merchant', 'merchant', parent.team);
    expect((await post(parent.key, { ...sampleOrder('late-1'), targetTeamId: late.team.id })).status).toBe(201);
  });
});
