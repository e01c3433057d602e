import { dashboardTeamFilter } from '../teams/dashboard-scope';
import type Router from '@koa/router';
import { z } from 'zod';
import type { Context } from 'koa';
import type { StationEventMap, StationEvents } from '../../foundations/events';

const HEARTBEAT_MS = 15_000;

/**
 * An event as an SSE message, written once however many streams carry it: with fifty
 * screens open, each event is serialised once, not fifty times.
 */
const messages = new WeakMap<object, string>();
function messageOf(channel: string, event: object): string {
  let message = messages.get(event);
  if (message === undefined) {
    message = `event: ${channel}\ndata: ${JSON.stringify(event)}\n\n`;
    messages.set(event, message);
  }
  return message;
}
const FORWARDED = ['order', 'batch', 'job', 'printers', 'import', 'bench'] as const satisfies readonly (keyof StationEventMap)[];

/** The stream's query: the session, for an EventSource, which cannot set headers (read by the session check, sessions.ts). */
export const eventsQuery = z.object({
  session: z.string().max(200).optional().describe('The session token, for an EventSource (it cannot send Authorization)'),
  bench: z.string().max(200).optional().describe('A paired screen’s bench token, for an EventSource (it cannot send X-Station-Bench): the stream then carries only that bench’s batches and jobs'),
});

/** Channels whose events belong to one bench (`benchId`): a bench screen's stream carries its own only. */
const BENCH_CHANNELS: ReadonlySet<string> = new Set(['batch', 'job', 'bench']);

/**
 * Whether a stream hears an event: of a team it may hear (`teams`: undefined, every team),
 * and, at a bench screen (`benchId`), a batch, job or bench event only of that bench (a bench
 * event with no bench, sessions ended somewhere, is every screen's). With fifty screens on a
 * floor, each hears its own scans, not every bench's.
 */
export function streamHears(stream: { teams: ReadonlySet<string> | undefined; benchId: string | undefined }, channel: string, event: { teamId?: string; benchId?: string | null }): boolean {
  if (stream.teams && event.teamId !== undefined && !stream.teams.has(event.teamId)) return false;
  if (stream.benchId === undefined || !BENCH_CHANNELS.has(channel)) return true;
  return event.benchId === stream.benchId || (channel === 'bench' && event.benchId === null);
}

/**
 * `GET /admin/api/events`: Server-Sent Events for the dashboard's live views. Each station
 * event becomes one SSE message named after its channel (`order`, `batch`, `job`,
 * `printers`) with the event as JSON data. A comment line every 15 s keeps proxies and
 * idle timeouts from closing the stream.
 */
/** What a stream of this session may hear now (people/guard-deps.ts streamScopeOf): every team, these teams, or nothing more (null: it ends). */
export type StreamScope = (identity: { sessionId: string; personId: string | null; bench: boolean }) => readonly string[] | undefined | null;

export function adminEventRoutes(router: Router, events: StationEvents, scopeNow: StreamScope, screenBench: (ctx: Context) => string | undefined): { closeAll(): void } {
  const open = new Set<() => void>();

  router.get('/admin/api/events', (ctx) => {
    // Written straight to the socket: Koa's stream piping reports every closed tab as an error.
    ctx.respond = false;
    const stream = ctx.res;
    const identity = { sessionId: ctx.state.sessionId!, personId: ctx.state.personId ?? null, bench: ctx.state.bench === true };
    // A person hears their teams' events only: read at connect, and again whenever their
    // roles change; the stream ends at once when their session ends (signed out, revoked,
    // the person disabled or reset), so no event outlives the right to hear it.
    const teams = dashboardTeamFilter(ctx);
    let heard = teams ? new Set(teams) : undefined;
    // A paired screen's stream: its bench's batches and jobs (the token in the query, as an EventSource sends it).
    const benchId = screenBench(ctx);
    const onSessionsEnded = ({ sessionIds }: { sessionIds: string[] }) => {
      if (sessionIds.includes(identity.sessionId)) end();
    };
    const onPersonChanged = ({ personId }: { personId: string }) => {
      if (personId !== identity.personId) return;
      const scope = scopeNow(identity);
      if (scope === null) return end();
      heard = scope ? new Set(scope) : undefined;
    };
    events.on('sessionsEnded', onSessionsEnded);
    events.on('personChanged', onPersonChanged);
    const listeners = FORWARDED.map((channel) => {
      const listener = (event: { teamId?: string; benchId?: string | null }) => {
        if (!streamHears({ teams: heard, benchId }, channel, event)) return;
        stream.write(messageOf(channel, event));
      };
      events.on(channel, listener);
      return () => events.off(channel, listener);
    });
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
    function end() {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      for (const off of listeners) off();
      events.off('sessionsEnded', onSessionsEnded);
      events.off('personChanged', onPersonChanged);
      stream.end();
    }
    open.add(end);
    ctx.req.on('close', end);
    stream.on('close', end);

    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    stream.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    // The client reconnects after 2 s if the station restarts.
    stream.write('retry: 2000\n: connected\n\n');
  });

  return {
    /** Ends every open stream, so a stopping server is not held open by dashboards. */
    closeAll: () => {
      for (const end of [...open]) end();
    },
  };
}
