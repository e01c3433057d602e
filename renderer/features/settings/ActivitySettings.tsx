import { useCallback, useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { useStationInfo } from '../../app/station-info';
import { FilterSelect } from '../../components/FilterSelect';
import { ErrorBanner, RelativeTime, TableScroll } from '../../components/ui';

type Entry = Schemas['Activity'];

/** Who did what in the signed-in person's teams, newest first; one person's with the filter. */
export function ActivitySettings() {
  const { info } = useStationInfo();
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [person, setPerson] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    answer(dashboard.GET('/admin/api/activity', { params: { query: person ? { person, limit: 200 } : { limit: 200 } } })).then(setEntries, (failure: unknown) => setError(describeError(failure)));
  }, [person]);
  useEffect(load, [load]);
  // The people and keys seen in the list, to filter by one of them.
  const [seen, setSeen] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    if (!entries) return;
    setSeen((current) => {
      const next = new Map(current);
      for (const entry of entries) if (entry.by.id) next.set(entry.by.id, entry.by.name);
      return next;
    });
  }, [entries]);
  const teamName = (id: string | null) => (id ? (info?.teams.find((team) => team.id === id)?.name ?? id) : 'the station');
  return (
    <section className="card" aria-label="Activity">
      <h2>Activity</h2>
      <p className="muted">Every change made in the dashboard, with who made it. Prints and reprints also say who asked for them on the Batches page and in each order's history.</p>
      <FilterSelect label="Who" value={person} onChange={setPerson} all="everyone" choices={[...seen].map(([id, name]) => ({ value: id, label: name }))} />
      <ErrorBanner error={error} onRetry={load} />
      {entries && entries.length === 0 && <p className="muted">Nothing yet.</p>}
      {entries && entries.length > 0 && (
        <TableScroll label="Activity table">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Team</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td title={new Date(entry.at).toLocaleString()}>
                    <RelativeTime at={entry.at} />
                  </td>
                  <td>{entry.by.kind === 'key' ? `the key ${entry.by.name}` : entry.by.name}</td>
                  <td>{entry.action}</td>
                  <td>{teamName(entry.teamId)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
