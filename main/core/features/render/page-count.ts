/**
 * The number of pages of a PDF, read from its page tree without parsing the document: the
 * `/Count` of the `/Type /Pages` dictionaries (the largest is the root's). Enough for
 * Chromium's PDFs, which keep their objects uncompressed; null when none is found (a PDF
 * whose page tree sits in compressed object streams), so a count is never made up. It looks
 * only around each `/Pages` in the bytes, so a big batch's PDF costs a byte search, not a
 * decode of the whole file.
 */
export function pdfPageCount(pdf: Uint8Array): number | null {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let count: number | null = null;
  for (let at = bytes.indexOf('/Pages'); at !== -1; at = bytes.indexOf('/Pages', at + 6)) {
    // The dictionary around it, if it holds no nested dictionary: from its `<<` to its `>>`.
    const start = bytes.lastIndexOf('<<', at);
    const end = bytes.indexOf('>>', at);
    if (start === -1 || end === -1 || bytes.lastIndexOf('>>', at) > start) continue;
    const body = bytes.toString('latin1', start + 2, end);
    if (!/\/Type\s*\/Pages\b/.test(body)) continue;
    const found = /\/Count\s+(\d+)/.exec(body);
    if (found) count = Math.max(count ?? 0, Number(found[1]));
  }
  return count;
}
