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
import { AsyncResource } from "node:async_hooks";
import type { Gateway, LlmMetrics, Prompt } from "./prompt.ts";

export class TurnTakingGateway implements Gateway {
  private readonly queue: (() => void)[] = [];
  private scheduled = false;

  constructor(private readonly inner: Gateway) {}

  get engine(): string {
    return this.inner.engine;
  }

  /** Asks waiting for their turn. */
  get waiting(): number {
    return this.queue.length;
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
      this.queue.push(
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
    if (this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(this.next);
  }

  /** One ask, then the next turn (what it answers runs right after it, before the sockets). */
  private readonly next = (): void => {
    this.scheduled = false;
    try {
      this.queue.shift()?.();
    } finally {
      this.schedule();
    }
  };
}
