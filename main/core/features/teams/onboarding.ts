import type { Db } from '../../foundations/db/open';
import { notFound } from '../../foundations/errors';
import { nowIso } from '../../foundations/ids';
import {
  completeOnboardingTaskRow,
  getOnboardingTask,
  insertOnboardingTask,
  listOnboardingTasks,
  onboardingCounts,
  reopenOnboardingTaskRow,
  type OnboardingTaskRow,
  type TaskOwner,
} from './onboarding-store';

export interface OnboardingTaskDefinition {
  kind: string;
  title: string;
  owner: TaskOwner;
  /** How the station completes it on its own, when it can tell; undefined: a person ticks it. */
  automatic?: string;
}

/**
 * The checklist every new merchant starts with, in order. `kind` is stable: other
 * capabilities complete tasks by it (e.g. printing may complete `test_print`).
 */
export const ONBOARDING_TASKS: readonly OnboardingTaskDefinition[] = [
  { kind: 'invite_merchant_admin', title: 'A merchant admin accepts an invitation', owner: 'merchant', automatic: 'an invitation to the merchant is accepted' },
  { kind: 'assign_account_manager', title: 'Assign an account manager', owner: 'three_pl', automatic: 'an account manager is assigned' },
  { kind: 'connect_source_app', title: 'Connect a source app', owner: 'merchant', automatic: 'the merchant has an active source app' },
  { kind: 'first_order_received', title: 'Receive a first order', owner: 'merchant', automatic: 'the first order for the merchant is stored' },
  { kind: 'printer_routing', title: 'Route each document tag to a printer and tray', owner: 'three_pl' },
  { kind: 'template_review', title: 'Review the packing slip, invoice and label templates', owner: 'merchant' },
  { kind: 'test_print', title: 'Print a test order and check the paper', owner: 'three_pl' },
];

const definitionOf = (kind: string) => ONBOARDING_TASKS.find((task) => task.kind === kind);

/** Seeds the checklist of a new merchant (inside its create transaction). */
export function seedOnboardingTasks(db: Db, teamId: string, at = nowIso()): void {
  ONBOARDING_TASKS.forEach((task, position) =>
    insertOnboardingTask(db, { team_id: teamId, kind: task.kind, title: task.title, owner: task.owner, position, completed_at: null, completed_by: null, created_at: at }),
  );
}

/**
 * Marks a task done when it is still open: the station calls this when it observes the
 * event (`by` null), the dashboard when a person ticks it. No-op for teams without the task.
 */
export function completeOnboardingTask(db: Db, teamId: string, kind: string, by: string | null = null, at = nowIso()): boolean {
  return completeOnboardingTaskRow(db, teamId, kind, at, by);
}

export function onboardingTaskView(task: OnboardingTaskRow) {
  return {
    kind: task.kind,
    title: task.title,
    owner: task.owner,
    done: task.completed_at !== null,
    completedAt: task.completed_at,
    completedBy: task.completed_by,
    automatic: definitionOf(task.kind)?.automatic ?? null,
  };
}

export function onboardingView(db: Db, teamId: string) {
  return { summary: onboardingCounts(db, teamId), tasks: listOnboardingTasks(db, teamId).map(onboardingTaskView) };
}

/** Ticks or unticks a task by hand (dashboard, CLI). 404 when the team has no such task. */
export function setOnboardingTaskDone(db: Db, teamId: string, kind: string, done: boolean, by: string | null) {
  if (!getOnboardingTask(db, teamId, kind)) throw notFound(`The team has no onboarding task ${kind}`);
  if (done) completeOnboardingTaskRow(db, teamId, kind, nowIso(), by);
  else reopenOnboardingTaskRow(db, teamId, kind);
  return onboardingTaskView(getOnboardingTask(db, teamId, kind)!);
}

/**
 * The `orderWritten` hook (orders/order-hooks.ts) that completes "first order received": one
 * indexed UPDATE per new order, which matches nothing once the task is done. Typed by what
 * it reads, as teams sit under orders.
 */
export function completeFirstOrderTask(db: Db, event: { created: boolean; order: { team_id: string; created_at: string } }): void {
  if (event.created) completeOnboardingTask(db, event.order.team_id, 'first_order_received', null, event.order.created_at);
}
