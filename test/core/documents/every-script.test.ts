import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytes, documentsStation, json, type TemplateView } from './documents-harness';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfBarcodes, pdfFonts, pdfInfo, pdfText, pdfWordBoxes } from './pdf-tools';

/** Kept for a person to look at (test-results/ is ignored by git). */
const SCREENSHOTS = join(import.meta.dirname, '../../../test-results/documents');
mkdirSync(SCREENSHOTS, { recursive: true });

/**
 * Orders from every country print: barcodes never make a built-in document unprintable,
 * every script is drawn with a font that has its glyphs (checked on Chromium's real PDF),
 * right-to-left text keeps its own direction, and long values stay on the label.
 */
type Station = Awaited<ReturnType<typeof documentsStation>>;

const order = (sourceId: string, fields: Record<string, unknown>) => ({
  sourceId,
  order: {
    orderNumber: sourceId,
    customer: { firstName: 'Ada', lastName: 'Lovelace' },
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '12 Analytical St', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
    lineItems: [{ name: 'Mug', quantity: 1, sku: 'MUG-1', price: { amount: 9.5, currency: 'EUR' } }],
    ...fields,
  },
});

describe('orders in every language', { timeout: 60_000 }, () => {
  let s: Station;
  let team: { id: string };
  let key: string;
  let templates: TemplateView[];
  const builtin = (name: string) => templates.find((template) => template.builtin === name)!;
  const create = async (body: unknown) => json<{ id: string; status: string; documents?: unknown }>(await s.call('/api/orders', { key, json: body }), 201);
  const preview = async (template: string, orderId: string) => bytes(await s.admin(`/admin/api/templates/${builtin(template).id}/preview?orderId=${orderId}`));

  beforeAll(async () => {
    s = await documentsStation();
    ({ team, key } = s.team('Welt Versand'));
    templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
  });
  afterAll(() => s.stop());

  it('a Japanese order number is ready and prints: a QR code that scans back to it, the number as text beside it', async () => {
    const created = await create(order('注文1001', { lineItems: [{ name: '茶', quantity: 2, sku: 'CHA-1', price: { amount: 800, currency: 'JPY' } }] }));
    expect(created.status).toBe('ready');
    for (const template of ['packing-slip-a4', 'shipping-label-4x6', 'invoice-a4']) {
      const pdf = await preview(template, created.id);
      expect(pdfBarcodes(pdf), template).toContain('QR-Code:注文1001');
      const text = pdfText(pdf);
      expect(text, template).toContain('注文1001');
      expect(text, template).toContain('茶');
    }
  });

  it('any order number Code 128 cannot carry gets a QR code; a plain one keeps Code 128', async () => {
    const long = `ORDER-${'7'.repeat(94)}`;
    for (const number of ['Łódź-7', 'Ἀθῆναι-3', 'Заказ-5', '🎁-9', long]) {
      const created = await create(order(number, {}));
      expect(created.status, number).toBe('ready');
      expect(pdfBarcodes(await preview('packing-slip-a4', created.id)), number).toContain(`QR-Code:${number}`);
    }
    const plain = await create(order('A-1001', {}));
    expect(pdfBarcodes(await preview('shipping-label-4x6', plain.id))).toContain('CODE-128:A-1001');
  });

  // The fonts that draw each script: Chromium embeds TrueType fonts by name; the CJK fonts
  // (Noto Sans CJK, CFF outlines in a collection) it embeds as Type 3 glyph procedures, which
  // pdffonts lists without a name. A glyph no font has is drawn from the page's own font
  // (DejaVu Sans) as an empty box, so for scripts DejaVu lacks the text has no spaces (a
  // space is DejaVu's) and DejaVu must not appear at all.
  const TYPE3 = /^Type 3$/;
  const scripts: [string, string, { name?: RegExp; type?: RegExp }][] = [
    ['Japanese', '東京都千代田区山田太郎ありがとう', { type: TYPE3 }],
    ['Chinese', '北京市朝阳区王小明谢谢', { type: TYPE3 }],
    ['Korean', '서울특별시김민수감사합니다', { type: TYPE3 }],
    ['Cyrillic', 'Москва Пастернак спасибо', { name: /^DejaVuSans$/ }],
    ['Greek', 'Αθήνα Παπαδόπουλος ευχαριστώ', { name: /^DejaVuSans$/ }],
    ['Arabic', 'القاهرة محمد شكرا', { name: /^(NotoSansArabic|NotoNaskhArabic|NotoKufiArabic|DejaVuSans)(-Regular)?$/ }],
    ['Hebrew', 'תל אביב דוד תודה', { name: /^(NotoSansHebrew|NotoSerifHebrew|DejaVuSans)(-Regular)?$/ }],
    ['Thai', 'กรุงเทพมหานครสมชายขอบคุณ', { name: /^(NotoSansThai|NotoSerifThai|NotoLoopedThai)(-Regular)?$/ }],
    ['Devanagari', 'नईदिल्लीराहुलधन्यवाद', { name: /^(NotoSansDevanagari|NotoSerifDevanagari)(-Regular)?$/ }],
  ];
  for (const [script, words, font] of scripts) {
    it(`draws ${script} with a font that has its glyphs, and the text reads back`, async () => {
      // The order's words alone on the page, in the built-in documents' font stack.
      const template = await json<{ id: string }>(
        await s.admin(`/admin/api/teams/${team.id}/templates`, {
          method: 'POST',
          json: { name: `Script ${script}`, tag: 'script-sample', body: '<p style="font-family: \'Helvetica Neue\', Arial, \'Liberation Sans\', \'DejaVu Sans\', sans-serif; font-size: 14pt" dir="auto">{{ note }}</p>' },
        }),
        201,
      );
      const created = await create(order(`SCRIPT-${script}`, { note: words }));
      const pdf = await bytes(await s.admin(`/admin/api/templates/${template.id}/preview?orderId=${created.id}`));
      const fonts = pdfFonts(pdf);
      expect(fonts.length, script).toBeGreaterThan(0);
      for (const embedded of fonts) {
        expect(font.name ? font.name.test(embedded.name) : font.type!.test(embedded.type), `${script}: ${JSON.stringify(fonts)}`).toBe(true);
      }
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      // Right-to-left words may come back in visual order: check each word, not the line.
      for (const word of words.split(' ')) expect(text, script).toContain(word);
    });
  }

  it('right-to-left names, addresses and notes are laid out right to left in their own blocks', async () => {
    const arabic = await create(
      order('RTL-1', {
        note: 'يرجى التغليف كهدية',
        shippingAddress: { firstName: 'محمد', lastName: 'علي', address1: 'شارع التحرير 5', city: 'القاهرة', postalCode: '11511', country: 'EG' },
      }),
    );
    const latin = await create(order('LTR-1', { shippingAddress: { firstName: 'Mona', lastName: 'Ali', address1: '5 Tahrir St', city: 'Cairo', postalCode: '11511', country: 'EG' } }));
    const [rtlPdf, ltrPdf] = [await preview('packing-slip-a4', arabic.id), await preview('packing-slip-a4', latin.id)];
    // The ship-to block starts at the same place in both; the Arabic name is set against its
    // right edge, the Latin name against its left.
    const [rtlName] = pdfWordBoxes(rtlPdf, 'محمد');
    const [ltrName] = pdfWordBoxes(ltrPdf, 'Mona');
    expect(rtlName, 'the Arabic name is on the slip').toBeDefined();
    expect(rtlName!.xMin - ltrName!.xMin, 'the Arabic line starts far right of where a Latin one does').toBeGreaterThan(100);
    const png = await bytes(await s.admin(`/admin/api/templates/${builtin('packing-slip-a4').id}/preview?orderId=${arabic.id}&format=png`));
    writeFileSync(join(SCREENSHOTS, 'packing-slip-rtl.png'), png);
  });

  it('the longest name and address the API accepts stay on one 4×6 in label, every word of it', async () => {
    const word = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
    const shippingAddress = {
      firstName: word('First', 30).slice(0, 200),
      lastName: word('Last', 30).slice(0, 200),
      company: word('Co', 50).slice(0, 200),
      address1: word('Street', 70).slice(0, 500),
      address2: word('Unit', 90).slice(0, 500),
      address3: word('Yard', 90).slice(0, 500),
      city: word('City', 30).slice(0, 200),
      state: word('State', 25).slice(0, 200),
      postalCode: 'P'.repeat(50),
      country: 'DE',
    };
    const created = await create(order('LONG-1', { shippingAddress }));
    const pdf = await preview('shipping-label-4x6', created.id);
    expect(pdfInfo(pdf).pages).toBe(1);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const value of Object.values(shippingAddress).filter((value) => value !== 'DE')) {
      for (const part of value.split(' ')) if (part.length > 1) expect(text).toContain(part);
    }
  });
});
