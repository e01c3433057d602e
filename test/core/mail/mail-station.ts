import { afterAll, beforeAll, expect } from 'vitest';
import type { TeamRow } from '../../../main/core/features/teams/store';
import { startStation, type RunningStation } from '../../helpers/station';
import { stationInProcess } from '../cli/in-process';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

/*
 * The invitation tests' station: an SMTP server, a station and a 3PL, started before a file's
 * tests (useMailStation) and stopped after. The bindings below are live: a file that imports
 * them reads the ones its own beforeAll set.
 */
export let s: RunningStation;
export let smtp: TestSmtpServer;
let session: string;
export let threePl: { team: TeamRow; key: string };

/** Starts the file's station and SMTP server before its tests, and stops them after. */
export function useMailStation(): void {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startStation();
    session = s.station.services.adminSessions.createSessionToken();
    threePl = s.team('Mail 3PL', 'three_pl');
  });
  afterAll(async () => {
    await s.stop();
    await smtp.stop();
  });
}

export const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  s.call(path, { ...init, headers: { Authorization: `Bearer ${session}` } });

export const mailSettings = (overrides: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: smtp.port,
  secure: false,
  user: 'station',
  password: 's3cret',
  from: 'Print Station <station@example.com>',
  ...overrides,
});

export async function configureMail(overrides: Record<string, unknown> = {}) {
  const res = await admin('/admin/api/settings/mail', { method: 'PUT', json: mailSettings(overrides) });
  expect(res.status).toBe(200);
}

export async function createMerchant(name: string, email?: string) {
  const res = await s.call('/api/teams/merchants', { key: threePl.key, json: { name, ...(email ? { email } : {}) } });
  expect(res.status).toBe(201);
  return (await res.json()) as { team: { id: string }; invitationSent: boolean };
}

export const acceptLinkIn = (text: string) => /(http:\/\/\S+\/invitations\/([A-Za-z0-9_-]{43}))/.exec(text);

/** Runs the CLI in-process on the test station's data dir. */
export const cli = (args: string[], stdin?: string) => stationInProcess(s.dataDir, args, stdin);
