// Bounded concurrency: at most `limit` requests out at once, the rest wait in arrival order. A
// waiter whose ask passed its deadline leaves the queue, so a dead server drains the queue into
// fallbacks instead of piling it up. (Twenty lines; a library would add a dependency for less.)
// A waiter asking `first` (a person's ask, llm/turns.ts) waits only behind others asking first.

export type Release = () => void;

export class Semaphore {
  private active = 0;
  private readonly queue: Array<(release: Release) => void> = [];
  /** Waiters that go before the queue (people's asks), in their order. */
  private readonly firsts: Array<(release: Release) => void> = [];

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new Error(`concurrency limit must be at least 1, got ${limit}`);
  }

  /** Resolves with a release function once a slot is free, or undefined if the signal aborts
   *  first. Call the release exactly once. `first`: before the waiters not asking first. */
  acquire(signal?: AbortSignal, first = false): Promise<Release | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => {
      const grant = (release: Release) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(release);
      };
      const line = first ? this.firsts : this.queue;
      const onAbort = () => {
        const i = line.indexOf(grant);
        if (i >= 0) line.splice(i, 1);
        resolve(undefined);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      line.push(grant);
    });
  }

  /** Requests out now, and asks waiting for a slot. */
  get inUse(): number {
    return this.active;
  }
  get waiting(): number {
    return this.firsts.length + this.queue.length;
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.firsts.shift() ?? this.queue.shift();
      // The slot passes straight to the next waiter: `active` stays the same.
      if (next) next(this.releaser());
      else this.active--;
    };
  }
}
