/**
 * What the tray icon says about the station, computed from what the station reports (no
 * Electron here, so the rules are testable on plain Node).
 */
export interface TrayState {
  listening: string | null;
  printersOnline: number;
  printersTotal: number;
  /** Jobs whose latest state is `failed`. */
  failingJobs: number;
}

export type TrayLevel = 'ok' | 'warning' | 'error';

export function trayLevel(state: TrayState): TrayLevel {
  if (!state.listening || state.failingJobs > 0) return 'error';
  if (state.printersTotal > 0 && state.printersOnline === 0) return 'warning';
  return 'ok';
}

export function trayTooltip(state: TrayState): string {
  const lines = [
    state.listening ? `Order Print Station — listening on ${state.listening.replace(/^https?:\/\//, '')}` : 'Order Print Station — not listening',
    `${state.printersOnline} of ${state.printersTotal} printers online`,
    state.failingJobs > 0 ? `${state.failingJobs} print ${state.failingJobs === 1 ? 'job' : 'jobs'} failing` : 'No failing print jobs',
  ];
  return lines.join('\n');
}

/** Keeps the set of failing jobs from job events: a retried job that succeeds leaves it. */
export class FailingJobs {
  private readonly failing = new Set<string>();
  update(jobId: string, state: string): boolean {
    const before = this.failing.size;
    if (state === 'failed') this.failing.add(jobId);
    else this.failing.delete(jobId);
    return this.failing.size !== before;
  }
  get count(): number {
    return this.failing.size;
  }
}
