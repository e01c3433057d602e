import { describe, expect, it } from 'vitest';
import { TemplateEngine } from '../../../main/core/features/documents/engine';
import { addressLines, formatDate, money } from '../../../main/core/features/documents/filters';
import { documentHtml } from '../../../main/core/features/documents/html';
import { ChromiumPdfRenderer } from '../../../main/core/features/render/chromium';
import { pdfBarcodes } from './pdf-tools';

describe('template filters', () => {
  it('money formats in the price currency, or the one given', () => {
    expect(money({ amount: 1234.5, currency: 'EUR' })).toBe('€1,234.50');
    expect(money({ amount: 1234.5, currency: 'EUR' }, undefined, 'de-DE').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(money(12, 'JPY')).toBe('¥12');
    expect(money(undefined)).toBe('');
  });

  it('format_date has named styles and iso', () => {
    expect(formatDate('2026-11-01T10:00:00Z', 'iso')).toBe('2026-11-01');
    expect(formatDate('2026-11-01T10:00:00Z', 'long')).toMatch(/November (1|2), 2026/);
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('an address formatted again answers the same lines, by its parts and language, and a changed line does not reach the next answer', () => {
    const address = { firstName: 'Ада', lastName: 'Л', address1: 'ул. Тверская 1', city: 'Москва', postalCode: '125009', country: 'RU' };
    const first = addressLines(address, 'ru');
    first.push('written on by a template');
    expect(addressLines({ ...address }, 'ru')).toEqual(['Ада Л', 'ул. Тверская 1', 'Москва', 'Россия', '125009']);
    // Another language, another town or a part moved between fields is another address.
    expect(addressLines(address, 'en-US')).toContain('Russia');
    expect(addressLines({ ...address, city: 'Тверь' }, 'ru')).toContain('Тверь');
    // The same letters split across two parts differently.
    expect(addressLines({ ...address, city: 'Моск', state: 'ва' }, 'ru')).not.toContain('Москва');
  });

  it('address writes the lines the way the destination country does, the country named in the document language', () => {
    expect(addressLines({ firstName: 'Ada', lastName: 'L', address1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' })).toEqual([
      'Ada L',
      '1 Main St',
      'Springfield, IL 62701',
      'United States of America',
    ]);
    expect(addressLines({ firstName: 'Jan', address1: 'Hauptstr. 1', address2: 'Hinterhaus', city: 'Berlin', postalCode: '10115', country: 'de' }, 'de-DE')).toEqual([
      'Jan',
      'Hauptstr. 1',
      'Hinterhaus',
      '10115 Berlin',
      'Deutschland',
    ]);
    // The UK writes the postcode on a line of its own and the post town in capitals; Russia
    // the postcode after the country; France the commune in capitals.
    expect(addressLines({ firstName: 'Ada', address1: '12 Analytical St', city: 'London', postalCode: 'N1 9GU', country: 'GB' }, 'fr-FR')).toEqual([
      'Ada',
      '12 Analytical St',
      'LONDON',
      'N1 9GU',
      'Royaume-Uni',
    ]);
    expect(addressLines({ firstName: 'Zoé', address1: '8 rue de la Paix', city: 'Saint-Étienne', postalCode: '42000', country: 'FR' }, 'de')).toEqual([
      'Zoé',
      '8 rue de la Paix',
      '42000 SAINT-ÉTIENNE',
      'Frankreich',
    ]);
    expect(addressLines({ firstName: 'Борис', address1: 'Лаврушинский пер. 17', city: 'Москва', postalCode: '119017', country: 'RU' }, 'ru')).toEqual([
      'Борис',
      'Лаврушинский пер. 17',
      'Москва',
      'Россия',
      '119017',
    ]);
    expect(addressLines({ lastName: '山田', address1: '千代田1-1', city: '千代田区', state: '東京都', postalCode: '100-8111', country: 'JP' }, 'ja')).toEqual([
      '山田',
      '千代田1-1',
      '千代田区, 東京都 100-8111',
      '日本',
    ]);
    // A country the templates do not know, or a name instead of a code: nothing sent is dropped.
    const unknown = addressLines({ address1: '5 Rue X', city: 'Elsewhere', state: 'North Province', postalCode: 'Z-99', country: 'Atlantis' });
    for (const part of ['5 Rue X', 'Elsewhere', 'North Province', 'Z-99', 'Atlantis']) expect(unknown.join('\n')).toContain(part);
  });

  it('address escapes each line; Liquid output is escaped by default', () => {
    const engine = new TemplateEngine();
    const html = engine.renderBody('{{ a | address }}|{{ x }}|{{ x | raw }}', { a: { firstName: '<b>Ada</b>', city: 'Town' }, x: '<i>' });
    expect(html).toBe('&lt;b&gt;Ada&lt;/b&gt;<br>Town|&lt;i&gt;|<i>');
  });

  it('include/render cannot read files from disk', () => {
    const engine = new TemplateEngine();
    expect(() => engine.renderBody('{% include "/etc/passwd" %}', {})).toThrow(/Failed to lookup/);
  });

  it('barcode draws Code 128, QR and Data Matrix as inline SVG; QR and Code 128 scan back', async () => {
    const engine = new TemplateEngine();
    const body = engine.renderBody(
      '<div style="width:60mm;height:15mm">{{ n | barcode }}</div><div style="width:30mm;height:30mm;margin-top:10mm">{{ n | barcode: "qr" }}</div><div style="width:20mm;height:20mm;margin-top:10mm">{{ n | barcode: "datamatrix" }}</div><style>svg.barcode{width:100%;height:100%}</style>',
      { n: 'ORDER-77' },
    );
    expect(body.match(/<svg class="barcode barcode-(code128|qrcode|datamatrix)"/g)).toHaveLength(3);
    const paper = { name: 'A6', widthMm: 105, heightMm: 148, orientation: 'portrait' as const, marginsMm: { top: 10, right: 10, bottom: 10, left: 10 } };
    const renderer = new ChromiumPdfRenderer();
    try {
      const found = pdfBarcodes(await renderer.render([{ html: documentHtml(body, paper), paper }], paper));
      expect(found).toContain('CODE-128:ORDER-77');
      expect(found).toContain('QR-Code:ORDER-77');
    } finally {
      await renderer.close();
    }
    expect(() => engine.renderBody('{{ n | barcode: "ean99" }}', { n: '1' })).toThrow(/unknown type/);
  });
});
