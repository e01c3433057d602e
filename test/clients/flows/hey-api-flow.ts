import { createClient, createConfig } from '../generated/hey-api/client';
import {
  createMerchant,
  createOrder,
  getOrderDocumentPdf,
  getOrderStatus,
  getTeam,
  listMerchants,
  listOrderDocuments,
  listPrinters,
  printOrder,
  printOrders,
  whoami,
} from '../generated/hey-api/sdk.gen';
import { flowOrder, postMixedSelectors, reasonCodes, type FlowSummary } from './summary';

/**
 * The contract's main flows through the SDK @hey-api/openapi-ts generates (its fetch client):
 * no casts, no suppressed errors. `key` is a standard team's key, `threePlKey` a 3PL team's.
 */
export async function runHeyApiFlow(baseUrl: string, key: string, threePlKey: string): Promise<FlowSummary> {
  const client = createClient(createConfig({ baseUrl, auth: key }));
  const threePl = createClient(createConfig({ baseUrl, auth: threePlKey }));

  const me = await whoami({ client });
  if (!me.data) throw new Error(`whoami: ${me.response.status}`);

  const created = await createOrder({ client, body: flowOrder('hey-1') });
  if (!created.data) throw new Error(`create: ${created.error?.error.message}`);
  const again = await createOrder({ client, body: { ...flowOrder('hey-1'), source: 'api' } });
  if (!again.data) throw new Error(`update: ${again.error?.error.message}`);

  const orderKey = created.data.orderKeys[0] ?? created.data.id;
  const status = await getOrderStatus({ client, path: { orderIdOrKey: orderKey } });
  if (!status.data) throw new Error(`status: ${status.error?.error.message}`);

  const printers = await listPrinters({ client, query: { visibility: 'visible' } });
  if (!printers.data) throw new Error(`printers: ${printers.error?.error.message}`);

  const documents = await listOrderDocuments({ client, path: { orderIdOrKey: created.data.id } });
  if (!documents.data) throw new Error(`documents: ${documents.error?.error.message}`);
  const first = documents.data[0];
  if (!first) throw new Error('documents: none');
  const pdf = await getOrderDocumentPdf({ client, path: { orderIdOrKey: created.data.id, documentId: first.id }, parseAs: 'blob' });
  if (!pdf.data) throw new Error(`pdf: ${pdf.response.status}`);

  const printOne = await printOrder({ client, path: { orderIdOrKey: created.data.id }, query: { strict: true }, body: { name: 'Client flow', force: true } });
  if (!printOne.data) throw new Error(`print one: ${printOne.error?.error.message}`);

  await createOrder({ client, body: flowOrder('hey-2') });
  const byFilters = await printOrders({
    client,
    body: { orderFilters: { 'order.tags': ['client-flow'], 'order.status': 'ready' }, excludeIds: [created.data.id], sortBy: 'orderNumber' },
  });
  if (!byFilters.data) throw new Error(`print by filters: ${byFilters.error?.error.message}`);

  const strict = await printOrders({ client, query: { strict: true }, body: { orderIds: ['no-such-order'] } });
  const strictError = strict.error?.error;
  const strictFailureCodes = strictError && 'results' in strictError ? reasonCodes(strictError.results) : [];

  const mixedSelectorsRefused = await postMixedSelectors(baseUrl, key, created.data.id);

  const team = await getTeam({ client: threePl });
  if (!team.data) throw new Error(`team: ${team.error?.error.message}`);
  const merchant = await createMerchant({ client: threePl, body: { name: 'Флоу Merchant' } });
  if (!merchant.data) throw new Error(`merchant: ${merchant.error?.error.message}`);
  const merchants = await listMerchants({ client: threePl });
  if (!merchants.data) throw new Error(`merchants: ${merchants.error?.error.message}`);
  const merchantOrder = await createOrder({ client: threePl, body: { ...flowOrder('hey-3pl'), targetTeamId: merchant.data.team.id } });

  return {
    teamId: me.data.teamId,
    orderId: created.data.id,
    updatedInPlace: again.data.id === created.data.id,
    statusByKey: status.data.status,
    printerNames: printers.data.map((printer) => printer.name),
    documentTags: documents.data.map((document) => document.tag),
    pdfHead: new TextDecoder().decode(new Uint8Array(await pdf.data.arrayBuffer()).slice(0, 5)),
    printOneStatuses: printOne.data.map((result) => result.status),
    printByFiltersStatuses: byFilters.data.map((result) => result.status),
    strictFailureCodes,
    mixedSelectorsRefused,
    merchantNames: merchants.data.map((item) => item.name),
    merchantOrderStatus: merchantOrder.response.status,
  };
}
