import { TeamSelect } from '../../app/station-info';
import { FilterSelect } from '../../components/FilterSelect';
import { BenchFilter } from '../printers/BenchFilter';
import { isFiltered } from './filters';
import type { OrderFilter } from './types';

const ORDER_STATUSES = [
  { value: 'ready', label: 'Ready' },
  { value: 'printed', label: 'Printed' },
  { value: 'ignored', label: 'Ignored' },
];

/**
 * The Orders page's filters: status, tag and source (their values read when the bar is
 * first focused: `onFocus`), team, bench, and "Clear filters" while any is set.
 */
export function OrderFilterBar({ filter, facets, onFocus, onChange, onClear }: {
  filter: OrderFilter;
  facets: { tags: string[]; sources: string[] };
  onFocus: () => void;
  onChange: (field: keyof OrderFilter, value: string) => void;
  onClear: () => void;
}) {
  return (
    <div className="filter-bar" onFocus={onFocus}>
      <FilterSelect label="Status" value={filter.status} onChange={(value) => onChange('status', value)} choices={ORDER_STATUSES} />
      <FilterSelect label="Tag" value={filter.tag} onChange={(value) => onChange('tag', value)} choices={facets.tags} />
      <FilterSelect label="Source" value={filter.source} onChange={(value) => onChange('source', value)} choices={facets.sources} />
      <label>
        Team
        <TeamSelect value={filter.team} onChange={(team) => onChange('team', team)} allowAll="All teams" />
      </label>
      {/* The orders printed at one bench. */}
      <BenchFilter value={filter.bench} onChange={(bench) => onChange('bench', bench)} />
      {isFiltered(filter) && (
        <button type="button" className="button button-ghost" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
