/** A locale as Intl knows it (`de-AT`, `ja`), or undefined for anything Intl refuses. */
export function canonicalLocale(locale: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    return canonical && Intl.DateTimeFormat.supportedLocalesOf(canonical).length ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** The station's own locale: `STATION_LOCALE`, else the OS's (Node reads LANG / the system). */
export function stationLocale(env: NodeJS.ProcessEnv = process.env): string {
  return canonicalLocale(env.STATION_LOCALE ?? '') ?? Intl.DateTimeFormat().resolvedOptions().locale;
}
