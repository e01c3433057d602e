import { badRequest, type ErrorDetail } from '../errors';
import type { CarrierPdfThread } from './carrier-pdf-thread';
import { CARRIER_LABELS_VARIABLE, carrierLabelHash, carrierLabelsOf, decodeLabel } from './labels';

/** A PDF label's first page as laid out, in points. */
export interface LabelPage {
  width: number;
  height: number;
  rotation: number;
}

const REMEMBERED = 1000;

/**
 * The first page of every PDF label read since the station started, by content hash (the
 * last 1,000). Filled when an order body is checked (`checkCarrierLabelPdfs`, before its
 * write) and read when its documents are rebuilt inside the write, where pdf-lib (async)
 * cannot run: a label is parsed once, not on every rebuild. One instance, built by the
 * station (station.ts) and handed to the orders service and to documents.
 */
export class CarrierLabelPages {
  private readonly pages = new Map<string, LabelPage>();

  get(hash: string): LabelPage | undefined {
    const page = this.pages.get(hash);
    if (page) this.remember(hash, page);
    return page;
  }

  has(hash: string): boolean {
    return this.pages.has(hash);
  }

  remember(hash: string, page: LabelPage): void {
    this.pages.delete(hash);
    if (this.pages.size >= REMEMBERED) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(hash, page);
  }
}

/**
 * Reads every PDF label of a valid order body on the carrier-label PDF thread: a PDF that
 * breaks its limits, does not parse (or is encrypted, or has no page) is a 400 naming the
 * label, before anything is written.
 */
export async function checkCarrierLabelPdfs(variables: Record<string, unknown> | undefined, thread: Pick<CarrierPdfThread, 'check'>, pages: CarrierLabelPages): Promise<void> {
  const details: ErrorDetail[] = [];
  for (const [index, label] of carrierLabelsOf(variables).entries()) {
    if (label?.format !== 'pdf') continue;
    const hash = carrierLabelHash(label);
    // An update resending the same label (the usual case) is not read again.
    if (pages.has(hash)) continue;
    const checked = await thread.check(decodeLabel(label));
    if ('page' in checked) pages.remember(hash, checked.page);
    else details.push({ path: `order.variables.${CARRIER_LABELS_VARIABLE}.${index}.data`, message: `The PDF is refused: ${checked.refused}` });
  }
  if (details.length) throw badRequest('The order is not valid', details, 'validation_failed');
}

