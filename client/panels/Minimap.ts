// The minimap: the whole town drawn small (every art layer, from the tileset), with the residents
// (a ring for those talking), you, other people, objects in an unusual state and the camera's
// frame on top. A click walks you there; ⤢ shows the town big, whole, over the screen; 🎯 (or F)
// takes the camera to where the action is. Plain canvases: the map is drawn once, the dots a few
// times a second.
import type { CrowdCell } from "../../shared/interest.ts";
import { h } from "./dom.ts";

export interface MinimapDots {
  /** Residents in view (the server sends their positions), drawn as dots. */
  residents: { id: string; x: number; y: number; talking: boolean }[];
  /** All residents, coarsely (shared/interest.ts, the state's crowd): shaded cells under the dots. */
  crowd?: CrowdCell[];
  people: { id: string; x: number; y: number; self: boolean }[];
  /** Objects not idle, by tile rectangle. */
  alerts: { x: number; y: number; w: number; h: number; burning: boolean }[];
  /** The camera's view, in tiles. */
  view: { x: number; y: number; w: number; h: number };
}

export interface TileLayer {
  data: ArrayLike<number>;
}

export interface MinimapArt {
  width: number;
  height: number;
  tileSize: number;
  layers: TileLayer[];
  tileset: CanvasImageSource & { width: number };
  firstgid: number;
}

export interface MinimapActions {
  /** A click on a tile of the minimap. */
  go(x: number, y: number): void;
  followAction(): void;
}

const DOCKED_WIDTH = 272;

export class Minimap {
  readonly root: HTMLElement;
  private readonly base: HTMLCanvasElement;
  private readonly dots: HTMLCanvasElement;
  private readonly frame: HTMLElement;
  private art: MinimapArt | null = null;
  private last: MinimapDots | null = null;
  /** Pixels per tile at the size drawn now. */
  scale = 1;
  expanded = false;

  constructor(private readonly actions: MinimapActions) {
    this.base = h("canvas.minimap-base", {});
    this.dots = h("canvas.minimap-dots", {
      id: "minimap-canvas",
      role: "img",
      "aria-label": "The whole town: click to walk there",
    });
    this.frame = h("div.minimap-frame", {}, this.base, this.dots);
    this.dots.addEventListener("click", (e) => {
      const r = this.dots.getBoundingClientRect();
      const x = Math.floor((e.clientX - r.left) / (r.width / (this.art?.width ?? 1)));
      const y = Math.floor((e.clientY - r.top) / (r.height / (this.art?.height ?? 1)));
      if (this.expanded) this.toggle();
      this.actions.go(x, y);
    });
    this.root = h(
      "section.panel.minimap",
      { id: "minimap", "aria-label": "Town map" },
      h(
        "header",
        {},
        h("h2", {}, "Town"),
        h(
          "button.tool",
          {
            type: "button",
            id: "follow-action",
            title: "Follow the action (F): the camera goes where people talk or something is wrong",
            onclick: () => this.actions.followAction(),
          },
          "🎯 Action",
        ),
        h(
          "button.tool",
          {
            type: "button",
            id: "minimap-expand",
            title: "Show the whole town big (Esc closes)",
            "aria-label": "Show the whole town",
            onclick: () => this.toggle(),
          },
          "⤢",
        ),
      ),
      this.frame,
    );
  }

  setArt(art: MinimapArt): void {
    this.art = art;
    this.draw();
  }

  /** Big over the screen, or back in the dock. */
  toggle(): void {
    this.expanded = !this.expanded;
    this.root.classList.toggle("expanded", this.expanded);
    this.draw();
  }

  private draw(): void {
    const art = this.art;
    if (!art) return;
    const width = this.expanded
      ? Math.min(window.innerWidth * 0.9, (window.innerHeight * 0.82 * art.width) / art.height)
      : DOCKED_WIDTH;
    this.scale = Math.max(0.5, width / art.width);
    const w = Math.round(art.width * this.scale),
      hgt = Math.round(art.height * this.scale);
    for (const c of [this.base, this.dots]) {
      c.width = w;
      c.height = hgt;
    }
    this.frame.style.width = `${w}px`;
    this.frame.style.height = `${hgt}px`;
    const g = this.base.getContext("2d")!;
    g.imageSmoothingEnabled = true;
    g.fillStyle = "#1b1420";
    g.fillRect(0, 0, w, hgt);
    const cols = Math.floor(art.tileset.width / art.tileSize);
    const s = this.scale;
    for (const layer of art.layers) {
      for (let i = 0; i < layer.data.length; i++) {
        const gid = layer.data[i] - art.firstgid;
        if (gid < 0) continue;
        const x = i % art.width,
          y = Math.floor(i / art.width);
        g.drawImage(
          art.tileset,
          (gid % cols) * art.tileSize,
          Math.floor(gid / cols) * art.tileSize,
          art.tileSize,
          art.tileSize,
          x * s,
          y * s,
          Math.ceil(s),
          Math.ceil(s),
        );
      }
    }
    if (this.last) this.update(this.last);
  }

  update(d: MinimapDots): void {
    this.last = d;
    if (!this.art) return;
    const g = this.dots.getContext("2d")!;
    const s = this.scale;
    g.clearRect(0, 0, this.dots.width, this.dots.height);
    const dot = (x: number, y: number, r: number, colour: string, ring?: string) => {
      g.beginPath();
      g.arc((x + 0.5) * s, (y + 0.5) * s, r, 0, Math.PI * 2);
      g.fillStyle = colour;
      g.fill();
      if (ring) {
        g.lineWidth = 1.5;
        g.strokeStyle = ring;
        g.stroke();
      }
    };
    for (const a of d.alerts) {
      g.fillStyle = a.burning ? "rgba(255,106,42,0.85)" : "rgba(244,210,81,0.85)";
      g.fillRect(a.x * s - 2, a.y * s - 2, Math.max(1, a.w) * s + 4, Math.max(1, a.h) * s + 4);
    }
    // Where residents are in the whole town (a large town sends only those in view): the map
    // dimmed, and a spot per cell, larger the more are there, ringed blue where one talks.
    const crowd = d.crowd ?? [];
    if (crowd.length) {
      g.fillStyle = "rgba(27,20,32,0.5)";
      g.fillRect(0, 0, this.dots.width, this.dots.height);
    }
    for (const c of crowd) {
      const cell = c.size * s;
      const radius = Math.max(1.5, Math.min(cell * 0.48, cell * 0.14 * Math.sqrt(c.count)));
      g.beginPath();
      g.arc((c.x + c.size / 2) * s, (c.y + c.size / 2) * s, radius, 0, Math.PI * 2);
      g.fillStyle = "rgba(253,248,236,0.85)";
      g.fill();
      if (c.talking) {
        g.lineWidth = 1.5;
        g.strokeStyle = "#4a8fcb";
        g.stroke();
      }
    }
    const r = Math.max(2, Math.min(5, s * 0.9));
    for (const a of d.residents) dot(a.x, a.y, r, "#fdf8ec", a.talking ? "#4a8fcb" : "#2a1f2d");
    for (const p of d.people) if (!p.self) dot(p.x, p.y, r, "#4a8fcb", "#fdf8ec");
    for (const p of d.people) if (p.self) dot(p.x, p.y, r + 1, "#f4d251", "#2a1f2d");
    g.lineWidth = 1.5;
    g.strokeStyle = "rgba(253,248,236,0.9)";
    g.strokeRect(d.view.x * s, d.view.y * s, d.view.w * s, d.view.h * s);
  }

  /** For tests: the canvas's box on the screen and its scale. */
  box(): { x: number; y: number; w: number; h: number } {
    const r = this.dots.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }
}
