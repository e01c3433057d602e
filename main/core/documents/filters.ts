import bwipjs from 'bwip-js/node';
import type { Liquid } from 'liquidjs';

/** HTML-escapes text; the filters that return markup escape every piece of data they embed. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    numberFormats.set(key, format);
  }
  return format;
}

/** `{{ item.price | money }}` or `{{ 12.5 | money: 'EUR' }}`: currency-aware, via Intl. */
export function money(value: unknown, currency?: unknown, locale?: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const price = typeof value === 'object' ? (value as { amount?: unknown; currency?: unknown }) : { amount: value };
  const amount = Number(price.amount);
  if (!Number.isFinite(amount)) return '';
  const code = String(currency ?? price.currency ?? 'USD').toUpperCase();
  try {
    return moneyFormat(typeof locale === 'string' ? locale : 'en-US', code).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'short' },
  medium: { dateStyle: 'medium' },
  long: { dateStyle: 'long' },
  full: { dateStyle: 'full' },
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
};
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `{{ order.orderDate | format_date: 'long' }}`: named styles (short, medium, long, full,
 * datetime, time, iso) in the station's time zone. Liquid's own `date` filter takes strftime.
 */
export function formatDate(value: unknown, style: unknown = 'medium', locale: unknown = 'en-US'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  const name = String(style);
  if (name === 'iso') return date.toISOString().slice(0, 10);
  const key = `${String(locale)}|${name}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(String(locale), DATE_STYLES[name] ?? DATE_STYLES.medium);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(country: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return regionNames.of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

interface AddressLike {
  firstName?: string;
  lastName?: string;
  company?: string;
  address1?: string;
  address2?: string;
  address3?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

// Where the postal code goes differs by country: "City, ST 12345" (US), a line of its own (GB), "12345 City" (most of Europe).
const CITY_STATE_POSTAL = new Set(['US', 'CA', 'AU']);
const POSTAL_OWN_LINE = new Set(['GB', 'IE']);

/** The lines of an address as written on an envelope. */
export function addressLines(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const a = value as AddressLike;
  const join = (...parts: Array<string | undefined>) => parts.filter((p) => p && String(p).trim()).join(' ');
  const country = a.country?.trim().toUpperCase() ?? '';
  let locality: string[];
  if (CITY_STATE_POSTAL.has(country)) locality = [join(a.city && (a.state || a.postalCode) ? `${a.city},` : a.city, a.state, a.postalCode)];
  else if (POSTAL_OWN_LINE.has(country)) locality = [join(a.city, a.state), join(a.postalCode)];
  else locality = [join(a.postalCode, a.city), join(a.state)];
  return [join(a.firstName, a.lastName), a.company, a.address1, a.address2, a.address3, ...locality, a.country ? countryName(a.country) : undefined]
    .map((line) => (line ?? '').trim())
    .filter(Boolean);
}

const BARCODE_TYPES: Record<string, string> = {
  code128: 'code128',
  qr: 'qrcode',
  qrcode: 'qrcode',
  datamatrix: 'datamatrix',
};

// Order numbers repeat between the write-time check and print time: keep recent symbols.
const barcodeCache = new Map<string, string>();
const BARCODE_CACHE_SIZE = 5000;

/**
 * `{{ order.orderNumber | barcode }}` → an inline SVG (Code 128 by default; `'qr'`,
 * `'datamatrix'`). Throws for text the symbology cannot encode: the document is then incomplete.
 */
export function barcode(value: unknown, type: unknown = 'code128'): string {
  const { bcid, text } = barcodeInput(value, type);
  if (!text) return '';
  const key = `${bcid}|${text}`;
  const cached = barcodeCache.get(key);
  if (cached) return cached;
  const linear = bcid === 'code128';
  const svg = bwipjs
    .toSVG({ bcid, text, scale: 2, ...(linear ? { height: 12, paddingwidth: 10, paddingheight: 2 } : { padding: 2 }) })
    // Sized by the template's CSS (class `barcode`); bwip-js gives only a viewBox.
    .replace('<svg ', `<svg class="barcode barcode-${bcid}" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(text)}" `);
  if (barcodeCache.size >= BARCODE_CACHE_SIZE) barcodeCache.delete(barcodeCache.keys().next().value!);
  barcodeCache.set(key, svg);
  return svg;
}

/** The symbology and the text, or an error for text it cannot carry faithfully. */
function barcodeInput(value: unknown, type: unknown): { bcid: string; text: string } {
  const text = String(value ?? '');
  const bcid = BARCODE_TYPES[String(type).toLowerCase()];
  if (!bcid) throw new Error(`barcode: unknown type "${String(type)}" (code128, qr, datamatrix)`);
  // Code 128 carries Latin-1 (bwip-js would silently mangle anything else); 2D symbols take UTF-8.
  // eslint-disable-next-line no-control-regex -- the range starts at NUL on purpose
  if (bcid === 'code128' && (!/^[\u0000-\u00ff]*$/.test(text) || text.length > 80)) throw new Error(`barcode: Code 128 cannot encode "${text}"`);
  if (Buffer.byteLength(text) > (bcid === 'qrcode' ? 2900 : 1500)) throw new Error(`barcode: too much data for ${bcid}`);
  return { bcid, text };
}

/**
 * What `barcode` checks without drawing: the write-time render only needs to know whether
 * the document can render, and drawing a symbol costs milliseconds per order.
 */
export function checkBarcode(value: unknown, type: unknown = 'code128'): string {
  barcodeInput(value, type);
  return '';
}

/** `check`: the engine of the write-time completeness render (barcodes validated, not drawn). */
export function registerFilters(liquid: Liquid, check = false): void {
  liquid.registerFilter('money', money);
  liquid.registerFilter('format_date', formatDate);
  liquid.registerFilter('address_lines', addressLines);
  // Markup filters are `raw`: their output is not escaped again, so they escape what they embed.
  liquid.registerFilter('address', { handler: (value: unknown) => addressLines(value).map(escapeHtml).join('<br>'), raw: true });
  liquid.registerFilter('barcode', { handler: check ? checkBarcode : barcode, raw: true });
}
