import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStation, type RunningStation } from '../../helpers/station';
import { adminClient } from '../admin/admin-helpers';
import { joinAs } from '../people/people-helpers';

/** `GET /admin/api/document-tags`: what a route's tag can be, for the Routing and Benches pages, by the caller's teams. */
describe('the document tags the flows make', () => {
  let s: RunningStation;
  beforeAll(async () => {
    s = await startStation({ cupsPrinting: false });
  });
  afterAll(() => s.stop());

  it('lists each tag the flows of the caller’s teams make, with the teams that make it, and no other team’s', async () => {
    const admin = adminClient(s);
    const north = s.team('Склад Север');
    const south = s.team('南倉庫');
    const templates = (await (await admin.call(`/admin/api/teams/${south.team.id}/templates`)).json()) as { id: string; name: string }[];
    const label = templates.find((template) => template.name === 'Shipping label (4×6 in)')!.id;
    // South's flow makes only a label, under a tag of its own.
    const flow = await admin.call(`/admin/api/teams/${south.team.id}/flow`, { method: 'PUT', json: { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: label, tag: 'cargo-label' }] }] } });
    expect(flow.status, await flow.clone().text()).toBe(200);

    const all = (await (await admin.call('/admin/api/document-tags')).json()) as { tag: string; teams: { id: string; name: string }[] }[];
    const teamsOf = (tags: typeof all, tag: string) => tags.find((entry) => entry.tag === tag)?.teams.map((team) => team.name);
    expect(teamsOf(all, 'packing-slip')).toContain('Склад Север');
    expect(teamsOf(all, 'packing-slip')).not.toContain('南倉庫');
    expect(teamsOf(all, 'cargo-label')).toEqual(['南倉庫']);

    // A person of North alone hears of North's tags only.
    const packer = await joinAs(s, north.team.id, 'packer@north.example', 'operator');
    const hers = (await (await packer.call('/admin/api/document-tags')).json()) as typeof all;
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.flatMap((entry) => entry.teams.map((team) => team.name))).toEqual(hers.map(() => 'Склад Север'));
    expect(teamsOf(hers, 'cargo-label')).toBeUndefined();
  });
});
