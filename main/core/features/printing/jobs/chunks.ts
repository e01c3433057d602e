/**
 * Documents in each chunk of a big job, in order; the last size repeats. A small first chunk
 * reaches the printer in well under a second and the printer starts while the rest renders;
 * the chunks then grow, because each browser pass costs a fixed ~0.1 s besides its pages
 * (measured with `bench/print.ts`: see docs/api/printing.md, "Big jobs in chunks").
 */
export const CHUNK_SIZES = [25, 50, 100, 200] as const;

/**
 * Cuts a job's documents into chunks of about `sizes` documents, in order, never between two
 * documents of one order: a packer gets each order's pages in one piece. A job that fits the
 * first chunk (with its last order) stays whole.
 */
export function cutIntoChunks<T extends { order: { id: string } }>(documents: T[], sizes: readonly number[] = CHUNK_SIZES): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  for (const document of documents) {
    const size = sizes[Math.min(chunks.length, sizes.length - 1)]!;
    const last = current[current.length - 1];
    if (current.length >= size && last && last.order.id !== document.order.id) {
      chunks.push(current);
      current = [];
    }
    current.push(document);
  }
  if (current.length) chunks.push(current);
  return chunks;
}
