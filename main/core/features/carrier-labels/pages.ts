import { badRequest, type ErrorDetail } from '../../foundations/errors';
import type { CarrierPdfs } from './carrier-pdfs';
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
 * station (station/platform.ts) and handed to the orders service and to documents.
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
 * Reads every PDF label of a valid order body in the carrier-label PDF reader and puts the
 * label written anew in its place (`data`) in each variables object given (the order's, and
 * the body kept as its source's payload), so what is stored and printed is what was checked,
 * never the carrier's original bytes. A PDF that breaks its limits, does not parse (or is
 * encrypted, or has no page, or too many) is a 400 naming the label, before anything is written.
 */
export async function checkCarrierLabelPdfs(
  variables: Record<string, unknown> | undefined,
  reader: Pick<CarrierPdfs, 'check'>,
  pages: CarrierLabelPages,
  alsoIn: unknown[] = [],
  /** Whose labels they are: readers take turns between teams. */
  team?: string,
): Promise<void> {
  const details: ErrorDetail[] = [];
  for (const [index, label] of carrierLabelsOf(variables).entries()) {
    if (label?.format !== 'pdf') continue;
    // A label this station wrote (an update resending what it read back) is not read again.
    if (pages.has(carrierLabelHash(label))) continue;
    const checked = await reader.check(decodeLabel(label), team);
    if ('refused' in checked) {
      details.push({ path: `order.variables.${CARRIER_LABELS_VARIABLE}.${index}.data`, message: `The PDF is refused: ${checked.refused}` });
      continue;
    }
    const data = Buffer.from(checked.pdf).toString('base64');
    for (const where of [variables, ...alsoIn]) {
      const entry = (where as Record<string, unknown> | undefined)?.[CARRIER_LABELS_VARIABLE];
      const target = Array.isArray(entry) ? (entry[index] as Record<string, unknown> | undefined) : undefined;
      if (target && typeof target === 'object') target.data = data;
    }
    pages.remember(carrierLabelHash({ data }), checked.page);
  }
  if (details.length) throw badRequest('The order is not valid', details, 'validation_failed');
}
