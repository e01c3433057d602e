import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import ja from './ja.json';
import nl from './nl.json';
import pl from './pl.json';

/**
 * A text, or (for a count) one text per plural category of the language: `{"one": "{0}
 * item", "other": "{0} items"}`; Polish needs `few` and `many` too. `other` is required.
 */
type Entry = string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>);

/**
 * The words of the built-in documents, one JSON file per language (a translator edits the
 * file, never code). Keys are the English file's; `{0}` is filled by the filter's argument.
 */
const CATALOGS: Record<string, Record<string, Entry>> = { en, de, fr, es, it, nl, pl, ja };

/** Languages the built-in documents speak; any other locale gets English words (and its own dates and money). */
export const DOCUMENT_LANGUAGES = Object.keys(CATALOGS);

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * `key` in the locale's language (`de-AT` → German), else English; `{0}`… filled from `args`.
 * A text with plural forms takes the form the language's plural rules (`Intl.PluralRules`)
 * give the first argument: "1 item", "2 items", in Polish "2 pozycje", "5 pozycji".
 */
export function translate(locale: string, key: string, args: unknown[] = []): string {
  const language = locale.split('-')[0]!.toLowerCase();
  const entry: Entry | undefined = CATALOGS[language]?.[key] ?? (en as Record<string, Entry>)[key];
  if (entry === undefined) throw new Error(`t: no text "${key}" (keys: main/core/features/documents/i18n/en.json)`);
  const count = Number(args[0]);
  const text = typeof entry === 'string' ? entry : (entry[pluralCategory(CATALOGS[language] ? language : 'en', Number.isFinite(count) ? count : 0)] ?? entry.other);
  return text.replace(/\{(\d)\}/g, (_, index: string) => String(args[Number(index)] ?? ''));
}
