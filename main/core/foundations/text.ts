/**
 * A name as one line of text: control characters (CR, LF, TAB, NUL, …, and the Unicode line
 * and paragraph separators) become spaces, runs of spaces one, the ends trimmed. Names reach
 * mail bodies and subjects, documents and logs, where a line break would start a line the
 * name's author wrote.
 */
export function singleLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Whether a name holds control characters (a line break, a tab, NUL…): names that must stay one clean line refuse them. */
export function hasControlCharacters(text: string): boolean {
  return /\p{Cc}/u.test(text);
}

/** Text made safe for HTML content and quoted attributes: the one escaper of documents, pages and markup the station writes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
