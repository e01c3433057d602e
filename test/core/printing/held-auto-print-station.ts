// A station process for the crash test of automatic printing: its printer discovery never
// answers, so an automatic print waits between the order's commit and the recording of its
// batch — where the test kills it with SIGKILL.
//   node --import tsx test/core/printing/held-auto-print-station.ts DATA_DIR
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DiscoveredPrinter, PrintBackend } from '../../../main/core/features/printers/backend';
import { silentLogger } from '../../../main/core/foundations/logger';

/**
 * A backend whose discovery answers only when the test opens it: it holds an automatic print
 * between the order's commit and the recording of its batch, where a crash would strike.
 * It has no printers; submitting is never reached.
 */
export class HeldDiscoveryBackend implements PrintBackend {
  readonly kind = 'held-discovery';
  readonly findsSubmitted = true;
  private openDiscovery!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.openDiscovery = resolve));

  open(): void {
    this.openDiscovery();
  }
  async discover(): Promise<DiscoveredPrinter[]> {
    await this.opened;
    return [];
  }
  submit(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  release(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  jobStates(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  findSubmitted(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
  cancel(): never {
    throw new Error('HeldDiscoveryBackend has no printers');
  }
}


// Run as a script (not when imported by the test for its class).
if (process.argv[1]?.endsWith('held-auto-print-station.ts')) {
  const { createStation } = await import('../../../main/core/station');
  const station = createStation({ dataDir: process.argv[2]!, background: false, logger: silentLogger, printBackends: [new HeldDiscoveryBackend()], autoPrint: true });
  const server = createServer(station.app.callback());
  server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
}
