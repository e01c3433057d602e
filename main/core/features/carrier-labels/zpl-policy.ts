/**
 * What ZPL from outside (a carrier label in an order body, a ZPL template's output for a real
 * order) may say to a printer that every team shares: label formats only. The bytes are read
 * by the ZPL II grammar, command by command, as the printer reads them: printer settings,
 * network settings, resets, stored formats and graphics, prefix and delimiter changes,
 * unknown commands and anything outside `^XA…^XZ` are refused, and copies and formats are
 * capped per label in total, so one merchant's label cannot reconfigure, break or tie up the
 * printer other teams print on (docs/api.md, Carrier labels).
 */

/** Labels one ZPL label may ask for in all (every `^PQ` of every format; a format without `^PQ` prints one). */
export const ZPL_MAX_COPIES = 100;
/** Formats (`^XA…^XZ`) in one label. */
export const ZPL_MAX_FORMATS = 20;

/**
 * Format commands a label may use, by name after `^`: fields and text, fonts and encoding,
 * graphics, the barcode defaults, label size, home, orientation and mirroring, serial numbers,
 * and `^PQ` (capped). `^A` (a font) and `^B` (a barcode) are read with their one-character
 * argument below.
 */
const ALLOWED = new Set([
  'XA', 'XZ',
  'FO', 'FT', 'FD', 'FS', 'FB', 'FH', 'FR', 'FV', 'FX', 'FW', 'FP', 'FE',
  'CF', 'CI',
  'GB', 'GC', 'GD', 'GE', 'GF', 'GS',
  'BY',
  'PW', 'LL', 'LH', 'LS', 'LT', 'PO', 'PM', 'PQ',
  'SN', 'SF',
]);

/**
 * The barcode commands of the ZPL II command table: `^B` and one defined character
 * (`^B3` Code 39, `^BC` Code 128, `^BQ` QR, `^BX` Data Matrix, …). `^BY` (the defaults) is
 * in ALLOWED; any other character after `^B` is an unknown command.
 */
const BARCODES = new Set('0123457890ABCDEFIJKLMOPQRSTUXZ'.split(''));

/** The font of `^A`: a font letter or digit, or `@` (a font by name). */
const FONT_NAME = /^[A-Z0-9@]$/;

/** Why a command is refused, for the families a carrier never needs. */
function whyRefused(prefix: '^' | '~', name: string): string {
  const command = `${prefix}${name}`;
  if (name === 'CC' || name === 'CT' || name === 'CD') return `${command}: prefix and delimiter changes`;
  if (prefix === '~') return `${command}: control commands (~) act on the printer itself`;
  if (/^[JNK]/.test(name)) return `${command}: printer, network and configuration commands change the shared printer`;
  if (name === 'DF' || name === 'XF' || name === 'ID' || name === 'XG' || name === 'DG' || name === 'DY' || name === 'IM' || name === 'IL' || name === 'IS') return `${command}: stored formats and graphics stay on the printer`;
  if (name.startsWith('H')) return `${command}: host queries are not labels`;
  if (!/^[A-Z0-9@]+$/.test(name)) return `${JSON.stringify(command)} is not a ZPL command`;
  return `${command} is not a label-format command the station sends`;
}

export interface ZplIssue {
  /** The command or byte refused ("^JU", "~JR", "a byte outside ^XA…^XZ"). */
  command: string;
  message: string;
}

const CARET = 0x5e;
const TILDE = 0x7e;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const char = (zpl: Buffer, at: number) => (at < zpl.length ? String.fromCharCode(zpl[at]!).toUpperCase() : '');

/** One command as the printer reads it: its name and where its parameters start. */
function readCommand(zpl: Buffer, at: number): { prefix: '^' | '~'; name: string; next: number } {
  const prefix = zpl[at] === CARET ? '^' : '~';
  const first = char(zpl, at + 1);
  // `^A` is the font command and `^B` a barcode: each takes exactly one character after it.
  if (prefix === '^' && first === 'A') {
    const font = char(zpl, at + 2);
    return { prefix, name: FONT_NAME.test(font) ? 'A' : `A${font}`, next: at + 3 };
  }
  if (prefix === '^' && first === 'B' && char(zpl, at + 2) !== 'Y') {
    const symbology = char(zpl, at + 2);
    return { prefix, name: BARCODES.has(symbology) ? 'B' : `B${symbology}`, next: at + 3 };
  }
  return { prefix, name: `${first}${char(zpl, at + 2)}`, next: at + 3 };
}

/** The text of a command's parameters: everything up to the next command prefix. */
function parametersOf(zpl: Buffer, from: number): string {
  let end = from;
  while (end < zpl.length && zpl[end] !== CARET && zpl[end] !== TILDE) end++;
  return zpl.subarray(from, end).toString('latin1');
}

/**
 * `^PQq,p,r,o,e`: the quantity `q`, read strictly. Empty means the printer's default (1);
 * anything but plain digits (`^PQ 5000`, `^PQ+5000`, `^PQ\n5000`) is refused rather than
 * guessed at, since a printer may read it as a number.
 */
function pqQuantity(parameters: string): number | undefined {
  const quantity = parameters.split(',')[0]!;
  if (quantity === '') return 1;
  return /^\d{1,9}$/.test(quantity) ? Number(quantity) : undefined;
}

/**
 * The first thing in `zpl` a label may not say, or undefined when it is label formats
 * only. Field data (after `^FD`/`^FV`, up to the next command) may hold any text; a `~`
 * anywhere starts a control command, as it does for the printer.
 */
export function checkZplLabel(zpl: Buffer): ZplIssue | undefined {
  let inFormat = false;
  let formats = 0;
  let labels = 0;
  let formatCopies: number | undefined;
  for (let at = 0; at < zpl.length; at++) {
    const byte = zpl[at]!;
    if (byte < 0x20 && !isSpace(byte)) return { command: `byte 0x${byte.toString(16).padStart(2, '0')}`, message: `A control byte (0x${byte.toString(16).padStart(2, '0')}) at ${at}; only CR, LF and TAB may appear` };
    if (byte === 0x7f) return { command: 'byte 0x7f', message: `A control byte (0x7f) at ${at}` };
    if (byte !== CARET && byte !== TILDE) {
      if (!inFormat && !isSpace(byte)) return { command: 'outside ^XA…^XZ', message: `Bytes outside ^XA…^XZ (at ${at})` };
      continue;
    }
    const { prefix, name, next } = readCommand(zpl, at);
    const command = `${prefix}${name}`;
    const allowed = prefix === '^' && (ALLOWED.has(name) || name === 'A' || name === 'B');
    if (!allowed) return { command, message: `ZPL ${whyRefused(prefix, name)}` };
    if (name === 'XA') {
      if (inFormat) return { command, message: 'ZPL ^XA inside a format: every ^XA needs its ^XZ first' };
      if (++formats > ZPL_MAX_FORMATS) return { command, message: `A label holds at most ${ZPL_MAX_FORMATS} formats (^XA…^XZ)` };
      inFormat = true;
      formatCopies = undefined;
    } else if (!inFormat) return { command, message: `ZPL ${command} outside ^XA…^XZ` };
    if (name === 'PQ') {
      const quantity = pqQuantity(parametersOf(zpl, next));
      if (quantity === undefined) return { command, message: 'ZPL ^PQ must give its quantity as plain digits (e.g. ^PQ2)' };
      // More than one ^PQ in a format: each is counted, so no reading of the printer's can ask for more.
      formatCopies = (formatCopies ?? 0) + quantity;
    }
    if (name === 'XZ') {
      inFormat = false;
      labels += formatCopies ?? 1;
      if (labels > ZPL_MAX_COPIES) return { command: '^PQ', message: `The label asks for ${labels} labels in all (every ^PQ of every format); at most ${ZPL_MAX_COPIES}` };
    }
    at = next - 1;
  }
  if (inFormat) return { command: '^XZ', message: 'The label does not end with ^XZ' };
  return undefined;
}
