import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/core/foundations/db/open';
import { databaseBefore } from '../../helpers/migration';
import { useTestCups } from '../../helpers/cups/test-cups';

// This file prints: a CUPS scheduler of its own, with the suite's queues (test/helpers/cups).
useTestCups();

/** 0018 lets a print job end `unknown`; every job and its documents survive the change. */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-0018-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const AT = '2026-01-01T00:00:00.000Z';

describe('migration 0018: the unknown job state', () => {
  it('keeps every job, its state and its documents, and then takes unknown (and still refuses nonsense)', () => {
    const { db: before, teamId } = databaseBefore(dir, 18, 'Упгрейд');
    before.prepare("INSERT INTO printers (id, backend, vendor_id, name, status, present, created_at, updated_at) VALUES ('p', 'cups', 'PDF', 'PDF', 'online', 1, ?, ?)").run(AT, AT);
    before.prepare("INSERT INTO print_batches (id, request_id, team_id, printer_id, name, trigger, state, orders, created_at, updated_at) VALUES ('b', 'r', ?, 'p', 'Morning', 'api', 'printing', '[]', ?, ?)").run(teamId, AT, AT);
    const job = before.prepare(
      `INSERT INTO print_jobs (id, batch_id, request_id, team_id, printer_id, paper, state, attempts, next_attempt_at, reason, created_at, updated_at, forced)
       VALUES (?, 'b', 'r', ?, 'p', '{}', ?, ?, ?, ?, ?, ?, ?)`,
    );
    job.run('j1', teamId, 'done', 1, AT, null, AT, AT, 0);
    job.run('j2', teamId, 'failed', 5, AT, 'CUPS refused the job', AT, AT, 1);
    job.run('j3', teamId, 'queued', 0, AT, null, AT, AT, 0);
    before.prepare("INSERT INTO print_job_documents (job_id, position, document_id, order_id) VALUES ('j2', 0, 'd', 'o')").run();
    before.close();

    const db = openDatabase(dir);
    try {
      expect(db.prepare('SELECT id, state, attempts, reason, forced FROM print_jobs ORDER BY id').all()).toEqual([
        { id: 'j1', state: 'done', attempts: 1, reason: null, forced: 0 },
        { id: 'j2', state: 'failed', attempts: 5, reason: 'CUPS refused the job', forced: 1 },
        { id: 'j3', state: 'queued', attempts: 0, reason: null, forced: 0 },
      ]);
      expect(db.prepare('SELECT job_id FROM print_job_documents').all()).toEqual([{ job_id: 'j2' }]);
      db.prepare("UPDATE print_jobs SET state = 'unknown' WHERE id = 'j1'").run();
      expect(() => db.prepare("UPDATE print_jobs SET state = 'lost' WHERE id = 'j1'").run()).toThrow(/CHECK constraint failed/);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'print_jobs_state'").pluck().get()).toBe('print_jobs_state');
      expect(db.pragma('foreign_key_check')).toEqual([]);
    } finally {
      db.close();
    }
  });
});
