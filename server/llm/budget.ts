// A town's model budget (LLM_BUDGET_TOKENS_PER_HOUR): the gateway a town's minds ask counts the
// tokens each ask carries (the rendered request and the answer, counted as the offline engine
// meters them) over the last hour. Asks the response cache answered count too: the gateway is
// shared by the process's towns, so its own counters cannot say which town spent what, and
// counting too much errs on the side of the money. Past the budget, what people ask (a visitor's words, a
// reporter's question: the asks made inside `forPeople`) is answered by the prompt's offline
// answer, so nobody can spend a town's money by talking; the residents' own lives go on with the
// model. The room shows the state to everyone (engineStatus "budget").
import { AsyncLocalStorage } from "node:async_hooks";
import { withJsonInstruction } from "./json.ts";
import type { Gateway, LlmMetrics, Prompt } from "./prompt.ts";
import { TokenCounter } from "./tokens.ts";
import { answerOffline, AskTrace, safeRender } from "./trace.ts";

const HOUR_MS = 3_600_000;
/** The hour is kept as one total per minute: memory stays fixed however many asks come. */
const SLOT_MS = 60_000;

export class BudgetedGateway implements Gateway {
  private readonly people = new AsyncLocalStorage<true>();
  private readonly slots = new Map<number, number>();
  /** People's asks answered offline because the budget was spent. */
  refused = 0;

  constructor(
    private readonly inner: Gateway,
    private readonly tokensPerHour: number,
    private readonly counter = new TokenCounter(),
    private readonly clock: () => number = Date.now,
  ) {}

  get engine(): string {
    return this.inner.engine;
  }

  /** Runs a person's ask (and everything it asks the model) under the budget. */
  forPeople<T>(fn: () => Promise<T>): Promise<T> {
    return this.people.run(true, fn);
  }

  /** Tokens spent in the last hour. */
  spent(): number {
    const since = Math.floor((this.clock() - HOUR_MS) / SLOT_MS);
    let total = 0;
    for (const [slot, tokens] of this.slots) {
      if (slot <= since) this.slots.delete(slot);
      else total += tokens;
    }
    return total;
  }

  /** Whether the hour's budget is spent (people's asks are answered offline). */
  exhausted(): boolean {
    return this.inner.engine !== "offline" && this.spent() >= this.tokensPerHour;
  }

  async ask<In, Out>(prompt: Prompt<In, Out>, input: In): Promise<Out> {
    if (this.inner.engine === "offline") return this.inner.ask(prompt, input);
    if (this.people.getStore() && this.exhausted()) {
      this.refused++;
      const trace = AskTrace.start(prompt.name, "offline");
      const answer = answerOffline(prompt, input, trace);
      if (trace) {
        trace.messages = safeRender(prompt, input);
        trace.done(answer, "fallback", "the town's model budget is spent");
      }
      return answer;
    }
    const answer = await this.inner.ask(prompt, input);
    this.spend(
      () =>
        this.counter.chat(withJsonInstruction(prompt.render(input), prompt.answer)) +
        this.counter.text(JSON.stringify(answer) ?? ""),
    );
    return answer;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const vectors = await this.inner.embed(texts);
    if (this.inner.engine !== "offline")
      this.spend(() => texts.reduce((n, t) => n + this.counter.text(t), 0));
    return vectors;
  }

  metrics(): LlmMetrics {
    return this.inner.metrics();
  }

  /** The inner gateway serves every town of the process: closing it is the process's business. */
  async close(): Promise<void> {}

  private spend(count: () => number): void {
    let tokens: number;
    try {
      tokens = count();
    } catch {
      return; // a prompt that cannot be rendered again is not counted, never refused for it
    }
    const slot = Math.floor(this.clock() / SLOT_MS);
    this.slots.set(slot, (this.slots.get(slot) ?? 0) + tokens);
  }
}
