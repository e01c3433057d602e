import type { CarrierLabelPages, LabelPage } from '../carrier-labels/pages';
import { carrierLabelHash, type CarrierLabel } from '../carrier-labels/labels';
import type { PaperSpec } from './contract';
import { NAMED_PAPERS } from './paper';

/**
 * Carrier labels as documents: the flow appends one document per label after its own,
 * printed as it is, never re-rendered (docs/api.md, Carrier labels). What a label must be
 * is the carrier-labels room's (carrier-labels/labels.ts).
 */
export const CARRIER_LABEL_TEMPLATE_ID = 'carrier-label';

/** The paper of a PDF label: its first page as laid out (rotation applied), no margins (the carrier drew them). */
function paperOfPage({ width, height, rotation }: LabelPage): PaperSpec {
  const turned = rotation % 180 !== 0;
  const [across, down] = turned ? [height, width] : [width, height];
  const mm = (points: number) => Math.round((points * 25.4 * 10) / 72) / 10;
  const [short, long] = [Math.min(across, down), Math.max(across, down)].map(mm) as [number, number];
  const named = Object.entries(NAMED_PAPERS).find(([, size]) => Math.abs(size.widthMm - short) < 1 && Math.abs(size.heightMm - long) < 1);
  return {
    name: named?.[0] ?? 'custom',
    widthMm: named?.[1].widthMm ?? short,
    heightMm: named?.[1].heightMm ?? long,
    orientation: across > down ? 'landscape' : 'portrait',
    marginsMm: { top: 0, right: 0, bottom: 0, left: 0 },
  };
}

/** ZPL sets its own size; this is only what the dashboard shows (the usual 4×6 in label). */
const ZPL_PAPER: PaperSpec = { name: '4x6in', ...NAMED_PAPERS['4x6in']!, orientation: 'portrait', marginsMm: { top: 0, right: 0, bottom: 0, left: 0 } };

/**
 * A label's paper: the nominal label for ZPL, the PDF's first page otherwise, as read when
 * the body was checked; undefined when this station has not read that PDF since it started.
 */
export function carrierLabelPaper(label: CarrierLabel, pages: CarrierLabelPages | undefined, hash = carrierLabelHash(label)): PaperSpec | undefined {
  if (label.format === 'zpl') return ZPL_PAPER;
  const page = pages?.get(hash);
  return page && paperOfPage(page);
}
