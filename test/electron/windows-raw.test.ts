import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEND_RAW_SCRIPT, windowsRawPrinting, type RunPowerShell } from '../../main/electron/windows-raw';

/**
 * PowerShell and the Windows spooler run on Windows only: a recording fake stands in for
 * PowerShell, and the test checks what it would be given. What the script does on a real
 * spooler is for a Windows machine to show (docs/api.md, Printing).
 */
describe('raw printing on Windows', () => {
  it('hands PowerShell the RAW-datatype script, and the printer, title and exact bytes outside the script text', async () => {
    const bytes = new Uint8Array([...Buffer.from('^XA^FDJos'), 0xe9, ...Buffer.from('^FS^XZ')]);
    const calls: { script: string; env: Record<string, string>; file: Buffer }[] = [];
    const fakePowerShell: RunPowerShell = async (args, env) => {
      const encoded = args[args.indexOf('-EncodedCommand') + 1]!;
      calls.push({ script: Buffer.from(encoded, 'base64').toString('utf16le'), env, file: readFileSync(env.STATION_RAW_FILE!) });
      return { stdout: '42\r\n' };
    };
    const printer = 'Zebra "GK420d" $(rm -rf)';
    const jobId = await windowsRawPrinting(fakePowerShell)(printer, 'station-job-7', bytes);

    expect(jobId).toBe('42');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.script).toBe(SEND_RAW_SCRIPT);
    expect(call!.script).toContain('Datatype = "RAW"');
    // A hostile printer name is a value in the environment, never part of the script.
    expect(call!.script).not.toContain(printer);
    expect(call!.env).toMatchObject({ STATION_RAW_PRINTER: printer, STATION_RAW_TITLE: 'station-job-7' });
    expect(call!.file.equals(Buffer.from(bytes))).toBe(true);
    // The temporary copy is gone once the spooler has it.
    expect(existsSync(call!.env.STATION_RAW_FILE!)).toBe(false);
  });
});
