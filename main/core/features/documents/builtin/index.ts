import type { PaperSpec } from '../contract';
import type { TemplateKind } from '../templates-store';
import { SHIPPING_LABEL_ZPL } from './shipping-label-zpl';
import { NAMED_PAPERS } from '../paper';
import { GIFT_NOTE } from './gift-note';
import { INVOICE } from './invoice';
import { PACKING_SLIP } from './packing-slip';
import { SHIPPING_LABEL } from './shipping-label';

export interface BuiltinTemplate {
  /** Stable key, recorded on the team's copy (`document_templates.builtin`). */
  key: string;
  name: string;
  tag: string;
  paper: PaperSpec;
  body: string;
  kind?: TemplateKind;
}

function paper(name: string, orientation: PaperSpec['orientation'], margin: number): PaperSpec {
  return { name, ...NAMED_PAPERS[name]!, orientation, marginsMm: { top: margin, right: margin, bottom: margin, left: margin } };
}

/** The templates every team starts with (its own copies, which it may edit). */
export const BUILTIN_TEMPLATES: BuiltinTemplate[] = [
  { key: 'packing-slip-a4', name: 'Packing slip (A4)', tag: 'packing-slip', paper: paper('A4', 'portrait', 12), body: PACKING_SLIP },
  { key: 'packing-slip-letter', name: 'Packing slip (Letter)', tag: 'packing-slip', paper: paper('Letter', 'portrait', 12), body: PACKING_SLIP },
  { key: 'invoice-a4', name: 'Invoice (A4)', tag: 'invoice', paper: paper('A4', 'portrait', 14), body: INVOICE },
  { key: 'shipping-label-4x6', name: 'Shipping label (4×6 in)', tag: 'label', paper: paper('4x6in', 'portrait', 4), body: SHIPPING_LABEL },
  { key: 'shipping-label-4x6-zpl', name: 'Shipping label (4×6 in, ZPL)', tag: 'label', paper: paper('4x6in', 'portrait', 0), body: SHIPPING_LABEL_ZPL, kind: 'zpl' },
  { key: 'gift-note-a6', name: 'Gift note (A6)', tag: 'gift-note', paper: paper('A6', 'landscape', 8), body: GIFT_NOTE },
];

/** The default flow's template: every order gets an A4 packing slip. */
export const DEFAULT_FLOW_TEMPLATE_KEY = 'packing-slip-a4';
