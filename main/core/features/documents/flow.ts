import type { Order } from '../orders/store';
import type { Condition, Flow, FlowRule } from './schema';

/** What conditions read about an order. Sources are loaded only if a condition asks. */
export interface FlowFacts {
  order: Order;
  tagLabels: string[];
  sources: () => string[];
}

const globCache = new Map<string, RegExp>();
function glob(pattern: string): RegExp {
  let re = globCache.get(pattern);
  if (!re) {
    const source = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    re = new RegExp(`^${source}$`, 'i');
    globCache.set(pattern, re);
  }
  return re;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Variables come from many systems: "5" and 5, "true" and true mean the same thing.
  const primitive = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
  return primitive(a) && primitive(b) && String(a) === String(b);
}

export function conditionMatches(condition: Condition, facts: FlowFacts): boolean {
  const { order } = facts;
  if ('all' in condition) return condition.all.every((c) => conditionMatches(c, facts));
  if ('any' in condition) return condition.any.some((c) => conditionMatches(c, facts));
  if ('not' in condition) return !conditionMatches(condition.not, facts);
  if ('tagIs' in condition) return facts.tagLabels.some((label) => label.toLowerCase() === condition.tagIs.toLowerCase());
  if ('sourceIs' in condition) return facts.sources().includes(condition.sourceIs);
  if ('countryIs' in condition) {
    const wanted = (Array.isArray(condition.countryIs) ? condition.countryIs : [condition.countryIs]).map((c) => c.toUpperCase());
    const country = order.shippingAddress?.country?.toUpperCase();
    return country !== undefined && wanted.includes(country);
  }
  if ('skuMatches' in condition) {
    const re = glob(condition.skuMatches);
    return order.lineItems.some((item) => [item.sku, item.variant?.sku].some((sku) => typeof sku === 'string' && re.test(sku)));
  }
  if ('totalAbove' in condition) {
    const limit = typeof condition.totalAbove === 'number' ? { amount: condition.totalAbove, currency: undefined } : condition.totalAbove;
    const total = order.orderTotal;
    return total !== undefined && (limit.currency === undefined || limit.currency === total.currency) && total.amount > limit.amount;
  }
  if ('variableEquals' in condition) {
    const variables = order.variables ?? {};
    const { name, value } = condition.variableEquals;
    return Object.hasOwn(variables, name) ? sameValue(variables[name], value) : value === null;
  }
  return false;
}

export interface FlowPlan {
  documents: { templateId: string; tag?: string; rule: number }[];
  /** The rule that ignored the order, if one did. */
  ignoredBy?: { index: number; rule: FlowRule };
}

/**
 * Runs the rules in order. Every matching rule adds its documents; a rule with `stop`
 * ends the flow, and so does an `ignoreOrder` action (documents added before it stay).
 */
export function planFlow(flow: Flow, facts: FlowFacts): FlowPlan {
  const plan: FlowPlan = { documents: [] };
  for (const [index, rule] of flow.rules.entries()) {
    if (rule.when && !conditionMatches(rule.when, facts)) continue;
    for (const action of rule.actions) {
      if (action.type === 'addDocument') plan.documents.push({ templateId: action.templateId, tag: action.tag, rule: index });
      else {
        plan.ignoredBy = { index, rule };
        return plan;
      }
    }
    if (rule.stop) break;
  }
  return plan;
}
