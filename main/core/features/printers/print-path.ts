/**
 * Which path prints a job: the one table of it (docs/api.md, Printing, says it in words).
 *
 * | OS            | printer seen by          | tray    | path                                   |
 * |---------------|--------------------------|---------|----------------------------------------|
 * | any           | the folder printer       | –       | `folder` (Save as PDF)                 |
 * | Linux, macOS  | CUPS (IPP)               | any     | `cups`: IPP Print-Job, `InputSlot=…`   |
 * | Linux, macOS  | Electron only (no CUPS)  | none    | `webcontents-print` (HTML)             |
 * | Windows       | Electron                 | a tray  | `pdf-to-printer`: SumatraPDF `bin=…`   |
 * | Windows       | Electron                 | none    | `webcontents-print` (HTML); a job with |
 * |               |                          |         | a carrier PDF label: `pdf-to-printer`  |
 * | Windows       | Electron                 | –       | ZPL: `winspool-raw` (RAW datatype)     |
 *
 * CUPS sees every queue Electron sees on Linux and macOS and is asked first, so a queue is
 * printed by CUPS there whenever CUPS answers. Electron's print options have no tray, so a
 * tray is never asked of `webContents.print`: on Windows it goes through pdf-to-printer, and
 * elsewhere a printer without CUPS lists no trays (a tray asked of it is `tray_not_found`).
 */
export type PrintPath = 'folder' | 'cups' | 'pdf-to-printer' | 'winspool-raw' | 'webcontents-print';

export function choosePrintPath(input: { platform: NodeJS.Platform; seenBy: string; tray: string | null; readyPdf?: boolean; raw?: boolean }): PrintPath {
  if (input.seenBy === 'folder') return 'folder';
  if (input.seenBy === 'cups') return 'cups';
  // ZPL goes to the spooler as it is; elsewhere (Electron without CUPS) nothing can send it raw.
  if (input.platform === 'win32' && input.raw) return 'winspool-raw';
  // `webContents.print` cannot print a PDF: a carrier label's PDF goes the tray path's way.
  if (input.platform === 'win32' && (input.tray || input.readyPdf)) return 'pdf-to-printer';
  return 'webcontents-print';
}
