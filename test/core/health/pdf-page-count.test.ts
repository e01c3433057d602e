import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPageCount } from '../../../main/core/features/render/page-count';

async function pdfOf(pages: number, useObjectStreams: boolean): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage([200, 200]);
  return document.save({ useObjectStreams });
}

describe('page count of a PDF from its page tree', () => {
  it('reads the page tree’s count, whatever the number of pages', async () => {
    expect(pdfPageCount(await pdfOf(1, false))).toBe(1);
    expect(pdfPageCount(await pdfOf(137, false))).toBe(137);
    // A flat page tree: one /Kids array of 2,000 references, far longer than any other dictionary.
    expect(pdfPageCount(await pdfOf(2000, false))).toBe(2000);
  });

  it('says null rather than guess when the page tree is in a compressed object stream', async () => {
    expect(pdfPageCount(await pdfOf(3, true))).toBeNull();
    expect(pdfPageCount(new TextEncoder().encode('not a pdf'))).toBeNull();
  });
});
