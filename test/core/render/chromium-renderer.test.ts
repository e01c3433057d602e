import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperSpec, RenderedHtml } from '../../../main/core/features/documents/contract';
import { documentHtml } from '../../../main/core/features/documents/html';
import { ChromiumPdfRenderer } from '../../../main/core/features/render/chromium';
import { ChromiumMissingError, resolveChromiumPath } from '../../../main/core/features/render/chromium-path';
import { mmToPt, pdfInfo, pdfText } from '../documents/pdf-tools';

const A6: PaperSpec = { name: 'A6', widthMm: 105, heightMm: 148, orientation: 'portrait', marginsMm: { top: 5, right: 5, bottom: 5, left: 5 } };
const doc = (body: string, paper = A6): RenderedHtml => ({ html: documentHtml(body, paper), paper });
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Text of each page, split on the form feeds pdftotext writes between pages. */
const pages = (pdf: Uint8Array) => pdfText(pdf).split('\f').slice(0, -1).map((page) => page.replace(/\s+/g, ' ').trim());

describe('ChromiumPdfRenderer', () => {
  const renderer = new ChromiumPdfRenderer();
  let server: Server;
  let origin: string;
  const requested: string[] = [];

  beforeAll(async () => {
    // Stands for the internet: records what the page tried to fetch.
    server = createServer((req, res) => {
      requested.push(req.url!);
      if (req.url === '/pixel.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG_1PX);
      else res.writeHead(200, { 'Content-Type': req.url!.endsWith('.css') ? 'text/css' : 'text/html' }).end('p { display: none }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await renderer.close();
    server.close();
  });

  it('renders many documents into ONE PDF, each starting on its own page, in order', async () => {
    const docs = Array.from({ length: 25 }, (_, i) => doc(`<p>Document ${i + 1}</p>`));
    const pdf = await renderer.render(docs, A6);
    expect(pdfInfo(pdf).pages).toBe(25);
    expect(pages(pdf)).toEqual(docs.map((_, i) => `Document ${i + 1}`));
  });

  it('a long document flows over several pages; the next starts on a fresh page', async () => {
    const long = doc(Array.from({ length: 60 }, (_, i) => `<p>Line ${i + 1}</p>`).join(''));
    const pdf = await renderer.render([long, doc('<p>After</p>')], A6);
    const text = pages(pdf);
    expect(text.length).toBeGreaterThan(2);
    expect(text.at(-1)).toBe('After');
    expect(text.slice(0, -1).join(' ')).toContain('Line 60');
  });

  it('renders on kept pages: each PDF holds its own document only, one after another and eight at once, in Cyrillic, CJK and Arabic', { timeout: 60_000 }, async () => {
    const texts = ['Заказ первый', '注文 第二', 'الطلب الثالث', 'Order four'];
    // pdftotext marks right-to-left runs with embedding characters: the words are compared.
    const words = (pdf: Uint8Array) => pages(pdf).map((page) => page.replace(/[\u202a-\u202e]/g, ''));
    for (const text of texts) expect(words(await renderer.render([doc(`<p>${text}</p>`)], A6))).toEqual([text]);
    // More at once than the renderer keeps pages (4): the rest get pages of their own.
    const many = Array.from({ length: 8 }, (_, i) => `${texts[i % texts.length]} ${i + 1}`);
    const pdfs = await Promise.all(many.map((text) => renderer.render([doc(`<p>${text}</p>`)], A6)));
    expect(pdfs.map(words)).toEqual(many.map((text) => [text]));
  });

  it('uses the paper size and orientation', async () => {
    const landscape: PaperSpec = { ...A6, name: 'A5', widthMm: 148, heightMm: 210, orientation: 'landscape' };
    const info = pdfInfo(await renderer.render([doc('<p>Wide</p>', landscape)], landscape));
    expect(Math.abs(info.widthPt - mmToPt(210))).toBeLessThan(1.5);
    expect(Math.abs(info.heightPt - mmToPt(148))).toBeLessThan(1.5);
  });

  it("keeps each document's styles to itself", async () => {
    const hiding = doc('<style>.x { display: none } body { color: red }</style><p class="x">Hidden in A</p><p>A</p>');
    const pdf = await renderer.render([hiding, doc('<p class="x">Visible in B</p>')], A6);
    expect(pages(pdf)).toEqual(['A', 'Visible in B']);
  });

  it('runs no JavaScript', async () => {
    const pdf = await renderer.render([doc('<p id="t">static</p><script>document.getElementById("t").textContent = "SCRIPT RAN"</script><img src="x" onerror="document.body.textContent=\'ONERROR RAN\'">')], A6);
    expect(pages(pdf)).toEqual(['static']);
  });

  it('loads only data: images; every network request, images included, is aborted (the station inlines images first)', async () => {
    requested.length = 0;
    const body =
      `<link rel="stylesheet" href="${origin}/style.css"><style>@import url("${origin}/import.css"); @font-face { font-family: F; src: url("${origin}/font.woff") } p { font-family: F }</style>` +
      `<p>With image</p><img src="${origin}/pixel.png"><img src="data:image/png;base64,${PNG_1PX.toString('base64')}">` +
      `<iframe src="${origin}/frame.html"></iframe><script src="${origin}/script.js"></script><video src="${origin}/video.mp4"></video>` +
      `<object data="${origin}/object.html"></object><meta http-equiv="refresh" content="0; url=${origin}/redirect.html">`;
    const pdf = await renderer.render([doc(body)], A6);
    expect(pages(pdf)[0]).toContain('With image');
    // Chromium itself reaches nothing: http(s) images are the station's to fetch, under its policy.
    expect(requested).toEqual([]);
  });

  it('renders the first page as a PNG of the paper size', async () => {
    const size = (png: Uint8Array) => {
      const view = new DataView(png.buffer, png.byteOffset);
      return [view.getUint32(16), view.getUint32(20)];
    };
    const px = (mm: number) => Math.round(mm * (96 / 25.4));
    expect(size(await renderer.renderPng(doc('<p>Thumb</p>'), { scale: 2 }))).toEqual([px(105) * 2, px(148) * 2]);
    // The next ones on kept pages take their own paper and scale.
    const a5: PaperSpec = { ...A6, name: 'A5', widthMm: 148, heightMm: 210 };
    expect(size(await renderer.renderPng(doc('<p>Bigger</p>', a5), { scale: 2 }))).toEqual([px(148) * 2, px(210) * 2]);
    expect(size(await renderer.renderPng(doc('<p>Thumb</p>'), { scale: 1 }))).toEqual([px(105), px(148)]);
  });
});

describe('finding Chromium', () => {
  it('takes STATION_CHROMIUM_PATH, and says what to install when nothing is found', () => {
    expect(resolveChromiumPath(undefined, { STATION_CHROMIUM_PATH: '/usr/bin/chromium' })).toBe('/usr/bin/chromium');
    expect(() => resolveChromiumPath(undefined, { STATION_CHROMIUM_PATH: '/nowhere/chromium' })).toThrow(ChromiumMissingError);
    expect(() => resolveChromiumPath('/nowhere/chromium')).toThrow(/apt-get install chromium.*STATION_CHROMIUM_PATH/);
    expect(() => resolveChromiumPath(undefined, {}, 'aix' as NodeJS.Platform)).not.toThrow(); // falls back to the Linux places
    // Where both are installed (scripts/install-system-deps.sh installs both), the headless shell is taken.
    expect(resolveChromiumPath(undefined, {}, 'linux')).toBe('/usr/lib/chromium/chromium-headless-shell');
  });

  it('a renderer without a browser fails with that message, and a closed one refuses work', async () => {
    const missing = new ChromiumPdfRenderer({ executablePath: '/nowhere/chromium' });
    await expect(missing.render([doc('<p>x</p>')], A6)).rejects.toThrow(/Chromium was not found.*apt-get install chromium/);
    await missing.close();
    await expect(missing.render([doc('<p>x</p>')], A6)).rejects.toThrow(/closed/);
  });
});
