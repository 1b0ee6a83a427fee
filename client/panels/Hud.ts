// The always-visible HUD: the game clock and the engine in use (top left); one dock on the right
// with the minimap, who is online and what the residents are doing (the inspector opens between
// them, so no panel covers another); and a status line with the controls.
import { formatClock, formatDate } from "../../shared/time.ts";
import { fill, h } from "./dom.ts";
import { Minimap, type MinimapActions } from "./Minimap.ts";

export interface HudView {
  world: string;
  time: number;
  running: boolean;
  speed: number;
  engine: string;
  /** "offline" | "ok" | "failing" */
  engineStatus: string;
  me: string;
  avatars: { id: string; name: string; role: string; away?: boolean }[];
  residents: { id: string; name: string; emoji: string; action: string }[];
  connected: boolean;
  status: string;
  /** Id of the resident the camera follows, "" for one's own avatar. */
  following: string;
}

export class Hud {
  private readonly clock: HTMLElement;
  private readonly online: HTMLElement;
  private readonly residents: HTMLElement;
  private readonly status: HTMLElement;
  /** The right-hand dock: minimap, online, (inspector), residents, top to bottom. */
  readonly dock: HTMLElement;
  readonly minimap: Minimap;
  /** Set by the scene: a click on the minimap, and "follow the action". */
  mapActions: MinimapActions = { go: () => {}, followAction: () => {} };
  private last = { clock: "", online: "", residents: "", status: "" };
  /** The residents' rows as built for this list of ids (see showResidents). */
  private rows: {
    ids: string;
    byId: Map<string, { li: HTMLElement; who: HTMLElement; what: HTMLElement }>;
    hint: HTMLElement;
  } = { ids: "\u0000", byId: new Map(), hint: h("div.hint", {}) };
  /** Called when a resident is picked in the list (click or Enter): the camera follows them. */
  onResident: (id: string) => void = () => {};
  /** Called when a resident's inspect button is pressed. */
  onInspect: (id: string) => void = () => {};

  constructor(parent: HTMLElement) {
    this.clock = h("div.panel.hud-clock", { id: "hud-clock" });
    this.online = h("div.panel.hud-online", { id: "hud-online" });
    this.residents = h("div.panel.hud-residents", { id: "hud-residents" });
    this.status = h("div.panel.hud-status", { id: "hud-status" });
    this.minimap = new Minimap({
      go: (x, y) => this.mapActions.go(x, y),
      followAction: () => this.mapActions.followAction(),
    });
    this.dock = h(
      "div.dock-right",
      { id: "dock-right" },
      this.minimap.root,
      this.online,
      this.residents,
    );
    parent.append(this.clock, this.dock, this.status);
  }

  /**
   * The residents' list. While the same residents are listed in the same order, each row is
   * updated in place: residents change what they do every few seconds, and a list built anew
   * then could replace a button between a click's press and release, which loses the click.
   */
  private showResidents(v: HudView): void {
    const ids = v.residents.map((r) => r.id).join("\n");
    if (ids !== this.rows.ids) {
      this.rows = { ids, byId: new Map(), hint: h("div.hint", {}) };
      const items = v.residents.map((r) => {
        const row = {
          li: h("li", {}),
          who: h("button.who", {
            type: "button",
            "data-resident": r.id,
            onclick: () => this.onResident(r.id),
          }),
          what: h("span.what", {}),
        };
        row.li.append(
          row.who,
          row.what,
          h(
            "button.inspect",
            {
              type: "button",
              "data-inspect": r.id,
              title: `Inspect ${r.name}`,
              "aria-label": `Inspect ${r.name}`,
              onclick: () => this.onInspect(r.id),
            },
            "i",
          ),
        );
        this.rows.byId.set(r.id, row);
        return row.li;
      });
      fill(this.residents, h("h2", {}, "Residents"), h("ul", {}, ...items), this.rows.hint);
    }
    for (const r of v.residents) {
      const row = this.rows.byId.get(r.id)!;
      const following = r.id === v.following;
      row.li.classList.toggle("following", following);
      row.li.title = `${r.name}: ${r.action}`;
      row.who.setAttribute("aria-pressed", following ? "true" : "false");
      row.who.textContent = `${r.emoji || "·"} ${r.name.split(" ")[0]}`;
      row.what.textContent = r.action || "…";
    }
    this.rows.hint.textContent = v.following
      ? "Following · move to come back"
      : "A name follows them · (i) opens the inspector";
  }

  update(v: HudView): void {
    const clockKey = JSON.stringify([
      v.world,
      formatClock(v.time),
      v.running,
      v.speed,
      v.engine,
      v.engineStatus,
    ]);
    if (clockKey !== this.last.clock) {
      this.last.clock = clockKey;
      const engine =
        v.engineStatus === "budget"
          ? h(
              "span.badge.failing",
              {
                id: "hud-engine",
                title:
                  "This town's model budget for the hour is spent: what people say and ask is answered by the offline engine until it frees up.",
              },
              "⚠ model budget spent: offline answers",
            )
          : v.engineStatus === "failing"
            ? h(
                "span.badge.failing",
                {
                  id: "hud-engine",
                  title:
                    "The language model is failing: residents fall back to offline answers until it answers again.",
                },
                `⚠ ${v.engine || "model"} failing`,
              )
            : v.engine === "offline" || !v.engine
              ? h(
                  "span.badge.offline",
                  {
                    id: "hud-engine",
                    title:
                      "No language model is configured: residents think with the deterministic offline engine.",
                  },
                  "offline engine",
                )
              : h(
                  "span.badge.model",
                  { id: "hud-engine", title: "Language model in use" },
                  v.engine,
                );
      fill(
        this.clock,
        h("div.town", {}, v.world),
        h("div.time", { id: "hud-time" }, formatClock(v.time)),
        h("div.date", {}, formatDate(v.time)),
        h(
          "div.badges",
          {},
          engine,
          v.running
            ? h("span.badge", {}, v.speed === 1 ? "live" : `live ×${v.speed}`)
            : h("span.badge.paused", {}, "paused"),
        ),
      );
    }
    const onlineKey = JSON.stringify([v.me, v.avatars]);
    if (onlineKey !== this.last.online) {
      this.last.online = onlineKey;
      const sorted = [...v.avatars].sort((a, b) =>
        a.id === v.me ? -1 : b.id === v.me ? 1 : a.name.localeCompare(b.name),
      );
      fill(
        this.online,
        h("h2", {}, `Online · ${v.avatars.length}`),
        h(
          "ul",
          {},
          ...sorted.map((a) =>
            h(
              a.id === v.me ? "li.me" : "li",
              {},
              a.id === v.me ? `${a.name} (you)` : a.name,
              a.role !== "visitor" ? h("span.role", {}, ` · ${a.role}`) : null,
              a.away ? h("span.role.away", {}, " · away") : null,
            ),
          ),
        ),
      );
    }
    const residentsKey = JSON.stringify([v.residents, v.following]);
    if (residentsKey !== this.last.residents) {
      this.last.residents = residentsKey;
      this.showResidents(v);
    }
    const statusKey = JSON.stringify([v.connected, v.status]);
    if (statusKey !== this.last.status) {
      this.last.status = statusKey;
      fill(
        this.status,
        h(v.connected ? "span.dot" : "span.dot.off", {}),
        v.status,
        v.connected
          ? h(
              "span",
              {},
              "  ·  walk ",
              h("kbd", {}, "←↑↓→"),
              " ",
              h("kbd", {}, "WASD"),
              " or click  ·  click a resident or ",
              h("kbd", {}, "T"),
              " to talk, ",
              h("kbd", {}, "I"),
              " to inspect  ·  ",
              h("kbd", {}, "F"),
              " the action  ·  ",
              h("kbd", {}, "Esc"),
              " closes  ·  zoom ",
              h("kbd", {}, "+"),
              " ",
              h("kbd", {}, "−"),
            )
          : null,
      );
    }
  }
}
