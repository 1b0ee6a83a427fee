// An answer a mind is still working on. The Town never awaits a mind blindly: it adopts the
// answer at a step once it is done, a mind's failure is recorded, never thrown, and an answer
// that does not come within its time is given up on (a late one is then ignored).

export type Pending<T> = { done: boolean; output?: T; error?: unknown; promise: Promise<void> };

/** The error a pending answer holds when the mind did not answer in time. */
export class MindTimeout extends Error {
  constructor(readonly ms: number) {
    super(`the mind did not answer within ${ms} ms`);
    this.name = "MindTimeout";
  }
}

/** What Deadlines give up on. */
interface Expiring {
  giveUp(): void;
}

/** The longest a slice of Deadlines may be: an answer is given up on at most this much late. */
const SLICE_MAX_MS = 1000;

/**
 * Gives up on answers after `ms` (real milliseconds), with one timer for all those due in the
 * same slice of time (1/16 of `ms`, at most a second): a live town-1000 asks ~1,000 answers a
 * step, and a timer each, set and cleared, was a share of the room's thread. An answer is given
 * up on no sooner than `ms` after it was asked, and at most a slice later.
 */
export class Deadlines {
  private readonly slice: number;
  /** The answers still awaited, by the end of their slice. */
  private readonly due = new Map<number, Set<Expiring>>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(readonly ms: number) {
    this.slice = Math.max(1, Math.min(SLICE_MAX_MS, Math.ceil(ms / 16)));
  }

  /** Gives `answer` up when the time is up, unless unwatched before; returns its slice's end. */
  watch(answer: Expiring): number {
    const now = performance.now();
    const at = Math.ceil((now + this.ms) / this.slice) * this.slice;
    let open = this.due.get(at);
    if (!open) {
      open = new Set();
      this.due.set(at, open);
      const timer = setTimeout(() => this.expire(at), at - now);
      // A mind that never answers must not keep the process alive.
      timer.unref?.();
      this.timers.set(at, timer);
    }
    open.add(answer);
    return at;
  }

  /** The answer came: its slice's timer goes when no answer of the slice is awaited any more. */
  unwatch(answer: Expiring, at: number): void {
    const open = this.due.get(at);
    if (!open?.delete(answer) || open.size > 0) return;
    clearTimeout(this.timers.get(at));
    this.timers.delete(at);
    this.due.delete(at);
  }

  private expire(at: number): void {
    const open = this.due.get(at);
    this.due.delete(at);
    this.timers.delete(at);
    for (const answer of open ?? []) answer.giveUp();
  }
}

/**
 * An answer awaited with a deadline. A class, not closures: a live town makes ~1,000 a step, and
 * each named closure costs its making (and, run by tsx, a name given to it).
 */
class Awaited<T> implements Pending<T>, Expiring {
  done = false;
  output?: T;
  error?: unknown;
  readonly promise: Promise<void>;
  private settled!: () => void;
  /** The end of its slice of Deadlines. */
  private readonly at: number;

  constructor(
    answer: Promise<T>,
    private readonly deadlines: Deadlines,
  ) {
    this.promise = new Promise<void>((resolve) => (this.settled = resolve));
    this.at = deadlines.watch(this);
    void answer.then(
      (output) => this.settle(output, undefined),
      (error: unknown) => this.settle(undefined, error),
    );
  }

  private settle(output: T | undefined, error: unknown): void {
    if (this.done) return; // an answer after the time is up is ignored
    this.deadlines.unwatch(this, this.at);
    if (error === undefined) this.output = output;
    else this.error = error;
    this.done = true;
    this.settled();
  }

  giveUp(): void {
    if (this.done) return;
    this.error = new MindTimeout(this.deadlines.ms);
    this.done = true;
    this.settled();
  }
}

/**
 * Runs an answer-to-be without throwing: the Town adopts it when it is done. With `deadlines` it
 * is done at the latest when they give up on it, holding a MindTimeout.
 */
export function pending<T>(ask: () => Promise<T>, deadlines?: Deadlines): Pending<T> {
  let answer: Promise<T>;
  try {
    answer = ask();
  } catch (error) {
    answer = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  if (deadlines) return new Awaited(answer, deadlines);
  const p: Pending<T> = { done: false, promise: Promise.resolve() };
  p.promise = answer.then(
    (output) => {
      p.output = output;
      p.done = true;
    },
    (error: unknown) => {
      p.error = error;
      p.done = true;
    },
  );
  return p;
}
