import { useEffect, useState } from 'react';
import { answer, dashboard, describeError, type Schemas } from '../../app/api';
import { ErrorBanner } from '../../components/ui';

/**
 * Whether the desktop app's window is the station's own (every page, the station admin's)
 * or a bench's window: it opens at Orders on the bench's locked screen, operators sign in by
 * badge or PIN, and admin pages need an admin's password. A station admin's setting.
 */
export function DesktopWindowSetting({ benches }: { benches: Array<{ id: string; name: string }> }) {
  const [setting, setSetting] = useState<Schemas['DesktopWindow'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read again when the benches change: a removed bench makes the window the station's own.
  useEffect(() => void answer(dashboard.GET('/admin/api/settings/desktop-window')).then(setSetting, (failure: unknown) => setError(describeError(failure))), [benches]);
  if (!setting) return <ErrorBanner error={error} />;
  const choose = (benchId: string) => {
    setError(null);
    answer(dashboard.PUT('/admin/api/settings/desktop-window', { body: { benchId: benchId || null } })).then(setSetting, (failure: unknown) => setError(describeError(failure)));
  };
  return (
    <div className="desktop-window-setting">
      <label>
        The desktop app’s window
        <select value={setting.benchId ?? ''} onChange={(event) => choose(event.target.value)}>
          <option value="">The station’s own window (every page, as the station admin)</option>
          {benches.map((bench) => (
            <option key={bench.id} value={bench.id}>
              The window of {bench.name} (opens at Orders; badge or PIN; admin pages need an admin’s password)
            </option>
          ))}
        </select>
      </label>
      <p className="muted small">
        For the desktop app on the station’s computer: its window opens anew when this changes. As a bench’s window it is locked until someone signs in there, so keep
        an admin’s password at hand.
      </p>
      <ErrorBanner error={error} />
    </div>
  );
}
