import { RateLimitedError } from '../../foundations/errors';

/** How many failed sign-ins a window allows, per account and per client address. */
export interface ThrottleLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

/**
 * 5 failures for one e-mail in 15 minutes, 20 from one address (a bench's shared screen
 * mistypes more than one person does): OWASP's Authentication Cheat Sheet asks for such a
 * lock-out that ends by itself, so a stranger cannot lock a person out for good.
 */
export const DEFAULT_THROTTLE: ThrottleLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 };

/**
 * Counts failed sign-ins in memory (a restart forgives them). Keyed by the e-mail as typed
 * (lower-cased), whether or not anyone has it, so a 429 tells nothing about who exists.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE) {}

  /** Throws 429 with `Retry-After` when the account or the address has failed too often. */
  check(account: string, address: string, now = Date.now()): void {
    const waits = [this.waitMs(`account:${account.toLowerCase()}`, this.limits.perAccount, now), this.waitMs(`address:${address}`, this.limits.perAddress, now)];
    const wait = Math.max(...waits);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new RateLimitedError(`Too many failed sign-ins; try again in ${Math.ceil(seconds / 60)} minute(s)`, seconds);
    }
  }

  fail(account: string, address: string, now = Date.now()): void {
    for (const key of [`account:${account.toLowerCase()}`, `address:${address}`]) {
      const times = this.recent(key, now);
      times.push(now);
      this.failures.set(key, times);
    }
  }

  /** A successful sign-in forgives the account's failures (not the address's). */
  succeed(account: string): void {
    this.failures.delete(`account:${account.toLowerCase()}`);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
  }

  private waitMs(key: string, limit: number, now: number): number {
    const times = this.recent(key, now);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times.length >= limit ? times[times.length - limit]! + this.limits.windowMs - now : 0;
  }
}
