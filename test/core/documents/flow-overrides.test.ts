import { beforeAll, describe, expect, it } from 'vitest';
import { json, type TemplateView } from './documents-harness';

import { byBuiltin, orderWith, s, setFlow, useFlowStation } from './flows-harness';

describe('flows', () => {
  useFlowStation();

  describe('order.overrides.template', () => {
    beforeAll(() => setFlow({ autoPrint: true, rules: [{ actions: [{ type: 'addDocument', templateId: byBuiltin('packing-slip-a4').id }, { type: 'addDocument', templateId: byBuiltin('invoice-a4').id }] }] }));

    it('selects the template (by name) for the documents of its tag only', async () => {
      const order = await orderWith({ overrides: { template: 'Packing slip (Letter)' } });
      expect(order.documents.map((d) => [d.tag, d.templateId, d.paper.name])).toEqual([
        ['packing-slip', byBuiltin('packing-slip-letter').id, 'Letter'],
        ['invoice', byBuiltin('invoice-a4').id, 'A4'],
      ]);
    });

    it('selects the template by id', async () => {
      const order = await orderWith({ overrides: { template: byBuiltin('packing-slip-letter').id } });
      expect(order.documents[0]!.templateId).toBe(byBuiltin('packing-slip-letter').id);
    });

    it('an unknown template makes the documents incomplete, saying why', async () => {
      const order = await orderWith({ overrides: { template: 'Nope' } });
      expect(order.documents.every((d) => !d.complete)).toBe(true);
      expect(order.documents[0]!.incompleteReason).toBe('order override template "Nope" not found');
    });
  });

  describe('template overrides per merchant', () => {
    it("a merchant's override replaces its 3PL parent's base template; the document records both", async () => {
      const parent = s.team('Parent 3PL', 'three_pl');
      const merchant = s.team('Merchant One', 'merchant', parent.team);
      const parentTemplates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${parent.team.id}/templates`), 200);
      const base = parentTemplates.find((t) => t.builtin === 'packing-slip-a4')!;
      // The merchant's flow uses the parent's template; the 3PL key creates the order for it.
      await setFlow({ autoPrint: true, rules: [{ actions: [{ type: 'addDocument', templateId: base.id }] }] }, merchant.team.id);
      const override = await json<TemplateView>(
        await s.admin(`/admin/api/teams/${merchant.team.id}/templates`, {
          method: 'POST',
          json: { name: 'Merchant slip', tag: 'packing-slip', paper: 'A5', body: '<h1>MERCHANT SLIP {{ order.orderNumber }}</h1>', overridesTemplateId: base.id },
        }),
        201,
      );
      const order = await orderWith({}, { targetTeamId: merchant.team.id }, parent.key);
      expect(order.documents).toHaveLength(1);
      expect(order.documents[0]).toMatchObject({ templateId: base.id, templateOverrideId: override.id, complete: true, paper: { name: 'A5' } });
      const html = await s.station.services.documents.renderHtml(order.documents[0]!.id);
      expect(html.html).toContain('MERCHANT SLIP #flow-');
      expect(html.paper.name).toBe('A5');

      // The parent's own orders keep the base template.
      const own = await orderWith({}, {}, parent.key);
      expect(own.documents[0]).toMatchObject({ templateId: base.id, templateOverrideId: null });
    });

    it("a team's override of its own built-in applies to its orders", async () => {
      const shop = s.team('Override Shop');
      const own = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${shop.team.id}/templates`), 200);
      const slip = own.find((t) => t.builtin === 'packing-slip-a4')!;
      const override = await json<TemplateView>(
        await s.admin(`/admin/api/teams/${shop.team.id}/templates`, { method: 'POST', json: { name: 'Branded slip', tag: 'packing-slip', body: 'Branded', overridesTemplateId: slip.id } }),
        201,
      );
      const order = await orderWith({}, {}, shop.key);
      expect(order.documents[0]).toMatchObject({ templateId: slip.id, templateOverrideId: override.id });
    });

    it('a template of another team cannot be overridden or used', async () => {
      const other = s.team('Other Shop');
      const response = await s.admin(`/admin/api/teams/${other.team.id}/templates`, {
        method: 'POST',
        json: { name: 'Sneaky', tag: 'packing-slip', body: 'x', overridesTemplateId: byBuiltin('packing-slip-a4').id },
      });
      expect(response.status).toBe(400);
      expect(s.station.services.documents.findTemplate(other.team.id, byBuiltin('packing-slip-a4').id)).toBeUndefined();
    });
  });
});
