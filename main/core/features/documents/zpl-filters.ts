import type { Liquid } from 'liquidjs';
import { addressLines, barcodeInput, CODE128_SAFE, localeOf, type FilterImpl } from './filters';

/**
 * ZPL field data: `^` starts a command, `~` a control command, `_` is the hex indicator of
 * `^FH`, and `\&` breaks a line inside a field block (`^FB`), so each of `^ ~ _ \` is written
 * as `_XX`; control characters likewise. The built-in ZPL templates put `^FH` before every
 * `^FD` that shows order data, which makes this exact: an order's text prints as sent and
 * can never end its field.
 */
export function escapeZplField(value: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is escaped
  return String(value ?? '').replace(/[\^~_\\\u0000-\u001f\u007f]/g, (char) => `_${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * `{{ order.orderNumber | barcode }}` in a ZPL template: the barcode command with its field,
 * for the template to place after its own `^FO`. The same types as in HTML (`auto` is Code
 * 128 for printable ASCII, else QR; `code128`, `qr`, `datamatrix`), and the same refusals
 * (text a symbology cannot carry makes the document incomplete). Code 128 takes printable
 * ASCII only here: under `^CI28` other characters would reach the printer as UTF-8 bytes.
 */
export function zplBarcode(value: unknown, type: unknown = 'auto'): string {
  const { bcid, text } = barcodeInput(value, type);
  if (!text) return '';
  const data = escapeZplField(text);
  if (bcid === 'code128') {
    if (!CODE128_SAFE.test(text)) throw new Error(`barcode: Code 128 in ZPL takes printable ASCII only, not "${text}"`);
    return `^BCN,120,Y,N,N^FH^FD${data}^FS`;
  }
  // QR: model 2, 5 dots a module, error correction Q with automatic input mode (`QA,`).
  if (bcid === 'qrcode') return `^BQN,2,5^FH^FDQA,${data}^FS`;
  return `^BXN,6,200^FH^FD${data}^FS`;
}

/** The markup filters of a ZPL template: ZPL commands instead of HTML (`raw`: not escaped again). */
export function registerZplMarkupFilters(liquid: Liquid, check: boolean): void {
  liquid.registerFilter('address', {
    // Lines for a field block (`^FB…^FH^FD{{ address | address }}^FS`): `\&` breaks them.
    handler(this: FilterImpl, value: unknown) {
      return addressLines(value, localeOf(this)).map(escapeZplField).join('\\&');
    },
    raw: true,
  });
  liquid.registerFilter('barcode', {
    handler: check ? (value: unknown, type?: unknown) => (zplBarcode(value, type), '') : zplBarcode,
    raw: true,
  });
}
