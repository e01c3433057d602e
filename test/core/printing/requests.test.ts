import { describe, expect, it } from 'vitest';
import { requestState, requestTitle } from '../../../main/core/features/printing/requests/request-state';

const job = (state: string, printerId = 'p1', reason: string | null = null) => ({ state, printerId, reason });

describe('a print request, by one rule from its jobs', () => {
  it('failed beats everything; waiting is an open job at an offline printer or a retry; then printing; then done', () => {
    const offline = new Set(['paused']);
    expect(requestState([job('done'), job('failed')], offline)).toBe('failed');
    expect(requestState([job('done'), job('submitted', 'paused')], offline)).toBe('waiting');
    expect(requestState([job('queued', 'p1', 'Attempt 1 failed, retrying: CUPS refused the job')], offline)).toBe('waiting');
    expect(requestState([job('done'), job('submitted')], offline)).toBe('printing');
    expect(requestState([job('queued')], offline)).toBe('printing');
    expect(requestState([job('done'), job('unknown')], offline)).toBe('done');
    // A finished job at a printer that went offline later does not make the request wait.
    expect(requestState([job('done', 'paused')], offline)).toBe('done');
  });

  it('says what the request was', () => {
    expect(requestTitle({ name: '#2007 scanned', trigger: 'admin' }, ['#2007'])).toBe('#2007 scanned');
    expect(requestTitle({ name: 'Print 2026-11-25 14:58', trigger: 'admin' }, Array.from({ length: 10 }, (_, i) => `#${i}`))).toBe('10 orders from the dashboard');
    expect(requestTitle({ name: 'Print 2026-11-25 14:58', trigger: 'auto' }, ['#1001'])).toBe('Auto-print #1001');
    expect(requestTitle({ name: 'Wave 12 · Волна', trigger: 'api' }, ['#1', '#2'])).toBe('API · Wave 12 · Волна');
    expect(requestTitle({ name: 'Print 2026-11-25 14:58', trigger: 'api' }, ['#1', '#2'])).toBe('API · 2 orders');
  });
});
