// Exactly one process hosts a town. Ownership is a Redis key per town holding the owner's
// Colyseus process id, set only if absent and kept alive while the owner lives; a process that
// finds it taken serves matchmaking only, and takes the town over if the owner's key lapses
// (the owner died without letting go).
import type { Redis } from "ioredis";

export interface TownOwnerOptions {
  /** How long a claim lives without renewal. */
  ttlMs?: number;
  /** How often the owner renews and a standby tries to take over. */
  everyMs?: number;
  onLost?(): void;
  onError?(err: unknown): void;
}

// Renew or release only a claim that is still ours (another process may hold it by now).
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export class TownOwner {
  private timer?: NodeJS.Timeout;
  private owned = false;
  private stopped = false;
  readonly key: string;
  private readonly ttlMs: number;
  private readonly everyMs: number;

  constructor(
    private readonly redis: Redis,
    town: string,
    /** This process's id (Colyseus's): what the key holds while we own the town. */
    readonly me: string,
    private readonly options: TownOwnerOptions = {},
  ) {
    this.key = `town:${town}:owner`;
    this.ttlMs = options.ttlMs ?? 15_000;
    this.everyMs = options.everyMs ?? Math.floor(this.ttlMs / 3);
  }

  get isOwner(): boolean {
    return this.owned;
  }

  /** The process that owns the town now, if any. */
  async owner(): Promise<string | undefined> {
    return (await this.redis.get(this.key)) ?? undefined;
  }

  /**
   * Claims the town. If this process gets it, `host` runs (now, or later on a takeover); the
   * claim is then renewed until `release()`. Resolves with whether it owns the town now.
   */
  async claim(host: (takeover: boolean) => Promise<void>): Promise<boolean> {
    const tryClaim = async (): Promise<boolean> => {
      const ok = await this.redis.set(this.key, this.me, "PX", this.ttlMs, "NX");
      return ok === "OK";
    };
    this.owned = await tryClaim();
    const tick = async () => {
      if (this.stopped) return;
      try {
        if (this.owned) {
          // A claim that lapsed while Redis was out of reach (and nobody took) is taken again:
          // the town never stopped here.
          if (
            Number(await this.redis.eval(RENEW, 1, this.key, this.me, String(this.ttlMs))) !== 1 &&
            !(await tryClaim())
          ) {
            this.owned = false;
            this.options.onLost?.();
          }
        } else if (await tryClaim()) {
          this.owned = true;
          await host(true);
        }
      } catch (err) {
        this.options.onError?.(err);
      }
    };
    // Renewed from now on, while the town opens too: opening (resuming a save, starting its minds'
    // thread) may take longer than the claim lives, and another process would take it meanwhile.
    this.timer = setInterval(() => void tick(), this.everyMs);
    this.timer.unref();
    if (this.owned) {
      try {
        await host(false);
      } catch (err) {
        await this.release();
        throw err;
      }
    }
    return this.owned;
  }

  /** Stops renewing and lets go of the town (only if it is still ours). */
  async release(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    if (!this.owned) return;
    this.owned = false;
    await this.redis.eval(RELEASE, 1, this.key, this.me).catch(() => undefined);
  }
}
