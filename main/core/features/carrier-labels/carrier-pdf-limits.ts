/** Limits on reading one carrier-label PDF (docs/api.md, Carrier labels). */
export const CARRIER_PDF_LIMITS = {
  /** Decoded bytes of one stream. */
  maxStreamBytes: 32 * 1024 * 1024,
  /** Decoded bytes of all of a label's streams. */
  maxLabelBytes: 64 * 1024 * 1024,
  /** Pages of one label (a carrier's label is a page per parcel). */
  maxPages: 200,
  /** Time to read and write anew one label. */
  checkDeadlineMs: 5_000,
  /** Resident memory of the reader process. */
  readerMemoryMb: 384,
  /** CPU seconds of one reader process's life (a fresh one takes over past half). */
  readerCpuSeconds: 60,
  /** Time to merge one job's PDFs. */
  mergeDeadlineMs: 60_000,
  /** The merge thread's V8 heap. */
  mergeHeapMb: 256,
} as const;

export type CarrierPdfLimits = { -readonly [K in keyof typeof CARRIER_PDF_LIMITS]: number };

/** A label as read: its first page, its page count and the PDF written anew; or why it is refused. */
export type CarrierPdfCheck = { page: { width: number; height: number; rotation: number }; pages: number; pdf: Uint8Array } | { refused: string };
