import { turnsEvery } from '../../foundations/turns';
import { badRequest, StationError } from '../../foundations/errors';
import { validate } from '../../foundations/validate';
import { orderRequestSchema } from '../orders/schema';
import { detectFormat, readCsv, type CsvField, type CsvFormat, type CsvMapping } from './csv-import';
import { isoFromExportTimestamp, parseAmount, splitFullName, unguarded } from './csv-values';

/** One order the file holds, as the ingestion will receive it. */
export interface CsvOrder {
  orderNumber: string;
  /** Its lines in the file (the header is line 1), as a spreadsheet numbers them. */
  rows: number[];
  body: { source: 'csv'; sourceId: string; order: Record<string, unknown> & { orderNumber: string } };
}

/** Why an order (or a row without an order number) is left out; nothing of it is written. */
export interface CsvProblem {
  orderNumber?: string;
  rows: number[];
  message: string;
}

export interface CsvPlan {
  format: CsvFormat;
  orders: CsvOrder[];
  problems: CsvProblem[];
  lineItems: number;
}

// Rows are grouped and orders checked (order schema) in slices of this much work, each
// followed by a turn of the event loop, so orders posted meanwhile are answered
// (bench/csv-import.ts: the loop's largest delay over a 10,000-order Shopify export).
const SLICE_MS = 10;

const ADDRESS_KEYS = ['company', 'address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const;

/** A row's value of a mapped field; `column` reads any column of the row by its header. */
type Cell = ((field: CsvField) => string | undefined) & { column(header: string): string | undefined };

/** How the file is read beyond its mapped fields: Shopify's variant inside the item name, the numbered tax columns. */
interface ReadContext {
  format: CsvFormat;
  /** The header mapped to `taxLines` ("Tax 1 Name"): its numbered siblings are read too. */
  taxHeader: string | undefined;
}

/**
 * Rows into orders. Rows with the same order number are one order (Shopify's `Name`), in
 * any order in the file: one line item per row that names one, the order's own columns from
 * the first row that fills them (a shop export fills them on the first row only). The order
 * number is the order's `sourceId`, so importing the file again, with any mapping, updates
 * the same orders. An order with any row that cannot be read is left out whole: a partial
 * order would print a short packing slip.
 */
export async function planCsvImport(csv: string, mapping: CsvMapping, delimiter?: string): Promise<CsvPlan> {
  const [headers = [], ...rows] = await readCsv(csv, delimiter);
  if (!mapping.orderNumber) throw badRequest('Map a column to the order number', [{ path: 'mapping.orderNumber', message: 'Required' }]);
  const index = new Map(headers.map((header, i) => [header, i]));
  for (const [field, header] of Object.entries(mapping)) {
    if (header && !index.has(header)) throw badRequest(`The column "${header}" mapped to ${field} is not in the file`);
  }
  const cellOf = (row: string[]): Cell => {
    const column = (header: string) => {
      const at = index.get(header);
      const value = at === undefined ? undefined : row[at]?.trim();
      return value === undefined || value === '' ? undefined : value;
    };
    return Object.assign((field: CsvField) => (mapping[field] === undefined ? undefined : column(mapping[field])), { column });
  };
  const context: ReadContext = { format: detectFormat(headers), taxHeader: mapping.taxLines };

  const groups = new Map<string, { lines: number[]; cells: Cell[] }>();
  const problems: CsvProblem[] = [];
  const turn = turnsEvery(SLICE_MS);
  for (const [i, row] of rows.entries()) {
    await turn();
    const line = i + 2;
    const cell = cellOf(row);
    const orderNumber = cell('orderNumber');
    if (!orderNumber) {
      problems.push({ rows: [line], message: 'The order number is empty' });
      continue;
    }
    const group = groups.get(orderNumber) ?? { lines: [], cells: [] };
    group.lines.push(line);
    group.cells.push(cell);
    groups.set(orderNumber, group);
  }

  const orders: CsvOrder[] = [];
  let lineItems = 0;
  for (const [orderNumber, { lines, cells }] of groups) {
    await turn();
    const built = buildOrder(orderNumber, lines, cells, context);
    if ('message' in built) {
      problems.push({ orderNumber, rows: lines, message: built.message });
      continue;
    }
    try {
      validate(orderRequestSchema, built.body);
    } catch (error) {
      if (!(error instanceof StationError)) throw error;
      problems.push({ orderNumber, rows: lines, message: problemMessage(error) });
      continue;
    }
    lineItems += (built.body.order.lineItems as unknown[]).length;
    orders.push({ orderNumber, rows: lines, body: built.body });
  }
  problems.sort((a, b) => a.rows[0]! - b.rows[0]!);
  return { format: context.format, orders, problems, lineItems };
}

/** An order the station refuses, said per field as the operator knows them (`lineItems.0.quantity`). */
export function problemMessage(error: StationError): string {
  const fields = error.details?.map((detail) => `${detail.path.replace(/^order\./, '')}: ${detail.message}`).join('; ');
  return fields || error.message;
}

/** The first non-empty value of a field among an order's rows. */
function firstOf(cells: Cell[], field: CsvField): string | undefined {
  for (const cell of cells) {
    const value = cell(field);
    if (value !== undefined) return value;
  }
  return undefined;
}

function buildOrder(orderNumber: string, lines: number[], cells: Cell[], context: ReadContext): Pick<CsvOrder, 'body'> | { message: string } {
  const first = (field: CsvField) => firstOf(cells, field);
  // A cancelled order must not print; one imported before it was cancelled stays as it is.
  const cancelled = first('cancelledAt');
  if (cancelled) return { message: `Cancelled in the shop (${cancelled}): not imported. If it was imported before, ignore it on the Orders page.` };
  const currency = first('currency')?.toUpperCase();
  const price = (text: string | undefined, what: string): { amount: number; currency: string } | string | undefined => {
    if (text === undefined) return undefined;
    const amount = parseAmount(text);
    if (!Number.isFinite(amount)) return `${what} "${text}" is not an amount`;
    if (!currency) return `${what} needs a currency: map the column that holds it (e.g. EUR)`;
    return { amount, currency };
  };

  const lineItems: Record<string, unknown>[] = [];
  const lineDiscounts: { line: number; name: string; amount: { amount: number; currency: string } }[] = [];
  for (const [i, cell] of cells.entries()) {
    const name = cell('item.name');
    if (!name) continue;
    const quantityText = cell('item.quantity');
    const quantity = quantityText === undefined ? 1 : parseAmount(quantityText);
    if (!Number.isFinite(quantity) || quantity < 0) return { message: `Line ${lines[i]}: quantity "${quantityText}" is not a number` };
    const itemPrice = price(cell('item.price'), `Line ${lines[i]}: price`);
    if (typeof itemPrice === 'string') return { message: itemPrice };
    const discount = price(cell('item.discount'), `Line ${lines[i]}: discount`);
    if (typeof discount === 'string') return { message: discount };
    if (discount && discount.amount !== 0) lineDiscounts.push({ line: lineItems.length, name, amount: discount });
    const sku = cell('item.sku');
    const variant = context.format === 'shopify' ? shopifyVariantTitle(name) : undefined;
    lineItems.push({ name, quantity, ...(sku ? { sku } : {}), ...(itemPrice ? { price: itemPrice } : {}), ...(variant ? { variant: { title: variant } } : {}) });
  }

  const variables: Record<string, unknown> = {};
  if (lineDiscounts.length) variables.lineDiscounts = lineDiscounts;
  const taxLines = readTaxLines(cells, context.taxHeader, (text, what) => price(text, what));
  if (typeof taxLines === 'string') return { message: taxLines };
  if (taxLines.length) variables.taxLines = taxLines;
  const attributes = first('noteAttributes');
  if (attributes) {
    const parsed = parseNoteAttributes(attributes);
    variables.noteAttributes = parsed;
    const gift = Object.entries(parsed).find(([key]) => /gift/i.test(key) && /message|note|text|card/i.test(key)) ?? Object.entries(parsed).find(([key]) => /gift/i.test(key));
    if (gift) variables.giftMessage = gift[1];
  }
  const amounts = [
    ['subtotal', 'subtotal', 'Subtotal'],
    ['shippingCost', 'shipping', 'Shipping'],
    ['taxes', 'taxes', 'Taxes'],
    ['discount', 'discount', 'Discount'],
  ] as const;
  for (const [field, variable, what] of amounts) {
    const value = price(first(field), what);
    if (typeof value === 'string') return { message: value };
    if (value) variables[variable] = value;
  }
  const texts = [
    ['discountCode', 'discountCode', (value: string) => value],
    ['financialStatus', 'financialStatus', (value: string) => value.toLowerCase()],
    ['fulfillmentStatus', 'fulfillmentStatus', (value: string) => value.toLowerCase()],
    ['shippingMethod', 'shippingMethod', (value: string) => value],
    ['shipping.phone', 'phone', unguarded],
    ['billing.phone', 'billingPhone', unguarded],
  ] as const;
  for (const [field, variable, read] of texts) {
    const value = first(field);
    if (value) variables[variable] = read(value);
  }
  const total = price(first('orderTotal'), 'The total');
  if (typeof total === 'string') return { message: total };

  const shippingAddress = address(first, 'shipping');
  const billingAddress = address(first, 'billing');
  const customerName = nameOf(first, 'customer');
  const email = first('customer.email');
  const customer = { ...(Object.keys(customerName).length ? customerName : nameOf(first, 'billing')), ...(email ? { email } : {}) };
  const date = first('orderDate');
  const note = first('note');
  const tags = first('tags')?.split(/[,|]/).map((label) => label.trim()).filter(Boolean);
  return {
    body: {
      source: 'csv',
      sourceId: orderNumber,
      order: {
        orderNumber,
        ...(date ? { orderDate: isoFromExportTimestamp(date) } : {}),
        ...(note ? { note } : {}),
        ...(Object.keys(customer).length ? { customer } : {}),
        ...(shippingAddress ? { shippingAddress } : {}),
        ...(billingAddress ? { billingAddress } : {}),
        lineItems,
        ...(total ? { orderTotal: total } : {}),
        ...(Object.keys(variables).length ? { variables } : {}),
        ...(tags?.length ? { tags: tags.map((label) => ({ label })) } : {}),
      },
    },
  };
}

/**
 * Shopify writes a variant's title into the item name after " - " ("T-Shirt - Large / Blue");
 * a product of one variant has none ("Default Title" is left out). The name stays whole.
 */
export function shopifyVariantTitle(name: string): string | undefined {
  const at = name.lastIndexOf(' - ');
  const title = at > 0 ? name.slice(at + 3).trim() : '';
  return title || undefined;
}

/** Shopify's "Note Attributes": one "key: value" per line (the value may hold colons). */
export function parseNoteAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (key && value) attributes[key] = value;
  }
  return attributes;
}

/** "Tax 1 Name"/"Tax 1 Value" … "Tax 5 Name"/"Tax 5 Value" from the header mapped to `taxLines`, on the order's first row that has each. */
function readTaxLines(
  cells: Cell[],
  taxHeader: string | undefined,
  price: (text: string | undefined, what: string) => { amount: number; currency: string } | string | undefined,
): { name: string; amount: { amount: number; currency: string } }[] | string {
  if (!taxHeader || !/1/.test(taxHeader)) return [];
  const lines: { name: string; amount: { amount: number; currency: string } }[] = [];
  for (let n = 1; n <= 5; n++) {
    const nameHeader = taxHeader.replace('1', String(n));
    const valueHeader = nameHeader.replace(/name/i, (word) => (word === 'NAME' ? 'VALUE' : word[0] === 'N' ? 'Value' : 'value'));
    const row = cells.find((cell) => cell.column(nameHeader) !== undefined);
    const name = row?.column(nameHeader);
    if (!row || !name) continue;
    const amount = price(row.column(valueHeader), `${name}: tax`);
    if (typeof amount === 'string') return amount;
    if (amount) lines.push({ name, amount });
  }
  return lines;
}

function nameOf(first: (field: CsvField) => string | undefined, party: 'customer' | 'shipping' | 'billing'): { firstName?: string; lastName?: string } {
  const fields = party === 'billing' ? {} : { firstName: first(`${party}.firstName` as const), lastName: first(`${party}.lastName` as const) };
  if (fields.firstName || fields.lastName) return Object.fromEntries(Object.entries(fields).filter(([, value]) => value));
  const full = first(`${party}.name`);
  return full ? splitFullName(full) : {};
}

function address(first: (field: CsvField) => string | undefined, party: 'shipping' | 'billing') {
  const lines: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) {
    const value = first(`${party}.${key}`);
    if (value) lines[key] = key === 'postalCode' ? unguarded(value) : value;
  }
  if (Object.keys(lines).length === 0) return undefined;
  return { ...nameOf(first, party), ...lines };
}
