import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleOrder } from '../../helpers/station';
import { serve, station as stationBinary, stationJson as stationJsonBinary, type Served } from './run-station';
import { stationHere as station, stationJsonHere as stationJson } from './in-process';

// The commands run in this process beside a `serve` child on the same data dir (two processes,
// as at a station); a few cases run the real binary, through node and through npm, whose
// start takes seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let dataDir: string;
let running: Served;

type TeamJson = { id: string; name: string; slug: string; type: string; parent_team_id: string | null; status: string; owner: { userId: string; name: string; email: string | null } };
type KeyJson = { id: string; teamId: string; name: string; prefix: string; secret: string; revokedAt: string | null };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'station-cli-'));
  // Every command below runs while `serve` holds the same data dir.
  running = await serve(['--data-dir', dataDir, '--port', '0']);
});
afterAll(async () => {
  running?.child.kill('SIGTERM');
  await running?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('station teams', () => {
  it('teams create --json prints the team; standard by default, live, with the operator as admin', async () => {
    const team = await stationJsonBinary<TeamJson>(['teams', 'create', '--data-dir', dataDir, '--name', 'Corner Shop']);
    expect(team).toMatchObject({ name: 'Corner Shop', slug: 'corner-shop', type: 'standard', parent_team_id: null, status: 'live' });
    expect(team.owner.name).toBe('Station operator');
  });

  it('teams create --type three_pl --owner-name --owner-email makes that person the admin', async () => {
    const team = await stationJson<TeamJson>(['teams', 'create', '--data-dir', dataDir, '--name', 'Fulfil', '--type', 'three_pl', '--owner-name', 'Grace Hopper', '--owner-email', 'grace@example.com']);
    expect(team.type).toBe('three_pl');
    expect(team.owner).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' });
  });

  it('teams create --type merchant --parent makes an onboarding merchant of a 3PL', async () => {
    const parent = await stationJson<TeamJson>(['teams', 'create', '--data-dir', dataDir, '--name', 'Parent 3PL', '--type', 'three_pl']);
    const merchant = await stationJson<TeamJson>(['teams', 'create', '--data-dir', dataDir, '--name', 'Little Merchant', '--type', 'merchant', '--parent', parent.id]);
    expect(merchant).toMatchObject({ type: 'merchant', parent_team_id: parent.id, status: 'onboarding' });
  });

  it('without --json it prints lines for people, with the id', async () => {
    const result = await station(['teams', 'create', '--data-dir', dataDir, '--name', 'Human Shop']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/created team Human Shop \(standard\)\n\s+id:\s+[0-9a-f-]{36}/);
  });

  it('teams list shows every team, as lines or --json', async () => {
    const list = await stationJson<TeamJson[]>(['teams', 'list', '--data-dir', dataDir]);
    expect(list.map((t) => t.name)).toEqual(expect.arrayContaining(['Corner Shop', 'Fulfil', 'Little Merchant', 'Human Shop']));
    const text = await station(['teams', 'list', '--data-dir', dataDir]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Corner Shop');
    expect(text.stdout).toContain('merchant of');
  });
});

describe('station keys, while serve runs on the same data dir', () => {
  it('keys create prints the id and secret once; the key works against the running station at once', async () => {
    const team = await stationJson<TeamJson>(['teams', 'create', '--data-dir', dataDir, '--name', 'Keyed Shop']);
    const key = await stationJson<KeyJson>(['keys', 'create', '--data-dir', dataDir, '--team', team.id, '--name', 'warehouse']);
    expect(key.secret).toMatch(/^ops_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ teamId: team.id, name: 'warehouse', revokedAt: null });
    const whoami = await fetch(`${running.url}/api/auth/whoami`, { headers: { 'X-API-Key': key.secret } });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { teamId: string }).teamId).toBe(team.id);
    const order = await fetch(`${running.url}/api/orders`, { method: 'POST', headers: { 'X-API-Key': key.secret }, body: JSON.stringify(sampleOrder('cli-1')) });
    expect(order.status).toBe(201);
  });

  it('keys list shows prefixes and state, never secrets', async () => {
    const team = await stationJson<TeamJson>(['teams', 'create', '--data-dir', dataDir, '--name', 'Listed Shop']);
    const key = await stationJson<KeyJson>(['keys', 'create', '--data-dir', dataDir, '--team', team.id, '--name', 'listed']);
    const list = await stationJson<KeyJson[]>(['keys', 'list', '--data-dir', dataDir, '--team', team.id]);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: key.id, prefix: key.secret.slice(0, 12), revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(key.secret);
    const text = await station(['keys', 'list', '--data-dir', dataDir]);
    expect(text.stdout).toContain(key.id);
    expect(text.stdout).not.toContain(key.secret);
  });

  it('keys revoke makes the running station answer 401 for that key', async () => {
    const team = await stationJson<TeamJson>(['teams', 'create', '--data-dir', dataDir, '--name', 'Revoked Shop']);
    const key = await stationJson<KeyJson>(['keys', 'create', '--data-dir', dataDir, '--team', team.id, '--name', 'old']);
    expect((await fetch(`${running.url}/api/auth/whoami`, { headers: { 'X-API-Key': key.secret } })).status).toBe(200);
    const revoked = await station(['keys', 'revoke', '--data-dir', dataDir, '--id', key.id]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`revoked API key old (${key.id})`);
    expect((await fetch(`${running.url}/api/auth/whoami`, { headers: { 'X-API-Key': key.secret } })).status).toBe(401);
    const list = await stationJson<KeyJson[]>(['keys', 'list', '--data-dir', dataDir, '--team', team.id]);
    expect(list[0]!.revokedAt).not.toBeNull();
  });

  it('a key for an unknown team, or revoking an unknown key, is a message and exit code 1', async () => {
    const create = await station(['keys', 'create', '--data-dir', dataDir, '--team', 'no-such-team', '--name', 'x']);
    expect(create.code).toBe(1);
    expect(create.stderr).toBe('station: No team no-such-team\n');
    const revoke = await station(['keys', 'revoke', '--data-dir', dataDir, '--id', 'no-such-key']);
    expect(revoke.code).toBe(1);
  });
});

describe('usage errors exit with code 2 and print the usage', () => {
  it.each([
    ['no command', []],
    ['an unknown command', ['frobnicate']],
    ['teams without a subcommand', ['teams']],
    ['teams create without --name', ['teams', 'create', '--data-dir', 'unused']],
    ['teams create with an unknown --type', ['teams', 'create', '--name', 'X', '--type', 'galaxy']],
    ['a merchant without --parent', ['teams', 'create', '--name', 'X', '--type', 'merchant']],
    ['keys create without --team', ['keys', 'create', '--name', 'x']],
    ['keys revoke without --id', ['keys', 'revoke']],
    ['an unknown flag', ['teams', 'list', '--colour']],
    ['serve with a port that is not a number', ['serve', '--port', 'abc']],
    ['serve with a port out of range', ['serve', '--port', '70000']],
    ['serve with a print cache size that is not a number', ['serve', '--print-cache-mb', 'lots']],
  ])('%s', async (_case, args) => {
    const result = await station(args);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toContain('station serve');
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it('--help prints the usage and exits 0', async () => {
    const result = await station(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('station keys create');
  });
});

describe('npm scripts', () => {
  it('`npm run station -- ARGS` is `station ARGS`', async () => {
    const result = await stationBinary(['run', '-s', 'station', '--', 'teams', 'list', '--data-dir', dataDir, '--json'], { command: ['npm'] });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as TeamJson[]).map((t) => t.name)).toContain('Corner Shop');
  });

  it('`npm run serve -- ARGS` is `station serve ARGS`', async () => {
    const result = await stationBinary(['run', '-s', 'serve', '--', '--port', 'abc'], { command: ['npm'] });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port takes a number');
  });
});
