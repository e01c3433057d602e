// The carrier-label PDF reader: a child process (threads/process-client.ts) that reads each
// carrier label from outside and writes it anew (pdf-normalise.ts). It starts under the OS
// limits its client sets (Linux: a data-size and a CPU-time rlimit) and watches its own
// resident memory from a thread, killing itself past its budget (the one memory limit on
// Windows and macOS, a second one on Linux). Whatever a label makes the parser do, this
// process dies alone and the station reads the death as the label's refusal.
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { serveRequests } from '../../foundations/threads/serve';
import { CARRIER_PDF_LIMITS, type CarrierPdfCheck } from './carrier-pdf-limits';
import { normaliseCarrierPdf, PdfRefused } from './pdf-normalise';

const memoryMb = Number(process.env.STATION_WORKER_MEMORY_MB) || CARRIER_PDF_LIMITS.readerMemoryMb;
const cpuSeconds = Number(process.env.STATION_WORKER_CPU_SECONDS) || CARRIER_PDF_LIMITS.readerCpuSeconds;

// Sampled every 10 ms on a thread of its own, so a parse that holds the main thread is still
// watched. A single allocation can jump past the budget between two samples; the rlimit
// (where there is one) refuses that allocation outright.
const watchdog = new Worker(
  `const { workerData } = require('node:worker_threads');
   setInterval(() => { if (process.memoryUsage.rss() > workerData.bytes) process.kill(process.pid, 'SIGKILL'); }, 10);`,
  { eval: true, workerData: { bytes: memoryMb * 1024 * 1024 } },
);
watchdog.unref();

// Lowest priority but one: a flood of crafted labels yields the cores to the station.
try {
  setPriority(10);
} catch {
  // Not allowed here: the reader keeps the station's priority.
}

serveRequests<{ check: Uint8Array }, CarrierPdfCheck>(
  async ({ check }) => {
    try {
      return await normaliseCarrierPdf(check, CARRIER_PDF_LIMITS);
    } catch (error) {
      if (error instanceof PdfRefused) return { refused: error.message };
      // An allocation the rlimit refused surfaces as an error, not a death: the same refusal.
      if (error instanceof RangeError || /allocation failed|out of memory/i.test(String((error as Error)?.message))) return { refused: 'reading it took more memory than a label may' };
      throw error;
    }
  },
  {
    // The CPU rlimit counts for the process's whole life: past half of it, a fresh reader takes over.
    afterEach: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1e6 > cpuSeconds / 2 ? 'end' : 'go on';
    },
  },
);
