import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../../main/core/features/keys/service';
import { silentLogger } from '../../main/core/foundations/logger';
import { createStation, type Station, type StationOptions } from '../../main/core/station';
import { createTeam } from '../../main/core/features/teams/service';
import type { TeamRow, TeamType } from '../../main/core/features/teams/store';
import { createStationServer } from '../../main/core/http/server';
import { checkAnswer } from './openapi-check';
import { rendererInWorkerChromium } from './worker-chromium';

export interface RunningStation {
  station: Station;
  url: string;
  dataDir: string;
  /** Creates a team with an API key; returns the team and the key's secret. */
  team(name: string, type?: TeamType, parent?: TeamRow): { team: TeamRow; key: string; keyId: string };
  /** fetch against the station with an optional API key; an `/api/*` answer is checked against the OpenAPI document. */
  call(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * A real station: a SQLite file in a fresh temp dir, the Koa app on a real loopback port.
 * Automatic printing is paused unless a test asks for it (`autoPrint: true`): otherwise a
 * print of every new order would race whatever the test checks.
 */
export async function startStation(options: Partial<StationOptions> = {}, listen: { host?: string } = {}): Promise<RunningStation> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'station-test-'));
  const station = createStation({
    logger: silentLogger,
    background: true,
    autoPrint: false,
    renderAhead: false,
    automaticBackups: false,
    retentionSweeps: false,
    invitationOutbox: false,
    // Its documents render in the worker's Chromium (worker-chromium.ts), not one launched per station.
    pdfRenderer: rendererInWorkerChromium(),
    ...options,
    dataDir,
  });
  const server: Server = createStationServer(station.app);
  // Longer than the test client's own keep-alive (fetch lets an idle socket go after 4 s): the
  // client always closes an idle connection first, so a request never lands on a socket the
  // server is closing at that moment (ECONNRESET on a loaded machine, server default 5 s).
  server.keepAliveTimeout = 30_000;
  // `listen.host` '0.0.0.0' also takes calls from other computers; `url` stays on loopback.
  await new Promise<void>((resolve) => server.listen(0, listen.host ?? '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  station.onListening?.(url);

  return {
    station,
    url,
    dataDir,
    team(name, type = 'standard', parent) {
      return station.db.transaction(() => {
        const { team } = createTeam(station.db, station.hooks, { name, type, parentTeamId: parent?.id });
        const { key, secret } = createApiKey(station.db, team.id, `${name} key`);
        return { team, key: secret, keyId: key.id };
      })();
    },
    async call(path, init = {}) {
      const { key, json, headers, ...rest } = init;
      const method = rest.method ?? (json !== undefined ? 'POST' : 'GET');
      const response = await fetch(`${url}${path}`, {
        ...rest,
        method,
        headers: {
          ...(key ? { 'X-API-Key': key } : {}),
          ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(headers as Record<string, string>),
        },
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
      await checkAnswer(method, `${url}${path}`, response);
      return response;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await station.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A realistic order body. */
export function sampleOrder(sourceId: string | number, overrides: Record<string, unknown> = {}) {
  return {
    sourceId,
    order: {
      orderNumber: `#${sourceId}`,
      orderDate: '2026-11-01T10:00:00Z',
      note: 'Please gift wrap',
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '12 Analytical St', city: 'London', postalCode: 'N1 9GU', country: 'GB' },
      lineItems: [
        { name: 'Mug', quantity: 2, sku: 'MUG-1', price: { amount: 9.5, currency: 'EUR' } },
        { name: 'Tea', quantity: 1, sku: 'TEA-7', price: { amount: 4, currency: 'EUR' } },
      ],
      orderTotal: { amount: 23, currency: 'EUR' },
      tags: [{ label: 'vip' }],
      variables: { giftWrap: true },
      ...overrides,
    },
  };
}

/**
 * Waits until the clock has moved past `iso` (timestamps have millisecond resolution): a
 * write after this carries a later timestamp, so "it moved" and "it stayed" both prove something.
 */
export async function clockPast(iso: string): Promise<void> {
  const at = Date.parse(iso);
  while (Date.now() <= at) await new Promise((resolve) => setImmediate(resolve));
}
