import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../main/core/foundations/db/migrate';
import { createHooks } from '../../../main/core/features/hooks';
import { createApiKey } from '../../../main/core/features/keys/service';
import { silentLogger } from '../../../main/core/foundations/logger';
import { createStation } from '../../../main/core/station';
import { createTeam } from '../../../main/core/features/teams/service';
import { startStation, sampleOrder } from '../../helpers/station';
import { json, type DocumentView } from './documents-harness';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A station.db as the station left it before documents existed (migrations up to 0004). */
function databaseBeforeDocuments() {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-pre-docs-'));
  dirs.push(dataDir);
  const db = new Database(join(dataDir, 'station.db'));
  migrate(db, loadMigrations().filter((m) => m.version < 5));
  const { team, secret } = db.transaction(() => {
    const { team } = createTeam(db, createHooks(), { name: 'Old Team', type: 'standard' });
    return { team, secret: createApiKey(db, team.id, 'old key').secret };
  })();
  db.close();
  return { dataDir, team, secret };
}

it('a team created before documents existed gets the built-in templates and default flow on first use', async () => {
  const { dataDir, team, secret } = databaseBeforeDocuments();
  const s = await startStation({ dataDir });
  try {
    expect(s.station.db.prepare('SELECT COUNT(*) AS n FROM document_templates WHERE team_id = ?').get(team.id)).toEqual({ n: 0 });
    const order = await json<{ id: string }>(await s.call('/api/orders', { key: secret, json: sampleOrder('old-1') }), 201);
    const docs = s.station.services.documents.listForOrder(order.id);
    expect(docs.map((d: DocumentView) => [d.tag, d.complete])).toEqual([['packing-slip', true]]);
    expect(s.station.db.prepare('SELECT COUNT(*) AS n FROM document_templates WHERE team_id = ?').get(team.id)).toEqual({ n: 6 });
  } finally {
    await s.stop();
  }
});

it('the station closes its browser on close', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'station-close-'));
  dirs.push(dataDir);
  const station = createStation({ dataDir, logger: silentLogger });
  const paper = { name: 'A6', widthMm: 105, heightMm: 148, orientation: 'portrait' as const, marginsMm: { top: 5, right: 5, bottom: 5, left: 5 } };
  await station.services.pdfRenderer.render([{ html: '<p>x</p>', paper }], paper);
  await station.close();
  await expect(station.services.pdfRenderer.render([{ html: '<p>x</p>', paper }], paper)).rejects.toThrow(/closed/);
});
