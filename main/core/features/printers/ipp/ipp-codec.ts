import { createRequire } from 'node:module';

/**
 * The IPP wire format (RFC 8010) from `@sealsystems/ipp`: its encoder writes collections
 * (`media-col`), its parser reads every group. Its HTTP client is not used (ipp-client.ts
 * speaks HTTP itself: Unix sockets, CUPS's PeerCred, timeouts, and telling a lost answer
 * from a refused connection).
 */
const require = createRequire(import.meta.url);
interface IppModule {
  serialize(message: IppMessage): Buffer;
  parse(buffer: Buffer): IppAnswer;
  attributes: Record<string, Record<string, unknown>>;
}
const ipp = require('@sealsystems/ipp') as IppModule;

/** An attribute value as the encoder takes it and the parser gives it. */
export type IppValue = string | number | boolean | IppCollection | Array<string | number | boolean | IppCollection>;
export interface IppCollection {
  [member: string]: IppValue;
}
export type IppGroup = Record<string, IppValue>;

export interface IppMessage {
  version?: '1.1' | '2.0';
  operation: string;
  id?: number;
  'operation-attributes-tag': IppGroup;
  'job-attributes-tag'?: IppGroup;
  'subscription-attributes-tag'?: IppGroup;
  data?: Buffer;
}

/** A response: the status keyword (`successful-ok`, `client-error-not-found`…) and its groups, one object per group, an array where a group repeats (one per job, printer, event). */
export interface IppAnswer {
  statusCode: string;
  'operation-attributes-tag'?: IppGroup;
  'job-attributes-tag'?: IppGroup | IppGroup[];
  'printer-attributes-tag'?: IppGroup | IppGroup[];
  'subscription-attributes-tag'?: IppGroup | IppGroup[];
  'event-notification-attributes-tag'?: IppGroup | IppGroup[];
  'unsupported-attributes-tag'?: IppGroup;
}

/**
 * Attributes the encoder's table lacks, added once: CUPS's job options (`InputSlot` — a PPD's
 * tray by its own name, as `lp -o InputSlot=Upper` sends it —, `PageSize`, `fit-to-page`) and
 * the subscription's lease, which the table files under the template group only. The encoder
 * drops names it does not know, so a missing one here is a silently missing option.
 */
const jobTemplate = ipp.attributes['Job Template']!;
const jobName = ipp.attributes['Job Description']!['job-name'];
const booleanSyntax = ipp.attributes.Operation!['notify-wait'];
jobTemplate.InputSlot ??= jobName;
jobTemplate.PageSize ??= jobName;
jobTemplate['fit-to-page'] ??= booleanSyntax;
const subscription = ipp.attributes['Subscription Description']!;
subscription['notify-lease-duration'] ??= ipp.attributes['Subscription Template']!['notify-lease-duration'];
subscription['notify-time-interval'] ??= ipp.attributes['Subscription Template']!['notify-time-interval'];
// Cancel-Subscription names the subscription among its operation attributes.
ipp.attributes.Operation!['notify-subscription-id'] ??= subscription['notify-subscription-id'];

for (const [group, name] of [['Job Template', 'InputSlot'], ['Job Template', 'PageSize'], ['Job Template', 'fit-to-page'], ['Subscription Description', 'notify-lease-duration'], ['Operation', 'notify-subscription-id']] as const) {
  if (!ipp.attributes[group]?.[name]) throw new Error(`the IPP encoder has no syntax for ${name}: an upgrade of @sealsystems/ipp moved it`);
}

export const encodeIpp = (message: IppMessage): Buffer => ipp.serialize(message);
export const decodeIpp = (body: Buffer): IppAnswer => ipp.parse(body);

/** A group that may repeat, as a list. */
export const groupsOf = (group: IppGroup | IppGroup[] | undefined): IppGroup[] => (group === undefined ? [] : Array.isArray(group) ? group : [group]);

/** A value that may be one or a set, as a list of strings. */
export const stringsOf = (value: IppValue | undefined): string[] => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String));

/** The first value of an attribute, as a string ("" when absent). */
export const stringOf = (value: IppValue | undefined): string => stringsOf(value)[0] ?? '';
