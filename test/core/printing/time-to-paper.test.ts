import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestCups } from '../../helpers/cups/test-cups';
import { joinAs } from '../people/people-helpers';
import { json, printStation, type PrintStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

interface TimeToPaper {
  printerId: string;
  jobs: number;
  p50Ms: number;
  p95Ms: number;
  stagesP50Ms: { render: number | null; handOver: number | null; atPrinter: number | null };
}

let s: PrintStation;
beforeAll(async () => {
  s = await printStation();
});
afterAll(() => s.stop());

describe("a printer's time to paper", { timeout: 60_000 }, () => {
  it("counts the caller's teams' jobs done in the last hour, by stage; a person of another team sees none of them", async () => {
    const { team, key } = await s.printTeam('Павильон 東');
    const other = await s.printTeam('Other shop');
    const printerId = await s.printerId('PDF');
    for (const number of ['T-1', 'T-2', 'T-3']) {
      const order = await s.createOrder(key, number);
      const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: printerId } } }), 200);
      expect((await s.settled(result!.id)).jobs.map((job) => job.state)).toEqual(['done']);
    }
    const times = await json<TimeToPaper[]>(await s.admin('/admin/api/printers/time-to-paper'), 200);
    const pdf = times.find((entry) => entry.printerId === printerId)!;
    expect(pdf.jobs).toBe(3);
    expect(pdf.p50Ms).toBeGreaterThan(0);
    expect(pdf.p95Ms).toBeGreaterThanOrEqual(pdf.p50Ms);
    // Each stage measured, and together no longer than the whole at the median's job or more.
    for (const stage of ['render', 'handOver', 'atPrinter'] as const) expect(pdf.stagesP50Ms[stage]).toBeGreaterThanOrEqual(0);
    expect(pdf.stagesP50Ms.render).not.toBeNull();

    // A viewer of the team sees them; a viewer of another team sees nothing of this team's jobs.
    const ours = await joinAs(s, team.id, 'viewer@pavilion.example', 'viewer');
    expect((await json<TimeToPaper[]>(await ours.call('/admin/api/printers/time-to-paper'), 200)).find((entry) => entry.printerId === printerId)?.jobs).toBe(3);
    const theirs = await joinAs(s, other.team.id, 'viewer@other.example', 'viewer');
    expect(await json<TimeToPaper[]>(await theirs.call('/admin/api/printers/time-to-paper'), 200)).toEqual([]);
  });
});
