import { TeamSelect } from '../../app/station-info';
import { BenchFilter } from '../printers/BenchFilter';
import { isFiltered } from './filters';
import type { OrderFilter } from './types';

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
      <label>
        Status
        <select value={filter.status} onChange={(event) => onChange('status', event.target.value)}>
          <option value="">All</option>
          <option value="ready">Ready</option>
          <option value="printed">Printed</option>
          <option value="ignored">Ignored</option>
        </select>
      </label>
      <label>
        Tag
        <select value={filter.tag} onChange={(event) => onChange('tag', event.target.value)}>
          <option value="">All</option>
          {facets.tags.map((tag) => <option key={tag} value={tag}>{tag}</option>)}
        </select>
      </label>
      <label>
        Source
        <select value={filter.source} onChange={(event) => onChange('source', event.target.value)}>
          <option value="">All</option>
          {facets.sources.map((source) => <option key={source} value={source}>{source}</option>)}
        </select>
      </label>
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
