import { describe, expect, it } from 'vitest';
import { failedReason, jobProblem, printerProblem, reasonKeywords, waitingReason } from '../../../main/core/features/printers/ipp-reasons';

describe('IPP state reasons in words', () => {
  it('reads keywords from a CSV cell, dropping none', () => {
    expect(reasonKeywords('media-empty-error,door-open-warning')).toEqual(['media-empty-error', 'door-open-warning']);
    expect(reasonKeywords('none')).toEqual([]);
    expect(reasonKeywords(undefined)).toEqual([]);
  });

  it('names what a printer needs, whatever the severity suffix, and skips reports', () => {
    expect(printerProblem(['media-empty-error'])).toBe('the printer is out of paper');
    expect(printerProblem(['media-jam'])).toBe('paper is jammed in the printer');
    expect(printerProblem(['door-open-warning', 'toner-empty-error'])).toBe('a door of the printer is open; the printer is out of toner');
    expect(printerProblem(['offline-report'])).toBeUndefined();
    expect(printerProblem(['offline'])).toBe('the printer is offline');
    // An error the station has no words for is still shown, never dropped.
    expect(printerProblem(['opc-life-over-error'])).toBe('the printer reports opc life over');
    expect(printerProblem(['cups-waiting-for-job-completed'])).toBeUndefined();
  });

  it('words a waiting job by the printer first, then by the job', () => {
    expect(waitingReason(['job-printing'], ['media-empty-error'])).toBe('Waiting at the printer: the printer is out of paper');
    expect(waitingReason(['printer-stopped'], [])).toBe('Waiting at the printer: the printer is stopped');
    expect(waitingReason(['job-queued'], ['none'])).toBeUndefined();
  });

  it('words an ended job by its own reason and what the printer said', () => {
    expect(jobProblem(['job-canceled-at-device'])).toBe('Cancelled at the printer');
    expect(jobProblem(['job-completed-with-errors'])).toBe('Printed, but the printer reported errors');
    expect(failedReason(['aborted-by-system'], ['media-jam-error'], 'fallback')).toBe('The print system aborted the job (paper is jammed in the printer)');
    expect(failedReason([], [], 'The printer system cancelled or aborted the job')).toBe('The printer system cancelled or aborted the job');
  });
});
