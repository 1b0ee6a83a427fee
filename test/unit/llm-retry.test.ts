import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
} from "openai";
import { describe, expect, it } from "vitest";
import { backoffDelay, classifyError, parseRetryAfter, sleep } from "../../server/llm/retry.ts";

const h = (o: Record<string, string>) => new Headers(o);

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  it("reads seconds, OpenAI's retry-after-ms, and HTTP dates", () => {
    expect(parseRetryAfter(h({ "retry-after": "2" }), now)).toBe(2000);
    expect(parseRetryAfter(h({ "retry-after": "0.5" }), now)).toBe(500);
    expect(parseRetryAfter(h({ "retry-after-ms": "250", "retry-after": "9" }), now)).toBe(250);
    expect(parseRetryAfter(h({ "retry-after": "Sat, 21 Nov 2026 12:00:03 GMT" }), now)).toBe(3000);
  });
  it("a date in the past means now; garbage or nothing means no advice", () => {
    expect(parseRetryAfter(h({ "retry-after": "Sat, 21 Nov 2026 11:00:00 GMT" }), now)).toBe(0);
    expect(parseRetryAfter(h({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(parseRetryAfter(h({}), now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  it("doubles from the base, is capped, and jitters within the upper half", () => {
    expect(backoffDelay(0, 500, 8000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 8000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 8000, () => 1)).toBe(4000);
    expect(backoffDelay(10, 500, 8000, () => 1)).toBe(8000);
    expect(backoffDelay(10, 500, 8000, () => 0)).toBe(4000);
  });
});

describe("classifyError", () => {
  it("retries what may pass next time, and only that", () => {
    expect(classifyError(new APIConnectionError({ message: "refused" }))).toBe("retryable");
    expect(classifyError(new APIConnectionTimeoutError())).toBe("retryable");
    expect(classifyError(new RateLimitError(429, {}, "slow", h({})))).toBe("retryable");
    expect(classifyError(new InternalServerError(503, {}, "busy", h({})))).toBe("retryable");
    expect(classifyError(new BadRequestError(400, {}, "bad", h({})))).toBe("fatal");
    expect(classifyError(APIError.generate(401, {}, "key", h({})))).toBe("fatal");
    expect(classifyError(APIError.generate(500, {}, "x", h({ "x-should-retry": "false" })))).toBe(
      "fatal",
    );
    expect(classifyError(APIError.generate(400, {}, "x", h({ "x-should-retry": "true" })))).toBe(
      "retryable",
    );
    expect(classifyError(new TypeError("bug"))).toBe("fatal");
  });
});

describe("sleep", () => {
  it("stops early when aborted, and says so", async () => {
    const c = new AbortController();
    const t = Date.now();
    setTimeout(() => c.abort(), 20); // time on purpose: the abort comes while sleep() waits
    expect(await sleep(5000, c.signal)).toBe(false);
    expect(Date.now() - t).toBeLessThan(500);
    // sleep() is the code under test here (time on purpose).
    expect(await sleep(1, c.signal)).toBe(false);
    expect(await sleep(1)).toBe(true);
  });
});
