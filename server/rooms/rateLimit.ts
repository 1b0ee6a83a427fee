// Per-client rate limits: one token bucket per client and message type, checked before a message
// is even parsed, so a flood costs the server a subtraction. Unknown types share one bucket, so a
// client cannot make the server keep a bucket per made-up type.
import type { ClientMessageType } from "../../shared/messages.ts";

export interface Bucket {
  /** Messages that may come at once. */
  burst: number;
  /** Messages per second refilled. */
  perSecond: number;
}

export type RateLimits = Record<ClientMessageType | "other", Bucket>;

/** Generous for people, tight for what asks the model (say, interview, whisper). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  move: { burst: 20, perSecond: 10 },
  say: { burst: 5, perSecond: 1 },
  interview: { burst: 3, perSecond: 0.5 },
  whisper: { burst: 5, perSecond: 1 },
  set_object_state: { burst: 10, perSecond: 2 },
  control: { burst: 10, perSecond: 4 },
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
