import { modalOpen } from '../../components/Modal';

/** A barcode scanner is a keyboard that types a whole code within this many ms per key, then Enter. */
export const SCAN_KEY_GAP_MS = 50;
/** Shorter bursts are a person's keys, not a code. */
const SHORTEST_CODE = 3;

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'number', 'tel', 'url', 'password', '']);

/** Whether keys typed at `target` become its text (a text field, a text area, an editable element), as opposed to a checkbox, a select, a button, a link or the page. */
export function isTextEntry(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement | HTMLElement {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}

/**
 * When the key was pressed: the event's own time stamp, which the browser takes from the
 * operating system's key event. A busy page (a re-render after the code's first key) handles
 * a burst's keys late and unevenly, but their time stamps keep the scanner's pace.
 */
function keyTime(event: KeyboardEvent): number {
  return event.timeStamp > 0 ? event.timeStamp : performance.now();
}

/** Sets a field's value the way typing does, so React's controlled inputs see the change. */
function restoreValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Keeps scans from being swallowed by whatever has focus. Wherever focus is on the bench's
 * page, a scanner's burst (printable keys each within SCAN_KEY_GAP_MS of the last, then
 * Enter) is a scan:
 * - in the scan box: the box handles its keys; `/` (the key that goes to the box) types
 *   nothing there unless it comes inside a burst, as part of a code;
 * - while a dialog is open: printable keys ended by Enter are a scan (in one of the dialog's
 *   text fields only when typed at a scanner's pace): its Enter never reaches the dialog (it
 *   would press a button), and the code goes to `onScan`;
 * - in another text field (a filter, a search): a person's typing stays; a burst at a
 *   scanner's pace ended by Enter is taken back out of the field and goes to `onScan`;
 * - anywhere else (a checkbox, a select, a button, a link, the page): a printable key that
 *   is not a page shortcut moves focus to the scan box and lands there (a select does not
 *   jump to a matching option, a checkbox does not toggle), so the rest of the code
 *   follows it and Enter opens it as usual.
 * Returns the function that stops watching.
 */
export function watchScans(options: { scanBox: () => HTMLInputElement | null; shortcuts: string; onScan(code: string): void }): () => void {
  let buffer = '';
  let lastAt = -Infinity;
  /** The text field's value before the burst began, to put back when the burst is a scan. */
  let before: { field: HTMLInputElement | HTMLTextAreaElement; value: string } | undefined;
  let lastBoxKeyAt = -Infinity;

  const take = (event: KeyboardEvent, now: number) => {
    const burst = buffer !== '' && now - lastAt <= SCAN_KEY_GAP_MS;
    if (!burst) {
      buffer = '';
      const field = event.target;
      before = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? { field, value: field.value } : undefined;
    }
    buffer += event.key;
    lastAt = now;
  };

  const onKey = (event: KeyboardEvent) => {
    const box = options.scanBox();
    if (!box) return;
    const now = keyTime(event);
    const printable = event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey;
    if (event.target === box) {
      // `/` goes to the scan box; pressed there it types nothing, unless a code carries it.
      const inCode = box.value !== '' && now - lastBoxKeyAt <= SCAN_KEY_GAP_MS;
      if (event.key === '/' && printable && !inCode) {
        event.preventDefault();
        box.select();
      }
      lastBoxKeyAt = now;
      return;
    }
    const textEntry = isTextEntry(event.target);
    if (modalOpen()) {
      // In a dialog's text field, only a scanner's pace tells a code from a person's typing.
      // Anywhere else in a dialog (its buttons) characters do nothing at all: every run of
      // them ended by Enter is a code, however slowly a loaded machine delivers the keys.
      if (printable) {
        if (textEntry && now - lastAt > SCAN_KEY_GAP_MS) buffer = '';
        buffer += event.key;
        lastAt = now;
      } else if (event.key === 'Enter') {
        const code = buffer;
        buffer = '';
        if (code.length >= SHORTEST_CODE && (!textEntry || now - lastAt <= SCAN_KEY_GAP_MS)) {
          event.preventDefault();
          event.stopImmediatePropagation();
          options.onScan(code.trim());
        }
      } else if (event.key !== 'Shift') buffer = '';
      return;
    }
    if (textEntry) {
      // A person types here; a scanner's burst is taken back out and read as a scan.
      if (printable) take(event, now); else if (event.key === 'Enter') {
        const code = buffer;
        const field = before;
        buffer = '';
        // The burst is the keys since the last pause longer than a scanner's gap.
        if (code.length >= SHORTEST_CODE && now - lastAt <= SCAN_KEY_GAP_MS) {
          event.preventDefault();
          event.stopImmediatePropagation();
          if (field && field.field === event.target) restoreValue(field.field, field.value);
          options.onScan(code.trim());
        }
      } else if (event.key !== 'Shift') buffer = '';
      return;
    }
    buffer = '';
    // Space keeps its meaning (it ticks a checkbox, presses a button, selects a row); codes do not start with it.
    if (!printable || event.key === ' ' || options.shortcuts.includes(event.key)) return;
    // The first key of a code, typed where it would be lost: it starts the scan box's text.
    // Typed into the box as an edit of its own (an input event React sees), synchronously:
    // the next key of the code arrives within milliseconds and must find the box focused.
    event.preventDefault();
    box.focus();
    box.select();
    document.execCommand('insertText', false, event.key);
    lastBoxKeyAt = now;
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
