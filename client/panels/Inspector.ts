// The inspector: everything the town knows about one resident, from GET /api/agents/:id —
// persona (name, age, traits, backstory), what it does now and where, today's plan and its
// latest memories and reflections. It refreshes while open and keeps its scroll position.
import { AgentDetails } from "../../shared/api.ts";
import { formatClock } from "../../shared/time.ts";
import { firstName, placeOf } from "./format.ts";
import { fill, h } from "./dom.ts";
import type { MemoryPage } from "../../shared/memories.ts";
import { MindTab } from "./MindTab.ts";

/** The transcript's downloads: [format, label, what it is] (GET /api/transcripts?format=). */
const TRANSCRIPT_FORMATS = [
  ["md", "MD", "Markdown, to read"],
  ["jsonl", "JSONL", "JSON lines: one line said per line, with time, place, speaker and listeners"],
  ["csv", "CSV", "CSV, for a spreadsheet"],
] as const;

/** What GET /api/agents/:id answers, declared once on the server. */
export type { AgentDetails };

export interface InspectorActions {
  talk(id: string): void;
  follow(id: string): void;
  /** Role-specific: "Interview" for reporters, "Whisper" for moderators. */
  extra?: { label: string; run(id: string): void };
  /** Moderators: retires the resident (it walks home and leaves town), after a second click. */
  retire?(id: string, name: string): void;
  /** Game time now, to mark the current block of the plan. */
  now(): number;
  /** The name of whoever the resident talks to. */
  nameOf(id: string): string;
  /** Everyone who can be inspected, for the switcher. */
  residents(): { id: string; name: string }[];
  /** The town's name: the server may host several. */
  town(): string;
  /** The moderator's token, when the viewer has one (the Mind tab reads the trace with it). */
  token?(): string | undefined;
}

const REFRESH_MS = 3000;
const MEMORY_LIMIT = 30;

export class Inspector {
  readonly root: HTMLElement;
  private readonly title: HTMLElement;
  private readonly body: HTMLElement;
  private readonly tools: HTMLElement;
  /** "All memories": the whole stream from the database, a page at a time (kept across refreshes). */
  private readonly all: HTMLDetailsElement;
  /** The "Mind" tab: the resident's asks of its mind (MindTab.ts). */
  readonly mind: MindTab;
  private readonly tabs: HTMLElement;
  private tab: "resident" | "mind" = "resident";
  agentId = "";
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastJson = "";
  /** The resident shown is no longer in town. */
  private gone = false;
  /** The last details shown, for tests. */
  details: AgentDetails | null = null;

  constructor(private readonly actions: InspectorActions) {
    this.title = h("h2", {});
    this.tools = h("div.tools", {});
    this.body = h("div.inspector-body", { tabindex: 0 });
    this.all = h("details", { id: "inspector-all-memories" });
    this.all.addEventListener("toggle", () => {
      if (this.all.open && !this.all.querySelector("li")) void this.morePages(undefined);
    });
    this.mind = new MindTab({ town: () => actions.town(), token: () => actions.token?.() });
    this.mind.root.hidden = true;
    const tabButton = (tab: "resident" | "mind", label: string) =>
      h(
        `button.tab.tab-${tab}`,
        { type: "button", role: "tab", id: `inspector-tab-${tab}`, onclick: () => this.pick(tab) },
        label,
      );
    this.tabs = h(
      "div.tabs",
      { role: "tablist" },
      tabButton("resident", "Resident"),
      tabButton("mind", "🧠 Mind"),
    );
    this.root = h(
      "aside.panel.inspector",
      { id: "inspector", "aria-label": "Resident inspector" },
      h(
        "header",
        {},
        this.title,
        h(
          "button.close",
          {
            type: "button",
            title: "Close (Esc)",
            "aria-label": "Close the inspector",
            onclick: () => this.close(),
          },
          "×",
        ),
      ),
      this.tools,
      this.tabs,
      this.body,
      this.all,
      this.mind.root,
    );
    this.pick("resident");
    this.root.hidden = true;
    this.root.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        this.close();
      }
    });
  }

  /** Shows the resident's details or its mind's asks. */
  pick(tab: "resident" | "mind"): void {
    this.tab = tab;
    this.body.hidden = this.all.hidden = tab !== "resident";
    this.mind.root.hidden = tab !== "mind";
    for (const b of this.tabs.querySelectorAll("button"))
      b.setAttribute("aria-selected", String(b.classList.contains(`tab-${tab}`)));
    if (tab === "mind" && this.agentId) void this.mind.show(this.agentId);
  }

  get open(): boolean {
    return !this.root.hidden;
  }

  show(id: string, name: string): void {
    if (id !== this.agentId) {
      this.agentId = id;
      this.lastJson = "";
      this.details = null;
      fill(this.body, h("div.loading-line", {}, "Reading their mind…"));
      this.all.open = false;
      fill(this.all, h("summary", {}, "All memories"), h("ul.memories", {}));
    }
    fill(this.title, name);
    this.gone = false;
    const extra = this.actions.extra;
    fill(
      this.tools,
      h(
        "button",
        { type: "button", id: "inspector-talk", onclick: () => this.actions.talk(id) },
        "💬 Talk",
      ),
      extra
        ? h(
            "button",
            { type: "button", id: "inspector-extra", onclick: () => extra.run(id) },
            extra.label,
          )
        : null,
      h(
        "button",
        { type: "button", id: "inspector-follow", onclick: () => this.actions.follow(id) },
        "👁 Follow",
      ),
      this.actions.retire ? this.retireButton(id, name) : null,
      h(
        "span.transcript",
        { id: "inspector-transcript", title: "Everything they said and heard, as a file" },
        "⬇ Transcript ",
        ...TRANSCRIPT_FORMATS.map(([format, label, what]) =>
          h(
            "a.button",
            {
              id: `inspector-transcript-${format}`,
              href: `/api/transcripts?${new URLSearchParams({ town: this.actions.town(), agent: name, format })}`,
              download: true,
              title: what,
            },
            label,
          ),
        ),
      ),
      this.switcher(id),
    );
    this.root.hidden = false;
    if (this.tab === "mind") void this.mind.show(id);
    clearInterval(this.timer);
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
  }

  /** "Retire": a first click asks to confirm, a second (within a few seconds) retires. */
  private retireButton(id: string, name: string): HTMLButtonElement {
    const label = "🧳 Retire";
    let armed: ReturnType<typeof setTimeout> | undefined;
    const button = h("button.danger", {
      type: "button",
      id: "inspector-retire",
      title: `${name} walks home and leaves town; the others remember them`,
    });
    button.textContent = label;
    button.addEventListener("click", () => {
      if (!armed) {
        button.textContent = `Retire ${firstName(name)}? Click again`;
        armed = setTimeout(() => {
          armed = undefined;
          button.textContent = label;
        }, 8000); // time on purpose: how long the confirmation waits for its second click
        return;
      }
      clearTimeout(armed);
      armed = undefined;
      button.disabled = true;
      button.textContent = "Leaving town…";
      this.actions.retire?.(id, name);
    });
    return button;
  }

  /** A list to switch to another resident without closing the inspector. */
  private switcher(id: string): HTMLSelectElement {
    const select = h(
      "select.switcher",
      { id: "inspector-pick", "aria-label": "Inspect another resident" },
      ...this.actions.residents().map((r) => h("option", { value: r.id }, r.name)),
    );
    select.value = id;
    select.addEventListener("change", () => {
      const r = this.actions.residents().find((x) => x.id === select.value);
      if (r) this.show(r.id, r.name);
    });
    return select;
  }

  /** Appends the page of the stream after `before` (GET /api/agents/:id/memories). */
  private async morePages(before: number | undefined): Promise<void> {
    const id = this.agentId;
    const list = this.all.querySelector("ul")!;
    this.all.querySelector("button")?.remove();
    const q = new URLSearchParams({
      town: this.actions.town(),
      limit: "50",
      ...(before ? { before: String(before) } : {}),
    });
    const res = await fetch(`/api/agents/${encodeURIComponent(id)}/memories?${q}`).catch(
      () => null,
    );
    if (id !== this.agentId) return;
    if (!res?.ok) return void list.append(h("li.muted", {}, "The memories could not be read."));
    const page = (await res.json()) as MemoryPage;
    for (const m of page.memories)
      list.append(
        h(
          `li.m-${m.type.replace(/[^a-z]/g, "")}`,
          {},
          h("div.meta", {}, h("span.type", {}, m.type), h("span.when", {}, when(m.created))),
          h("div.desc", {}, m.description),
        ),
      );
    if (!page.memories.length && !before) list.append(h("li.muted", {}, "Nothing saved yet."));
    if (page.next !== null)
      this.all.append(
        h("button", { type: "button", onclick: () => void this.morePages(page.next!) }, "More"),
      );
  }

  close(): void {
    this.root.hidden = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async refresh(): Promise<void> {
    const id = this.agentId;
    let json: string;
    try {
      const res = await fetch(
        `/api/agents/${encodeURIComponent(id)}?limit=${MEMORY_LIMIT}&town=${encodeURIComponent(this.actions.town())}`,
      );
      json = await res.text();
      // One who left town (a moderator retired them): what was shown stays, the actions go.
      if (res.status === 404 && this.details && id === this.agentId && !this.gone) {
        this.gone = true;
        fill(
          this.tools,
          h("span.muted", { id: "inspector-gone" }, `${this.title.textContent} has left town.`),
        );
        clearInterval(this.timer);
        return;
      }
      if (!res.ok)
        throw new Error(
          (JSON.parse(json) as { error?: { message?: string } }).error?.message ??
            `HTTP ${res.status}`,
        );
    } catch (e) {
      if (id === this.agentId && !this.details)
        fill(
          this.body,
          h("div.loading-line.error", {}, `Could not read this resident: ${(e as Error).message}`),
        );
      return;
    }
    if (id !== this.agentId || json === this.lastJson) return;
    this.lastJson = json;
    const parsed = AgentDetails.safeParse(JSON.parse(json));
    if (!parsed.success) {
      if (!this.details)
        fill(
          this.body,
          h(
            "div.loading-line.error",
            {},
            `Could not read this resident: the server's answer is not a resident (${parsed.error.issues[0].message})`,
          ),
        );
      return;
    }
    const d = parsed.data;
    this.details = d;
    const scroll = this.body.scrollTop;
    fill(this.body, ...this.render(d));
    this.body.scrollTop = scroll;
  }

  /** The day's schedule: the block under way and the next ones, the whole day folded below. */
  private schedule(
    blocks: NonNullable<AgentDetails["plan"]>["schedule"],
    minute: number,
  ): HTMLElement {
    const item = (b: (typeof blocks)[number]) => {
      const now = toMin(b.start) <= minute && minute < toMin(b.end);
      return h(
        now ? "li.now" : "li",
        { title: b.place ? placeOf(b.place) : "" },
        h("span.t", {}, `${b.start}–${b.end}`),
        h("span.task", {}, b.task),
      );
    };
    let at = blocks.findIndex((b) => toMin(b.start) <= minute && minute < toMin(b.end));
    if (at < 0) at = 0;
    const open = this.root.querySelector<HTMLDetailsElement>("details.day")?.open ?? false;
    const day = h(
      "details.day",
      {},
      h("summary", {}, `The whole day · ${blocks.length} blocks`),
      h("ol.schedule", {}, ...blocks.map(item)),
    );
    day.open = open;
    return h("div", {}, h("ol.schedule", {}, ...blocks.slice(at, at + 4).map(item)), day);
  }

  private render(d: AgentDetails): (Node | null)[] {
    const p = d.persona;
    const traits = (p?.innate ?? "")
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean);
    const talking = d.talkingTo ? this.actions.nameOf(d.talkingTo) : "";
    const minute = (((this.actions.now() / 60_000) % 1440) + 1440) % 1440;
    const reflections = d.memories.filter((m) => m.type === "thought");
    return [
      h(
        "section.who",
        {},
        h("div.age", {}, p ? `${p.age} years old` : ""),
        h("div.chips", {}, ...traits.map((t) => h("span.chip", {}, t))),
      ),
      h(
        "section.now",
        { id: "inspector-now" },
        h("div.action", {}, h("span.emoji", {}, d.emoji || "·"), d.action || "…"),
        h("div.place", {}, "📍 ", placeOf(d.address) || "somewhere"),
        talking && !d.action.includes(talking)
          ? h("div.talking", {}, `💬 talking with ${talking}`)
          : null,
        d.currently ? h("p.currently", {}, d.currently) : null,
      ),
      h(
        "section",
        { id: "inspector-plan" },
        h(
          "h3",
          {},
          "Today",
          d.plan ? h("span.sub", {}, ` · ${d.plan.date} · up at ${d.plan.wakeUp}`) : null,
        ),
        d.plan
          ? this.schedule(d.plan.schedule, minute)
          : h("div.muted", {}, "No plan yet: the day's plan is made on waking."),
        d.plan && d.plan.next.length
          ? h(
              "div.next",
              {},
              h("h4", {}, "Next tasks"),
              h(
                "ul",
                {},
                ...d.plan.next
                  .slice(0, 3)
                  .map((t) =>
                    h(
                      "li",
                      { title: placeOf(t.address) },
                      h("span.t", {}, t.start),
                      ` ${t.emoji} ${t.task}`,
                    ),
                  ),
              ),
            )
          : null,
      ),
      h(
        "section",
        { id: "inspector-memories" },
        h(
          "h3",
          {},
          "Latest memories",
          h("span.sub", {}, ` · ${d.memories.length} shown · ${reflections.length} thoughts`),
        ),
        d.memories.length
          ? h(
              "ul.memories",
              {},
              ...d.memories.map((m) =>
                h(
                  `li.m-${m.type.replace(/[^a-z]/g, "")}`,
                  {},
                  h(
                    "div.meta",
                    {},
                    h("span.type", {}, m.type),
                    h(
                      "span.imp",
                      { title: `importance ${m.importance} of 10` },
                      "●".repeat(Math.max(1, Math.min(10, Math.round(m.importance / 2)))),
                    ),
                    h("span.when", {}, when(m.created)),
                  ),
                  h("div.desc", {}, m.description),
                ),
              ),
            )
          : h("div.muted", {}, "Nothing remembered yet."),
      ),
      p
        ? h(
            "section.backstory",
            {},
            h("h3", {}, `About ${firstName(p.name)}`),
            h("p", {}, p.learned),
            p.lifestyle ? h("p.muted", {}, p.lifestyle) : null,
          )
        : null,
    ];
  }
}

/** Minutes since midnight of "HH:MM". */
const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function when(created: number | string): string {
  const t = typeof created === "number" ? created : Date.parse(created);
  return Number.isFinite(t) ? formatClock(t) : "";
}
