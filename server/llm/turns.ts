// A live server's gateway takes its asks one per turn of the event loop.
//
// The offline engine answers at once, so a resident's whole chain of thought (plan, decompose,
// retrieve, react: each ask's answer leads straight to the next ask) used to run in one go, and
// at the start of a day all 25 residents of base-25 planned in one stretch of the room's thread:
// moves, patches and socket reads waited behind it (bench/RESULTS.md, issue 16: the server's lag).
// Here every ask (and embedding) waits for its own turn (setImmediate, one a turn, first come
// first served), so the thread gets back to its sockets between two asks. A model's asks only
// start a turn later, which costs nothing next to their network time. Headless runs (sim, eval)
// do not use it: a lockstep step waits for every mind anyway.
//
// People first: the asks made for a person (inside `forAPerson`: a visitor's words to a
// resident, a reporter's question, a moderator's whisper) take the next turns, before the
// residents' own thinking waiting for theirs. In a town of a thousand that queue is long (every
// resident's plans, reactions and talks), and a person waited ~21 s for a hello to be answered
// behind it (bench/RESULTS.md, issue 33); now a person's answer waits only for the turn under way.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import type { Gateway, LlmMetrics, Prompt } from "./prompt.ts";

const person = new AsyncLocalStorage<true>();

/** Runs work done for a person (and every ask it makes, however deep): its asks go first. */
export function forAPerson<T>(work: () => T): T {
  return person.run(true, work);
}

/** Whether the work running now was asked for by a person (see forAPerson). */
export function askedForAPerson(): boolean {
  return person.getStore() === true;
}

export class TurnTakingGateway implements Gateway {
  /** The residents' own asks, first come first served. */
  private readonly queue: (() => void)[] = [];
  /** Asks made for people: they take the next turns (first come first served among them). */
  private readonly people: (() => void)[] = [];
  private scheduled = false;

  constructor(private readonly inner: Gateway) {}

  get engine(): string {
    return this.inner.engine;
  }

  /** Asks waiting for their turn. */
  get waiting(): number {
    return this.queue.length + this.people.length;
  }

  ask<In, Out>(prompt: Prompt<In, Out>, input: In): Promise<Out> {
    return this.inTurn(() => this.inner.ask(prompt, input));
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    return this.inTurn(() => this.inner.embed(texts));
  }

  metrics(): LlmMetrics {
    return this.inner.metrics();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // In the asker's own async context (a town's seed, a person's budget), whoever's turn
      // callback runs it.
      (askedForAPerson() ? this.people : this.queue).push(
        AsyncResource.bind(() => {
          try {
            work().then(resolve, reject);
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        }),
      );
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting === 0) return;
    this.scheduled = true;
    setImmediate(this.next);
  }

  /** One ask, a person's first, then the next turn (what it answers runs right after it, before the sockets). */
  private readonly next = (): void => {
    this.scheduled = false;
    try {
      (this.people.shift() ?? this.queue.shift())?.();
    } finally {
      this.schedule();
    }
  };
}
