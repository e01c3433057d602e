import type { OrderHooks } from './orders/order-hooks';
import type { TeamHooks } from './teams/team-hooks';

/**
 * Extension points between capabilities: each capability that fires hooks defines them
 * (teams/team-hooks.ts, orders/order-hooks.ts), and the composition root registers the
 * others' functions on them, so dependencies keep pointing down (orders know nothing of
 * documents or printing).
 */
export interface StationHooks extends TeamHooks, OrderHooks {}

export function createHooks(): StationHooks {
  return { teamCreated: [], resolveMergeTarget: [], beforeOrderWrite: [], orderWritten: [], orderCommitted: [] };
}
