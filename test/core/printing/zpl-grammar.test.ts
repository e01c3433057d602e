import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkZplLabel, ZPL_MAX_COPIES, ZPL_MAX_FORMATS } from '../../../main/core/features/carrier-labels/zpl-policy';
import { startZebraStandIn, type ZebraStandIn } from '../../helpers/cups/zebra-stand-in';
import { useTestCups } from '../../helpers/cups/test-cups';
import { json, printStation, type PrintStation } from './print-harness';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();

const check = (zpl: string) => checkZplLabel(Buffer.from(zpl, 'latin1'));
const formats = (count: number, body = '^FO10,10^FDx^FS') => Array.from({ length: count }, () => `^XA${body}^XZ`).join('');

describe('ZPL read by its grammar', () => {
  it('reads a barcode command as ^B and its one defined character: anything else after ^B is an unknown command, not a pass', () => {
    for (const smuggled of ['^XA^B~JR^XZ', '^XA^b~JA^XZ', '^XA^B^JUS^XZ', '^XA^FO0,0^B~CC|^FS|JUS|XZ^XZ', '^XA^BW^XZ', '^XA^B6N^XZ']) {
      expect(check(smuggled), smuggled).toMatchObject({ message: expect.stringMatching(/ZPL/) });
    }
    expect(check('^XA^B~JR^XZ')!.command).toBe('^B~');
    // The barcodes a carrier uses still pass, as does the font command with its font.
    expect(check('^XA^BY2^BCN,100^FD1Z999^FS^B3N,N,80^FDABC^FS^BQN,2,4^FDQA,x^FS^BXN,4^FDy^FS^A0N,30^FDz^FS^A@N,20,20,E:ARIAL.TTF^FDw^FS^XZ')).toBeUndefined();
  });

  it('keeps refusing prefix and delimiter changes in either form', () => {
    for (const change of ['^XA^CC+^XZ', '^XA~CC+^XZ', '^XA^CT+^XZ', '^XA~CT+^XZ', '^XA^CD;^XZ']) expect(check(change)?.message, change).toMatch(/prefix and delimiter changes/);
  });

  it('reads ^PQ strictly and caps the labels of all formats together', () => {
    for (const vague of ['^XA^PQ 5000^XZ', '^XA^PQ\n5000^XZ', '^XA^PQ+5000^XZ', '^XA^PQ-1^XZ', '^XA^PQ5e3^XZ']) expect(check(vague)?.message, JSON.stringify(vague)).toMatch(/plain digits/);
    expect(check(`^XA^PQ${ZPL_MAX_COPIES}^XZ`)).toBeUndefined();
    expect(check(formats(ZPL_MAX_FORMATS, `^FDx^FS^PQ${ZPL_MAX_COPIES / ZPL_MAX_FORMATS}`))).toBeUndefined();
    // 13,000 formats of ^PQ100 asked for 1.3 million labels; two formats of 60 are already too many.
    expect(check(formats(2, '^FDx^FS^PQ60'))?.message).toMatch(/120 labels in all.*at most 100/);
    // Two ^PQ in one format both count.
    expect(check('^XA^PQ60^FDx^FS^PQ60^XZ')?.message).toMatch(/120 labels/);
    // Formats without ^PQ print one each.
    expect(check(formats(ZPL_MAX_FORMATS))).toBeUndefined();
  });

  it('holds at most 20 formats, each closed before the next opens', () => {
    expect(check(formats(ZPL_MAX_FORMATS + 1))?.message).toMatch(/at most 20 formats/);
    expect(check('^XA^FDx^FS^XA^FDy^FS^XZ')?.message).toMatch(/\^XA inside a format/);
  });
});

describe('ZPL checked on the bytes that print', { timeout: 60_000 }, () => {
  let s: PrintStation;
  let zebra: ZebraStandIn;
  beforeAll(async () => {
    zebra = await startZebraStandIn();
    cups.addZplQueue('ZPL', zebra.port);
    s = await printStation();
  });
  afterAll(async () => {
    await s.stop();
    await zebra.close();
  });

  it('refuses at ingest a carrier label that smuggles a command behind a barcode, asks for copies vaguely or too many in all', async () => {
    const { team, key } = await s.printTeam('Smuggler');
    for (const zpl of ['^XA^B~JR^XZ', '^XA^b~JA^XZ', '^XA^B^JUS^XZ', '^XA^FO0,0^B~CC|^FS|JUS|XZ^XZ', '^XA^PQ 5000^XZ', '^XA^PQ+5000^XZ', formats(2, '^FDx^FS^PQ60'), formats(21)]) {
      const response = await s.call('/api/orders', { key, json: { sourceId: `S-${zpl.length}-${zpl.charCodeAt(5)}`, order: { orderNumber: '#S', variables: { carrierLabels: [{ tag: 'label', format: 'zpl', data: Buffer.from(zpl, 'latin1').toString('base64') }] } } } });
      expect(response.status, zpl).toBe(400);
    }
    expect(s.station.db.prepare('SELECT COUNT(*) FROM orders WHERE team_id = ?').pluck().get(team.id)).toBe(0);
  });

  it('a ZPL template that saved on the sample order prints a real order only if its bytes pass: commands made by Liquid and order data never reach the printer', async () => {
    const { team, key } = await s.printTeam('Template smuggler');
    // Each saves: for the sample order its output is a plain label.
    const bodies = [
      '^XA^FO10,10^FDhello^FS{% if order.note == "go" %}^JUS{% endif %}^XZ',
      '^XA^FO10,10^FDx^FS{% if order.note == "R" %}~J{{ order.note }}{% endif %}^XZ',
      '^XA^FO10,10^FDx^FS^PQ{{ variables.copies | default: 1 }}^XZ',
    ];
    const templates: string[] = [];
    for (const [index, body] of bodies.entries()) {
      const created = await s.admin(`/admin/api/teams/${team.id}/templates`, { method: 'POST', json: { name: `Smuggled ${index}`, tag: `zpl-${index}`, kind: 'zpl', paper: { widthMm: 101.6, heightMm: 152.4 }, body } });
      expect(created.status, body).toBe(201);
      templates.push(((await created.json()) as { id: string }).id);
    }
    const zpl = await s.printerId('ZPL');
    const printWith = async (sourceId: string, templateId: string, order: Record<string, unknown>) => {
      const created = await s.createOrder(key, sourceId, order);
      const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${created.id}/print`, { key, json: { overrides: { printer: zpl, templateId } } }), 200);
      return s.settled(result!.id);
    };

    for (const [index, order] of [
      { note: 'go' },
      { note: 'R' },
      { variables: { copies: 99999 } },
    ].entries()) {
      const batch = await printWith(`TS-${index}`, templates[index]!, order);
      expect(batch.jobs.map((job) => job.state), bodies[index]).toEqual(['failed']);
      expect(batch.jobs[0]!.reason).toMatch(/The ZPL of this job was not sent: .*(\^JU|~JR|at most 100)/);
      expect(batch.jobs[0]!.osJobId).toBeNull();
    }
    expect(zebra.received).toEqual([]);

    // The same template with an order that makes a plain label prints, byte for byte.
    const fine = await printWith('TS-fine', templates[0]!, { note: 'stay' });
    expect(fine.jobs.map((job) => job.state)).toEqual(['done']);
    expect(zebra.received.map((bytes) => bytes.toString('latin1'))).toEqual([expect.stringContaining('^XA^FO10,10^FDhello^FS^XZ')]);
  });
});
