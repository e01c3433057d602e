/**
 * Whether Chromium keeps its sandbox while it decodes images from the internet and lays out
 * order data. It does whenever it can: Chromium refuses to run sandboxed as root (a station
 * started by root, as in CI or a container), and without unprivileged user namespaces (nor
 * Debian's setuid helper) a sandboxed launch fails. Then, and only then, it runs without,
 * and the station says so once in its log (docs/api.md, Security: how to run the station as
 * an ordinary user).
 */
export type SandboxDecision = { sandbox: true } | { sandbox: false; why: string };

export const runsAsRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

/** The first launch's choice: sandboxed unless the station runs as root (Windows and macOS: always sandboxed). */
export function firstSandboxChoice(root = runsAsRoot()): SandboxDecision {
  return root ? { sandbox: false, why: 'the station runs as root, where Chromium cannot keep its sandbox; run it as an ordinary user' } : { sandbox: true };
}

/** Whether a failed sandboxed launch failed for want of a sandbox (and so may be tried once without). */
export function isSandboxFailure(error: unknown): boolean {
  return /sandbox|namespace|setuid|zygote/i.test(String((error as Error)?.message ?? error));
}
