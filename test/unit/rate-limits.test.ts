// Limits per session and per address (server/rooms/rateLimit.ts ClientLimits): reconnecting, or
// opening more sessions from one address, does not refill the budget.
import { describe, expect, it } from "vitest";
import { ClientLimits, DEFAULT_RATE_LIMITS } from "../../server/rooms/rateLimit.ts";

describe("ClientLimits", () => {
  it("keeps an address's budget across sessions: five reconnects do not give five bursts", () => {
    let now = 0;
    const limits = new ClientLimits(DEFAULT_RATE_LIMITS, 1, () => now);
    let allowed = 0;
    for (let visit = 0; visit < 5; visit++) {
      const session = `s${visit}`;
      for (let i = 0; i < 3; i++)
        if (limits.take(session, "203.0.113.9", "interview") === 0) allowed++;
      limits.leave(session);
      now += 100;
    }
    expect(allowed).toBe(DEFAULT_RATE_LIMITS.interview.burst);
    // Another address has its own budget.
    expect(limits.take("other", "198.51.100.1", "interview")).toBe(0);
    // And the first refills with time, as any bucket does.
    now += 2_000;
    expect(limits.take("s9", "203.0.113.9", "interview")).toBe(0);
  });

  it("lets an address use `share` sessions' worth, each session no more than its own", () => {
    const now = 0;
    const limits = new ClientLimits(DEFAULT_RATE_LIMITS, 2, () => now);
    const burst = DEFAULT_RATE_LIMITS.say.burst;
    const took = (s: string) =>
      Array.from({ length: burst + 2 }, () => limits.take(s, "a", "say")).filter((w) => w === 0)
        .length;
    expect(took("one")).toBe(burst);
    expect(took("two")).toBe(burst);
    expect(took("three")).toBe(0);
    // A refusal says how long to wait.
    expect(limits.take("three", "a", "say")).toBeGreaterThan(0);
  });

  it("gives a session back the token the address refused", () => {
    let now = 0;
    const limits = new ClientLimits(
      { ...DEFAULT_RATE_LIMITS, say: { burst: 2, perSecond: 1 } },
      1,
      () => now,
    );
    limits.take("a1", "x", "say");
    limits.take("a1", "x", "say");
    expect(limits.take("a2", "x", "say")).toBeGreaterThan(0); // the address is spent; a2 keeps its tokens
    now += 1_000;
    expect(limits.take("a2", "x", "say")).toBe(0);
  });
});
