import { ROUTES } from './routes';

export interface Shortcut {
  keys: string;
  does: string;
}

/** Every keyboard shortcut of the dashboard, as the `?` overlay and the README list them. */
export const SHORTCUT_GROUPS: { title: string; shortcuts: Shortcut[] }[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: '?', does: 'Show these shortcuts' },
      ...ROUTES.map((route) => ({ keys: `Alt+${route.shortcut}`, does: `Go to ${route.label} (focus lands on its heading)` })),
      { keys: 'Esc', does: 'Close the top-most dialog' },
    ],
  },
  {
    title: 'Orders',
    shortcuts: [
      { keys: '/ or F2', does: 'Go to the scan box' },
      { keys: 'Enter (in the scan box)', does: 'Open the scanned order' },
      { keys: 'Esc (in the scan box)', does: 'Leave the scan box for the order list' },
      { keys: '↑ ↓ Home End PgUp PgDn', does: 'Move through the order list' },
      { keys: 'Enter (in the list)', does: 'Open the order' },
      { keys: 'Space / Shift+Space', does: 'Select the order / the range from the last one selected' },
      { keys: 'p', does: 'Print the open order' },
      { keys: 'Alt+P', does: 'Print the open order, even while typing in the scan box' },
      { keys: 'Esc', does: 'Close the order detail' },
    ],
  },
];
