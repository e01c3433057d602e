// Reading a carrier-label PDF from outside and writing it anew (carrier-pdf-reader.ts runs
// this in a child process under OS limits). The file is read by a real parser (pdf-lib), never
// by guessing at its text: names with hex escapes, duplicate keys, comments where a lexer
// allows them and a /Length that runs past the end all mean what the parser says they mean.
// Every stream is decoded under caps before anything uses it, and the label that is stored and
// printed is the one written here: its pages copied into a new document, every stream with at
// most one filter from the allowed list, so what prints is what was checked.
import { inflateSync, constants as zlib, deflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  EncryptedPDFError,
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFObjectStreamParser,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFXRefStreamParser,
  type PDFObject,
} from 'pdf-lib';

export interface PdfReadLimits {
  /** Decoded bytes of one stream. */
  maxStreamBytes: number;
  /** Decoded bytes of all of a label's streams, object and cross-reference streams included. */
  maxLabelBytes: number;
  /** Pages of one label. */
  maxPages: number;
}

/** A label as read: its first page in points, its page count and the PDF written anew. */
export interface NormalisedPdf {
  page: { width: number; height: number; rotation: number };
  pages: number;
  pdf: Uint8Array;
}

/** A rule the label breaks; its message completes "The PDF is refused: …". */
export class PdfRefused extends Error {}

/** Filters a carrier's label may use. Image codecs are decoded by the printer's system, never here. */
const TEXT_FILTERS = new Set(['FlateDecode', 'ASCIIHexDecode', 'ASCII85Decode']);
const IMAGE_FILTERS = new Set(['DCTDecode', 'CCITTFaxDecode', 'JBIG2Decode', 'JPXDecode']);
/** Keys that only mean something with the filters they describe, or that point outside the file. */
const FILTER_KEYS = ['Filter', 'DecodeParms', 'DL', 'F', 'FFilter', 'FDecodeParms'].map((key) => PDFName.of(key));
const MiB = 1024 * 1024;

interface Layer {
  filter: string;
  params: PDFObject | undefined;
}

/** A stream's filters in the order they are undone, each with its parameters; refused if named indirectly or not allowed. */
function layersOf(stream: PDFRawStream, objectName: string): Layer[] {
  const { dict } = stream;
  if (dict.get(PDFName.of('F')) !== undefined) throw new PdfRefused(`${objectName} takes its data from another file`);
  const filter = dict.get(PDFName.of('Filter'));
  const params = dict.get(PDFName.of('DecodeParms'));
  if (filter === undefined || filter === PDFNull) return [];
  const names = filter instanceof PDFName ? [filter] : filter instanceof PDFArray ? filter.asArray() : undefined;
  if (!names || params instanceof PDFRef) throw new PdfRefused(`${objectName} names its filter indirectly`);
  return names.map((name, index) => {
    if (!(name instanceof PDFName)) throw new PdfRefused(`${objectName} names its filter indirectly`);
    const value = name.decodeText();
    if (!TEXT_FILTERS.has(value) && !IMAGE_FILTERS.has(value)) throw new PdfRefused(`${objectName} uses the filter ${value.slice(0, 40)}, which labels do not use`);
    const layerParams = params instanceof PDFArray ? params.get(index) : params;
    return { filter: value, params: layerParams === PDFNull ? undefined : layerParams };
  });
}

/** Whether a FlateDecode layer carries a predictor, which the parser (or printer) applies after inflating. */
function hasPredictor(params: PDFObject | undefined): boolean {
  if (!(params instanceof PDFDict)) return false;
  const predictor = params.get(PDFName.of('Predictor'));
  return predictor instanceof PDFNumber && predictor.asNumber() > 1;
}

/** Counts decoded bytes against the label's caps. */
class DecodeBudget {
  private decoded = 0;
  constructor(private readonly limits: PdfReadLimits) {}

  /** The most the next stream may decode to. */
  get cap(): number {
    return Math.min(this.limits.maxStreamBytes, this.limits.maxLabelBytes - this.decoded);
  }

  tooLarge(objectName: string): PdfRefused {
    return new PdfRefused(
      this.cap < this.limits.maxStreamBytes
        ? `its streams decode to more than ${this.limits.maxLabelBytes / MiB} MiB in all (at ${objectName})`
        : `${objectName} decodes to more than ${this.limits.maxStreamBytes / MiB} MiB`,
    );
  }

  spend(bytes: number, objectName: string): void {
    if (bytes > this.cap) throw this.tooLarge(objectName);
    this.decoded += bytes;
  }
}

/** Undoes one text layer under the budget's cap. */
function undo(layer: Layer, bytes: Uint8Array, budget: DecodeBudget, objectName: string, context: PDFContext): Uint8Array {
  if (layer.filter === 'FlateDecode') {
    const cap = budget.cap;
    try {
      // Sync flush: a stream cut short (as some producers write them) still gives what it has.
      return inflateSync(bytes, { maxOutputLength: cap + 1, finishFlush: zlib.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) throw budget.tooLarge(objectName);
      throw new PdfRefused(`${objectName} does not decode (${(error as Error)?.message ?? error})`);
    }
  }
  // ASCIIHex and ASCII85 never grow the bytes they decode, so pdf-lib's own decoders are safe.
  const single = PDFRawStream.of(PDFDict.withContext(context), bytes);
  single.dict.set(PDFName.of('Filter'), PDFName.of(layer.filter));
  return decodePDFRawStream(single).decode();
}

/**
 * Decodes a stream's layers under the caps and says what it becomes: the bytes and the one
 * layer kept (an image codec, or FlateDecode with a predictor, the last in the chain), or the
 * fully decoded bytes (`kept` undefined).
 */
function decodeStream(stream: PDFRawStream, objectName: string, budget: DecodeBudget): { bytes: Uint8Array; kept: Layer | undefined; changed: boolean } {
  const layers = layersOf(stream, objectName);
  let bytes = stream.contents;
  for (const [index, layer] of layers.entries()) {
    const last = index === layers.length - 1;
    if (IMAGE_FILTERS.has(layer.filter)) {
      if (!last) throw new PdfRefused(`${objectName} decodes an image codec (${layer.filter}) before another filter`);
      return { bytes, kept: layer, changed: layers.length > 1 };
    }
    const decoded = undo(layer, bytes, budget, objectName, stream.dict.context);
    budget.spend(decoded.length, objectName);
    if (last && layer.filter === 'FlateDecode' && hasPredictor(layer.params)) return { bytes, kept: layer, changed: layers.length > 1 };
    bytes = decoded;
  }
  // A lone FlateDecode (the common case) is kept as it came: those bytes were just checked.
  if (layers.length === 1 && layers[0]!.filter === 'FlateDecode') return { bytes: stream.contents, kept: layers[0], changed: false };
  return { bytes, kept: undefined, changed: layers.length > 0 };
}

/** The stream written anew: one filter at most, its parameters alone beside it. */
function rewritten(stream: PDFRawStream, decoded: { bytes: Uint8Array; kept: Layer | undefined }): PDFRawStream {
  const dict = stream.dict.clone(stream.dict.context);
  for (const key of FILTER_KEYS) dict.delete(key);
  let { bytes } = decoded;
  const kept = decoded.kept ?? { filter: 'FlateDecode', params: undefined };
  if (!decoded.kept) bytes = deflateSync(bytes);
  dict.set(PDFName.of('Filter'), PDFName.of(kept.filter));
  if (kept.params) dict.set(PDFName.of('DecodeParms'), kept.params);
  return PDFRawStream.of(dict, bytes);
}

/**
 * The parser decodes object and cross-reference streams as it loads, without a cap; each is
 * decoded under the caps first (and refused past them), then handed to the parser.
 */
function parseStreamsUnderCaps<T>(budget: DecodeBudget, read: () => Promise<T>): Promise<T> {
  const objectStreams = PDFObjectStreamParser.forStream;
  const xrefStreams = PDFXRefStreamParser.forStream;
  // The stream being parsed is the object whose header the parser read last: it names the object in a refusal.
  const parser = PDFParser.prototype as unknown as { parseIndirectObjectHeader: () => PDFRef };
  const readHeader = parser.parseIndirectObjectHeader;
  let lastRef: PDFRef | undefined;
  parser.parseIndirectObjectHeader = function (this: unknown) {
    lastRef = readHeader.call(this);
    return lastRef;
  };
  // The parser skips an object it cannot read and goes on: a refusal is kept and thrown after it.
  let refusal: PdfRefused | undefined;
  const underCaps = (raw: PDFRawStream, kind: string) => {
    try {
      decodeStream(raw, lastRef ? `object ${lastRef.objectNumber}` : kind, budget);
    } catch (error) {
      refusal ??= error as PdfRefused;
      throw error;
    }
  };
  PDFObjectStreamParser.forStream = (raw, shouldWaitForTick) => {
    underCaps(raw, 'an object stream');
    return objectStreams(raw, shouldWaitForTick);
  };
  PDFXRefStreamParser.forStream = (raw) => {
    underCaps(raw, 'a cross-reference stream');
    return xrefStreams(raw);
  };
  return read()
    .then((result) => {
      if (refusal) throw refusal;
      return result;
    })
    .finally(() => {
      parser.parseIndirectObjectHeader = readHeader;
      PDFObjectStreamParser.forStream = objectStreams;
      PDFXRefStreamParser.forStream = xrefStreams;
    });
}

/**
 * Reads a label and writes it anew; throws PdfRefused for a label that breaks a rule or that
 * the parser cannot read (the memory errors of a label that asks for too much are left to
 * the caller, which knows its budget).
 */
export async function normaliseCarrierPdf(bytes: Uint8Array, limits: PdfReadLimits): Promise<NormalisedPdf> {
  try {
    return await readAndWrite(bytes, limits);
  } catch (error) {
    if (error instanceof PdfRefused || error instanceof RangeError) throw error;
    if (error instanceof EncryptedPDFError) throw new PdfRefused('it is encrypted');
    throw new PdfRefused(`it does not parse: ${(error as Error)?.message ?? error}`);
  }
}

async function readAndWrite(bytes: Uint8Array, limits: PdfReadLimits): Promise<NormalisedPdf> {
  const budget = new DecodeBudget(limits);
  const source = await parseStreamsUnderCaps(budget, () => PDFDocument.load(bytes, { updateMetadata: false }));
  for (const [ref, object] of source.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const objectName = `object ${ref.objectNumber}`;
    const decoded = decodeStream(object, objectName, budget);
    if (decoded.changed) source.context.assign(ref, rewritten(object, decoded));
  }
  const count = source.getPageCount();
  if (count === 0) throw new PdfRefused('it has no pages');
  if (count > limits.maxPages) throw new PdfRefused(`it has ${count} pages; a label has at most ${limits.maxPages}`);
  // Only what the pages use is carried over: no document-level actions, forms or attachments.
  const written = await PDFDocument.create({ updateMetadata: false });
  for (const page of await written.copyPages(source, source.getPageIndices())) written.addPage(page);
  const first = written.getPage(0);
  const { width, height } = first.getSize();
  return { page: { width, height, rotation: first.getRotation().angle }, pages: count, pdf: await written.save({ useObjectStreams: false }) };
}
