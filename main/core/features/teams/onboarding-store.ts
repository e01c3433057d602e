import { statement } from '../../foundations/db/statements';
import type { Db } from '../../foundations/db/open';

export type TaskOwner = 'three_pl' | 'merchant';

export interface OnboardingTaskRow {
  team_id: string;
  kind: string;
  title: string;
  owner: TaskOwner;
  position: number;
  completed_at: string | null;
  completed_by: string | null;
  created_at: string;
}

export interface OnboardingCounts {
  total: number;
  completed: number;
  openThreePlTasks: number;
  openMerchantTasks: number;
}

export function insertOnboardingTask(db: Db, task: OnboardingTaskRow): void {
  statement(db, 
    `INSERT INTO onboarding_tasks (team_id, kind, title, owner, position, completed_at, completed_by, created_at)
     VALUES (@team_id, @kind, @title, @owner, @position, @completed_at, @completed_by, @created_at)
     ON CONFLICT (team_id, kind) DO NOTHING`,
  ).run(task);
}

export function listOnboardingTasks(db: Db, teamId: string): OnboardingTaskRow[] {
  return statement(db, 'SELECT * FROM onboarding_tasks WHERE team_id = ? ORDER BY position').all(teamId) as OnboardingTaskRow[];
}

export function getOnboardingTask(db: Db, teamId: string, kind: string): OnboardingTaskRow | undefined {
  return statement(db, 'SELECT * FROM onboarding_tasks WHERE team_id = ? AND kind = ?').get(teamId, kind) as OnboardingTaskRow | undefined;
}

/** Marks an open task done; a task already done keeps its first completion. Returns true when it changed. */
export function completeOnboardingTaskRow(db: Db, teamId: string, kind: string, at: string, by: string | null): boolean {
  return (
    statement(db, 'UPDATE onboarding_tasks SET completed_at = ?, completed_by = ? WHERE team_id = ? AND kind = ? AND completed_at IS NULL')
      .run(at, by, teamId, kind).changes === 1
  );
}

export function reopenOnboardingTaskRow(db: Db, teamId: string, kind: string): boolean {
  return statement(db, 'UPDATE onboarding_tasks SET completed_at = NULL, completed_by = NULL WHERE team_id = ? AND kind = ?').run(teamId, kind).changes === 1;
}

export function onboardingCounts(db: Db, teamId: string): OnboardingCounts {
  const row = statement(db, 
      `SELECT COUNT(*) AS total,
              COUNT(completed_at) AS completed,
              COALESCE(SUM(completed_at IS NULL AND owner = 'three_pl'), 0) AS openThreePlTasks,
              COALESCE(SUM(completed_at IS NULL AND owner = 'merchant'), 0) AS openMerchantTasks
       FROM onboarding_tasks WHERE team_id = ?`,
    )
    .get(teamId) as OnboardingCounts;
  return { ...row };
}
