import { parse } from 'csv-parse/sync';
import { badRequest } from '../errors';

/** Order fields a CSV column can be mapped to. */
export const CSV_FIELDS = [
  'orderNumber',
  'sourceId',
  'orderDate',
  'note',
  'customer.firstName',
  'customer.lastName',
  'customer.email',
  'shipping.firstName',
  'shipping.lastName',
  'shipping.company',
  'shipping.address1',
  'shipping.address2',
  'shipping.city',
  'shipping.state',
  'shipping.postalCode',
  'shipping.country',
  'item.name',
  'item.quantity',
  'item.sku',
  'item.price',
  'currency',
  'orderTotal',
  'tags',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

// Header spellings seen in shop and WMS exports, normalised (lowercase, letters and digits only).
const ALIASES: Record<CsvField, string[]> = {
  orderNumber: ['ordernumber', 'order', 'orderno', 'ordernr', 'name', 'ordername', 'number'],
  sourceId: ['sourceid', 'orderid', 'id', 'externalid'],
  orderDate: ['orderdate', 'date', 'createdat', 'created'],
  note: ['note', 'notes', 'giftmessage', 'comment'],
  'customer.firstName': ['customerfirstname', 'firstname', 'billingfirstname'],
  'customer.lastName': ['customerlastname', 'lastname', 'billinglastname'],
  'customer.email': ['email', 'customeremail', 'emailaddress'],
  'shipping.firstName': ['shippingfirstname', 'shipfirstname'],
  'shipping.lastName': ['shippinglastname', 'shiplastname'],
  'shipping.company': ['company', 'shippingcompany'],
  'shipping.address1': ['address1', 'shippingaddress1', 'address', 'street', 'shippingstreet'],
  'shipping.address2': ['address2', 'shippingaddress2'],
  'shipping.city': ['city', 'shippingcity'],
  'shipping.state': ['state', 'province', 'shippingprovince', 'shippingstate', 'region'],
  'shipping.postalCode': ['postalcode', 'zip', 'zipcode', 'postcode', 'shippingzip'],
  'shipping.country': ['country', 'countrycode', 'shippingcountry'],
  'item.name': ['itemname', 'lineitemname', 'product', 'productname', 'item', 'title'],
  'item.quantity': ['quantity', 'qty', 'lineitemquantity', 'itemquantity'],
  'item.sku': ['sku', 'lineitemsku', 'itemsku'],
  'item.price': ['price', 'lineitemprice', 'itemprice', 'unitprice'],
  currency: ['currency', 'currencycode'],
  orderTotal: ['total', 'ordertotal', 'grandtotal'],
  tags: ['tags', 'tag', 'labels'],
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

function readCsv(csv: string, delimiter?: string): string[][] {
  try {
    return parse(csv, { delimiter: delimiter ?? detectDelimiter(csv), bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw badRequest(`The CSV file could not be read: ${(error as Error).message}`, undefined, 'csv_unreadable');
  }
}

/** Spreadsheets in many locales write `;`; tab-separated exports are common too. */
function detectDelimiter(csv: string): string {
  const firstLine = csv.slice(0, csv.indexOf('\n') === -1 ? undefined : csv.indexOf('\n'));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** Headers, a few rows and a suggested mapping, for the mapping step. */
export function csvPreview(csv: string, delimiter?: string) {
  const [headers = [], ...rows] = readCsv(csv, delimiter);
  if (headers.length === 0) throw badRequest('The CSV file is empty; the first line must name the columns', undefined, 'csv_empty');
  const suggested: Partial<Record<CsvField, string>> = {};
  for (const field of CSV_FIELDS) {
    const header = headers.find((h) => normalise(h) === normalise(field) || ALIASES[field].includes(normalise(h)));
    if (header && !Object.values(suggested).includes(header)) suggested[field] = header;
  }
  return { headers, rows: rows.slice(0, 5), rowCount: rows.length, fields: CSV_FIELDS, suggestedMapping: suggested };
}

export interface CsvRowError {
  /** The line in the file (the header is line 1), as a spreadsheet numbers it. */
  row: number;
  orderNumber?: string;
  message: string;
}

interface CsvOrder {
  sourceId: string;
  rows: number[];
  order: { orderNumber: string } & Record<string, unknown>;
}

const money = (value: string) => Number(value.replace(/[^0-9.,-]/g, '').replace(',', '.'));

/**
 * Rows become orders: consecutive or not, rows with the same order number are one order
 * with one line item per row (the usual shape of shop exports). A row with a problem is
 * reported by its line and skipped; its order's other rows still import.
 */
export function csvRowsToOrders(csv: string, mapping: Partial<Record<CsvField, string>>, delimiter?: string) {
  const [headers = [], ...rows] = readCsv(csv, delimiter);
  if (!mapping.orderNumber) throw badRequest('Map a column to the order number', [{ path: 'mapping.orderNumber', message: 'Required' }]);
  const index = new Map(headers.map((header, i) => [header, i]));
  for (const [field, header] of Object.entries(mapping)) {
    if (header && !index.has(header)) throw badRequest(`The column "${header}" mapped to ${field} is not in the file`);
  }
  const cell = (row: string[], field: CsvField): string | undefined => {
    const header = mapping[field];
    const value = header === undefined ? undefined : row[index.get(header)!];
    return value === undefined || value === '' ? undefined : value;
  };

  const orders = new Map<string, CsvOrder>();
  const errors: CsvRowError[] = [];
  rows.forEach((row, i) => {
    const line = i + 2;
    const orderNumber = cell(row, 'orderNumber');
    if (!orderNumber) return errors.push({ row: line, message: 'The order number is empty' });
    const quantityText = cell(row, 'item.quantity');
    const quantity = quantityText === undefined ? 1 : Number(quantityText);
    if (!Number.isFinite(quantity) || quantity < 0) return errors.push({ row: line, orderNumber, message: `Quantity "${quantityText}" is not a number` });
    const priceText = cell(row, 'item.price');
    const currency = cell(row, 'currency');
    if (priceText !== undefined && !Number.isFinite(money(priceText))) return errors.push({ row: line, orderNumber, message: `Price "${priceText}" is not a number` });
    if (priceText !== undefined && !currency) return errors.push({ row: line, orderNumber, message: 'A price needs a currency column (e.g. EUR)' });

    const sourceId = cell(row, 'sourceId') ?? orderNumber;
    let order = orders.get(sourceId);
    if (!order) {
      const shipping = Object.fromEntries(
        (['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const)
          .map((key) => [key, cell(row, `shipping.${key}`)])
          .filter(([, value]) => value !== undefined),
      );
      const customer = Object.fromEntries(
        (['firstName', 'lastName', 'email'] as const).map((key) => [key, cell(row, `customer.${key}`)]).filter(([, value]) => value !== undefined),
      );
      const total = cell(row, 'orderTotal');
      const tags = cell(row, 'tags')?.split(/[,|]/).map((label) => label.trim()).filter(Boolean);
      const date = cell(row, 'orderDate');
      order = {
        sourceId,
        rows: [],
        order: {
          orderNumber,
          ...(date ? { orderDate: date } : {}),
          ...(cell(row, 'note') ? { note: cell(row, 'note') } : {}),
          ...(Object.keys(customer).length ? { customer } : {}),
          ...(Object.keys(shipping).length ? { shippingAddress: shipping } : {}),
          ...(total && currency ? { orderTotal: { amount: money(total), currency } } : {}),
          ...(tags?.length ? { tags: tags.map((label) => ({ label })) } : {}),
          lineItems: [],
        },
      };
      orders.set(sourceId, order);
    }
    order.rows.push(line);
    const name = cell(row, 'item.name');
    if (name) {
      (order.order.lineItems as unknown[]).push({
        name,
        quantity,
        ...(cell(row, 'item.sku') ? { sku: cell(row, 'item.sku') } : {}),
        ...(priceText !== undefined ? { price: { amount: money(priceText), currency } } : {}),
      });
    }
  });
  return { orders: [...orders.values()], errors };
}
