import type { GroupCommitter } from '../foundations/db/group-commit';
import type { Db } from '../foundations/db/open';
import type { Logger } from '../foundations/logger';
import { seedTeamDocuments } from '../features/documents/seed';
import type { StationHooks } from '../features/hooks';
import { linkMergeResolver } from '../features/links/resolve';
import type { PrintingServices } from '../features/printing/register';
import { completeFirstOrderTask } from '../features/teams/onboarding';
import type { Services } from './services';

/**
 * The hooks between capabilities, each list in the order it runs. Where the order carries
 * meaning it is said here: a capability registers none of its own.
 */
export function registerHooks(hooks: StationHooks, { db, writer, logger, services, printing }: { db: Db; writer: GroupCommitter; logger: Logger; services: Services; printing: PrintingServices }): void {
  hooks.teamCreated.push((db, team) => seedTeamDocuments(db, team.id));
  hooks.resolveMergeTarget.push(linkMergeResolver({ db, writer, logger, sandbox: services.sandbox }));
  // A serving station checks an order's documents on its check thread before the write (which uses them).
  const { checksAhead } = services;
  if (checksAhead) hooks.beforeOrderWrite.push((ahead) => checksAhead.check(ahead));
  hooks.orderWritten.push(
    completeFirstOrderTask,
    // May set the order `ignored` (a flow rule) and replaces `event.order` with the stored row…
    (_db, event) => services.documents.rebuildForOrder(event),
    // …so the auto-print decision, which skips ignored orders and needs complete documents, comes after it.
    (_db, event) => printing.autoPrint.recordDecision(event),
  );
  hooks.orderCommitted.push((event) => printing.autoPrint.afterCommit(event));
}
