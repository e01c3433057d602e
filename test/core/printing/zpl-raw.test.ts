import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeZplField } from '../../../main/core/features/documents/engine';
import { RAW_NOT_TAKEN } from '../../../main/core/features/printers/backend';
import { FOLDER_VENDOR_ID } from '../../../main/core/features/printers/folder-backend';
import { json, printStation, type PrintStation } from './print-harness';
import { useTestCups } from '../../helpers/cups/test-cups';
import { startZebraStandIn, type ZebraStandIn } from '../../helpers/cups/zebra-stand-in';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
const cups = useTestCups();
/** The label printer behind this file's CUPS queue `ZPL`, listening for the whole file. */
let zebra: ZebraStandIn;
const LABEL = 'Shipping label (4×6 in, ZPL)';

let s: PrintStation;
beforeAll(async () => {
  zebra = await startZebraStandIn();
  cups.addZplQueue('ZPL', zebra.port);
  s = await printStation();
});
afterAll(async () => {
  await s.stop();
  await zebra.close();
});

describe('ZPL templates print raw', () => {
  it('the built-in 4×6 ZPL label reaches a raw CUPS queue byte for byte, never through Chromium, with order text escaped', async () => {
    const { key } = await s.printTeam('Label shop', { documents: [{ template: LABEL, tag: 'label' }] });
    const hostile = 'Ольга 山田 ^XZ^XA~JA_';
    const order = await s.createOrder(key, 'ZPL-1', {
      shippingAddress: { firstName: hostile, lastName: 'שרה', address1: '1-2-3 Ginza', city: 'Tokyo', postalCode: '104-0061', country: 'JP' },
    });
    const [document] = await json<{ id: string; complete: boolean }[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    expect(document!.complete).toBe(true);
    const expected = (await s.station.services.documents.renderHtml(document!.id)).zpl!;
    let rendersByChromium = 0;
    s.station.events.on('rendered', (event) => {
      if (event.pages !== null) rendersByChromium++;
    });

    const zpl = await s.printerId('ZPL');
    const [result] = await json<{ id: string; status: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: zpl } } }), 200);
    expect(result!.status).toBe('pending');
    const printed = await zebra.nextJob();
    const batch = await s.settled(result!.id);
    expect(batch.jobs.map((job) => job.state)).toEqual(['done']);

    expect(printed.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    const text = printed.toString('utf8');
    // One label: the order's "^XZ^XA~JA" is field data, not a command.
    expect(text.match(/\^XZ/g)).toHaveLength(1);
    expect(text).toContain(escapeZplField(hostile));
    expect(text).toContain('^BCN,200,N,N,N^FH^FD#ZPL-1^FS');
    expect(text).toContain('^CI28');
    expect(text).toContain('שרה');
    expect(rendersByChromium).toBe(0);
  });

  it('a ZPL carrier label follows the station’s ZPL label in the same raw job, its bytes untouched', async () => {
    const { key } = await s.printTeam('Carrier ZPL', { documents: [{ template: LABEL, tag: 'label' }] });
    // Latin-1 bytes (0xE9) as a carrier may send them: never re-encoded on the way.
    const carrier = Buffer.concat([Buffer.from('\r\n^XA^CI0^FO40,40^A0N,40^FDJos'), Buffer.from([0xe9]), Buffer.from('^FS^BCN,120^FD1Z999AA10123456784^FS^XZ')]);
    const order = await s.createOrder(key, 'ZPL-C', { variables: { carrierLabels: [{ tag: 'label', format: 'zpl', data: carrier.toString('base64'), name: 'UPS 1Z999AA1' }] } });
    const documents = await json<{ id: string; carrierLabel: unknown }[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    expect(documents.map((document) => document.carrierLabel)).toEqual([null, { index: 0, format: 'zpl', name: 'UPS 1Z999AA1' }]);
    const ours = (await s.station.services.documents.renderHtml(documents[0]!.id)).zpl!;

    const zpl = await s.printerId('ZPL');
    const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: zpl } } }), 200);
    const printed = await zebra.nextJob();
    const batch = await s.settled(result!.id);
    expect(batch.jobs.map((job) => job.state)).toEqual(['done']);
    expect(printed.equals(Buffer.concat([Buffer.from(ours, 'utf8'), carrier]))).toBe(true);
  });

  it('a carrier ZPL label may hold label formats only: commands that reconfigure the shared printer are a 400 naming them, and never reach its socket', async () => {
    const { team, key } = await s.printTeam('Hostile ZPL', { documents: [{ template: LABEL, tag: 'label' }] });
    const hostile: [string, string, RegExp][] = [
      ['factory defaults, saved', '^XA^JUF^JUS^XZ', /\^JU: printer, network and configuration commands/],
      ['a new IP address', '^XA^NSS,10.0.0.9,255.255.255.0,10.0.0.1^XZ', /\^NS: printer, network/],
      ['a reset', '^XA^FO10,10^FDok^FS^XZ~JR', /~JR: control commands/],
      ['a stored format', '^XA^DFE:EVIL.ZPL^FS^XZ', /\^DF: stored formats/],
      ['99,999,999 copies', '^XA^FO10,10^FDx^FS^PQ99999999^XZ', /at most 100/],
      ['a pause', '^XA~PS^XZ', /~PS: control commands/],
      ['a prefix change', '^XA^CC+^XZ', /\^CC: prefix and delimiter changes/],
      ['PJL after the label', '^XA^XZ\r\n@PJL SET ECONOMODE=ON', /outside \^XA…\^XZ/],
      ['a control byte', '^XA^FDa\x1bb^FS^XZ', /control byte \(0x1b\)/],
    ];
    for (const [what, zpl, message] of hostile) {
      const response = await s.call('/api/orders', { key, json: { sourceId: `Z-${what}`, order: { orderNumber: '#Z', lineItems: [{ name: 'Коробка', quantity: 1 }], variables: { carrierLabels: [{ tag: 'label', format: 'zpl', data: Buffer.from(zpl, 'latin1').toString('base64') }] } } } });
      const body = (await response.json()) as { error: { details: { path: string; message: string }[] } };
      expect(response.status, what).toBe(400);
      expect(body.error.details, what).toEqual([{ path: 'order.variables.carrierLabels.0.data', message: expect.stringMatching(message) }]);
    }
    expect(s.station.db.prepare('SELECT COUNT(*) FROM orders WHERE team_id = ?').pluck().get(team.id)).toBe(0);

    // What does reach the printer: the good label, nothing of the refused ones.
    const good = Buffer.from('^XA^CI28^FO40,40^A0N,40^FDМосква 東京^FS^BY2^BCN,100^FD1Z999^FS^PQ2^XZ');
    const order = await s.createOrder(key, 'Z-GOOD', { variables: { carrierLabels: [{ tag: 'label', format: 'zpl', data: good.toString('base64') }] } });
    const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: await s.printerId('ZPL') } } }), 200);
    const printed = await zebra.nextJob();
    expect((await s.settled(result!.id)).jobs.map((job) => job.state)).toEqual(['done']);
    expect(printed.subarray(printed.length - good.length).equals(good)).toBe(true);
    expect(printed.toString('latin1')).not.toMatch(/\^JU|\^NS|~JR|\^DF|~PS|@PJL/);
  });

  it('previews a ZPL label as the PNG a 203 dpi printer would print (rendered locally), its barcode readable', async () => {
    const { team, key } = await s.printTeam('ZPL preview', { documents: [{ template: LABEL, tag: 'label' }] });
    const order = await s.createOrder(key, 'ZPL-P');
    const templates = await json<{ id: string; name: string }[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
    const label = templates.find((template) => template.name === LABEL)!;
    const answer = await s.admin(`/admin/api/templates/${label.id}/preview?orderId=${order.id}&format=png`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await answer.arrayBuffer());
    // 4×6 in at 8 dots a millimetre.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([813, 1220]);
    const dir = mkdtempSync(join(tmpdir(), 'station-zpl-preview-'));
    try {
      writeFileSync(join(dir, 'label.png'), png);
      expect(execFileSync('zbarimg', ['-q', join(dir, 'label.png')], { encoding: 'utf8' })).toContain('CODE-128:#ZPL-P');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a ZPL label sent to Save as PDF (a printer of documents) fails at once, saying where ZPL prints', async () => {
    const { key } = await s.printTeam('Wrong printer', { documents: [{ template: LABEL, tag: 'label' }] });
    const order = await s.createOrder(key, 'ZPL-2');
    const saveAsPdf = await s.printerId(FOLDER_VENDOR_ID);
    const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: saveAsPdf } } }), 200);
    const batch = await s.settled(result!.id);
    expect(batch.jobs[0]).toMatchObject({ state: 'failed', attempts: 1, reason: expect.stringContaining(RAW_NOT_TAKEN) });
  });

  it('raw ZPL goes only to a printer marked as a ZPL label printer: CUPS\'s Zebra queue is detected, a PostScript office queue fails the job at once, and the admin decides', async () => {
    const printers = await json<{ id: string; printerVendorId: string; zpl: { takesZpl: boolean; detected: boolean; setting: boolean | null } }[]>(await s.admin('/admin/api/printers'), 200);
    const zplQueue = printers.find((printer) => printer.printerVendorId === 'ZPL')!;
    const trays = printers.find((printer) => printer.printerVendorId === 'TRAYS')!;
    expect(zplQueue.zpl).toEqual({ takesZpl: true, detected: true, setting: null });
    expect(trays.zpl).toEqual({ takesZpl: false, detected: false, setting: null });

    const { key } = await s.printTeam('ZPL routing', { documents: [{ template: LABEL, tag: 'label' }] });
    const order = await s.createOrder(key, 'ZPL-OFFICE');
    const printOn = async (printerId: string) => {
      const [result] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/print`, { key, json: { overrides: { printer: printerId }, force: true } }), 200);
      return (await s.settled(result!.id)).jobs[0]!;
    };
    // The PostScript office queue never receives ZPL (nor anything raw): the job fails at once, saying why.
    const office = await printOn(trays.id);
    expect(office).toMatchObject({ state: 'failed', attempts: 1, reason: expect.stringMatching(/TRAYS is not marked as a ZPL label printer/) });

    // The admin says the Zebra queue is not one: its ZPL jobs fail too; back to "as the system says", it prints.
    const off = await json<{ zpl: { takesZpl: boolean } }>(await s.admin(`/admin/api/printers/${zplQueue.id}`, { method: 'PATCH', json: { config: { takesZpl: false } } }), 200);
    expect(off.zpl).toEqual({ takesZpl: false, detected: true, setting: false });
    expect(await printOn(zplQueue.id)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/not marked as a ZPL label printer/) });
    await json(await s.admin(`/admin/api/printers/${zplQueue.id}`, { method: 'PATCH', json: { config: { takesZpl: null } } }), 200);
    const printed = await printOn(zplQueue.id);
    await zebra.nextJob();
    expect(printed.state).toBe('done');
  });

  it('a ZPL template is held to the carrier labels\' policy on save, its output checked (pieces joined by Liquid too), unless an admin allows printer commands in it', async () => {
    const { team } = await s.printTeam('Template policy');
    const create = (body: string, printerCommandsAllowed?: boolean) =>
      s.admin(`/admin/api/teams/${team.id}/templates`, {
        method: 'POST',
        json: { name: `Label ${Math.random()}`, tag: 'bin', kind: 'zpl', paper: { widthMm: 50, heightMm: 25 }, body, ...(printerCommandsAllowed === undefined ? {} : { printerCommandsAllowed }) },
      });
    for (const [body, command] of [
      ['^XA^FO10,10^FH^FD{{ order.orderNumber }}^FS^XZ~JR', /~JR/],
      ['^XA^FO10,10^FDx^FS^{{ "JU" }}S^XZ', /\^JU/],
      ['^XA^NSS,10.0.0.9,255.255.255.0,10.0.0.1^XZ', /\^NS/],
    ] as const) {
      const refused = await create(body);
      expect(refused.status, body).toBe(400);
      const { error } = (await refused.json()) as { error: { code: string; details: { path: string; message: string }[] } };
      expect(error.code).toBe('validation_failed');
      expect(error.details).toEqual([{ path: 'body', message: expect.stringMatching(command) }]);
    }
    // Opted out by an admin: saved, and it says so.
    const allowed = await json<{ id: string; printerCommandsAllowed: boolean }>(await create('^XA^MD10^JUS^XZ', true), 201);
    expect(allowed.printerCommandsAllowed).toBe(true);
    // Taking the opt-out back is refused while the output still holds printer commands.
    const back = await s.admin(`/admin/api/templates/${allowed.id}`, { method: 'PUT', json: { printerCommandsAllowed: false } });
    expect(back.status).toBe(400);
    // A label format alone is fine without any opt-out.
    expect((await create('^XA^CI28^FO10,10^A0N,30,30^FH^FD{{ order.orderNumber }}^FS^XZ')).status).toBe(201);
  });

  it('a template of kind zpl escapes for ZPL, not HTML, and the API says its kind', async () => {
    const { team } = await s.printTeam('Own ZPL');
    const created = await json<{ id: string; kind: string }>(
      await s.admin(`/admin/api/teams/${team.id}/templates`, {
        method: 'POST',
        json: { name: 'Bin label', tag: 'bin', kind: 'zpl', paper: { widthMm: 50, heightMm: 25 }, body: '^XA^FO10,10^A0N,30,30^FH^FD{{ order.note }}^FS^XZ' },
      }),
      201,
    );
    expect(created.kind).toBe('zpl');
    expect(escapeZplField('<b>&"^~_\n\\&')).toBe('<b>&"_5E_7E_5F_0A_5C&');
  });

  it('in a ZPL template the barcode and address filters write ZPL, not HTML: the preview scans and shows no markup', async () => {
    const { team, key } = await s.printTeam('ZPL filters');
    const body = '^XA^CI28^FO40,40{{ order.orderNumber | barcode }}^FO40,260^FB700,6^FH^FD{{ order.shippingAddress | address }}^FS^XZ';
    const template = await json<{ id: string }>(
      await s.admin(`/admin/api/teams/${team.id}/templates`, { method: 'POST', json: { name: 'Filters', tag: 'label', kind: 'zpl', paper: '4x6in', body } }),
      201,
    );
    const order = await s.createOrder(key, 'ZPL-F', { shippingAddress: { firstName: 'Ада', lastName: 'Back\\slash', address1: '1 ^XZ St', city: 'London', postalCode: 'N1', country: 'GB' } });
    const zpl = await s.admin(`/admin/api/templates/${template.id}/preview?orderId=${order.id}&format=png`);
    expect(zpl.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'station-zpl-filters-'));
    try {
      writeFileSync(join(dir, 'label.png'), Buffer.from(await zpl.arrayBuffer()));
      expect(execFileSync('zbarimg', ['-q', join(dir, 'label.png')], { encoding: 'utf8' })).toContain('CODE-128:#ZPL-F');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The same template as an order's document: the ZPL it prints.
    await json(await s.admin(`/admin/api/teams/${team.id}/flow`, { method: 'PUT', json: { autoPrint: false, rules: [{ actions: [{ type: 'addDocument', templateId: template.id, tag: 'label' }] }] } }), 200);
    await s.createOrder(key, 'ZPL-F', { shippingAddress: { firstName: 'Ада', lastName: 'Back\\slash', address1: '1 ^XZ St', city: 'London', postalCode: 'N1', country: 'GB' } });
    const [document] = await json<{ id: string }[]>(await s.call(`/api/orders/${order.id}/documents`, { key }), 200);
    const printed = (await s.station.services.documents.renderHtml(document!.id)).zpl!;
    expect(printed).toContain('^FO40,40^BCN,120,Y,N,N^FH^FD#ZPL-F^FS');
    expect(printed).toContain('Ада Back_5Cslash\\&1 _5EXZ St\\&');
    expect(printed).not.toMatch(/<br>|<svg/);
  });
});
