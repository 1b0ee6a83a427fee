// The trace of a resident's mind: every ask of a gateway made on a resident's behalf, with the
// text sent, the memories retrieved for it and the answer (shared/trace.ts). The mind opens a
// scope per resident's turn (traced()); retrievals in the scope are noted, and each ask ends as
// one entry handed to the scope's sink. Outside a scope nothing is recorded and nothing costs.
//
// AsyncLocalStorage (node's own) carries the scope through the awaits of a turn, so the prompts,
// the gateways and the retrieval need no new parameter, and concurrent residents' turns keep
// their own scopes.
import { AsyncLocalStorage } from "node:async_hooks";
import type { TraceDrawn, TraceEngine, TraceEntry, TraceMemory } from "../../shared/trace.ts";
export { traceKeepDays } from "../../shared/trace.ts";
import { withJsonInstruction } from "./json.ts";
import type { ChatMessage, Prompt } from "./prompt.ts";

/** Where a scope's entries go: the entry as its row's JSON, made where the minds run. */
export interface TraceSink {
  trace(agentId: string, time: number, n: number, prompt: string, json: string): void;
}

interface Scope {
  agentId: string;
  time: number;
  sink: TraceSink;
  /** Memories retrieved since the last ask of this scope, by id (the best score kept). */
  retrieved: Map<number, TraceMemory>;
}

const scopes = new AsyncLocalStorage<Scope>();
/** Asks begun in this thread, for their order. */
let asked = 0;

/** Runs a resident's turn with its asks traced into `sink` (none: as if untraced). */
export function traced<T>(
  agentId: string,
  time: number,
  sink: TraceSink | undefined,
  work: () => T,
): T {
  if (!sink) return work();
  return scopes.run({ agentId, time, sink, retrieved: new Map() }, work);
}

/** Whether the current turn is traced (a retrieval computes its scores' parts only then). */
export const tracing = (): boolean => scopes.getStore() !== undefined;

/** Notes memories a retrieval gave, for the next ask of the turn. */
export function noteRetrieved(memories: readonly TraceMemory[]): void {
  const scope = scopes.getStore();
  if (!scope) return;
  for (const m of memories) {
    const prev = scope.retrieved.get(m.id);
    if (!prev || m.total > prev.total) scope.retrieved.set(m.id, m);
  }
}

/** What the offline answer being computed drew on (set only while a traced ask's offline answer
 *  runs: offline answers are synchronous, so no other ask can interleave). */
let drawing: TraceDrawn[] | undefined;
/** At most this many things drawn on per ask, each text this long (the trace stays light). */
const DRAWN_MAX = 16;
const DRAWN_TEXT = 160;

/** Whether an offline answer being computed now is traced (so noting what it drew on is worth
 *  the work). */
export const drawingNoted = (): boolean => drawing !== undefined;

/** Notes something the offline answer being computed drew on (a no-op when the ask is untraced). */
export function noteDrawn(kind: string, ref: string | number, text: string): void {
  if (!drawing || drawing.length >= DRAWN_MAX) return;
  const r = String(ref).slice(0, 200);
  if (drawing.some((d) => d.kind === kind && d.ref === r && d.text.startsWith(text.slice(0, 40))))
    return;
  const t = text.replace(/\s+/g, " ").trim();
  drawing.push({
    kind: kind.slice(0, 40),
    ref: r,
    text: t.length > DRAWN_TEXT ? `${t.slice(0, DRAWN_TEXT - 1)}…` : t,
  });
}

/** A prompt's offline answer; when the ask is traced, what it drew on goes with its entry. */
export function answerOffline<In, Out>(
  prompt: Prompt<In, Out>,
  input: In,
  trace: AskTrace | undefined,
): Out {
  if (!trace) return prompt.offline(input);
  const outer = drawing;
  const mine: TraceDrawn[] = [];
  drawing = mine;
  try {
    return prompt.offline(input);
  } finally {
    drawing = outer;
    trace.drew = mine;
  }
}

/** The first sentence of a prompt's system text: its task in its own words. */
export function purposeOf(system: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(system.trim());
  return (m ? m[1] : system.slice(0, 200)).trim();
}

/** One ask being answered; undefined outside a traced turn (then every call on it is skipped). */
export class AskTrace {
  private readonly n = ++asked;
  private readonly started = Date.now();
  private readonly memories: TraceMemory[];
  messages: ChatMessage[] | undefined;
  raw: string | null = null;
  engine: TraceEngine = "model";
  reason: string | null = null;
  tokensIn = 0;
  tokensOut = 0;
  costUsd = 0;
  cacheHit = false;
  /** What the offline engine drew its answer on, when it answered. */
  drew: TraceDrawn[] | undefined;

  private constructor(
    private readonly scope: Scope,
    private readonly prompt: string,
    public model: string,
  ) {
    this.memories = [...scope.retrieved.values()].sort((a, b) => b.total - a.total);
    scope.retrieved.clear();
  }

  static start(prompt: string, model: string): AskTrace | undefined {
    const scope = scopes.getStore();
    return scope && new AskTrace(scope, prompt, model);
  }

  tokens(tokensIn: number, tokensOut: number, costUsd: number): void {
    this.tokensIn += tokensIn;
    this.tokensOut += tokensOut;
    this.costUsd += costUsd;
  }

  /** The answer the mind got: the entry goes to the sink. Never throws (tracing must not change
   *  what the town does). */
  done(answer: unknown, engine?: TraceEngine, reason?: string | null): void {
    if (engine) this.engine = engine;
    if (reason !== undefined) this.reason = reason;
    try {
      const system = this.messages?.filter((m) => m.role === "system").map((m) => m.content) ?? [];
      const user = this.messages?.filter((m) => m.role !== "system").map((m) => m.content) ?? [];
      const entry: TraceEntry = {
        agentId: this.scope.agentId,
        time: this.scope.time,
        step: null,
        n: this.n,
        prompt: this.prompt,
        purpose: purposeOf(system[0] ?? ""),
        system: system.join("\n"),
        user: user.join("\n"),
        memories: this.memories,
        ...(this.drew && (this.engine === "offline" || this.engine === "fallback")
          ? { drew: this.drew }
          : {}),
        answer: answer ?? null,
        raw: this.raw,
        engine: this.engine,
        model: this.model,
        reason: this.reason,
        tokensIn: this.tokensIn,
        tokensOut: this.tokensOut,
        costUsd: this.costUsd,
        latencyMs: Date.now() - this.started,
        cacheHit: this.cacheHit,
      };
      this.scope.sink.trace(
        this.scope.agentId,
        this.scope.time,
        this.n,
        this.prompt,
        JSON.stringify(entry),
      );
    } catch {
      // an answer that cannot be written as JSON is left out of the trace, not out of the town
    }
  }
}

/** The messages a prompt would send (with the JSON instruction), or none when it cannot render. */
export function safeRender<In, Out>(prompt: Prompt<In, Out>, input: In): ChatMessage[] | undefined {
  try {
    return withJsonInstruction(prompt.render(input), prompt.answer);
  } catch {
    return undefined;
  }
}
