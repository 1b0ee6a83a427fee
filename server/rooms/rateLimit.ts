// Per-client rate limits: one token bucket per client and message type, checked before a message
// is even parsed, so a flood costs the server a subtraction. Unknown types share one bucket, so a
// client cannot make the server keep a bucket per made-up type.
import { ClientMessages, type Bucket, type ClientMessageType } from "../../shared/messages.ts";

export type { Bucket };
export type RateLimits = Record<ClientMessageType | "other", Bucket>;

/** Each message's rate from the registry (shared/messages.ts); "other" for the rest (the camera report, unknown types). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  ...(Object.fromEntries(
    Object.entries(ClientMessages).map(([type, spec]) => [type, spec.rate]),
  ) as Record<ClientMessageType, Bucket>),
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

  /** Gives back the token of a message that was refused after all. */
  refund(type: string): void {
    const key: Key = Object.hasOwn(this.limits, type) && type !== "other" ? (type as Key) : "other";
    const b = this.buckets.get(key);
    if (b) b.tokens = Math.min(this.limits[key].burst, b.tokens + 1);
  }

  /** Seconds until the next message of this type is allowed (for the error message). */
  wait(type: string): number {
    const key: Key = Object.hasOwn(this.limits, type) && type !== "other" ? (type as Key) : "other";
    const b = this.buckets.get(key);
    if (!b || b.tokens >= 1) return 0;
    return (1 - b.tokens) / this.limits[key].perSecond;
  }
}

/**
 * The limits of every client: one limiter per session and one per address, shared by every
 * session from that address, so leaving and joining again does not refill the budget. An
 * address's budget is `share` sessions' worth (people behind one router share it); it is kept
 * for a minute after its last session leaves, longer than any bucket takes to refill.
 */
export class ClientLimits {
  private readonly sessions = new Map<string, { limiter: RateLimiter; address: string }>();
  private readonly addresses = new Map<
    string,
    { limiter: RateLimiter; sessions: number; idleSince: number }
  >();
  private readonly addressLimits: RateLimits;

  constructor(
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
    share = 4,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.addressLimits = Object.fromEntries(
      Object.entries(limits).map(([k, b]) => [
        k,
        { burst: b.burst * share, perSecond: b.perSecond * share },
      ]),
    ) as RateLimits;
  }

  /** Takes a message of this type from both budgets; returns 0, or the seconds to wait. */
  take(session: string, address: string, type: string): number {
    const s = this.sessions.get(session) ?? this.open(session, address);
    const a = this.addresses.get(s.address)!;
    // Both must allow it; a message the address refuses gives the session its token back.
    if (!s.limiter.take(type)) return s.limiter.wait(type) || 0.1;
    if (!a.limiter.take(type)) {
      s.limiter.refund(type);
      return a.limiter.wait(type) || 0.1;
    }
    return 0;
  }

  leave(session: string): void {
    const s = this.sessions.get(session);
    if (!s) return;
    this.sessions.delete(session);
    const a = this.addresses.get(s.address);
    if (a && --a.sessions === 0) a.idleSince = this.clock();
  }

  private open(session: string, address: string): { limiter: RateLimiter; address: string } {
    const now = this.clock();
    for (const [k, a] of this.addresses)
      if (a.sessions === 0 && now - a.idleSince > 60_000) this.addresses.delete(k);
    const a = this.addresses.get(address) ?? {
      limiter: new RateLimiter(this.addressLimits, this.clock),
      sessions: 0,
      idleSince: now,
    };
    a.sessions++;
    this.addresses.set(address, a);
    const s = { limiter: new RateLimiter(this.limits, this.clock), address };
    this.sessions.set(session, s);
    return s;
  }
}
