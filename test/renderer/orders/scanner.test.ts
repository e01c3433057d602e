import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCAN_KEY_GAP_MS, watchScans } from '../../../renderer/features/orders/scanner';

/**
 * The scan watcher's rule for a text field that is not the scan box (a filter, a search):
 * keys at a person's pace stay in the field; a burst at a scanner's pace ended by Enter is
 * taken back out and read as a scan. Keys are sent as a browser would: the keydown, then
 * (unless prevented) the character lands in the field. The clock is the test's.
 */
let now = 0;
let scans: string[];
let stop: () => void;
let scanBox: HTMLInputElement;
let field: HTMLInputElement;

beforeEach(() => {
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  document.body.innerHTML = '<input id="scan"><input id="other" type="search">';
  scanBox = document.querySelector('#scan')!;
  field = document.querySelector('#other')!;
  scans = [];
  stop = watchScans({ scanBox: () => scanBox, shortcuts: 'p/?', onScan: (code) => scans.push(code) });
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

/** Types `text` into the focused field, `gapMs` apart; then Enter. Answers whether Enter went through to the field. */
function type(text: string, gapMs: number): boolean {
  for (const key of text) {
    now += gapMs;
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    if (field.dispatchEvent(event)) field.value += key;
  }
  now += gapMs;
  return field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}

describe('a text field that is not the scan box', () => {
  it('keeps a person’s typing, Enter included', () => {
    field.focus();
    expect(type('Anna', 180)).toBe(true);
    expect(field.value).toBe('Anna');
    expect(scans).toEqual([]);
  });

  it('gives a scanner’s burst to the scan, and the field its text from before the burst', () => {
    field.focus();
    field.value = 'gift';
    now += 1_000;
    expect(type('#2036', 8)).toBe(false);
    expect(scans).toEqual(['#2036']);
    expect(field.value).toBe('gift');
  });

  it('a person’s quick pair of keys before Enter is typing, not a scan (a code is three keys or more at a scanner’s pace)', () => {
    field.focus();
    now += 1_000;
    for (const [key, gap] of [['#', 120], ['2', 130], ['0', 150], ['3', SCAN_KEY_GAP_MS + 40], ['6', 20]] as const) {
      now += gap;
      if (field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))) field.value += key;
    }
    now += 5;
    expect(field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))).toBe(true);
    expect(scans).toEqual([]);
    expect(field.value).toBe('#2036');
  });
});

describe('the scan box', () => {
  it('`/` types nothing there, unless it comes inside a code', () => {
    scanBox.focus();
    now += 1_000;
    expect(scanBox.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true }))).toBe(false);
    // A code with a slash: its keys come within a scanner's gap of each other.
    scanBox.value = 'A';
    scanBox.dispatchEvent(new KeyboardEvent('keydown', { key: 'A', bubbles: true, cancelable: true }));
    now += 5;
    expect(scanBox.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true }))).toBe(true);
  });
});
