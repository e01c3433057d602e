/**
 * What ZPL from outside (a carrier label in an order body) may say to a printer that every
 * team shares: label formats only. Printer settings, network settings, resets, stored
 * formats and graphics, prefix changes and anything outside `^XA…^XZ` are refused, so one
 * merchant's label cannot reconfigure or break the printer other teams print on
 * (docs/api.md, Carrier labels).
 */

/** Copies one label may ask for (`^PQ`). */
export const ZPL_MAX_COPIES = 100;

/**
 * Format commands a label may use, by name after `^` (`A` is the font command, whose second
 * character names the font): fields and text, fonts and encoding, graphics, every barcode,
 * label size, home, orientation and mirroring, serial numbers, and `^PQ` (capped).
 */
const ALLOWED = new Set([
  'XA', 'XZ',
  'FO', 'FT', 'FD', 'FS', 'FB', 'FH', 'FR', 'FV', 'FX', 'FW', 'FP', 'FE',
  'A', 'CF', 'CI',
  'GB', 'GC', 'GD', 'GE', 'GF', 'GS',
  'BY',
  'PW', 'LL', 'LH', 'LS', 'LT', 'PO', 'PM', 'PQ',
  'SN', 'SF',
]);

/** Why a command is refused, for the families a carrier never needs. */
function whyRefused(prefix: '^' | '~', name: string): string {
  const command = `${prefix}${name}`;
  if (prefix === '~') return `${command}: control commands (~) act on the printer itself`;
  if (/^[JNK]/.test(name)) return `${command}: printer, network and configuration commands change the shared printer`;
  if (name === 'DF' || name === 'XF' || name === 'ID' || name === 'XG' || name === 'DG' || name === 'DY' || name === 'IM' || name === 'IL' || name === 'IS') return `${command}: stored formats and graphics stay on the printer`;
  if (name.startsWith('H')) return `${command}: host queries are not labels`;
  if (name === 'CC' || name === 'CT' || name === 'CD') return `${command}: prefix and delimiter changes`;
  return `${command} is not a label-format command the station sends`;
}

export interface ZplIssue {
  /** The command or byte refused ("^JU", "~JR", "a byte outside ^XA…^XZ"). */
  command: string;
  message: string;
}

/**
 * The first thing in `zpl` a label may not say, or undefined when it is label formats
 * only. Field data (after `^FD`/`^FV`, up to the next command) may hold any text; a `~`
 * anywhere starts a control command, as it does for the printer.
 */
export function checkZplLabel(zpl: Buffer): ZplIssue | undefined {
  let inFormat = false;
  for (let at = 0; at < zpl.length; at++) {
    const byte = zpl[at]!;
    if (byte < 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return { command: `byte 0x${byte.toString(16).padStart(2, '0')}`, message: `A control byte (0x${byte.toString(16).padStart(2, '0')}) at ${at}; only CR, LF and TAB may appear` };
    if (byte === 0x7f) return { command: 'byte 0x7f', message: `A control byte (0x7f) at ${at}` };
    const isPrefix = byte === 0x5e /* ^ */ || byte === 0x7e; /* ~ */
    if (!isPrefix) {
      if (!inFormat && byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return { command: 'outside ^XA…^XZ', message: `Bytes outside ^XA…^XZ (at ${at})` };
      continue;
    }
    const prefix = byte === 0x5e ? '^' : '~';
    const first = String.fromCharCode(zpl[at + 1] ?? 0).toUpperCase();
    // ^A is the font command: the character after it names the font, not the command.
    const name = first === 'A' && prefix === '^' ? 'A' : `${first}${String.fromCharCode(zpl[at + 2] ?? 0).toUpperCase()}`;
    const command = `${prefix}${name}`;
    if (prefix === '~' || !ALLOWED.has(name) && !(name.length === 2 && name[0] === 'B')) return { command, message: `ZPL ${whyRefused(prefix, name)}` };
    if (!inFormat && name !== 'XA') return { command, message: `ZPL ${command} outside ^XA…^XZ` };
    if (name === 'XA') inFormat = true;
    if (name === 'XZ') inFormat = false;
    if (name === 'PQ') {
      const quantity = Number(/^\d+/.exec(zpl.subarray(at + 3, at + 16).toString('latin1'))?.[0] ?? 1);
      if (quantity > ZPL_MAX_COPIES) return { command, message: `ZPL ^PQ asks for ${quantity} copies; a label may ask for at most ${ZPL_MAX_COPIES}` };
    }
    at += name.length;
  }
  if (inFormat) return { command: '^XZ', message: 'The label does not end with ^XZ' };
  return undefined;
}
