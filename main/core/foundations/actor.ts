/**
 * Who did something: a person (by id and name as they read then), the station admin's own
 * session, an API key (its name), or the station itself (automatic printing, retention).
 * Stored with what they did (print batches, the activity list), so "reprinted by Ana"
 * stays true after Ana's name changes. Passed by hand from the request's caller to what
 * it writes (an AsyncLocalStorage would do it unasked, at the cost of promise hooks on
 * every await of the station, ingest included).
 */
export interface Actor {
  kind: 'person' | 'station-admin' | 'key' | 'station';
  /** The person's or the key's id; null for the station admin's own session and the station. */
  id: string | null;
  name: string;
}

export const STATION_ACTOR: Actor = { kind: 'station', id: null, name: 'the station' };
