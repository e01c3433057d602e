import type { StoredSwitch } from './use-bench-scans';

/** One of the bench's switches, kept in this browser for the next visit (use-bench-scans.ts). */
export function BenchSwitch({ label, switched }: { label: string; switched: StoredSwitch }) {
  return (
    <label className="checkbox print-on-scan">
      <input type="checkbox" checked={switched.on} onChange={(event) => switched.set(event.target.checked)} />
      {label}
    </label>
  );
}
