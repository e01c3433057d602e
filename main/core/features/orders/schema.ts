import { z } from 'zod';
import { idAsString, normalisedAfterParse, unsentIfNull } from '../../foundations/normalise-after-parse';
import { CARRIER_LABEL_MAX_BYTES, CARRIER_LABELS_MAX, CARRIER_LABELS_VARIABLE, refineCarrierLabels } from '../carrier-labels/labels';

/**
 * Optional in the contract; a `null` from a source system means "not sent" (made `undefined`
 * once the whole order is parsed: `normalisedAfterParse`, below).
 */
const optional = unsentIfNull;

/**
 * Free text without control characters other than tab and line breaks: no C0, DEL or C1
 * (U+0080–U+009F, such as U+009B, a terminal's CSI). Written as a pattern (not a refinement)
 * so the OpenAPI document carries the rule to generated clients.
 */
// eslint-disable-next-line no-control-regex -- rejecting control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
const text = (max: number) => z.string().max(max, `At most ${max} characters`).regex(NO_CONTROL_CHARACTERS, 'Control characters are not allowed');

/** Text that must say something once trimmed: `\S` is the pattern form of "trim().min(1)". */
const someText = (max: number) => text(max).regex(/\S/, 'Required').trim();

/**
 * An identifier from a source system: a string, or a number normalised to its decimal
 * string (1001 → "1001"). Numbers must be safe integers: a larger one has already lost
 * digits in JSON parsing, and two different ids could silently become one order.
 */
const idLike = (max: number) =>
  idAsString(
    z.union([
      someText(max),
      z.number().int('A whole number or a string').refine(Number.isSafeInteger, 'A number id must be a safe integer; send larger ids as strings'),
    ]),
  );

export const priceSchema = z.object({
  amount: z.number().finite(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'A three-letter ISO 4217 currency code')
    .transform((code) => code.toUpperCase()),
});

const HAS_OFFSET = /(?:[zZ]|[+-]\d{2}:\d{2})$/;
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** The year as written: 1970 to 9999. A pattern, so the OpenAPI document says it too. */
const YEAR_1970_TO_9999 = /^(?:19[7-9][0-9]|[2-9][0-9]{3})-/;

/**
 * ISO 8601 date-time (with or without offset) or a plain date; stored as UTC ISO with
 * milliseconds. A time without an offset, and a plain date, are read as UTC: the answer
 * must not depend on the time zone of the machine the station runs on.
 */
export const isoTimestamp = z
  .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], 'An ISO 8601 timestamp, e.g. 2024-05-01T10:00:00Z')
  .meta({ pattern: YEAR_1970_TO_9999.source })
  .transform((value, ctx) => {
    const utc = value.includes('T') && !HAS_OFFSET.test(value) ? `${value}Z` : value;
    const time = Date.parse(utc);
    // 9999-12-31 with a negative offset passes the year but not the instant: docs/api.md lists it.
    if (Number.isNaN(time) || !YEAR_1970_TO_9999.test(value) || time > LATEST) {
      ctx.issues.push({ code: 'custom', message: 'A timestamp between 1970 and 9999', input: value });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  });

export const addressSchema = z.object({
  firstName: optional(text(200)),
  lastName: optional(text(200)),
  company: optional(text(200)),
  address1: optional(text(500)),
  address2: optional(text(500)),
  address3: optional(text(500)),
  city: optional(text(200)),
  state: optional(text(200)),
  postalCode: optional(text(50)),
  country: optional(text(100)),
  latitude: optional(z.number().min(-90).max(90)),
  longitude: optional(z.number().min(-180).max(180)),
});

export const customerSchema = z.object({
  id: optional(idLike(255)),
  firstName: optional(text(200)),
  lastName: optional(text(200)),
  email: optional(text(320)),
  orderCount: optional(z.number().int().nonnegative()),
  lifetimeValue: optional(priceSchema),
  averageOrderValue: optional(priceSchema),
});

// Case-insensitive by hand: a JSON Schema pattern has no flags.
const imageUrl = text(2048).regex(/^([hH][tT][tT][pP][sS]?:\/\/|[dD][aA][tT][aA]:[iI][mM][aA][gG][eE]\/)/, 'An http(s) or data:image URL');

export const lineItemSchema = z.object({
  name: someText(500),
  quantity: z.number().finite().nonnegative(),
  sku: optional(text(255)),
  external_id: optional(idLike(255)),
  price: optional(priceSchema),
  image_url: optional(imageUrl),
  // Only id, sku and title are named by the contract; other variant fields are kept as sent.
  variant: optional(
    z.looseObject({
      id: optional(idLike(255)),
      sku: optional(text(255)),
      title: optional(text(500)),
    }),
  ),
});

/** Values inside `order.variables` at any depth (objects, arrays and scalars alike). */
export const VARIABLE_VALUES_LIMIT = 10_000;

/**
 * Counts without recursion and stops at the limit: depth is already bounded by the body
 * reader, width is what a wide body (a million-element array) would cost every render.
 */
function valuesBeyond(root: unknown, limit: number): boolean {
  const stack: unknown[] = [root];
  let count = -1; // the variables object itself is not one of its values
  while (stack.length) {
    const value = stack.pop();
    if (++count > limit) return true;
    // A loop, not push(...): spreading a million elements overflows the argument limit.
    if (value !== null && typeof value === 'object') {
      for (const item of Array.isArray(value) ? value : Object.values(value)) {
        stack.push(item);
        if (count + stack.length > limit) return true;
      }
    }
  }
  return false;
}

export const VARIABLES_MAX = 200;

const variablesSchema = z
  .record(text(100), z.unknown())
  .refine((value) => Object.keys(value).length <= VARIABLES_MAX, `At most ${VARIABLES_MAX} variables`)
  .refine((value) => !valuesBeyond(value, VARIABLE_VALUES_LIMIT), `At most ${VARIABLE_VALUES_LIMIT} values inside variables, at any depth`)
  .superRefine(refineCarrierLabels)
  .meta({ maxProperties: VARIABLES_MAX, description: `Free-form values for templates and flows. \`${CARRIER_LABELS_VARIABLE}\` (optional) carries ready-made carrier labels printed as they are: an array of at most ${CARRIER_LABELS_MAX} \`{tag, format: "pdf" | "zpl", data: base64, name?}\`, each at most ${CARRIER_LABEL_MAX_BYTES} bytes decoded; a PDF must parse, a ZPL label must start with ^XA.` });

export const overridesSchema = z.object({
  template: optional(text(200)),
  printer: optional(text(200)),
  tray: optional(text(200)),
});

const orderRequestFields = z.object({
  source: optional(text(100).regex(/\S/, 'Must not be empty').trim().meta({ default: 'api' })).transform((value) => value ?? 'api'),
  sourceId: idLike(255),
  targetTeamId: optional(z.string().max(100)),
  order: z.object({
    orderNumber: idLike(100),
    orderDate: optional(isoTimestamp),
    note: optional(text(10_000)),
    customer: optional(customerSchema),
    shippingAddress: optional(addressSchema),
    billingAddress: optional(addressSchema),
    lineItems: optional(z.array(lineItemSchema).max(1000, 'At most 1000 line items')),
    orderTotal: optional(priceSchema),
    variables: optional(variablesSchema),
    tags: optional(z.array(z.object({ label: someText(100) })).max(100, 'At most 100 tags')),
    overrides: optional(overridesSchema),
  }),
});

/** The order body: its nulls and numeric ids normalised once, after the parse (one transform, not one per field). */
export const orderRequestSchema = orderRequestFields.transform((request) => normalisedAfterParse(orderRequestFields, request));

export type OrderRequest = z.infer<typeof orderRequestSchema>;
export type OrderData = OrderRequest['order'];
export type Price = z.infer<typeof priceSchema>;
export type Address = z.infer<typeof addressSchema>;
export type Customer = z.infer<typeof customerSchema>;
export type LineItem = z.infer<typeof lineItemSchema>;
export type OrderOverrides = z.infer<typeof overridesSchema>;

export const ORDER_STATUSES = ['ready', 'printed', 'ignored'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
