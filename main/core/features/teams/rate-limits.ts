import { RateLimitedError } from '../../foundations/errors';

/**
 * How often a 3PL's API key may create merchants and send invitation mail through the
 * operator's SMTP server (docs/api.md, Teams): per 3PL team, in any hour. Kept in memory: a
 * restart starts every count again, which bounds a flood just as well.
 */
export const THREE_PL_LIMITS = {
  merchantsPerHour: 30,
  invitationsPerHour: 30,
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** At most `limit` events per key in any `windowMs`: a log of each key's recent events. */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for `key`, or throws 429 with the seconds until the oldest one leaves the window. */
  take(key: string): void {
    const now = this.now();
    const recent = (this.events.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
      this.events.set(key, recent);
      throw new RateLimitedError(`At most ${this.limit} ${this.what} per hour for a 3PL team; try again in ${retryAfter} s`, retryAfter);
    }
    recent.push(now);
    this.events.set(key, recent);
  }
}

export function threePlLimits(now?: () => number) {
  return {
    merchants: new SlidingWindowLimit(THREE_PL_LIMITS.merchantsPerHour, HOUR_MS, 'new merchants', now),
    invitations: new SlidingWindowLimit(THREE_PL_LIMITS.invitationsPerHour, HOUR_MS, 'invitations', now),
  };
}
export type ThreePlLimits = ReturnType<typeof threePlLimits>;
