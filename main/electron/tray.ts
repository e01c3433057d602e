import { Menu, Tray, nativeImage } from 'electron';
import { join } from 'node:path';
import { trayLevel, trayTooltip, type TrayState } from './tray-state';

/** The tray icon: a coloured dot for the station's state, open and quit in its menu. */
export function createStationTray(assetsDir: string, actions: { open(): void; quit(): void }) {
  const icon = (level: string) => nativeImage.createFromPath(join(assetsDir, `tray-${level}.png`));
  const tray = new Tray(icon('warning'));
  tray.on('click', actions.open);

  return {
    update(state: TrayState) {
      tray.setImage(icon(trayLevel(state)));
      tray.setToolTip(trayTooltip(state));
      tray.setContextMenu(
        Menu.buildFromTemplate([
          { label: trayTooltip(state).split('\n')[0]!, enabled: false },
          { label: `${state.printersOnline} of ${state.printersTotal} printers online`, enabled: false },
          { label: state.failingJobs ? `${state.failingJobs} failing print jobs` : 'No failing print jobs', enabled: false },
          { type: 'separator' },
          { label: 'Open dashboard', click: actions.open },
          { label: 'Quit', click: actions.quit },
        ]),
      );
    },
    destroy: () => tray.destroy(),
  };
}
