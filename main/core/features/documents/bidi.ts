/**
 * Bidirectional controls in order text: the embeddings and overrides (U+202A–U+202E) and
 * isolates (U+2066–U+2069) reorder the text after them up to the end of the paragraph, so an
 * order's name with a right-to-left override could turn the next field of a document around
 * (an amount, an address). A value holding any is wrapped as an isolate of its own:
 * FSI … PDI, with a PDI for each isolate it left open. By the Unicode bidi algorithm the
 * closing PDI also ends every embedding and override opened inside, so the value is laid out
 * as it says and its neighbours as they say. A plain character pair, it works in text and in
 * attributes alike; text without such controls is left as it is.
 */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
const FSI = '\u2068';
const PDI = '\u2069';

export function isolateBidi(text: string): string {
  if (!BIDI_CONTROL.test(text)) return text;
  let openIsolates = 0;
  for (const char of text) {
    if (char === '\u2066' || char === '\u2067' || char === '\u2068') openIsolates++;
    else if (char === PDI && openIsolates > 0) openIsolates--;
  }
  return `${FSI}${text}${PDI.repeat(openIsolates)}${PDI}`;
}
