import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Raw printing on Windows (ZPL to a label printer): the spooler's RAW datatype, the Win32
 * way Microsoft documents in KB138594 ("HOWTO: Send Raw Data to a Printer by Using the
 * Win32 API"): OpenPrinter, StartDocPrinter with pDatatype "RAW", WritePrinter,
 * EndDocPrinter. The spooler passes the bytes to the port untouched, as `lp -o raw` does on
 * CUPS. Called from PowerShell through Add-Type (C# compiled by .NET, present on every
 * Windows 10/11), so the desktop ships no native module for it. The printer, title and
 * file come in environment variables: nothing of them is ever parsed as script.
 */
export const SEND_RAW_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  'Add-Type -TypeDefinition @"',
  'using System;',
  'using System.ComponentModel;',
  'using System.Runtime.InteropServices;',
  'public static class StationRawPrint {',
  '  [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]',
  '  public class DocInfo { public string Name; public string OutputFile; public string Datatype; }',
  '  [DllImport("winspool.drv", EntryPoint = "OpenPrinterW", SetLastError = true, CharSet = CharSet.Unicode)]',
  '  static extern bool OpenPrinter(string name, out IntPtr printer, IntPtr defaults);',
  '  [DllImport("winspool.drv", SetLastError = true)] static extern bool ClosePrinter(IntPtr printer);',
  '  [DllImport("winspool.drv", EntryPoint = "StartDocPrinterW", SetLastError = true, CharSet = CharSet.Unicode)]',
  '  static extern int StartDocPrinter(IntPtr printer, int level, [In] DocInfo info);',
  '  [DllImport("winspool.drv", SetLastError = true)] static extern bool EndDocPrinter(IntPtr printer);',
  '  [DllImport("winspool.drv", SetLastError = true)] static extern bool StartPagePrinter(IntPtr printer);',
  '  [DllImport("winspool.drv", SetLastError = true)] static extern bool EndPagePrinter(IntPtr printer);',
  '  [DllImport("winspool.drv", SetLastError = true)] static extern bool WritePrinter(IntPtr printer, byte[] bytes, int count, out int written);',
  '  public static int Send(string name, string title, byte[] bytes) {',
  '    IntPtr printer;',
  '    if (!OpenPrinter(name, out printer, IntPtr.Zero)) throw new Win32Exception();',
  '    try {',
  '      int job = StartDocPrinter(printer, 1, new DocInfo { Name = title, Datatype = "RAW" });',
  '      if (job == 0) throw new Win32Exception();',
  '      try {',
  '        int written;',
  '        if (!StartPagePrinter(printer)) throw new Win32Exception();',
  '        if (!WritePrinter(printer, bytes, bytes.Length, out written)) throw new Win32Exception();',
  '        if (written != bytes.Length) throw new Exception("the spooler took " + written + " of " + bytes.Length + " bytes");',
  '        EndPagePrinter(printer);',
  '      } finally { EndDocPrinter(printer); }',
  '      return job;',
  '    } finally { ClosePrinter(printer); }',
  '  }',
  '}',
  '"@',
  '[StationRawPrint]::Send($env:STATION_RAW_PRINTER, $env:STATION_RAW_TITLE, [System.IO.File]::ReadAllBytes($env:STATION_RAW_FILE))',
].join('\n');

/** What runs PowerShell: node's execFile, or a recording fake in tests. */
export type RunPowerShell = (args: string[], env: Record<string, string>) => Promise<{ stdout: string }>;

const runPowerShell: RunPowerShell = (args, env) =>
  promisify(execFile)('powershell.exe', args, { windowsHide: true, timeout: 60_000, env: { ...process.env, ...env } });

/** Sends `data` to a Windows printer raw; resolves to the spooler's job id. */
export function windowsRawPrinting(run: RunPowerShell = runPowerShell) {
  return async function printRaw(printer: string, title: string, data: Uint8Array): Promise<string> {
    const dir = mkdtempSync(join(tmpdir(), 'station-raw-'));
    const file = join(dir, 'job.bin');
    writeFileSync(file, data, { mode: 0o600 });
    try {
      // -EncodedCommand (UTF-16LE base64): the script's here-string and quotes reach PowerShell as written.
      const { stdout } = await run(['-NoProfile', '-NonInteractive', '-EncodedCommand', Buffer.from(SEND_RAW_SCRIPT, 'utf16le').toString('base64')], {
        STATION_RAW_PRINTER: printer,
        STATION_RAW_TITLE: title,
        STATION_RAW_FILE: file,
      });
      return stdout.trim();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
