import { useEffect, useState } from 'react';
import { desktopBridge } from '../../app/bridge';

/** Settings only the desktop app has (the preload provides them). */
export function DesktopSettings() {
  const desktop = desktopBridge()!.desktop;
  const [startAtLogin, setStartAtLogin] = useState<boolean | null>(null);
  useEffect(() => void desktop.getStartAtLogin().then(setStartAtLogin), [desktop]);
  return (
    <section className="card">
      <h2>This computer</h2>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={startAtLogin ?? false}
          disabled={startAtLogin === null}
          onChange={(event) => void desktop.setStartAtLogin(event.target.checked).then(setStartAtLogin)}
        />
        Start the station when I log in
      </label>
      <p>
        <button type="button" className="button" onClick={() => void desktop.openDataFolder()}>
          Open the data folder
        </button>
      </p>
    </section>
  );
}
