// When to try a request again, and how long to wait first. Pure functions, plus an abortable
// sleep. The original implementation retried with a 0.1 s sleep, had no timeout and let rate-limit
// errors crash the step; here every wait is bounded and every failure ends in an answer.
import { APIConnectionError, APIError } from "openai";

/** How a failed request is treated. */
export type FailureKind =
  /** Worth another try: timeouts, dropped connections, 408/409/425/429 and 5xx. */
  | "retryable"
  /** Trying the same request again cannot help: bad request, bad key, unknown model. */
  | "fatal";

const RETRYABLE_STATUS = new Set([408, 409, 425, 429]);

export function classifyError(e: unknown): FailureKind {
  // A connection error (refused, reset, timed out) has no status; it may well work next time.
  if (e instanceof APIConnectionError) return "retryable";
  if (e instanceof APIError) {
    // OpenAI's own override, which its SDK obeys too.
    const say = (e.headers as HeaderBag)?.get("x-should-retry");
    if (say === "true") return "retryable";
    if (say === "false") return "fatal";
    const s = e.status as number | undefined;
    if (s === undefined) return "retryable";
    return RETRYABLE_STATUS.has(s) || s >= 500 ? "retryable" : "fatal";
  }
  return "fatal";
}

type HeaderBag = { get(name: string): string | null } | undefined | null;

/**
 * How long the server asked us to wait, in ms: OpenAI's `retry-after-ms`, else `Retry-After` as
 * seconds or as an HTTP date. Undefined when absent or unreadable.
 */
export function parseRetryAfter(headers: HeaderBag, now: number = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get("retry-after-ms");
  if (ms && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.max(0, Number(ms));
  const ra = headers.get("retry-after")?.trim();
  if (!ra) return undefined;
  if (/^\d+(\.\d+)?$/.test(ra)) return Number(ra) * 1000;
  const at = Date.parse(ra);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The server's requested wait, when the error carries one. */
export function retryAfterOf(e: unknown, now: number = Date.now()): number | undefined {
  return e instanceof APIError ? parseRetryAfter(e.headers as HeaderBag, now) : undefined;
}

/**
 * Exponential backoff with "equal jitter": half the step is fixed, half random, so a crowd of
 * agents that failed together does not retry together. `retry` counts from 0.
 */
export function backoffDelay(
  retry: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const step = Math.min(capMs, baseMs * 2 ** retry);
  return step / 2 + random() * (step / 2);
}

/** Waits `ms`, or less if the signal aborts; says whether the whole wait happened. */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (full: boolean) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(full);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A short description of a failure for logs and metrics; never includes headers or keys. */
export function describeError(e: unknown): string {
  if (e instanceof APIError && e.status !== undefined)
    return `HTTP ${e.status}${e.message ? `: ${e.message.slice(0, 200)}` : ""}`;
  if (e instanceof Error) return `${e.name}: ${e.message.slice(0, 200)}`;
  return String(e).slice(0, 200);
}
