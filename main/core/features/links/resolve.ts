import type { GroupCommitter } from '../../foundations/db/group-commit';
import type { Db } from '../../foundations/db/open';
import type { MergeDecision, MergeQuery } from '../orders/order-hooks';
import type { Logger } from '../../foundations/logger';
import { isUuid, nowIso } from '../../foundations/ids';
import { orderKeyFor } from '../orders/service';
import type { EvalOutcome, ExpressionInput, ItemResult, SandboxValue } from '../sandbox/engine';
import type { Sandbox } from '../sandbox/sandbox';
import { insertLinkError, orderIdByKey, orderLinksFromSource, recordLinkRun, type LinkRow } from './store';

/** What one link made of one incoming order: the admin "test a link" answer shows it as is. */
export interface LinkTrace {
  linkId: string;
  /** Absent when the link has no condition. */
  condition?: { result?: boolean; error?: string };
  resolver?: { resolvedId?: string; error?: string };
  /** `<team_id>/<target_source>-<resolved_id>`, looked up among the team's order keys. */
  targetKey?: string;
  /** The order the incoming one merges into, when the key exists. */
  mergeInto?: string;
  /** A hard limit the run hit (time, memory, a killed thread): these count toward suspension. */
  heavyFault?: 'timeout' | 'memory' | 'crash';
}

/** Inputs of every expression (documented in docs/api.md, "Links"). */
export function expressionInput(payload: unknown, source: string, sourceId: string): ExpressionInput {
  const order = typeof payload === 'object' && payload !== null ? (payload as { order?: unknown }).order : undefined;
  return { payload, order: order ?? null, source, sourceId };
}

/** A resolver's value as a target source id: a non-empty string or a finite number. */
export function resolvedSourceId(value: SandboxValue): { id: string } | { error: string } {
  if (value.type === 'number') {
    return Number.isFinite(value.value) ? { id: String(value.value) } : { error: `resolver returned ${value.value}; expected a string or a finite number` };
  }
  if (value.type !== 'string') return { error: `resolver returned ${value.type === 'null' ? 'null' : `a value of type ${value.type}`}; expected a string or a number` };
  const id = value.value.trim();
  if (id === '') return { error: 'resolver returned an empty string' };
  if (id.length > 255) return { error: 'resolver returned more than 255 characters' };
  // eslint-disable-next-line no-control-regex -- the same rule as sourceId on orders
  if (/[\u0000-\u001f\u007f]/.test(id)) return { error: 'resolver returned control characters' };
  return { id };
}

const failure = (outcome: EvalOutcome | undefined) => (outcome && !outcome.ok ? outcome.error : undefined);

/** Turns the sandbox's answer for one link into a trace, looking the target key up. */
const HEAVY_FAULTS = new Set(['timeout', 'memory', 'crash']);

function heavyFaultOf(result: ItemResult): LinkTrace['heavyFault'] {
  for (const outcome of [result.condition, result.resolver]) {
    if (outcome && !outcome.ok && outcome.fault && HEAVY_FAULTS.has(outcome.fault)) return outcome.fault as LinkTrace['heavyFault'];
  }
  return undefined;
}

function traceOf(db: Db, teamId: string, link: LinkRow, result: ItemResult): LinkTrace {
  const trace: LinkTrace = { linkId: link.id };
  const heavyFault = heavyFaultOf(result);
  if (heavyFault) trace.heavyFault = heavyFault;
  if (link.condition) {
    const outcome = result.condition;
    trace.condition = outcome?.ok ? { result: outcome.value.type === 'boolean' && outcome.value.value } : { error: failure(outcome) ?? 'not evaluated' };
  }
  if (!result.resolver) return trace;
  if (!result.resolver.ok) {
    trace.resolver = { error: result.resolver.error };
    return trace;
  }
  const resolved = resolvedSourceId(result.resolver.value);
  if ('error' in resolved) {
    trace.resolver = { error: resolved.error };
    return trace;
  }
  trace.resolver = { resolvedId: resolved.id };
  trace.targetKey = orderKeyFor(teamId, link.target_value, resolved.id);
  trace.mergeInto = orderIdByKey(db, teamId, trace.targetKey);
  return trace;
}

/** Runs links against one incoming order: the first link whose key names an order decides. */
export async function runLinks(db: Db, sandbox: Sandbox, teamId: string, links: LinkRow[], input: ExpressionInput): Promise<LinkTrace[]> {
  // The team's own realm: no JavaScript object is shared with another team's evaluations.
  const results = await sandbox.evaluate(
    teamId,
    input,
    links.map((link) => ({ condition: link.condition, resolver: link.resolver })),
  );
  const traces: LinkTrace[] = [];
  for (const [index, link] of links.entries()) {
    const trace = traceOf(db, teamId, link, results[index]!);
    traces.push(trace);
    if (trace.mergeInto) break;
  }
  return traces;
}

/**
 * The `resolveMergeTarget` hook: links of the team whose source point is the incoming
 * order's source decide whether it merges into an existing order. A failing link never
 * fails the ingest; its error is recorded (link_errors) and the order goes in unlinked.
 */
export function linkMergeResolver({ db, sandbox, writer, logger }: { db: Db; sandbox: Sandbox; writer: GroupCommitter; logger: Logger }) {
  return async (query: MergeQuery): Promise<MergeDecision | undefined> => {
    // App points hold lower-case UUIDs; a connector may send its UUID in capitals.
    const links = orderLinksFromSource(db, query.teamId, isUuid(query.source) ? query.source.toLowerCase() : query.source);
    if (links.length === 0) return undefined;
    const traces = await runLinks(db, sandbox, query.teamId, links, expressionInput(query.payload, query.source, query.sourceId));
    const at = nowIso();
    const errors = traces.flatMap((trace) => {
      const stage = trace.condition?.error ? ('condition' as const) : trace.resolver?.error ? ('resolver' as const) : undefined;
      const message = trace.condition?.error ?? trace.resolver?.error;
      return stage && message ? [{ link_id: trace.linkId, team_id: query.teamId, stage, source: query.source, source_id: query.sourceId, message, at }] : [];
    });
    // Runs to count: a hard fault counts toward suspension; a clean run clears an earlier count.
    const faultsBefore = new Map(links.map((link) => [link.id, link.heavy_faults]));
    const runs = traces.filter((trace) => trace.heavyFault || (faultsBefore.get(trace.linkId) ?? 0) > 0);
    if (errors.length > 0 || runs.length > 0) {
      // Queued, not awaited: it joins the same group commit as the order written next.
      writer
        .write(() => {
          for (const error of errors) insertLinkError(db, error);
          for (const run of runs) {
            const reason = recordLinkRun(db, run.linkId, run.heavyFault, at);
            if (!reason) continue;
            insertLinkError(db, { link_id: run.linkId, team_id: query.teamId, stage: 'resolver', source: query.source, source_id: query.sourceId, message: reason, at });
            logger.error('link suspended', { linkId: run.linkId, teamId: query.teamId, reason });
          }
        })
        .catch((error: unknown) => logger.error('link errors could not be recorded', { error: String(error) }));
    }
    const decided = traces.find((trace) => trace.mergeInto);
    return decided ? { orderId: decided.mergeInto!, reason: `link ${decided.linkId}` } : undefined;
  };
}
