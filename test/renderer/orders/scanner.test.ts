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
  // A handler that looks at the wall clock instead of the key's time stamp reads this.
  vi.spyOn(performance, 'now').mockImplementation(() => now + 10_000);
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

/** A key press at the test's clock: its time stamp is when the key went down, as the browser stamps it from the operating system's event. */
function keydown(key: string): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: now });
  return event;
}

/** Types `text` into the focused field, `gapMs` apart; then Enter. Answers whether Enter went through to the field. */
function type(text: string, gapMs: number): boolean {
  for (const key of text) {
    now += gapMs;
    const event = keydown(key);
    if (field.dispatchEvent(event)) field.value += key;
  }
  now += gapMs;
  return field.dispatchEvent(keydown('Enter'));
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

  it('reads the pace from the keys’ time stamps: a burst a busy page handles late is still a scan', () => {
    field.focus();
    now += 1_000;
    let wall = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (wall += 200));
    expect(type('#2102', 8)).toBe(false);
    expect(scans).toEqual(['#2102']);
    expect(field.value).toBe('');
  });

  it('a person’s quick pair of keys before Enter is typing, not a scan (a code is three keys or more at a scanner’s pace)', () => {
    field.focus();
    now += 1_000;
    for (const [key, gap] of [['#', 120], ['2', 130], ['0', 150], ['3', SCAN_KEY_GAP_MS + 40], ['6', 20]] as const) {
      now += gap;
      if (field.dispatchEvent(keydown(key))) field.value += key;
    }
    now += 5;
    expect(field.dispatchEvent(keydown('Enter'))).toBe(true);
    expect(scans).toEqual([]);
    expect(field.value).toBe('#2036');
  });
});

describe('the scan box', () => {
  it('`/` types nothing there, unless it comes inside a code', () => {
    scanBox.focus();
    now += 1_000;
    expect(scanBox.dispatchEvent(keydown('/'))).toBe(false);
    // A code with a slash: its keys come within a scanner's gap of each other.
    scanBox.value = 'A';
    scanBox.dispatchEvent(keydown('A'));
    now += 5;
    expect(scanBox.dispatchEvent(keydown('/'))).toBe(true);
  });
});
