import { RateLimitedError } from './errors';

/** How many failed checks of a secret a window allows, per (account, client address) pair and per address. */
export interface ThrottleLimits {
  /** Failures of one account from one address (a person mistyping, or someone guessing them). */
  perAccountAndAddress: number;
  /** Failures from one address, whatever account (a guesser trying many; a bench's shared screen). */
  perAddress: number;
  windowMs: number;
}

/**
 * 5 failures for one account from one address in 15 minutes, 20 from one address
 * (OWASP's Authentication Cheat Sheet: a lock-out that ends by itself). Never one key per
 * account alone: a stranger elsewhere could then lock a chosen person out, and never one
 * key for every badge, or five mis-scans would lock every bench (docs/api/dashboard.md,
 * Who may try what, how often).
 */
export const DEFAULT_THROTTLE: ThrottleLimits = { perAccountAndAddress: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** What a failure is counted against: always the client address; an account when one was named (an e-mail, a person). */
export interface ThrottleKey {
  address: string;
  /** Lower-cased e-mail, or `person:<id>` for a signed-in person's current password; none for badges, passkeys and tokens. */
  account?: string;
}

/** The 429's words: how long, in whole minutes, and what lifts it. */
function tooMany(waitMs: number): RateLimitedError {
  const seconds = Math.ceil(waitMs / 1000);
  const minutes = Math.ceil(seconds / 60);
  return new RateLimitedError(`Too many failed tries from here; try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} (or ask a station admin to lift it)`, seconds);
}

/**
 * Counts failed checks of secrets in memory (a restart forgives them). An account is keyed as
 * typed, whether or not anyone has it, so a 429 tells nothing about who exists. One throttle
 * serves every check of a secret at the station (passwords, PINs, badges, passkeys, reset,
 * invitation and pairing tokens, the current password of `me/…`), so an address that fails
 * at one cannot try again at another.
 */
export class SecretThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: ThrottleLimits = DEFAULT_THROTTLE) {}

  /** Throws 429 with `Retry-After` when the address, or this account from this address, has failed too often. */
  check(key: ThrottleKey, now = Date.now()): void {
    const wait = Math.max(this.waitMs(addressKey(key), this.limits.perAddress, now), key.account === undefined ? 0 : this.waitMs(pairKey(key), this.limits.perAccountAndAddress, now));
    if (wait > 0) throw tooMany(wait);
  }

  /** Counts a failure; true when it used the last try (the next check is a 429). */
  fail(key: ThrottleKey, now = Date.now()): boolean {
    const keys: Array<[string, number]> = [[addressKey(key), this.limits.perAddress]];
    if (key.account !== undefined) keys.push([pairKey(key), this.limits.perAccountAndAddress]);
    let exhausted = false;
    for (const [name, limit] of keys) {
      const times = this.recent(name, now);
      times.push(now);
      this.failures.set(name, times);
      if (times.length >= limit) exhausted = true;
    }
    // Many addresses and made-up accounts: what has aged out of the window is let go, so memory stays bounded.
    if (this.failures.size > 50_000) for (const name of [...this.failures.keys()]) if (this.recent(name, now).length === 0) this.failures.delete(name);
    return exhausted;
  }

  /** Tries left before a 429 (the smaller of the pair's and the address's), for a warning before the last one. */
  triesLeft(key: ThrottleKey, now = Date.now()): number {
    const left = this.limits.perAddress - this.recent(addressKey(key), now).length;
    return key.account === undefined ? left : Math.min(left, this.limits.perAccountAndAddress - this.recent(pairKey(key), now).length);
  }

  /** A success forgives that account's failures from that address (not the address's own count). */
  succeed(key: Required<ThrottleKey>): void {
    this.failures.delete(pairKey(key));
  }

  /** A station admin lifts a person's lock-out: every pair of that account, from every address. */
  forgive(account: string): number {
    const prefix = `pair:${account.toLowerCase()}\u0000`;
    let lifted = 0;
    for (const name of [...this.failures.keys()]) if (name.startsWith(prefix) && this.failures.delete(name)) lifted++;
    return lifted;
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

const addressKey = (key: ThrottleKey) => `address:${key.address}`;
const pairKey = (key: ThrottleKey) => `pair:${key.account!.toLowerCase()}\u0000${key.address}`;

/**
 * Requests per address in a short window, for public operations that cost the station work
 * before any secret is checked (a passkey challenge is made and kept for two minutes).
 */
export class RequestRate {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly limit: number, private readonly windowMs: number) {}

  /** Counts a request from `address`; 429 past the limit. */
  take(address: string, now = Date.now()): void {
    const times = (this.seen.get(address) ?? []).filter((at) => at > now - this.windowMs);
    if (times.length >= this.limit) {
      this.seen.set(address, times);
      throw new RateLimitedError('Too many requests from here; try again shortly', Math.ceil((times[0]! + this.windowMs - now) / 1000));
    }
    times.push(now);
    this.seen.set(address, times);
    // Addresses that went quiet are forgotten, so the map stays small.
    if (this.seen.size > 10_000) for (const [key, list] of this.seen) if (list.every((at) => at <= now - this.windowMs)) this.seen.delete(key);
  }
}
