// A service the server depends on (the database, Redis) as its writers and clients find it: up
// until an operation fails, down until one succeeds again. It logs one line when the service goes
// down and one when it is back (how long, and what was retried meanwhile), never a line per
// attempt; /api/health reads its state.
import type { Logger } from "pino";
import type { DependencyHealth } from "../../shared/health.ts";

type Log = Pick<Logger, "warn" | "info">;

export class Dependency {
  private downSince: number | null = null;
  private error = "";
  /** What failed and was tried again while down, by kind ("save": 12). */
  private retried = new Map<string, number>();
  private log: Log | undefined;

  constructor(
    readonly name: string,
    /** What happens while it is down, for the log line ("saves wait in memory"). */
    private readonly meanwhile: string,
  ) {}

  /** Where the two lines go (the store opens before the server's logger is handed around). */
  logTo(log: Log): void {
    this.log = log;
  }

  get up(): boolean {
    return this.downSince === null;
  }

  /** An operation of kind `what` failed: the service is down (said once). */
  failed(what: string, err: unknown): void {
    if (this.downSince !== null) {
      this.retried.set(what, (this.retried.get(what) ?? 0) + 1);
      return;
    }
    this.downSince = Date.now();
    this.error = errorText(err);
    this.retried.clear();
    this.log?.warn(
      { dependency: this.name, failed: what, err: this.error },
      `${this.name} is down (${what} failed: ${this.error}); ${this.meanwhile}`,
    );
  }

  /** An operation succeeded: the service is up (said once, when it was down). */
  succeeded(): void {
    if (this.downSince === null) return;
    const seconds = (Date.now() - this.downSince) / 1000;
    const retried = Object.fromEntries(this.retried);
    const what = [...this.retried].map(([k, n]) => `${n} ${k}`).join(", ") || "nothing";
    this.downSince = null;
    this.error = "";
    this.retried.clear();
    this.log?.info(
      { dependency: this.name, downSeconds: Number(seconds.toFixed(1)), retried },
      `${this.name} is back after ${seconds.toFixed(1)} s (retried: ${what})`,
    );
  }

  /** Its state for /api/health. */
  health(): DependencyHealth {
    return this.downSince === null
      ? { state: "up" }
      : { state: "down", since: new Date(this.downSince).toISOString(), error: this.error };
  }
}

/** An error's message, short: drivers' errors can be long, multi-line, or empty. */
export function errorText(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown } | undefined;
  const text =
    (typeof e?.message === "string" && e.message) ||
    (typeof e?.code === "string" && e.code) ||
    String(err);
  // Prisma puts the cause on the last line, after where in our code the query was made.
  const lines = text.split("\n").filter((l) => l.trim());
  return lines.at(-1)?.trim().slice(0, 200) ?? "unknown error";
}
