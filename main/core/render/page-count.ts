/**
 * The number of pages of a PDF, read from its page tree without parsing the document: the
 * root `/Type /Pages` dictionary's `/Count` (the largest count of any page-tree node). Enough
 * for Chromium's PDFs, which keep their objects uncompressed; null when none is found (a PDF
 * whose page tree sits in compressed object streams), so a count is never made up.
 */
export function pdfPageCount(pdf: Uint8Array): number | null {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  let count: number | null = null;
  // A dictionary without nested dictionaries that says /Type /Pages.
  for (const match of text.matchAll(/<<((?:(?!<<|>>)[\s\S]){0,2000}?)>>/g)) {
    const body = match[1]!;
    if (!/\/Type\s*\/Pages\b/.test(body)) continue;
    const found = /\/Count\s+(\d+)/.exec(body);
    if (found) count = Math.max(count ?? 0, Number(found[1]));
  }
  return count;
}
