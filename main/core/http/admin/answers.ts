/**
 * What the dashboard API answers, as types: the one module of the core the dashboard
 * (renderer/) reads its answer types from (a lint rule, `renderer-imports-only-shared-core`,
 * names it). Types only: nothing here reaches the dashboard's bundle, and the renderer keeps
 * no hand copy of a server resource.
 */
export type { Overview } from '../../admin/overview-routes';
export type { OrderSummary, orderDetail } from '../../admin/orders-query-store';
export type { SessionPolicy, SessionView } from '../../sessions/sessions';
export type { CheckpointStats } from '../../db/checkpointer';
export type { Condition, Flow, FlowAction, FlowRule } from '../../documents/schema';
export type { OrderStatus } from '../../orders/schema';
export type { Tag } from '../../orders/tags-store';
export type { PrinterResource } from '../../printers/service';
export type { RetentionSettings } from '../../retention/settings';
export type { DiskUse, SweepResult } from '../../retention/sweep';
