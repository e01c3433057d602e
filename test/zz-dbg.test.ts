import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { bytes, documentsStation, json, type TemplateView } from './core/documents/documents-harness';
it('dbg', async () => {
  const s = await documentsStation();
  const { team, key } = s.team('Dbg');
  const templates = await json<TemplateView[]>(await s.admin(`/admin/api/teams/${team.id}/templates`), 200);
  const slip = templates.find((t) => t.builtin === 'packing-slip-a4')!;
  const num = `ORDER-${'7'.repeat(94)}`;
  const o = await json<{ id: string }>(await s.call('/api/orders', { key, json: { sourceId: 'x', order: { orderNumber: num, note: 'يرجى', shippingAddress: { firstName: 'محمد', lastName: 'علي', address1: 'شارع التحرير 5', city: 'القاهرة', postalCode: '11511', country: 'EG' }, lineItems: [{ name: 'Mug', quantity: 1 }] } } }), 201);
  writeFileSync('/tmp/dbg.pdf', await bytes(await s.admin(`/admin/api/templates/${slip.id}/preview?orderId=${o.id}`)));
  writeFileSync('/tmp/dbg.png', await bytes(await s.admin(`/admin/api/templates/${slip.id}/preview?orderId=${o.id}&format=png`)));
  await s.stop();
}, 60000);
