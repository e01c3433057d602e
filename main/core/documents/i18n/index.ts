import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import ja from './ja.json';
import nl from './nl.json';
import pl from './pl.json';

/**
 * The words of the built-in documents, one JSON file per language (a translator edits the
 * file, never code). Keys are the English file's; `{0}` is filled by the filter's argument.
 */
const CATALOGS: Record<string, Record<string, string>> = { en, de, fr, es, it, nl, pl, ja };

/** Languages the built-in documents speak; any other locale gets English words (and its own dates and money). */
export const DOCUMENT_LANGUAGES = Object.keys(CATALOGS);

/** `key` in the locale's language (`de-AT` → German), else English; `{0}`… filled from `args`. */
export function translate(locale: string, key: string, args: unknown[] = []): string {
  const language = locale.split('-')[0]!.toLowerCase();
  const text = CATALOGS[language]?.[key] ?? en[key as keyof typeof en];
  if (text === undefined) throw new Error(`t: no text "${key}" (keys: main/core/documents/i18n/en.json)`);
  return text.replace(/\{(\d)\}/g, (_, index: string) => String(args[Number(index)] ?? ''));
}
