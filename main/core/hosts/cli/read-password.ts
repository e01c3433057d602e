import { createInterface } from 'node:readline';
import { UsageError } from './args';

/**
 * A password from standard input: its first line (a pipe, `< file`, or typed at the
 * terminal). Never an argument: arguments show in `ps` and in the
 * shell's history. (At a terminal the typed line is echoed: pipe it in to keep it off the screen.)
 */
export async function readPassword(prompt: string, input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin): Promise<string> {
  const terminal = Boolean(input.isTTY);
  if (terminal) process.stderr.write(prompt);
  const lines = createInterface({ input, terminal: false });
  let first: string | undefined;
  for await (const line of lines) {
    first = line;
    break;
  }
  lines.close();
  if (terminal) process.stderr.write('\n');
  if (first === undefined || first === '') throw new UsageError('give the password on standard input (one line)');
  return first;
}
