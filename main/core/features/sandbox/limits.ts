/**
 * Limits for integrator-written expressions (link resolvers and conditions). They are
 * untrusted code: every limit here exists so that one bad expression cannot stall or
 * exhaust the station.
 */
export const SANDBOX_LIMITS = {
  /** Longest expression accepted, in characters. A resolver is one short expression. */
  maxCodeLength: 4_000,
  /** CPU time one evaluation may take inside QuickJS before it is interrupted. */
  timeLimitMs: 50,
  /** Time for turning the order payload (≤ 1 MiB of JSON) into QuickJS values, once per ingest. */
  inputTimeLimitMs: 200,
  /** Heap of the QuickJS runtime (all its live objects, the payload included). */
  memoryLimitBytes: 32 * 1024 * 1024,
  /** QuickJS's own stack check: deep recursion fails as a RangeError-like fault, never overflows the host. */
  maxStackBytes: 256 * 1024,
  /**
   * Wall-clock limit for one evaluation as seen from the station. Some QuickJS built-ins
   * (e.g. a huge String.prototype.repeat) run natively without polling the interrupt
   * handler; past this the sandbox thread is terminated and replaced. Generous, so that a
   * legitimate expression on a busy machine (or a freshly started thread) never hits it.
   */
  watchdogMs: 1_000,
  /** Teams' realms (QuickJS runtime + hardened context) kept alive per sandbox thread. */
  realmsPerThread: 32,
  /**
   * An item (condition + resolver) that took longer than this marks its team as slow: its
   * evaluations move off the shared thread onto the slow one for `slowTeamHoldMs`, so a
   * team whose expressions grind never delays another team's ingest. Ordinary expressions
   * take microseconds.
   */
  slowItemMs: 40,
  slowTeamHoldMs: 60_000,
  /** Compiled expressions kept per QuickJS context. */
  compiledCacheSize: 256,
  /** Longest error message recorded for a failed evaluation. */
  maxErrorLength: 500,
} as const;
