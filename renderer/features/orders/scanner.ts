import { modalOpen } from '../../components/Modal';

/** A barcode scanner is a keyboard that types a whole code within this many ms per key, then Enter. */
export const SCAN_KEY_GAP_MS = 50;
/** Shorter bursts are a person's keys, not a code. */
const SHORTEST_CODE = 3;

/**
 * Keeps scans from being swallowed by whatever has focus. The scan box handles its own
 * keys; everywhere else on the Orders page:
 * - while a dialog is open, printable keys ended by Enter are a scan (in one of the dialog's
 *   text fields only when typed at a scanner's pace): its Enter never reaches the dialog (it
 *   would press a button), and the code goes to `onScan`;
 * - with no dialog open and focus outside a text field, a printable key that is not a
 *   page shortcut moves focus to the scan box and lands there, so the rest of the code
 *   follows it and Enter opens it as usual.
 * Returns the function that stops watching.
 */
export function watchScans(options: { scanBox: () => HTMLInputElement | null; shortcuts: string; onScan(code: string): void }): () => void {
  let buffer = '';
  let lastAt = 0;
  const onKey = (event: KeyboardEvent) => {
    const box = options.scanBox();
    if (!box || event.target === box) return;
    const now = performance.now();
    const printable = event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey;
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement;
    if (modalOpen()) {
      // In a dialog's text field, only a scanner's pace tells a code from a person's typing.
      // Anywhere else in a dialog (its buttons) characters do nothing at all: every run of
      // them ended by Enter is a code, however slowly a loaded machine delivers the keys.
      const paced = typing;
      if (printable) {
        if (paced && now - lastAt > SCAN_KEY_GAP_MS) buffer = '';
        buffer += event.key;
        lastAt = now;
      } else if (event.key === 'Enter') {
        const code = buffer;
        buffer = '';
        if (code.length >= SHORTEST_CODE && (!paced || now - lastAt <= SCAN_KEY_GAP_MS)) {
          event.preventDefault();
          event.stopImmediatePropagation();
          options.onScan(code.trim());
        }
      } else if (event.key !== 'Shift') buffer = '';
      return;
    }
    buffer = '';
    if (!printable || typing || options.shortcuts.includes(event.key)) return;
    // The first key of a code, typed where it would be lost: it starts the scan box's text.
    // Typed into the box as an edit of its own (an input event React sees), synchronously:
    // the next key of the code arrives within milliseconds and must find the box focused.
    event.preventDefault();
    box.focus();
    box.select();
    document.execCommand('insertText', false, event.key);
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
