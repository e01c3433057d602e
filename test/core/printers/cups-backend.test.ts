import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CupsBackend, FORGOTTEN_REASON } from '../../../main/core/features/printers/cups-backend';
import { PermanentPrintError } from '../../../main/core/features/printers/backend';
import { makePdf, pdfPages, pdfPageSizesMm, pdfText, waitFor, waitForKeptJob, waitForPrintedPdf } from './cups-output';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

const cups = new CupsBackend();
const request = ({ pdf, ...overrides }: Partial<Parameters<CupsBackend['submit']>[0]> & { pdf: Uint8Array }) => ({
  vendorId: 'PDF',
  content: { kind: 'pdf' as const, pdf },
  title: `station-test-${Math.random().toString(36).slice(2)}`,
  copies: 1,
  paper: { name: 'A4', widthMm: 210, heightMm: 297, landscape: false },
  tray: null,
  fitToPage: false,
  ...overrides,
});

describe('CUPS backend on the real spooler', { timeout: 60_000 }, () => {
  it('discovers queues with trays from InputSlot and paper sizes in millimetres from the PPD', async () => {
    const printers = await cups.discover();
    const trays = printers.find((printer) => printer.vendorId === 'TRAYS')!;
    expect(trays.trays).toEqual(['Default', 'Upper', 'Manual']);
    expect(trays.paperSizes).toContainEqual({ name: 'A4', widthMm: 210, heightMm: 297 });
    expect(trays.paperSizes).toContainEqual({ name: 'Letter', widthMm: 215.9, heightMm: 279.4 });
    // A size only the PPD knows, in millimetres from its points.
    expect(trays.paperSizes).toContainEqual({ name: 'EnvMonarch', widthMm: 98.4, heightMm: 190.5 });
    expect(trays.acceptsCustomPaper).toBe(false);
    const pdf = printers.find((printer) => printer.vendorId === 'PDF')!;
    expect(pdf.acceptsCustomPaper).toBe(true);
    expect(['online', 'busy']).toContain(pdf.status);
  });

  it('says whether a queue takes PDF documents: a queue with no driver for them (as a driverless queue before CUPS made its driver) does not, and CUPS refuses its PDFs', async () => {
    expect(await cups.takesPdf('PDF')).toBe(true);
    // A driver for a kind of document CUPS has no way to make: only raw bytes are taken.
    const dir = mkdtempSync(join(tmpdir(), 'station-no-pdf-'));
    try {
      const ppd = join(dir, 'no-pdf.ppd');
      writeFileSync(ppd, readFileSync('/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd', 'utf8').replace(/^\*% cupsFilter:.*$/m, '*cupsFilter2: "text/x-station-nothing text/x-station-nothing 0 -"'));
      execFileSync('lpadmin', ['-p', 'STATION_NO_PDF', '-E', '-v', 'file:///dev/null', '-P', ppd], { stdio: 'pipe' });
      expect(await cups.takesPdf('STATION_NO_PDF')).toBe(false);
      await expect(cups.submit(request({ vendorId: 'STATION_NO_PDF', pdf: await makePdf(['NO PDF']) }))).rejects.toThrow(/document-format-not-supported/);
    } finally {
      execFileSync('lpadmin', ['-x', 'STATION_NO_PDF'], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a disabled queue as offline', async () => {
    execFileSync('lpadmin', ['-p', 'STATION_OFFLINE_TEST', '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
    execFileSync('cupsdisable', ['STATION_OFFLINE_TEST']);
    try {
      const printer = (await cups.discover()).find((candidate) => candidate.vendorId === 'STATION_OFFLINE_TEST');
      expect(printer?.status).toBe('offline');
    } finally {
      execFileSync('lpadmin', ['-x', 'STATION_OFFLINE_TEST']);
    }
  });

  it('submits held: nothing prints until release, then the PDF comes out on the requested paper', async () => {
    const job = request({ pdf: await makePdf(['FIRST PAGE', 'SECOND PAGE'], 105, 148), paper: { name: 'A6', widthMm: 105, heightMm: 148, landscape: false } });
    const { osJobId, held } = await cups.submit(job);
    expect(held).toBe(true);
    expect(await cups.findSubmitted('PDF', job.title)).toBe(osJobId);
    expect((await cups.jobStates('PDF', [osJobId])).get(osJobId)).toEqual({ state: 'pending', reason: undefined });
    await cups.release('PDF', osJobId);
    const file = await waitForPrintedPdf(osJobId);
    expect(pdfPages(file)).toBe(2);
    expect(pdfText(file)).toMatch(/FIRST PAGE[\s\S]*SECOND PAGE/);
    expect(pdfPageSizesMm(file)[0]).toEqual({ widthMm: 105, heightMm: 148 });
    await waitFor(async () => (await cups.jobStates('PDF', [osJobId])).get(osJobId)?.state === 'done' || undefined, 60_000, 'job done');
    expect(await cups.findSubmitted('PDF', job.title)).toBeUndefined();
    // Releasing again (a crash between release and recording it) is harmless.
    await expect(cups.release('PDF', osJobId)).resolves.toBeUndefined();
  });

  it('prints a custom paper size the queue does not name (cups-pdf takes any size)', async () => {
    const job = request({ pdf: await makePdf(['LABEL'], 101.6, 152.4), paper: { name: null, widthMm: 101.6, heightMm: 152.4, landscape: false } });
    const { osJobId } = await cups.submit(job);
    await cups.release('PDF', osJobId);
    expect(pdfPageSizesMm(await waitForPrintedPdf(osJobId))[0]).toEqual({ widthMm: 102, heightMm: 152 });
  });

  it('asks the tray queue for the requested InputSlot', async () => {
      const job = request({ vendorId: 'TRAYS', pdf: await makePdf(['TRAY']), tray: 'Manual' });
      const { osJobId } = await cups.submit(job);
      await cups.release('TRAYS', osJobId);
      await waitFor(async () => (await cups.jobStates('TRAYS', [osJobId])).get(osJobId)?.state === 'done' || undefined, 30_000, 'tray job done');
      // The output is this job's (its title is in the header), not an earlier one's.
      expect((await waitForKeptJob('TRAYS', job.title)).options.InputSlot).toBe('Manual');
    });

  it('reports a cancelled job as failed, saying it was cancelled', async () => {
    const { osJobId } = await cups.submit(request({ pdf: await makePdf(['CANCELLED']) }));
    await cups.cancel('PDF', osJobId);
    const report = await waitFor(async () => {
      const found = (await cups.jobStates('PDF', [osJobId])).get(osJobId);
      return found?.state === 'failed' ? found : undefined;
    }, 10_000, 'job failed');
    expect(report.reason).toBe('Cancelled at the print system by a user');
  });

  it('says what a paused printer waits for, from its printer-state-reasons', async () => {
    execFileSync('lpadmin', ['-p', 'STATION_PAUSED_TEST', '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
    try {
      execFileSync('cupsdisable', ['STATION_PAUSED_TEST']);
      const { osJobId } = await cups.submit(request({ vendorId: 'STATION_PAUSED_TEST', pdf: await makePdf(['PAUSED']) }));
      await cups.release('STATION_PAUSED_TEST', osJobId);
      expect((await cups.jobStates('STATION_PAUSED_TEST', [osJobId])).get(osJobId)).toEqual({ state: 'pending', reason: 'Waiting at the printer: the printer queue is paused' });
    } finally {
      execFileSync('lpadmin', ['-x', 'STATION_PAUSED_TEST']);
    }
  });

  it('a job CUPS has no record of is lost (a person decides), not done', async () => {
    expect((await cups.jobStates('PDF', ['PDF-999999999'])).get('PDF-999999999')).toEqual({ state: 'lost', reason: FORGOTTEN_REASON });
  });

  it('refuses a job for a queue that does not exist, with the scheduler running, as a permanent error', async () => {
    const refusal = cups.submit(request({ vendorId: 'NO_SUCH_QUEUE', pdf: await makePdf(['X']) }));
    await expect(refusal).rejects.toBeInstanceOf(PermanentPrintError);
    await expect(refusal).rejects.toThrow(/CUPS has no printer queue "NO_SUCH_QUEUE" any more/);
  });

  it('says the print system is up while the scheduler answers', async () => {
    expect(await cups.printSystemDown()).toBeUndefined();
  });

  it('announces printer changes and job changes from one subscription, each as what it is', async () => {
    const changes: Array<{ printers: boolean; jobs: boolean }> = [];
    const waiters: Array<{ match: (change: { printers: boolean; jobs: boolean }) => boolean; resolve: () => void }> = [];
    const next = (match: (change: { printers: boolean; jobs: boolean }) => boolean) => new Promise<void>((resolve) => waiters.push({ match, resolve }));
    const subscribed = next((change) => change.printers && change.jobs);
    const follower = cups.followEvents((change) => {
      changes.push(change);
      for (const waiter of waiters.splice(0)) (waiter.match(change) ? waiter.resolve : () => waiters.push(waiter))();
    });
    try {
      // Subscribed: everything is read once, since nothing before it was seen.
      await subscribed;
      expect(follower.subscribed).toBe(true);
      execFileSync('lpadmin', ['-p', 'STATION_EVENTS_TEST', '-E', '-v', 'file:///dev/null', '-m', 'drv:///sample.drv/generic.ppd']);
      const paused = next((change) => change.printers);
      execFileSync('cupsdisable', ['STATION_EVENTS_TEST']);
      await paused;
      // A job sent held is announced (created), and again when it is released.
      const created = next((change) => change.jobs);
      const { osJobId } = await cups.submit(request({ vendorId: 'STATION_EVENTS_TEST', pdf: await makePdf(['EVENTS']) }));
      await created;
      const released = next((change) => change.jobs);
      await cups.release('STATION_EVENTS_TEST', osJobId);
      await released;
      // The printer resumed, the job prints: each announcement reads the job again until it
      // reads done. The waiter is set before each read, so a change made during the read is
      // not missed; nothing but the announcements wakes the loop.
      execFileSync('cupsenable', ['STATION_EVENTS_TEST']);
      for (;;) {
        const another = next((change) => change.jobs);
        if ((await cups.jobStates('STATION_EVENTS_TEST', [osJobId])).get(osJobId)?.state === 'done') break;
        await another;
      }
      expect(changes.filter((change) => change.jobs && !change.printers).length).toBeGreaterThan(0);
    } finally {
      await follower.stop();
      execFileSync('lpadmin', ['-x', 'STATION_EVENTS_TEST']);
    }
    expect(follower.subscribed).toBe(false);
  });
});
