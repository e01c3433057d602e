import addressFormatter from '@fragaria/address-formatter';
import bwipjs from 'bwip-js/node';
import type { Context, Liquid } from 'liquidjs';
import { translate } from './i18n';
import { escapeHtml } from '../../foundations/text';
import { isolateBidi } from './bidi';

/** What liquidjs binds `this` to in a filter (its FilterImpl type is not exported). */
export interface FilterImpl {
  context: Context;
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

const regionNames = new Map<string, Intl.DisplayNames>();
/** A country code's name in the locale's language (`DE` → "Deutschland" in German); anything else as sent. */
function countryName(country: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    let names = regionNames.get(locale);
    if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
    return names.of(country.toUpperCase()) ?? country;
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

const TOWN_IN_CAPITALS = new Set(['GB', 'FR']);

/** An address part as text: strings and numbers trimmed, anything else empty. */
const field = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/**
 * The lines of an address as the destination country's post writes them (OpenCage's address
 * templates, through @fragaria/address-formatter): postal code before or after the city, on
 * a line of its own, state abbreviations, line order. The country name is in the document's
 * language, the town in capitals where the post asks for it (GB, FR). Name and company come
 * first; `address2`/`address3` follow `address1`. A part the country's template leaves out is
 * still printed, on a line of its own: nothing sent is lost.
 */
export function addressLines(value: unknown, locale = 'en-US'): string[] {
  if (!value || typeof value !== 'object') return [];
  const a = value as AddressLike;
  const country = field(a.country);
  const code = /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
  const city = field(a.city);
  // Posts that ask for the town in capitals: Royal Mail (the post town), La Poste (the commune).
  const parts = { road: field(a.address1), city: code && TOWN_IN_CAPITALS.has(code) ? city.toLocaleUpperCase(code.toLowerCase()) : city, state: field(a.state), postcode: field(a.postalCode) };
  const lines = postalLines(parts, country, code, locale);
  // Under address1: the lines the formatter has no field for.
  const extra = [field(a.address2), field(a.address3)].filter(Boolean);
  const roadAt = parts.road ? lines.indexOf(parts.road) : -1;
  lines.splice(roadAt === -1 ? 0 : roadAt + 1, 0, ...extra);
  const joined = lines.join('\n');
  for (const part of Object.values(parts)) if (part && !joined.includes(part)) lines.push(part);
  const name = [field(a.firstName), field(a.lastName)].filter(Boolean).join(' ');
  return [name, field(a.company), ...lines].filter(Boolean);
}

interface PostalParts {
  road: string;
  city: string;
  state: string;
  postcode: string;
}

/**
 * Postal lines formatted lately, by their parts and language. The formatter sees only the
 * postal parts (names, company and address2/3 are placed around its lines), so an order's
 * ship-to and bill-to, or one customer's orders, share one formatting; its documents format
 * the same addresses once per document and again when printed. The formatter is the
 * costliest step of checking an order's documents (~0.15 ms an address).
 */
const formattedPostalLines = new Map<string, string[]>();
const POSTAL_LINES_KEPT = 256;

/** The formatter's lines for the postal parts (a copy: callers add to it). */
function postalLines(parts: PostalParts, country: string, code: string | undefined, locale: string): string[] {
  const key = [locale, parts.road, parts.city, parts.state, parts.postcode, country].join('\u0000');
  const known = formattedPostalLines.get(key);
  if (known) {
    // Most recently used last: the map's first key is the one to forget.
    formattedPostalLines.delete(key);
    formattedPostalLines.set(key, known);
    return [...known];
  }
  const formatted = addressFormatter.format(
    {
      ...Object.fromEntries(Object.entries(parts).filter(([, part]) => part)),
      ...(code ? { countryCode: code } : {}),
      ...(country ? { country: countryName(country, locale) } : {}),
    },
    { output: 'array', appendCountry: Boolean(country) },
  );
  const lines = formatted.map((line) => line.trim()).filter(Boolean);
  formattedPostalLines.set(key, lines);
  if (formattedPostalLines.size > POSTAL_LINES_KEPT) formattedPostalLines.delete(formattedPostalLines.keys().next().value!);
  return [...lines];
}

const BARCODE_TYPES: Record<string, string> = {
  auto: 'auto',
  code128: 'code128',
  qr: 'qrcode',
  qrcode: 'qrcode',
  datamatrix: 'datamatrix',
};

/** Text every Code 128 scanner reads back as sent: printable ASCII, short enough for a label. */
export const CODE128_SAFE = /^[\x20-\x7e]{1,80}$/;

// Order numbers repeat between the write-time check and print time: keep recent symbols.
const barcodeCache = new Map<string, string>();
const BARCODE_CACHE_SIZE = 5000;

/**
 * `{{ order.orderNumber | barcode }}` → an inline SVG. The default type `auto` draws Code 128
 * when the text is printable ASCII of at most 80 characters, and otherwise a QR code, which
 * carries any UTF-8 (注文1001, Łódź-7, emoji): a built-in document is never unprintable
 * because of its barcode. An explicit type (`'code128'`, `'qr'`, `'datamatrix'`) is drawn as
 * asked, and throws for text it cannot encode: the document is then incomplete.
 */
export function barcode(value: unknown, type: unknown = 'auto'): string {
  const { bcid, text } = barcodeInput(value, type);
  if (!text) return '';
  const key = `${bcid}|${text}`;
  const cached = barcodeCache.get(key);
  if (cached) return cached;
  const linear = bcid === 'code128';
  const svg = bwipjs
    .toSVG({ bcid, scale: 2, ...(linear ? { text, height: 12, paddingwidth: 10, paddingheight: 2 } : { ...symbolText2d(text), padding: 2 }) })
    // Sized by the template's CSS (class `barcode`); bwip-js gives only a viewBox. A linear
    // symbol stretches to the box; a 2D one stays square inside it (a box made for Code 128
    // gets a QR code as high as the box, centred).
    .replace(
      '<svg ',
      `<svg class="barcode barcode-${bcid}" preserveAspectRatio="${linear ? 'none' : 'xMidYMid meet'}" role="img" aria-label="${escapeHtml(text)}" `,
    );
  if (barcodeCache.size >= BARCODE_CACHE_SIZE) barcodeCache.delete(barcodeCache.keys().next().value!);
  barcodeCache.set(key, svg);
  return svg;
}

/**
 * Text for a QR or Data Matrix symbol. Beyond ASCII it carries the ECI designator for UTF-8
 * (26): without it scanners guess the bytes' encoding (Shift JIS, Latin-1) and read
 * "Заказ" as mojibake. `parsefnc` reads `^ECI…`; a caret of the text itself is written `^^`.
 */
function symbolText2d(text: string): { text: string; parsefnc?: boolean } {
  // eslint-disable-next-line no-control-regex -- ASCII is the whole range from NUL
  if (/^[\x00-\x7f]*$/.test(text)) return { text };
  return { text: `^ECI000026${text.replace(/\^/g, '^^')}`, parsefnc: true };
}

/** The symbology and the text, or an error for text it cannot carry faithfully. */
export function barcodeInput(value: unknown, type: unknown): { bcid: string; text: string } {
  const text = String(value ?? '');
  const asked = BARCODE_TYPES[String(type).toLowerCase()];
  if (!asked) throw new Error(`barcode: unknown type "${String(type)}" (auto, code128, qr, datamatrix)`);
  const bcid = asked === 'auto' ? (CODE128_SAFE.test(text) ? 'code128' : 'qrcode') : asked;
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
export function checkBarcode(value: unknown, type: unknown = 'auto'): string {
  barcodeInput(value, type);
  return '';
}

/** The document's locale: the `locale` the scope carries (the team's), else US English. */
export function localeOf(filter: FilterImpl): string {
  const locale = filter.context.getSync(['locale']);
  return typeof locale === 'string' && locale ? locale : 'en-US';
}

/** `check`: the engine of the write-time completeness render (barcodes validated, not drawn). */
export function registerFilters(liquid: Liquid, check = false): void {
  // Money, dates, country names and words follow the document's locale unless a filter is given one.
  liquid.registerFilter('money', function (this: FilterImpl, value: unknown, currency?: unknown, locale?: unknown) {
    return money(value, currency, locale ?? localeOf(this));
  });
  liquid.registerFilter('format_date', function (this: FilterImpl, value: unknown, style?: unknown, locale?: unknown) {
    return formatDate(value, style ?? 'medium', locale ?? localeOf(this));
  });
  liquid.registerFilter('address_lines', function (this: FilterImpl, value: unknown) {
    return addressLines(value, localeOf(this));
  });
  /** `{{ 'ship_to' | t }}`, `{{ 'order_n' | t: order.orderNumber }}`: the built-in documents' words. */
  liquid.registerFilter('t', function (this: FilterImpl, key: unknown, ...args: unknown[]) {
    return translate(localeOf(this), String(key), args);
  });
  // Markup filters are `raw`: their output is not escaped again, so they escape what they embed.
  liquid.registerFilter('address', {
    handler(this: FilterImpl, value: unknown) {
      return addressLines(value, localeOf(this))
        .map((line) => isolateBidi(escapeHtml(line)))
        .join('<br>');
    },
    raw: true,
  });
  liquid.registerFilter('barcode', { handler: check ? checkBarcode : barcode, raw: true });
}
