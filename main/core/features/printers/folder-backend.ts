import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, privateFolder } from '../../foundations/db/private-files';
import { pdfOf, type DiscoveredPrinter, type OsJobReport, type PrintBackend, type SubmitRequest } from './backend';
import { knownPaperSize } from './paper-sizes';

export const FOLDER_VENDOR_ID = 'save-as-pdf';

/**
 * "Save as PDF": the always-present printer, one PDF per job in `<data-dir>/printed/`,
 * named by the station's job id. It is the embedded default, so a fresh station prints
 * with no hardware at all. It takes any paper size and has no trays.
 */
export class FolderBackend implements PrintBackend {
  readonly findsSubmitted = true;
  readonly kind = 'folder';

  constructor(readonly folder: string) {}

  async discover(): Promise<DiscoveredPrinter[]> {
    return [
      {
        vendorId: FOLDER_VENDOR_ID,
        name: 'Save as PDF',
        status: 'online',
        trays: [],
        paperSizes: ['A4', 'A5', 'A6', 'Letter', 'Legal', '4x6'].map((name) => knownPaperSize(name)!),
        acceptsCustomPaper: true,
        isDefault: false,
      },
    ];
  }

  async submit(request: SubmitRequest): Promise<{ osJobId: string; held: boolean }> {
    privateFolder(this.folder);
    const file = this.fileFor(request.title);
    // Written aside then renamed: a crash never leaves half a PDF under the final name.
    // Owner only (0600): a PDF holds a customer's name and address.
    writeFileSync(`${file}.partial`, pdfOf(request), { mode: PRIVATE_FILE_MODE });
    renameSync(`${file}.partial`, file);
    return { osJobId: file, held: false };
  }

  async release(): Promise<void> {}

  async cancel(): Promise<void> {}

  async findSubmitted(_vendorId: string, title: string): Promise<string | undefined> {
    const file = this.fileFor(title);
    return existsSync(file) ? file : undefined;
  }

  async jobStates(_vendorId: string, osJobIds: string[]): Promise<Map<string, OsJobReport>> {
    return new Map(osJobIds.map((id) => [id, existsSync(id) ? { state: 'done' } : { state: 'failed', reason: 'The PDF file of this job is gone from the printed folder' }]));
  }

  private fileFor(title: string): string {
    return join(this.folder, `${title.replace(/[^\w.-]+/g, '_')}.pdf`);
  }
}
