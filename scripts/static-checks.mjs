// `npm run lint` and `npm run typecheck` side by side: each is mostly one thread, and the
// 2-core machine finishes both in the time of the longer (~25 s instead of ~48 s one after
// the other). Each one's output is printed whole when it ends, so the two never interleave;
// the exit code is the first failure's, 0 when both pass.
import { spawn } from 'node:child_process';

const checks = ['lint', 'typecheck'];

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { shell: process.platform === 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'passed' : 'FAILED'}: npm run ${script} (${seconds} s)\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(checks.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
