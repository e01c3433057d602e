import type { PointType, SourceApp } from './links';

/** One end of a link: an app of the team, a manual source, or a custom key. */
export function PointFields({ label, type, value, apps, onChange }: { label: string; type: PointType; value: string; apps: SourceApp[]; onChange: (type: PointType, value: string) => void }) {
  return (
    <fieldset className="point">
      <legend>{label}</legend>
      <select aria-label={`${label} kind`} value={type} onChange={(event) => {
        const next = event.target.value as PointType;
        onChange(next, next === 'manual' ? 'api' : next === 'app' ? (apps[0]?.id ?? '') : '');
      }}>
        <option value="custom">Custom key</option>
        <option value="manual">Manual source</option>
        <option value="app">Source app</option>
      </select>
      {type === 'custom' && <input aria-label={`${label} key`} value={value} onChange={(event) => onChange(type, event.target.value)} placeholder="e.g. wms" />}
      {type === 'manual' && (
        <select aria-label={`${label} source`} value={value} onChange={(event) => onChange(type, event.target.value)}>
          <option value="api">api (POST /api/orders)</option>
          <option value="web">web (typed in the dashboard)</option>
          <option value="csv">csv (imported file)</option>
        </select>
      )}
      {type === 'app' &&
        (apps.length ? (
          <select aria-label={`${label} app`} value={value} onChange={(event) => onChange(type, event.target.value)}>
            {apps.map((app) => <option key={app.id} value={app.id}>{app.name}{app.active ? '' : ' (off)'}</option>)}
          </select>
        ) : (
          <span className="muted small">This team has no source app (<code>station apps create</code>).</span>
        ))}
    </fieldset>
  );
}
