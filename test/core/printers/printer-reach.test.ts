import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askableAddress, isNotAnswering, notAnsweringReason, PrinterReach } from '../../../main/core/features/printers/reach';
import { queueState } from '../../../main/core/features/printers/cups-backend';
import { freePort } from '../../helpers/cups/private-cupsd';
import { IppEverywherePrinter, SocketPrinter } from '../../helpers/cups/ipp-everywhere-printer';

// The station's own question to each printer on the network, asked of real listeners on
// loopback: an IPP Everywhere printer, a raw socket printer, a port nobody listens on.
describe("the station's reach of network printers", { timeout: 60_000 }, () => {
  const laser = new IppEverywherePrinter('Reach Laser');
  const zebra = new SocketPrinter();
  let nobody = '';
  beforeAll(async () => {
    await Promise.all([laser.start(), zebra.start()]);
    nobody = `socket://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    await Promise.all([laser.dispose(), zebra.stop()]);
  });

  it('hears an IPP printer and a socket printer answer, and a closed port not; the silence keeps its first time until an answer', async () => {
    let clock = new Date('2026-11-29T16:04:00');
    const reach = new PrinterReach(undefined, () => clock);
    const addresses = [
      { vendorId: 'LASER', uri: laser.uri, printing: false },
      { vendorId: 'ZEBRA', uri: zebra.uri, printing: false },
      { vendorId: 'NOBODY', uri: nobody, printing: false },
    ];
    expect(await reach.check(addresses)).toBe(true);
    expect(reach.heard('LASER')).toBeNull();
    expect(reach.heard('ZEBRA')).toBeNull();
    expect(reach.heard('NOBODY')).toMatchObject({ since: new Date('2026-11-29T16:04:00'), why: expect.stringMatching(/ECONNREFUSED/) });
    // Asked again later: nothing changed, and the silence still began at 16:04.
    clock = new Date('2026-11-29T16:09:00');
    expect(await reach.check(addresses)).toBe(false);
    expect(reach.heard('NOBODY')?.since).toEqual(new Date('2026-11-29T16:04:00'));
    // A queue the station was not asked about is the print system's to say.
    expect(reach.heard('USB_QUEUE')).toBeUndefined();
  });

  it('a frozen IPP printer (connection taken, no answer) is silent within its deadline; answering again ends it', async () => {
    const reach = new PrinterReach();
    const addresses = [{ vendorId: 'LASER', uri: laser.uri, printing: false }];
    expect(await reach.check(addresses)).toBe(false);
    laser.pause();
    try {
      expect(await reach.check(addresses)).toBe(true);
      expect(reach.heard('LASER')?.why).toMatch(/time|answer/i);
    } finally {
      laser.resume();
    }
    expect(await reach.check(addresses)).toBe(true);
    expect(reach.heard('LASER')).toBeNull();
  });

  it('does not knock on a socket printer while it prints (one connection at a time), and forgets a queue that is gone', async () => {
    const reach = new PrinterReach();
    expect(await reach.check([{ vendorId: 'NOBODY', uri: nobody, printing: false }])).toBe(true);
    const before = zebra.connections;
    await reach.check([
      { vendorId: 'ZEBRA', uri: zebra.uri, printing: true },
      { vendorId: 'NOBODY', uri: nobody, printing: false },
    ]);
    expect(zebra.connections).toBe(before);
    expect(reach.heard('ZEBRA')).toBeUndefined();
    // One that was silent stays so while CUPS tries it, and is not knocked on either.
    await reach.check([{ vendorId: 'NOBODY', uri: nobody, printing: true }]);
    expect(reach.heard('NOBODY')).toMatchObject({ why: expect.stringMatching(/ECONNREFUSED/) });
    expect(await reach.check([])).toBe(true);
    expect(reach.heard('NOBODY')).toBeUndefined();
  });

  it('asks only what it can reach itself, and says the silence in words', () => {
    expect(askableAddress('ipp://192.168.1.20/ipp/print')).toBe('ipp://192.168.1.20/ipp/print');
    expect(askableAddress('ipps://printer.local:631/ipp/print')).toBeDefined();
    expect(askableAddress('socket://10.0.0.9:9100')).toBeDefined();
    for (const local of ['usb://HP/LaserJet?serial=1', 'dnssd://Laser._ipp._tcp.local/', 'file:///dev/null', 'keep:/tmp/out', 'cups-pdf:/', '']) expect(askableAddress(local), local).toBeUndefined();
    const reason = notAnsweringReason(new Date('2026-11-29T04:24:00'), 'The printer may not exist or is unavailable at this time.');
    expect(reason).toBe('not answering since 04:24: The printer may not exist or is unavailable at this time.');
    expect(isNotAnswering(reason)).toBe(true);
    expect(isNotAnswering('paused: Out for lunch')).toBe(false);
  });

  it("reads CUPS's queue that cannot reach its printer with a job as not answering, and a backend's other words as busy", () => {
    const printing = { enabled: true, accepting: true, printing: true, alerts: ['none'] };
    expect(queueState({ ...printing, message: 'The printer may not exist or is unavailable at this time.' })).toEqual({ status: 'offline', reason: 'The printer may not exist or is unavailable at this time.', notAnswering: true });
    expect(queueState({ ...printing, message: 'Waiting for printer to finish.', alerts: ['offline-report'] })).toMatchObject({ status: 'offline', notAnswering: true });
    expect(queueState({ ...printing, message: 'Connecting to printer.' })).toEqual({ status: 'busy', reason: 'Connecting to printer.' });
    expect(queueState({ ...printing, message: 'Printing page 1' })).toEqual({ status: 'busy' });
    // Paused says more than anything a backend says.
    expect(queueState({ ...printing, enabled: false, message: 'Out for lunch' })).toEqual({ status: 'offline', reason: 'paused: Out for lunch' });
  });
});
