import { describe, expect, it } from 'vitest';
import { FailingJobs, trayLevel, trayTooltip } from '../../main/electron/tray-state';

describe('tray state', () => {
  const base = { listening: 'http://127.0.0.1:5717', printersOnline: 2, printersTotal: 2, failingJobs: 0 };

  it('is ok while listening with printers online and nothing failing', () => {
    expect(trayLevel(base)).toBe('ok');
    expect(trayTooltip(base)).toBe('Order Print Station — listening on 127.0.0.1:5717\n2 of 2 printers online\nNo failing print jobs');
  });

  it('warns when no printer is online and errs when jobs fail or the station does not listen', () => {
    expect(trayLevel({ ...base, printersOnline: 0 })).toBe('warning');
    expect(trayLevel({ ...base, failingJobs: 1 })).toBe('error');
    expect(trayLevel({ ...base, listening: null })).toBe('error');
  });

  it('counts a job as failing until a later state of it arrives', () => {
    const failing = new FailingJobs();
    expect(failing.update('a', 'failed')).toBe(true);
    expect(failing.update('b', 'failed')).toBe(true);
    expect(failing.update('a', 'failed')).toBe(false);
    expect(failing.update('a', 'done')).toBe(true);
    expect(failing.count).toBe(1);
  });
});
