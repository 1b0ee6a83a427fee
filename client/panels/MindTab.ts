// The inspector's "Mind" tab: the resident's asks of its mind, newest first, from
// GET /api/agents/:id/trace, filterable by prompt; a click opens the prompt as sent, the memories
// retrieved for it with their three scores as bars, and the answer. In a replay it reads the
// recording's trace up to the step shown. Only a moderator's token (or TRACE_PUBLIC) opens it.
import { TracePage, type TraceEntry, type TraceMemory } from "../../shared/trace.ts";
import { formatClock } from "../../shared/time.ts";
import { fill, h } from "./dom.ts";

export interface MindSource {
  /** The saved town's name (live), or the recording and the step shown (replay). */
  town?(): string;
  recording?(): { id: string; step: number };
  /** The moderator's token, when the viewer has one. */
  token?(): string | undefined;
}

const PAGE = 30;
const TOKEN_KEY = "simulacra-moderator-token";

/** Keeps a moderator's token for this tab's session, so its replays may read the trace too. */
export function rememberModeratorToken(token: string | undefined): void {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // storage refused (private mode): the replay then reads only a public trace
  }
}

/** The moderator's token this tab's session joined with, if any. */
export function moderatorToken(): string | undefined {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export class MindTab {
  readonly root: HTMLElement;
  private readonly filter: HTMLSelectElement;
  private readonly list: HTMLOListElement;
  private readonly more: HTMLButtonElement;
  private readonly note: HTMLElement;
  private agentId = "";
  private next: string | null = null;
  /** What the list shows now (agent, prompt, source): a reply to an older ask is dropped. */
  private shown = "";
  /** Entries shown, for tests. */
  entries: TraceEntry[] = [];

  constructor(private readonly source: MindSource) {
    this.filter = h("select.mind-filter", { id: "mind-filter", "aria-label": "Only this prompt" });
    this.filter.addEventListener("change", () => void this.load());
    this.list = h("ol.mind-asks", { id: "mind-asks" });
    this.note = h("div.muted.mind-note", {});
    this.more = h(
      "button.mind-more",
      { type: "button", hidden: true, onclick: () => void this.page() },
      "Older asks",
    );
    this.root = h(
      "section.mind",
      { id: "inspector-mind", "aria-label": "What the mind was asked" },
      h("div.mind-head", {}, h("label", { for: "mind-filter" }, "Prompt "), this.filter),
      this.note,
      this.list,
      this.more,
    );
  }

  /** Shows a resident's asks (again: from the newest). */
  show(agentId: string): Promise<void> {
    if (agentId !== this.agentId) {
      this.agentId = agentId;
      fill(this.filter, h("option", { value: "" }, "all"));
    }
    return this.load();
  }

  private key(): string {
    const r = this.source.recording?.();
    return `${this.agentId}|${this.filter.value}|${r ? `${r.id}@${r.step}` : this.source.town?.()}`;
  }

  private async load(): Promise<void> {
    if (this.shown === this.key() && this.entries.length) return;
    this.next = null;
    this.entries = [];
    fill(this.list);
    this.note.textContent = "Reading the trace…";
    await this.page();
  }

  private async page(): Promise<void> {
    const key = this.key();
    const rec = this.source.recording?.();
    const q = new URLSearchParams({ limit: String(PAGE) });
    if (rec) {
      q.set("recording", rec.id);
      q.set("step", String(rec.step));
    } else q.set("town", this.source.town?.() ?? "");
    if (this.filter.value) q.set("prompt", this.filter.value);
    if (this.next) q.set("before", this.next);
    const token = this.source.token?.();
    const res = await fetch(`/api/agents/${encodeURIComponent(this.agentId)}/trace?${q}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    }).catch(() => null);
    if (key !== this.key()) return;
    this.shown = key;
    if (!res?.ok) {
      this.note.textContent =
        res?.status === 403
          ? "The mind's trace is for moderators (the server's TRACE_PUBLIC is off)."
          : "The trace could not be read.";
      this.more.hidden = true;
      return;
    }
    const parsed = TracePage.safeParse(await res.json());
    if (!parsed.success) {
      this.note.textContent = "The server's answer is not a trace.";
      return;
    }
    const page = parsed.data;
    this.prompts(page.prompts);
    this.entries.push(...page.entries);
    for (const e of page.entries) this.list.append(this.item(e));
    this.next = page.next;
    this.more.hidden = !page.next;
    this.note.textContent = this.entries.length
      ? `${this.entries.length}${page.next ? "+" : ""} asks, newest first${rec ? ` (up to step ${rec.step})` : ""}`
      : rec
        ? "No asks up to this step."
        : "No asks traced yet.";
  }

  private prompts(names: string[]): void {
    const have = [...this.filter.options].map((o) => o.value);
    if (have.length === names.length + 1 && names.every((n) => have.includes(n))) return;
    const value = this.filter.value;
    fill(
      this.filter,
      h("option", { value: "" }, "all"),
      ...names.map((n) => h("option", { value: n }, n)),
    );
    this.filter.value = names.includes(value) ? value : "";
  }

  /** One ask: a line to click, and what it opens. */
  private item(e: TraceEntry): HTMLElement {
    const open = h("div.mind-open", { hidden: true });
    const line = h(
      "button.mind-line",
      {
        type: "button",
        "aria-expanded": "false",
        onclick: () => {
          if (!open.firstChild) fill(open, ...this.details(e));
          open.hidden = !open.hidden;
          line.setAttribute("aria-expanded", String(!open.hidden));
        },
      },
      h("span.t", {}, formatClock(e.time)),
      h("span.prompt", {}, e.prompt),
      h(`span.engine.e-${e.engine}`, { title: e.reason ?? e.model }, e.engine),
      h("span.tok", { title: "tokens in + out" }, `${e.tokensIn}+${e.tokensOut}`),
    );
    return h("li", {}, line, open);
  }

  private details(e: TraceEntry): HTMLElement[] {
    return [
      h("p.purpose", {}, e.purpose),
      h(
        "div.facts",
        {},
        `step ${e.step ?? "?"} · ${e.model}${e.reason ? ` · ${e.reason}` : ""} · ${e.latencyMs} ms${e.cacheHit ? " · cached" : ""}${e.costUsd ? ` · $${e.costUsd.toFixed(5)}` : ""}`,
      ),
      h("h4", {}, `Memories retrieved · ${e.memories.length}`),
      e.memories.length
        ? h("ul.mind-memories", {}, ...e.memories.map((m) => memory(m)))
        : h("div.muted", {}, "None for this ask."),
      ...(e.drew?.length
        ? [
            h("h4", {}, `Drew on · ${e.drew.length}`),
            h(
              "ul.mind-drew",
              {},
              ...e.drew.map((d) =>
                h("li", {}, h("span.kind", { title: d.ref }, d.kind), ` ${d.text}`),
              ),
            ),
          ]
        : []),
      h("h4", {}, "Answer"),
      h("pre.answer", {}, JSON.stringify(e.answer, null, 1)),
      e.raw !== null && e.raw !== JSON.stringify(e.answer)
        ? h("details", {}, h("summary", {}, "The model's text"), h("pre", {}, e.raw))
        : h("span"),
      h("details.prompt-text", {}, h("summary", {}, "System"), h("pre", {}, e.system)),
      h("details.prompt-text", { open: true }, h("summary", {}, "Prompt"), h("pre", {}, e.user)),
    ];
  }
}

/** A memory with its three scores as bars (each 0-1) and their total. */
function memory(m: TraceMemory): HTMLElement {
  const bar = (label: string, v: number) =>
    h(
      `span.bar.b-${label}`,
      { title: `${label} ${(v * 100).toFixed(0)}%` },
      h("span.fill", { style: `width:${Math.round(Math.max(0, Math.min(1, v)) * 100)}%` }),
    );
  return h(
    "li",
    {},
    h(
      "div.scores",
      {},
      bar("recency", m.recency),
      bar("importance", m.importance),
      bar("relevance", m.relevance),
      h("span.total", { title: "recency + importance + relevance" }, m.total.toFixed(2)),
    ),
    h("div.desc", {}, m.text),
  );
}
