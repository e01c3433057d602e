import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LANGUAGES, translate } from '../../../main/core/features/documents/i18n';
import { stationInProcess } from '../cli/in-process';
import { bytes, documentsStation, json, type TemplateView } from './documents-harness';
import { pdfText } from './pdf-tools';

/** Built-in documents speak the team's language: labels, dates, money and country names. */
type Station = Awaited<ReturnType<typeof documentsStation>>;

const germanOrder = {
  sourceId: 'DE-1',
  order: {
    orderNumber: 'DE-1',
    orderDate: '2026-10-30T09:15:00Z',
    customer: { firstName: 'Jan', lastName: 'Kowalski' },
    shippingAddress: { firstName: 'Jan', lastName: 'Kowalski', address1: 'ul. Piotrkowska 1', city: 'Łódź', postalCode: '90-001', country: 'PL' },
    lineItems: [{ name: 'Becher', quantity: 2, sku: 'MUG-1', price: { amount: 1234.5, currency: 'EUR' } }],
    orderTotal: { amount: 2469, currency: 'EUR' },
  },
};

describe("a team's locale", { timeout: 60_000 }, () => {
  let s: Station;
  let team: { id: string };
  let key: string;
  let templates: TemplateView[];
  const setLocale = (locale: unknown) => s.admin(`/admin/api/teams/${team.id}/locale`, { method: 'PUT', json: { locale } });
  const slipText = async (orderId: string, builtin = 'packing-slip-a4') => {
    const template = templates.find((candidate) => candidate.builtin === builtin)!;
    // Lower case: the templates' CSS sets labels in capitals.
    return pdfText(await bytes(await s.admin(`/admin/api/templates/${template.id}/preview?orderId=${orderId}`)))
      .replace(/\s+/g, ' ')
      .toLowerCase();
  };

  beforeAll(async () => {
    s = await documentsStation();
    ({ team, key } = s.team('Versandhaus'));
    templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
  });
  afterAll(() => s.stop());

  it('is set with a BCP 47 tag (stored canonical), refused when Intl does not know it, and cleared with null', async () => {
    expect(await json<{ locale: string | null }>(await setLocale('DE-de'), 200)).toMatchObject({ id: team.id, locale: 'de-DE' });
    const refused = await json<{ error: { code: string; details: { path: string; message: string }[] } }>(await setLocale('not a locale!'), 400);
    expect(refused.error.details[0]).toMatchObject({ path: 'locale' });
    expect(refused.error.details[0]!.message).toMatch(/is not a locale/);
    expect(await json<{ locale: string | null }>(await setLocale(null), 200)).toMatchObject({ locale: null });
    await json(await s.admin('/admin/api/teams/no-such-team/locale', { method: 'PUT', json: { locale: 'de' } }), 404);
  });

  it('gives German words, dates, money and country names to a German team’s packing slip and label', async () => {
    await json(await setLocale('de-DE'), 200);
    const created = await json<{ id: string }>(await s.call('/api/orders', { key, json: germanOrder }), 201);
    const slip = await slipText(created.id);
    for (const words of ['Lieferschein', 'Bestelldatum', 'Lieferadresse', 'Rechnungsadresse', 'Menge', 'Gesamt', 'Bestellung DE-1', 'Vielen Dank für Ihre Bestellung']) {
      expect(slip).toContain(words.toLowerCase());
    }
    expect(slip).toContain('30. oktober 2026');
    expect(slip).toContain('1.234,50 €');
    expect(slip).toContain('polen');
    // The Polish address in Polish order: postal code before the city.
    expect(slip).toContain('90-001 łódź');
    expect(slip).not.toContain('packing slip');
    // The label's capitals are letter-spaced: pdftotext splits them, so spaces are dropped.
    const label = (await slipText(created.id, 'shipping-label-4x6')).replace(/ /g, '');
    expect(label).toContain('lieferadresse');
    expect(label).toContain('inhalt·2artikel');
  });

  it('speaks each language the built-in documents know', async () => {
    const created = await json<{ id: string }>(await s.call('/api/orders', { key, json: { ...germanOrder, sourceId: 'ANY-1', order: { ...germanOrder.order, orderNumber: 'ANY-1' } } }), 201);
    expect(DOCUMENT_LANGUAGES.sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'ja', 'nl', 'pl']);
    for (const language of DOCUMENT_LANGUAGES) {
      await json(await setLocale(language), 200);
      const slip = await slipText(created.id);
      expect(slip, language).toContain(translate(language, 'packing_slip').toLowerCase());
      expect(slip, language).toContain(translate(language, 'ship_to').toLowerCase());
      expect(slip, language).toContain(new Intl.DisplayNames([language], { type: 'region' }).of('PL')!.toLowerCase());
    }
    // A locale without its own words: English words, its own dates and money.
    await json(await setLocale('sv-SE'), 200);
    const swedish = await slipText(created.id);
    expect(swedish).toContain('packing slip');
    expect(swedish).toContain('30 oktober 2026');
  });

  it('reaches custom templates as `locale`, with the `t`, `money` and `format_date` filters following it', async () => {
    await json(await setLocale('fr-FR'), 200);
    const template = await json<{ id: string }>(
      await s.admin(`/admin/api/teams/${team.id}/templates`, {
        method: 'POST',
        json: { name: 'Locale probe', tag: 'probe', body: "<p>{{ locale }} | {{ 'ship_to' | t }} | {{ 12.5 | money: 'EUR' }} | {{ order.orderDate | format_date: 'long' }} | {{ 12.5 | money: 'EUR', 'en-US' }}</p>" },
      }),
      201,
    );
    const created = await json<{ id: string }>(await s.call('/api/orders', { key, json: { ...germanOrder, sourceId: 'FR-1', order: { ...germanOrder.order, orderNumber: 'FR-1' } } }), 201);
    const text = pdfText(await bytes(await s.admin(`/admin/api/templates/${template.id}/preview?orderId=${created.id}`))).replace(/\s+/g, ' ');
    expect(text).toContain('fr-FR | Livrer à | 12,50 € | 30 octobre 2026 | €12.50');
  });
});

describe('station teams set-locale', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-locale-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('sets and clears a team’s locale, and refuses one Intl does not know', async () => {
    const created = await stationInProcess(dataDir, ['teams', 'create', '--name', 'Boutique', '--json']);
    const teamId = (JSON.parse(created.out) as { id: string }).id;
    const set = await stationInProcess(dataDir, ['teams', 'set-locale', '--team', teamId, '--locale', 'ja-jp', '--json']);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.out)).toMatchObject({ id: teamId, locale: 'ja-JP' });
    expect((await stationInProcess(dataDir, ['teams', 'set-locale', '--team', teamId, '--locale', 'klingon!'])).code).not.toBe(0);
    const cleared = await stationInProcess(dataDir, ['teams', 'set-locale', '--team', teamId, '--locale', 'default', '--json']);
    expect(JSON.parse(cleared.out)).toMatchObject({ locale: null });

    // Listed with the team.
    await stationInProcess(dataDir, ['teams', 'set-locale', '--team', teamId, '--locale', 'ja']);
    const listed = JSON.parse((await stationInProcess(dataDir, ['teams', 'list', '--json'])).out) as { id: string; locale: string | null }[];
    expect(listed.find((team) => team.id === teamId)!.locale).toBe('ja');
  });
});
