import { createHash } from 'node:crypto';
import { z } from 'zod';
import { checkZplLabel } from './zpl-policy';

/**
 * Carrier labels: documents a WMS bought from a carrier (PDF or ZPL), carried in the order
 * under `order.variables.carrierLabels` and printed as they are, never re-rendered. This room
 * holds what an order body must satisfy (orders validate with it) and reads the bytes; the
 * documents built from labels are documents' (documents/carrier-labels.ts).
 */
export const CARRIER_LABELS_VARIABLE = 'carrierLabels';
export const CARRIER_LABELS_MAX = 10;
/** Decoded bytes of one label. The whole body stays under the API's 1 MiB limit too. */
export const CARRIER_LABEL_MAX_BYTES = 512 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PDF_MAGIC = '%PDF-';
/** ZPL starts a label with `^XA`; whitespace before it (a line break from the carrier's API) is allowed. */
const ZPL_START = /^\s*\^XA/;

export const carrierLabelSchema = z.strictObject({
  tag: z.string().trim().min(1, 'Required').max(64, 'At most 64 characters').regex(/^[\w.-]+$/, 'Letters, digits, "-", "_" and "." only'),
  format: z.enum(['pdf', 'zpl'], 'Either "pdf" or "zpl"'),
  /** The label's bytes in base64 (standard alphabet, padding optional, no line breaks). */
  data: z.string().min(1, 'Required'),
  name: z.string().max(200, 'At most 200 characters').optional(),
});

export type CarrierLabel = z.infer<typeof carrierLabelSchema>;

/** A document's carrier label: which entry of the order's list, and what it is. */
export interface CarrierLabelRef {
  index: number;
  format: CarrierLabel['format'];
  name: string | null;
}

function decodedLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

export const decodeLabel = (label: Pick<CarrierLabel, 'data'>): Buffer => Buffer.from(label.data, 'base64');

/** A label's first bytes (3 KiB): enough to tell its format, without decoding all of it. */
const headOf = (label: CarrierLabel): string => Buffer.from(label.data.slice(0, 4096), 'base64').toString('latin1');

/** Whether the label's first bytes are its format's: `%PDF-`, or `^XA` after any whitespace. */
function formatIssue(label: CarrierLabel): { path: string; message: string } | undefined {
  const head = headOf(label);
  if (label.format === 'pdf' && !head.startsWith(PDF_MAGIC)) return { path: 'data', message: 'Not a PDF (it does not start with %PDF-)' };
  if (label.format === 'zpl' && !ZPL_START.test(head)) return { path: 'data', message: 'Not ZPL (it does not start with ^XA)' };
  return undefined;
}

/**
 * The checks that need no parsing: base64, size, the format's first bytes, and for ZPL the
 * station's policy for shared printers (zpl-policy.ts: label formats only).
 */
function shallowIssues(label: CarrierLabel): { path: string; message: string } | undefined {
  if (!BASE64.test(label.data) || label.data.length % 4 === 1) return { path: 'data', message: 'Not base64 (standard alphabet, no line breaks)' };
  if (decodedLength(label.data) > CARRIER_LABEL_MAX_BYTES) return { path: 'data', message: `At most ${CARRIER_LABEL_MAX_BYTES} bytes once decoded` };
  const issue = formatIssue(label);
  if (issue || label.format !== 'zpl') return issue;
  const refused = checkZplLabel(decodeLabel(label));
  return refused && { path: 'data', message: refused.message };
}

/**
 * The zod check of `order.variables.carrierLabels`, run with the rest of the order's
 * validation. A PDF is parsed afterwards (`checkCarrierLabelPdfs`): pdf-lib is async.
 */
export function refineCarrierLabels(variables: Record<string, unknown>, context: z.RefinementCtx): void {
  if (!Object.hasOwn(variables, CARRIER_LABELS_VARIABLE)) return;
  const list = variables[CARRIER_LABELS_VARIABLE];
  const at = (...path: (string | number)[]) => [CARRIER_LABELS_VARIABLE, ...path];
  if (!Array.isArray(list)) {
    context.addIssue({ code: 'custom', path: at(), message: 'An array of {tag, format, data, name?}' });
    return;
  }
  if (list.length > CARRIER_LABELS_MAX) {
    context.addIssue({ code: 'custom', path: at(), message: `At most ${CARRIER_LABELS_MAX} carrier labels` });
    return;
  }
  list.forEach((entry, index) => {
    // The same words as the rest of the order's validation: a missing field is "Required".
    const parsed = carrierLabelSchema.safeParse(entry, { error: (issue) => (issue.input === undefined ? 'Required' : undefined) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: at(index, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))), message: issue.message });
      return;
    }
    const issue = shallowIssues(parsed.data);
    if (issue) context.addIssue({ code: 'custom', path: at(index, issue.path), message: issue.message });
  });
}

/**
 * The order's carrier labels. Every order body passed `refineCarrierLabels` at ingest, so
 * this runs on each order write (documents are rebuilt) with the cheap checks only: the
 * shape and the first bytes. An entry that does not pass (a `carrierLabels` variable
 * written before labels existed) is left out.
 */
export function carrierLabelsOf(variables: Record<string, unknown> | undefined): (CarrierLabel | undefined)[] {
  const list = variables?.[CARRIER_LABELS_VARIABLE];
  if (!Array.isArray(list)) return [];
  return list.slice(0, CARRIER_LABELS_MAX).map((entry) => {
    const parsed = carrierLabelSchema.safeParse(entry);
    return parsed.success && !formatIssue(parsed.data) ? parsed.data : undefined;
  });
}

/** The label's content hash: the same bytes are the same label (documents keep it to keep their paper). */
export const carrierLabelHash = (label: Pick<CarrierLabel, 'data'>): string => createHash('sha256').update(label.data).digest('base64url');

