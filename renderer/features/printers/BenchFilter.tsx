import { useEffect, useState } from 'react';
import { answer, dashboard } from '../../app/api';
import { FilterSelect } from '../../components/FilterSelect';

/**
 * A list's Bench filter (Orders, Batches): the station's benches to choose one of, shown
 * only once the station has any (a station without benches has nothing to filter by).
 */
export function BenchFilter({ value, onChange }: { value: string; onChange: (benchId: string) => void }) {
  const [benches, setBenches] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => void answer(dashboard.GET('/admin/api/benches')).then(setBenches, () => setBenches([])), []);
  if (benches.length === 0) return null;
  return <FilterSelect label="Bench" value={value} onChange={onChange} choices={benches.map((bench) => ({ value: bench.id, label: bench.name }))} />;
}
