// Per-client rate limits: one token bucket per client and message type, checked before a message
// is even parsed, so a flood costs the server a subtraction. Unknown types share one bucket, so a
// client cannot make the server keep a bucket per made-up type.
import { ClientMessages, type Bucket, type ClientMessageType } from "../../shared/messages.ts";

export type { Bucket };
export type RateLimits = Record<ClientMessageType | "other", Bucket>;

/** Each message's rate from the registry (shared/messages.ts); "other" for the rest (the camera report, unknown types). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  ...(Object.fromEntries(Object.entries(ClientMessages).map(([type, spec]) => [type, spec.rate])) as Record<ClientMessageType, Bucket>),
  other: { burst: 20, perSecond: 10 },
};

type Key = keyof RateLimits;

export class RateLimiter {
  private readonly buckets = new Map<Key, { tokens: number; at: number }>();

  constructor(
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Takes a token for a message of this type; false when the client must wait. */
  take(type: string): boolean {
    const key: Key = Object.hasOwn(this.limits, type) && type !== "other" ? (type as Key) : "other";
    const limit = this.limits[key];
    const now = this.clock();
    let b = this.buckets.get(key);
    if (!b) this.buckets.set(key, (b = { tokens: limit.burst, at: now }));
    b.tokens = Math.min(limit.burst, b.tokens + ((now - b.at) / 1000) * limit.perSecond);
    b.at = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Seconds until the next message of this type is allowed (for the error message). */
  wait(type: string): number {
    const key: Key = Object.hasOwn(this.limits, type) && type !== "other" ? (type as Key) : "other";
    const b = this.buckets.get(key);
    if (!b || b.tokens >= 1) return 0;
    return (1 - b.tokens) / this.limits[key].perSecond;
  }
}
