import type { Schemas } from '../../app/api';
/** The link object of `/admin/api/links` (docs/api.md, Links). */
export type Point = { type: 'app'; app: string } | { type: 'manual'; source: 'api' | 'web' | 'csv' } | { type: 'custom'; key: string };
export type PointType = Point['type'];

/** A link; in the list, with its recorded failures (the last few kept) and when the newest happened. */
export type Link = Schemas['Link'] & { errors?: Schemas['ListedLink']['errors'] };

/**
 * A link's recorded failure explained for the person who wrote it: what went wrong in words
 * and what to change. The engine's own message stays beside it for the details.
 */
export function explainLinkError(stage: 'condition' | 'resolver', message: string): string {
  const part = stage === 'condition' ? 'The condition' : 'The resolver';
  const missing = /cannot read propert(?:y|ies) (?:'([^']*)' )?of (null|undefined)(?: \(reading '([^']*)'\))?/i.exec(message);
  if (missing) {
    const field = missing[1] ?? missing[3];
    return `${part} read ${field ? `“${field}” of ` : 'a field of '}a value this order does not have (${missing[2]}). Check that the field exists first, e.g. with ?. or a condition, or test the link on this order's payload.`;
  }
  const unknown = /'?([\w$]+)'? is not defined/.exec(message);
  if (unknown) return `${part} uses “${unknown[1]}”, which does not exist. The incoming order is under payload (e.g. payload.note).`;
  const notFunction = /([\w$.]+) is not a function/.exec(message);
  if (notFunction) return `${part} calls “${notFunction[1]}”, which is not a function for this order. Check the field's type in the payload.`;
  const returned = /returned (.+?); expected/.exec(message);
  if (returned) return `The resolver gave ${returned[1]} instead of the id of the order to merge into. Make it return a string or a number for orders like this one.`;
  if (/interrupt|timed? ?out|time limit|too long/i.test(message)) return `${part} ran too long and was stopped. Make it simpler; after repeated stops the station suspends the link.`;
  if (/memory|stack/i.test(message)) return `${part} used too much memory and was stopped. Make it simpler; after repeated stops the station suspends the link.`;
  if (/suspend/i.test(message)) return `The station stopped running this link: ${message}. Edit the link to resume it.`;
  if (/SyntaxError/.test(message)) return `${part} is not valid JavaScript. Edit the link; the editor points at the mistake.`;
  return `${part} failed, so the order went in without being linked. Test the link on this order's payload to see why.`;
}

export type LinkError = Schemas['LinkError'];

export type SourceApp = Schemas['SourceApp'];

/** What a trial of a link against a payload found (`POST /admin/api/links/test`). */
export type LinkTrial = Schemas['LinkTrial'];

/** The editor's fields: a point is edited as its type and one value. */
export interface LinkDraft {
  type: Link['type'];
  sourceType: PointType;
  sourceValue: string;
  targetType: PointType;
  targetValue: string;
  condition: string;
  resolver: string;
}

export const pointValue = (point: Point): string => (point.type === 'app' ? point.app : point.type === 'manual' ? point.source : point.key);

export function pointFrom(type: PointType, value: string): Point {
  if (type === 'app') return { type, app: value.trim() };
  if (type === 'manual') return { type, source: value as 'api' | 'web' | 'csv' };
  return { type, key: value.trim() };
}

export const NEW_LINK: LinkDraft = {
  type: 'order',
  sourceType: 'custom',
  sourceValue: 'wms',
  targetType: 'manual',
  targetValue: 'api',
  condition: "typeof order.note === 'string' && order.note.includes('#')",
  resolver: 'order.note.match(/#(\\w+)/)[1]',
};

export const draftOf = (link: Link): LinkDraft => ({
  type: link.type,
  sourceType: link.source.type,
  sourceValue: pointValue(link.source),
  targetType: link.target.type,
  targetValue: pointValue(link.target),
  condition: link.condition ?? '',
  resolver: link.resolver,
});

/** The body the station takes; an empty condition is none (`null`). */
export const linkBody = (draft: LinkDraft) => ({
  type: draft.type,
  source: pointFrom(draft.sourceType, draft.sourceValue),
  target: pointFrom(draft.targetType, draft.targetValue),
  resolver: draft.resolver,
  condition: draft.condition.trim() ? draft.condition : null,
});

/** A point in words, with the app's name where there is one. */
export function describePoint(point: Point, apps: SourceApp[]): string {
  if (point.type === 'app') return `app ${apps.find((app) => app.id === point.app)?.name ?? point.app}`;
  if (point.type === 'manual') return `${point.source} (manual)`;
  return `${point.key} (custom)`;
}

/** The body a test starts from: an order coming from `source` that names another order. */
export function samplePayload(draft: LinkDraft): string {
  const source = draft.sourceType === 'app' || draft.sourceType === 'custom' ? draft.sourceValue || 'wms' : draft.sourceValue || 'api';
  return JSON.stringify({ source, sourceId: 'WMS-5521', order: { orderNumber: 'WMS-5521', note: 'Picked for shop order #1001', lineItems: [{ name: 'Mug', quantity: 1, sku: 'MUG-1' }] } }, null, 2);
}

/** The trial, as sentences a person can act on. */
export function describeTrial(trial: LinkTrial): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = trial.sourceMatches;
  lines.push(trial.sourceMatches ? 'The payload comes from the link’s source.' : 'The payload’s source is not the link’s source: at ingest this link would not be consulted.');
  if (!trial.condition) lines.push('No condition: the link applies to every order from its source.');
  else if ('error' in trial.condition) {
    ok = false;
    lines.push(`The condition failed: ${trial.condition.error}`);
  } else lines.push(trial.condition.result ? 'The condition holds.' : 'The condition does not hold: the link is skipped for this order.');
  if (trial.resolver) {
    if ('error' in trial.resolver) {
      ok = false;
      lines.push(`The resolver failed: ${trial.resolver.error}`);
    } else lines.push(`The resolver gave “${trial.resolver.resolvedId}”.`);
  }
  if (trial.targetKey) lines.push(trial.mergeInto ? `It would merge into the order with key ${trial.targetKey}.` : `No order has the key ${trial.targetKey} yet: a new order would be created.`);
  if (!trial.mergeInto) ok = false;
  return { ok, lines };
}
