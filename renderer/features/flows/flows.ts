// The flow's shapes as the dashboard API's description gives them (app/dashboard-api.gen.ts).
import type { Schemas } from '../../app/api';

/** A team's flow as `/admin/api/teams/{id}/flow` answers it. */
export type Flow = Schemas['Flow'];
export type FlowRule = Flow['rules'][number];
export type FlowAction = FlowRule['actions'][number];
/** A rule's condition (recursive: `all`, `any` and `not` hold conditions). */
export type Condition = Schemas['FlowPart0'];

export type ConditionKind = 'tagIs' | 'sourceIs' | 'countryIs' | 'skuMatches' | 'totalAbove' | 'variableEquals' | 'all' | 'any' | 'not';

export const CONDITION_KINDS: { kind: ConditionKind; label: string }[] = [
  { kind: 'tagIs', label: 'has the tag' },
  { kind: 'sourceIs', label: 'came from the source' },
  { kind: 'countryIs', label: 'ships to the country' },
  { kind: 'skuMatches', label: 'has a SKU matching' },
  { kind: 'totalAbove', label: 'total is above' },
  { kind: 'variableEquals', label: 'has the variable' },
  { kind: 'all', label: 'all of these hold' },
  { kind: 'any', label: 'any of these holds' },
  { kind: 'not', label: 'this does not hold' },
];

export const kindOf = (condition: Condition): ConditionKind => Object.keys(condition)[0] as ConditionKind;

export function emptyCondition(kind: ConditionKind): Condition {
  switch (kind) {
    case 'tagIs': return { tagIs: '' };
    case 'sourceIs': return { sourceIs: 'api' };
    case 'countryIs': return { countryIs: [] };
    case 'skuMatches': return { skuMatches: '' };
    case 'totalAbove': return { totalAbove: 100 };
    case 'variableEquals': return { variableEquals: { name: '', value: '' } };
    case 'all': return { all: [{ tagIs: '' }] };
    case 'any': return { any: [{ tagIs: '' }] };
    case 'not': return { not: { tagIs: '' } };
  }
}

/** A variable's value as typed: true, false, null and numbers mean themselves; else text. */
export function parseVariableValue(text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  if (trimmed === 'null') return null;
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

/** "DE, AT" ⇄ ["DE", "AT"]. */
export const countriesOf = (text: string) => text.split(/[\s,;]+/).map((code) => code.trim().toUpperCase()).filter(Boolean);
export const countriesText = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value);

/** A condition in words, for the rule's summary line. */
export function describeCondition(condition: Condition | undefined): string {
  if (!condition) return 'every order';
  if ('tagIs' in condition) return `tag is “${condition.tagIs}”`;
  if ('sourceIs' in condition) return `source is ${condition.sourceIs}`;
  if ('countryIs' in condition) return `ships to ${countriesText(condition.countryIs) || '…'}`;
  if ('skuMatches' in condition) return `a SKU matches ${condition.skuMatches}`;
  if ('totalAbove' in condition) {
    const limit = condition.totalAbove;
    return `total above ${typeof limit === 'number' ? limit : `${limit.amount} ${limit.currency}`}`;
  }
  if ('variableEquals' in condition) return `${condition.variableEquals.name} = ${JSON.stringify(condition.variableEquals.value)}`;
  if ('all' in condition) return condition.all.map(describeCondition).join(' and ');
  if ('any' in condition) return `(${condition.any.map(describeCondition).join(' or ')})`;
  return `not (${describeCondition(condition.not)})`;
}

export const move = <T>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};
