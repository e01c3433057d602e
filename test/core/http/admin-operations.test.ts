import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../../main/core/http/error-handler';
import { adminOperationGuard, assertAdminTableMatches, type GuardDeps } from '../../../main/core/http/admin/guard';
import type { DashboardCaller } from '../../../main/core/features/people/dashboard-caller';
import { ADMIN_OPERATIONS, tableDifferences } from '../../../main/core/http/admin/operations';
import { ANSWER_COMPONENTS } from '../../../main/core/http/admin/answer-components';
import { OPERATION_ANSWERS } from '../../../main/core/http/admin/answers';
import { OPERATION_INPUTS } from '../../../main/core/http/admin/inputs';
import { AnswerOffContract, checkAnswer } from '../../helpers/openapi-check';
import type { Logger } from '../../../main/core/foundations/logger';
import { startStation, type RunningStation } from '../../helpers/station';
import { dashboardClientSource } from '../../../scripts/dashboard-client-source';
import { adminClient } from '../admin/admin-helpers';

/**
 * The dashboard's operations in one table: the station starts only when its routes and the
 * table agree; one middleware reads who may call each operation from it; the served
 * description of the dashboard API is built from it.
 */
const quiet: Logger = { info: () => undefined, error: () => undefined };

describe('the table of dashboard operations', () => {
  it('names what is routed but not described, and what is described but not routed', () => {
    const routes: Array<[string, string]> = ADMIN_OPERATIONS.filter((operation) => operation.path !== '/admin/api/overview').map((operation) => [operation.method, operation.path]);
    routes.push(['POST', '/admin/api/printers/:id/shred']);
    expect(tableDifferences(routes)).toEqual({ undescribed: ['POST /admin/api/printers/:id/shred'], unrouted: ['GET /admin/api/overview'] });
  });

  it('refuses a set of routers with an undescribed route (a planted route)', () => {
    const router = new Router();
    for (const operation of ADMIN_OPERATIONS) router.register(operation.path, [operation.method], () => undefined);
    expect(() => assertAdminTableMatches([router])).not.toThrow();
    router.post('/admin/api/printers/:id/shred', () => undefined);
    expect(() => assertAdminTableMatches([router])).toThrow(/routed but not described: POST \/admin\/api\/printers\/:id\/shred/);
  });
});

describe('the operation guard', () => {
  let url: string;
  let server: ReturnType<Koa['listen']>;
  // A caller made up per test: who they are, the teams they hold each role in, and whose each thing is.
  let caller: DashboardCaller = { sessionId: 's', personId: 'p', stationAdmin: false, memberships: [], actor: { kind: 'person', id: 'p', name: 'P' } };
  const owners: Record<string, string> = { 'job-of-a': 'team-a', 'job-of-b': 'team-b' };
  const deps: GuardDeps = {
    callerOf: () => caller,
    teamsWith: (who, role) => who.memberships.filter((m) => ['admin', 'operator', 'viewer'].indexOf(m.role) <= ['admin', 'operator', 'viewer'].indexOf(role)).map((m) => m.teamId),
    ownerTeamsOf: (_path, params) => (params.id ? [owners[params.id] ?? null] : []),
    parentTeamOf: () => null,
  };
  beforeAll(async () => {
    const router = new Router();
    router.use(adminOperationGuard(() => router, deps));
    router.get('/admin/api/overview', (ctx) => void (ctx.body = { scope: ctx.state.teamScope }));
    router.post('/admin/api/session', (ctx) => void (ctx.body = { signedIn: true }));
    router.patch('/admin/api/printers/:id', (ctx) => void (ctx.body = { renamed: true }));
    router.post('/admin/api/print-jobs/:id/cancel', (ctx) => void (ctx.body = { cancelled: ctx.params.id }));
    router.get('/admin/api/not-in-the-table', (ctx) => void (ctx.body = { leaked: true }));
    const app = new Koa();
    app.use(errorHandler(quiet));
    app.use(router.routes());
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const person = (memberships: DashboardCaller['memberships'], stationAdmin = false): DashboardCaller => ({ sessionId: 's', personId: 'p', stationAdmin, memberships, actor: { kind: 'person', id: 'p', name: 'P' } });
  const message = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

  it('lets a caller through with the role the operation needs in some team, scoped to those teams; public operations need none', async () => {
    caller = person([]);
    const refused = await fetch(`${url}/admin/api/overview`);
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe('This needs the role viewer (or a stronger one) in a team');
    expect((await fetch(`${url}/admin/api/session`, { method: 'POST' })).status).toBe(200);
    caller = person([
      { teamId: 'team-a', role: 'viewer' },
      { teamId: 'team-b', role: 'operator' },
    ]);
    expect(await (await fetch(`${url}/admin/api/overview`)).json()).toEqual({ scope: ['team-a', 'team-b'] });
  });

  it('refuses a station-admin operation to every team role, and lets the station admin do it', async () => {
    caller = person([{ teamId: 'team-a', role: 'admin' }]);
    const refused = await fetch(`${url}/admin/api/printers/p1`, { method: 'PATCH' });
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe('This needs the station admin');
    caller = person([], true);
    expect(await (await fetch(`${url}/admin/api/printers/p1`, { method: 'PATCH' })).json()).toEqual({ renamed: true });
  });

  it('answers 404 for a thing of a team the caller cannot see, 403 for one they see but may not act on', async () => {
    caller = person([
      { teamId: 'team-a', role: 'viewer' },
      { teamId: 'team-c', role: 'operator' },
    ]);
    const unseen = await fetch(`${url}/admin/api/print-jobs/job-of-b/cancel`, { method: 'POST' });
    expect(unseen.status).toBe(404);
    const seen = await fetch(`${url}/admin/api/print-jobs/job-of-a/cancel`, { method: 'POST' });
    expect(seen.status).toBe(403);
    expect(await message(seen)).toBe('This needs the role operator (or a stronger one) in that team');
    expect((await fetch(`${url}/admin/api/print-jobs/no-such-job/cancel`, { method: 'POST' })).status).toBe(404);
    caller = person([{ teamId: 'team-a', role: 'operator' }]);
    expect(await (await fetch(`${url}/admin/api/print-jobs/job-of-a/cancel`, { method: 'POST' })).json()).toEqual({ cancelled: 'job-of-a' });
  });

  it('serves no operation the table does not hold, and leaves unrouted paths to the router', async () => {
    caller = person([], true);
    const undescribed = await fetch(`${url}/admin/api/not-in-the-table`);
    expect(undescribed.status).toBe(500);
    expect(await undescribed.text()).not.toContain('leaked');
    expect((await fetch(`${url}/admin/api/nothing-here`)).status).toBe(404);
  });
});

describe('the station’s dashboard API', () => {
  let running: RunningStation;
  beforeAll(async () => {
    running = await startStation({ background: false });
  });
  afterAll(() => running.stop());

  it('is described as OpenAPI 3.1, every operation with who may call it, and Redocly finds no error in it', async () => {
    const admin = adminClient(running);
    expect((await fetch(`${running.url}/admin/api/openapi.json`)).status).toBe(401);
    const response = await admin.call('/admin/api/openapi.json');
    expect(response.status).toBe(200);
    const source = await response.text();
    const document = JSON.parse(source) as { openapi: string; paths: Record<string, Record<string, { summary: string; 'x-needs': string }>> };
    expect(document.openapi).toBe('3.1.0');
    const described = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ method, path, operation })));
    expect(described).toHaveLength(ADMIN_OPERATIONS.length);
    expect(document.paths['/admin/api/printers/{id}']!.delete).toMatchObject({ summary: 'Remove a missing printer', 'x-needs': 'station-admin' });
    expect(document.paths['/admin/api/print-jobs/{id}/cancel']!.post).toMatchObject({ 'x-needs': 'operator' });
    expect(document.paths['/admin/api/session']!.post!['x-needs']).toBe('public');
    // A body is described by the schema its route validates with.
    const keyBody = document.paths['/admin/api/keys']!.post as unknown as { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } } } };
    expect(keyBody.requestBody.content['application/json'].schema.required.sort()).toEqual(['name', 'teamId']);
    const problems = await lintFromString({ source, absoluteRef: `${running.url}/admin/api/openapi.json`, config: await createConfig({ extends: ['recommended'] }) });
    expect(problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`)).toEqual([]);
  });

  it('describes every operation’s answer: its status, and a JSON body by a zod schema beside its route (or the media types of one that is not JSON)', async () => {
    const keys = ADMIN_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(keys.filter((key) => !OPERATION_ANSWERS[key])).toEqual([]);
    expect(Object.keys(OPERATION_ANSWERS).filter((key) => !keys.includes(key))).toEqual([]);
    const document = (await (await adminClient(running).call('/admin/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const responses = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.responses));
    expect(responses.filter((answers) => '2XX' in answers)).toEqual([]);
    expect(document.paths['/admin/api/printers']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Printer' } });
    expect(document.paths['/admin/api/session']!.delete!.responses).toHaveProperty('204');
    expect(Object.keys(document.paths['/admin/api/documents/{documentId}/pdf']!.get!.responses['200']!.content!)).toEqual(['application/pdf', 'image/png']);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(Object.keys(ANSWER_COMPONENTS)));
  });

  it('is checked against real answers: every read without parameters answers as described, and an answer off its description is caught', async () => {
    const admin = adminClient(running);
    running.team('Contract shop');
    const reads = ADMIN_OPERATIONS.filter((operation) => operation.method === 'GET' && !operation.path.includes(':') && operation.path !== '/admin/api/events');
    expect(reads.length).toBeGreaterThan(15);
    for (const operation of reads) {
      // admin.call checks the answer against the description (test/helpers/openapi-check.ts).
      expect((await admin.call(operation.path)).status, operation.path).toBe(200);
    }
    // The same check refuses a field the description does not have, a missing one, and a status it does not list.
    const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const url = `${running.url}/admin/api/settings/sessions`;
    const policy = { idleHours: 8, absoluteHours: 24, benchIdleMinutes: 15 };
    await expect(checkAnswer('GET', url, answer(policy))).resolves.toBeUndefined();
    await expect(checkAnswer('GET', url, answer({ ...policy, secret: 'x' }))).rejects.toThrow(AnswerOffContract);
    await expect(checkAnswer('GET', url, answer({ idleHours: 8 }))).rejects.toThrow(AnswerOffContract);
    await expect(checkAnswer('GET', url, answer(policy, 201))).rejects.toThrow(/status not in the OpenAPI document/);
    await expect(checkAnswer('GET', url, answer({ error: { code: 'x', message: 'No' } }, 404))).resolves.toBeUndefined();
  });

  it('types the dashboard’s client: the committed generated file is what openapi-typescript writes from this description (npm run generate:dashboard-client)', async () => {
    const committed = readFileSync(new URL('../../../renderer/app/dashboard-api.gen.ts', import.meta.url), 'utf8');
    expect(committed === (await dashboardClientSource()), 'renderer/app/dashboard-api.gen.ts is stale: run npm run generate:dashboard-client').toBe(true);
    expect(committed).toContain('"/admin/api/printers/{id}/test-print"');
  });

  it('validates what it describes: each described body that is not an object is a 400, and nothing is written', async () => {
    const admin = adminClient(running);
    const described = Object.entries(OPERATION_INPUTS).filter(([operation, input]) => input.body && !operation.includes(':'));
    expect(described.length).toBeGreaterThan(10);
    const before = running.station.db.prepare('SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM api_keys) + (SELECT count(*) FROM webhooks)').pluck().get();
    const answers: Record<string, number> = {};
    for (const [operation] of described) {
      const [method, path] = operation.split(' ') as [string, string];
      const response = await fetch(`${running.url}${path}`, { method, headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' }, body: '["not an object"]' });
      const { error } = (await response.json()) as { error: { code: string } };
      answers[operation] = response.status;
      expect(error.code, operation).not.toBe('malformed_json');

    }
    expect(answers).toEqual(Object.fromEntries(described.map(([operation]) => [operation, 400])));
    expect(running.station.db.prepare('SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM api_keys) + (SELECT count(*) FROM webhooks)').pluck().get()).toBe(before);
  });
});
