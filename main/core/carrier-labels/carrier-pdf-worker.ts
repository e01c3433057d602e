// The carrier-label PDF thread (carrier-pdf-thread.ts): reads PDFs that came from outside
// (carrier labels in order bodies) and merges them into print jobs, off the event loop and
// under limits, so a crafted file can slow or stop only this thread.
//
// A label is screened before pdf-lib sees it, because pdf-lib inflates every object stream
// on load without any cap (a 2 KB file once inflated to 1 GiB):
// - every stream's /Filter is one filter by name from FILTERS (an array of two or more, a
//   name outside the list or an indirect /Filter is refused: no carrier sends them);
// - every FlateDecode stream is inflated with a cap per stream (`maxStreamBytes`) and for
//   the whole label (`maxLabelBytes`); past either, or a stream that does not inflate, the
//   label is refused.
// The thread also runs under the V8 heap limit and the deadline its client sets.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { inflateSync } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import type { CarrierPdfRequest, CarrierPdfWorkerData } from './carrier-pdf-thread';

const { maxStreamBytes, maxLabelBytes } = workerData as CarrierPdfWorkerData;
const port = parentPort!;

// Nice 10 on Linux (a thread has its own nice value there): screening a flood of crafted
// labels yields its core to the event loop that answers every team's requests.
if (process.platform === 'linux') {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // Without /proc the thread keeps the process's priority.
  }
}

/** Filters a carrier's label may use. Image codecs are decoded by the printer's system, not here. */
const FILTERS = new Set(['FlateDecode', 'DCTDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'JPXDecode', 'ASCIIHexDecode', 'ASCII85Decode']);

class Refused extends Error {}

/** A PDF name as written (`/Flat#65Decode`) → its value (`FlateDecode`). */
const nameValue = (raw: string): string => raw.replace(/#([0-9a-fA-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The one filter of a stream dictionary's text, or undefined for none. */
function filterOf(dictionary: string, objectName: string): string | undefined {
  const at = dictionary.search(/\/Filter(?![\w#])/);
  if (at < 0) return undefined;
  const value = dictionary.slice(at + '/Filter'.length).trimStart();
  const single = /^\/([^\s/<>[\]()%]+)/.exec(value);
  let names: string[];
  if (single) names = [single[1]!];
  else if (value.startsWith('[')) {
    const inner = value.slice(1, value.indexOf(']') < 0 ? undefined : value.indexOf(']'));
    names = [...inner.matchAll(/\/([^\s/<>[\]()%]+)/g)].map((match) => match[1]!);
  } else throw new Refused(`${objectName} names its filter indirectly`);
  names = names.map(nameValue);
  if (names.length > 1) throw new Refused(`${objectName} chains ${names.length} filters (${names.join(', ')}); a label's stream has one`);
  if (names.length === 0) return undefined;
  const [filter] = names as [string];
  if (!FILTERS.has(filter)) throw new Refused(`${objectName} uses the filter ${filter.slice(0, 40)}, which labels do not use`);
  return filter;
}

/** Screens every stream of the file; throws Refused for the first that breaks a rule. */
function screen(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let decoded = 0;
  const streamKeyword = />>\s*stream(\r\n|\n|\r)/g;
  for (let match: RegExpExecArray | null; (match = streamKeyword.exec(text)); ) {
    const dataStart = match.index + match[0].length;
    const objectStart = text.lastIndexOf('obj', match.index);
    const header = /(\d+)\s+(\d+)\s+$/.exec(text.slice(Math.max(0, objectStart - 24), objectStart));
    const objectName = header ? `object ${header[1]}` : 'a stream';
    const dictionary = text.slice(objectStart + 3, match.index + 2);
    const filter = filterOf(dictionary, objectName);
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const end = length ? Math.min(text.length, dataStart + Number(length[1])) : text.indexOf('endstream', dataStart);
    if (end < 0) throw new Refused(`${objectName} has no end`);
    streamKeyword.lastIndex = end;
    if (filter !== 'FlateDecode') continue;
    const cap = Math.min(maxStreamBytes, maxLabelBytes - decoded);
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(dataStart, end), { maxOutputLength: cap + 1 });
    } catch (error) {
      if ((error as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw new Refused(tooLarge(objectName, cap));
      throw new Refused(`${objectName} does not decode (${(error as Error)?.message ?? error})`);
    }
    if (inflated.length > cap) throw new Refused(tooLarge(objectName, cap));
    decoded += inflated.length;
  }
}

const MiB = 1024 * 1024;
function tooLarge(objectName: string, cap: number): string {
  return cap < maxStreamBytes
    ? `its streams decode to more than ${maxLabelBytes / MiB} MiB in all (at ${objectName})`
    : `${objectName} decodes to more than ${maxStreamBytes / MiB} MiB`;
}

async function check(bytes: Uint8Array): Promise<{ page: { width: number; height: number; rotation: number } } | { refused: string }> {
  try {
    screen(bytes);
  } catch (error) {
    if (error instanceof Refused) return { refused: error.message };
    throw error;
  }
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    if (pdf.getPageCount() === 0) return { refused: 'it has no pages' };
    const page = pdf.getPage(0);
    const { width, height } = page.getSize();
    return { page: { width, height, rotation: page.getRotation().angle } };
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    return { refused: /encrypted/i.test(message) ? 'it is encrypted' : `it does not parse: ${message}` };
  }
}

/** PDFs one after the other as one PDF; saved without object streams, so the page count can be read from the bytes. */
async function merge(parts: Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part, { updateMetadata: false });
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save({ useObjectStreams: false });
}

// The thread model's protocol (threads/thread-client.ts), by hand: a merged PDF goes back transferred, not copied.
port.on('message', async ({ id, request }: { id: number; request: CarrierPdfRequest }) => {
  try {
    if ('check' in request) port.postMessage({ id, result: await check(request.check) });
    else {
      const bytes = await merge(request.merge);
      port.postMessage({ id, result: bytes }, [bytes.buffer as ArrayBuffer]);
    }
  } catch (error) {
    port.postMessage({ id, error: String((error as Error)?.message ?? error) });
  }
});
port.postMessage({ ready: true });
