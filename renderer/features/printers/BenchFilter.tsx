import { useEffect, useState } from 'react';
import { answer, dashboard } from '../../app/api';

/**
 * A list's Bench filter (Orders, Batches): the station's benches to choose one of, shown
 * only once the station has any (a station without benches has nothing to filter by).
 */
export function BenchFilter({ value, onChange }: { value: string; onChange: (benchId: string) => void }) {
  const [benches, setBenches] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => void answer(dashboard.GET('/admin/api/benches')).then(setBenches, () => setBenches([])), []);
  if (benches.length === 0) return null;
  return (
    <label>
      Bench
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All</option>
        {benches.map((bench) => (
          <option key={bench.id} value={bench.id}>
            {bench.name}
          </option>
        ))}
      </select>
    </label>
  );
}
