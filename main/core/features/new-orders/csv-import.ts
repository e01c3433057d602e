import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { badRequest, StationError } from '../../foundations/errors';

/**
 * Order fields a CSV column can be mapped to. Besides the order's own fields, an import
 * fills the documented order variables (docs/api.md, "Order variables the documents read"):
 * `subtotal`, `shipping`, `taxes`, `discount`, `discountCode`, `financialStatus`,
 * `fulfillmentStatus`, `shippingMethod`, `phone` and `billingPhone`. An order with a
 * `cancelledAt` is not imported.
 */
export const CSV_FIELDS = [
  'orderNumber',
  'orderDate',
  'note',
  'tags',
  'currency',
  'orderTotal',
  'subtotal',
  'shippingCost',
  'taxes',
  'discount',
  'discountCode',
  'financialStatus',
  'fulfillmentStatus',
  'shippingMethod',
  'cancelledAt',
  'noteAttributes',
  'taxLines',
  'customer.name',
  'customer.firstName',
  'customer.lastName',
  'customer.email',
  'shipping.name',
  'shipping.firstName',
  'shipping.lastName',
  'shipping.company',
  'shipping.address1',
  'shipping.address2',
  'shipping.city',
  'shipping.state',
  'shipping.postalCode',
  'shipping.country',
  'shipping.phone',
  'billing.name',
  'billing.company',
  'billing.address1',
  'billing.address2',
  'billing.city',
  'billing.state',
  'billing.postalCode',
  'billing.country',
  'billing.phone',
  'item.name',
  'item.quantity',
  'item.sku',
  'item.price',
  'item.discount',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];
export type CsvMapping = Partial<Record<CsvField, string>>;

/** What kind of file the header says this is: a known shop export, or any other CSV. */
export type CsvFormat = 'shopify' | 'generic';

/**
 * Shopify's orders export (Orders → Export): one row per line item, the order's columns
 * filled on its first row only. "Shipping Street" is Address1 and Address2 joined, so the
 * two address columns are mapped instead.
 */
const SHOPIFY_MAPPING: Record<CsvField, string | undefined> = {
  orderNumber: 'Name',
  orderDate: 'Created at',
  note: 'Notes',
  tags: 'Tags',
  currency: 'Currency',
  orderTotal: 'Total',
  subtotal: 'Subtotal',
  shippingCost: 'Shipping',
  taxes: 'Taxes',
  discount: 'Discount Amount',
  discountCode: 'Discount Code',
  financialStatus: 'Financial Status',
  fulfillmentStatus: 'Fulfillment Status',
  shippingMethod: 'Shipping Method',
  cancelledAt: 'Cancelled at',
  // "key: value" lines, where gift messages usually live (csv-orders.ts reads them).
  noteAttributes: 'Note Attributes',
  // The first of five name/value pairs (Tax 1 Name … Tax 5 Value): the rest follow by number.
  taxLines: 'Tax 1 Name',
  'customer.name': 'Billing Name',
  'customer.firstName': undefined,
  'customer.lastName': undefined,
  'customer.email': 'Email',
  'shipping.name': 'Shipping Name',
  'shipping.firstName': undefined,
  'shipping.lastName': undefined,
  'shipping.company': 'Shipping Company',
  'shipping.address1': 'Shipping Address1',
  'shipping.address2': 'Shipping Address2',
  'shipping.city': 'Shipping City',
  'shipping.state': 'Shipping Province',
  'shipping.postalCode': 'Shipping Zip',
  'shipping.country': 'Shipping Country',
  'shipping.phone': 'Shipping Phone',
  'billing.name': 'Billing Name',
  'billing.company': 'Billing Company',
  'billing.address1': 'Billing Address1',
  'billing.address2': 'Billing Address2',
  'billing.city': 'Billing City',
  'billing.state': 'Billing Province',
  'billing.postalCode': 'Billing Zip',
  'billing.country': 'Billing Country',
  'billing.phone': 'Billing Phone',
  'item.name': 'Lineitem name',
  'item.quantity': 'Lineitem quantity',
  'item.sku': 'Lineitem sku',
  'item.price': 'Lineitem price',
  'item.discount': 'Lineitem discount',
};

/** Columns only Shopify's orders export has together. */
const SHOPIFY_SIGNATURE = ['Name', 'Financial Status', 'Lineitem name', 'Lineitem quantity', 'Created at'];

// Header spellings seen in shop and WMS exports, normalised (lowercase, letters and digits
// only), best first: a file with both "Address1" and "Street" maps "Address1".
const ALIASES: Record<CsvField, string[]> = {
  orderNumber: ['ordernumber', 'order', 'orderno', 'ordernr', 'name', 'ordername', 'number', 'orderid', 'id'],
  orderDate: ['orderdate', 'date', 'createdat', 'created'],
  note: ['note', 'notes', 'giftmessage', 'comment'],
  tags: ['tags', 'tag', 'labels'],
  currency: ['currency', 'currencycode'],
  orderTotal: ['total', 'ordertotal', 'grandtotal'],
  subtotal: ['subtotal'],
  shippingCost: ['shipping', 'shippingcost', 'shippingtotal', 'shippingprice', 'freight'],
  taxes: ['taxes', 'tax', 'taxtotal', 'vat'],
  discount: ['discountamount', 'discount', 'discounttotal'],
  discountCode: ['discountcode', 'couponcode', 'coupon'],
  financialStatus: ['financialstatus', 'paymentstatus'],
  fulfillmentStatus: ['fulfillmentstatus', 'fulfilmentstatus', 'shippingstatus'],
  cancelledAt: ['cancelledat', 'canceledat', 'cancelled', 'canceled'],
  shippingMethod: ['shippingmethod', 'shippingservice', 'carrierservice', 'shipmethod'],
  'customer.name': ['customername', 'fullname'],
  'customer.firstName': ['customerfirstname', 'firstname', 'billingfirstname'],
  'customer.lastName': ['customerlastname', 'lastname', 'billinglastname'],
  'customer.email': ['email', 'customeremail', 'emailaddress'],
  'shipping.name': ['shippingname', 'shiptoname', 'recipient', 'recipientname'],
  'shipping.firstName': ['shippingfirstname', 'shipfirstname'],
  'shipping.lastName': ['shippinglastname', 'shiplastname'],
  'shipping.company': ['shippingcompany', 'company'],
  'shipping.address1': ['shippingaddress1', 'address1', 'shippingstreet', 'address', 'street'],
  'shipping.address2': ['shippingaddress2', 'address2'],
  'shipping.city': ['shippingcity', 'city'],
  'shipping.state': ['shippingprovince', 'shippingstate', 'state', 'province', 'region'],
  'shipping.postalCode': ['shippingzip', 'shippingpostalcode', 'postalcode', 'zip', 'zipcode', 'postcode'],
  'shipping.country': ['shippingcountry', 'shippingcountrycode', 'country', 'countrycode'],
  'shipping.phone': ['shippingphone', 'phone', 'telephone'],
  'billing.name': ['billingname'],
  'billing.company': ['billingcompany'],
  'billing.address1': ['billingaddress1', 'billingstreet'],
  'billing.address2': ['billingaddress2'],
  'billing.city': ['billingcity'],
  'billing.state': ['billingprovince', 'billingstate'],
  'billing.postalCode': ['billingzip', 'billingpostalcode'],
  'billing.country': ['billingcountry', 'billingcountrycode'],
  'billing.phone': ['billingphone'],
  'item.name': ['lineitemname', 'itemname', 'productname', 'product', 'item', 'title'],
  'item.quantity': ['lineitemquantity', 'quantity', 'qty', 'itemquantity'],
  'item.sku': ['lineitemsku', 'sku', 'itemsku'],
  'item.price': ['lineitemprice', 'price', 'itemprice', 'unitprice'],
  'item.discount': ['lineitemdiscount', 'itemdiscount', 'linediscount'],
  noteAttributes: ['noteattributes', 'attributes', 'orderattributes'],
  taxLines: ['tax1name', 'taxname1'],
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

// About a millisecond of parsing per slice: a 20 MB export never holds the event loop.
const READ_SLICE = 64 * 1024;

/**
 * What one import may hold, checked while the file is read, before anything is built from
 * it: a shop export is about 80 columns and 1 to 3 rows per order, so 10,000 orders (the
 * 8 MB the import takes) are far inside. A file of millions of tiny rows or cells, which
 * would take seconds and gigabytes to turn into orders, is refused at the first row past
 * a limit.
 */
export const CSV_LIMITS = {
  /** Columns in one row. */
  columns: 1_000,
  /** Characters in one row (csv-parse stops a row that runs longer, before it is built). */
  rowChars: 256 * 1024,
  /** Rows, the header included. */
  rows: 100_000,
  /** Cells of all rows together. */
  cells: 2_000_000,
};

/**
 * The file's rows, parsed a slice at a time with a turn of the event loop between slices,
 * so orders keep arriving over the API while a large export is read. Refused (400
 * `csv_too_large`, saying which limit) past CSV_LIMITS.
 */
export async function readCsv(csv: string, delimiter?: string): Promise<string[][]> {
  const parser = parse({ delimiter: delimiter ?? detectDelimiter(csv), bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, max_record_size: CSV_LIMITS.rowChars });
  const records: string[][] = [];
  let cells = 0;
  let tooLarge: string | undefined;
  parser.on('readable', () => {
    for (let record = parser.read() as string[] | null; record !== null && !tooLarge; record = parser.read() as string[] | null) {
      cells += record.length;
      if (record.length > CSV_LIMITS.columns) tooLarge = `row ${records.length + 1} has ${record.length.toLocaleString('en')} columns; at most ${CSV_LIMITS.columns.toLocaleString('en')}`;
      else if (records.length >= CSV_LIMITS.rows) tooLarge = `the file has more than ${CSV_LIMITS.rows.toLocaleString('en')} rows`;
      else if (cells > CSV_LIMITS.cells) tooLarge = `the file has more than ${CSV_LIMITS.cells.toLocaleString('en')} cells`;
      else records.push(record);
    }
  });
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
  });
  // An error event rejects `finished`; until it is awaited, the writes must not throw unhandled.
  let failed = false;
  finished.catch(() => (failed = true));
  try {
    for (let at = 0; at < csv.length && !tooLarge && !failed; at += READ_SLICE) {
      parser.write(csv.slice(at, at + READ_SLICE));
      // A row of millions of empty cells is one record csv-parse builds until its line ends
      // (its max_record_size counts the cells' characters, not the cells): the row being
      // read is looked at after each slice and refused at the first slice past the limit.
      const cellsSoFar = (parser as unknown as { api?: { state?: { record?: unknown[] } } }).api?.state?.record?.length ?? 0;
      if (cellsSoFar > CSV_LIMITS.columns) tooLarge = `row ${records.length + 1} has more than ${CSV_LIMITS.columns.toLocaleString('en')} columns`;
      await nextTurn();
    }
    if (tooLarge) {
      parser.destroy();
      throw badRequest(`The CSV file is too large to import: ${tooLarge}. Export a shorter date range, or split the file`, undefined, 'csv_too_large');
    }
    parser.end();
    await finished;
  } catch (error) {
    if (error instanceof StationError) throw error;
    const message = (error as Error).message;
    if (/max_record_size/i.test((error as { code?: string }).code ?? '') || /maximum record size/i.test(message)) {
      throw badRequest(`The CSV file is too large to import: a row is longer than ${CSV_LIMITS.rowChars.toLocaleString('en')} characters. Export a shorter date range, or split the file`, undefined, 'csv_too_large');
    }
    throw badRequest(`The CSV file could not be read: ${message}`, undefined, 'csv_unreadable');
  }
  if (tooLarge) throw badRequest(`The CSV file is too large to import: ${tooLarge}. Export a shorter date range, or split the file`, undefined, 'csv_too_large');
  return records;
}

/**
 * Spreadsheets in many locales write `;`; tab-separated exports are common too. Guessed from
 * the header line's first 64 KB: a header of millions of columns is refused by the reader,
 * and must not cost a split of megabytes on the event loop first.
 */
function detectDelimiter(csv: string): string {
  const lineEnd = csv.indexOf('\n');
  const firstLine = csv.slice(0, Math.min(lineEnd === -1 ? csv.length : lineEnd, READ_SLICE));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

export function detectFormat(headers: string[]): CsvFormat {
  return SHOPIFY_SIGNATURE.every((column) => headers.includes(column)) ? 'shopify' : 'generic';
}

/** The mapping a file's header suggests: Shopify's columns as they are, else by alias. */
export function suggestMapping(headers: string[], format: CsvFormat = detectFormat(headers)): CsvMapping {
  const suggested: CsvMapping = {};
  if (format === 'shopify') {
    for (const field of CSV_FIELDS) {
      const header = SHOPIFY_MAPPING[field];
      if (header && headers.includes(header)) suggested[field] = header;
    }
    return suggested;
  }
  const taken = new Set<string>();
  const byName = new Map(headers.map((header) => [normalise(header), header]));
  for (const field of CSV_FIELDS) {
    const candidates = [normalise(field), ...ALIASES[field]];
    const header = candidates.map((alias) => byName.get(alias)).find((found) => found !== undefined && !taken.has(found));
    if (header) {
      suggested[field] = header;
      taken.add(header);
    }
  }
  return suggested;
}

/** Headers, a few rows, the file's format and a suggested mapping, for the mapping step. */
export async function csvPreview(csv: string, delimiter?: string) {
  const [headers = [], ...rows] = await readCsv(csv, delimiter);
  if (headers.length === 0) throw badRequest('The CSV file is empty; the first line must name the columns', undefined, 'csv_empty');
  const format = detectFormat(headers);
  return { format, headers, rows: rows.slice(0, 5), rowCount: rows.length, fields: CSV_FIELDS, suggestedMapping: suggestMapping(headers, format) };
}
