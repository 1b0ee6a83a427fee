// The replay: the same town renderer as the live scene, fed frames of a recording instead of
// the room's state. Drag to look around, wheel to zoom, click a resident to see what it was doing.
import Phaser from "phaser";
import { TILE_SIZE } from "../../shared/constants.ts";
import type { ReplayFrame } from "../../shared/replay/frame.ts";
import type { TownEvent } from "../../shared/events.ts";
import { SHEET } from "../render/Character.ts";
import { TILESET_KEY, TownRenderer, type TownView } from "../render/TownRenderer.ts";
import type { Player } from "../replay/player.ts";
import type { ReplayPanel } from "../replay/ReplayPanel.ts";
import { MAP_KEY } from "./BootScene.ts";

const LABEL_ROOM = 3 * TILE_SIZE;

export interface ReplayContext {
  template: string;
  player: Player;
  panel: ReplayPanel;
  /** The scene is up (Phaser makes scenes added before it boots later, so it reports itself). */
  ready(scene: ReplayScene): void;
  /** Called once the town is drawn and after every frame shown (tests read it). */
  drawn(step: number, agents: { id: string; x: number; y: number }[]): void;
}

export class ReplayScene extends Phaser.Scene {
  private ctx!: ReplayContext;
  private town!: TownRenderer;
  private frame: ReplayFrame | null = null;
  private dragFrom: { x: number; y: number; sx: number; sy: number } | null = null;

  constructor() {
    super("replay");
  }

  init(ctx: ReplayContext): void {
    this.ctx = ctx;
  }

  preload(): void {
    this.load.tilemapTiledJSON(
      MAP_KEY,
      `/assets/towns/${encodeURIComponent(this.ctx.template)}/town.json`,
    );
    this.load.image(TILESET_KEY, "/assets/tiles/town.png");
    this.load.spritesheet(SHEET, "/assets/sprites/characters.png", {
      frameWidth: TILE_SIZE,
      frameHeight: TILE_SIZE,
    });
    this.load.on("loaderror", (file: Phaser.Loader.File) =>
      this.ctx.panel.error(`could not load ${typeof file.url === "string" ? file.url : file.key}`),
    );
  }

  create(): void {
    this.town = new TownRenderer(this, MAP_KEY);
    const cam = this.cameras.main;
    cam.setBackgroundColor("#1b1420");
    // Room above the top row for the labels of people standing there.
    cam.setBounds(0, -LABEL_ROOM, this.town.widthInPixels, this.town.heightInPixels + LABEL_ROOM);
    cam.setZoom(this.fitZoom());
    cam.centerOn(this.town.widthInPixels / 2, this.town.heightInPixels / 2);
    this.input.on("wheel", (_p: unknown, _o: unknown, _dx: number, dy: number) => {
      cam.setZoom(
        Phaser.Math.Clamp(
          cam.zoom * (dy > 0 ? 1 / 1.12 : 1.12),
          Math.min(1, this.fitZoom()) / 2,
          4,
        ),
      );
    });
    this.input.on("pointerdown", (p: Phaser.Input.Pointer) => {
      this.dragFrom = { x: p.x, y: p.y, sx: cam.scrollX, sy: cam.scrollY };
    });
    this.input.on("pointermove", (p: Phaser.Input.Pointer) => {
      if (!p.isDown || !this.dragFrom) return;
      cam.setScroll(
        this.dragFrom.sx - (p.x - this.dragFrom.x) / cam.zoom,
        this.dragFrom.sy - (p.y - this.dragFrom.y) / cam.zoom,
      );
    });
    this.input.on("pointerup", (p: Phaser.Input.Pointer) => {
      const d = this.dragFrom;
      this.dragFrom = null;
      if (d && Math.abs(p.x - d.x) + Math.abs(p.y - d.y) < 6) this.pick(p.worldX, p.worldY);
    });
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.wasHidden = true;
    });
    this.ctx.ready(this);
    void this.ctx.player.seek(this.ctx.player.info.fromStep);
  }

  /** The zoom at which the town covers the view. */
  private fitZoom(): number {
    return Math.max(
      0.25,
      Math.min(
        2,
        Math.max(
          this.scale.width / this.town.widthInPixels,
          this.scale.height / this.town.heightInPixels,
        ),
      ),
    );
  }

  /** The resident under a point (its sprite, then its tile). */
  private pick(wx: number, wy: number): void {
    if (!this.frame) return;
    let hit: string | null = null;
    for (const [id, c] of this.town.agents) if (c.sprite.getBounds().contains(wx, wy)) hit = id;
    const tx = Math.floor(wx / TILE_SIZE),
      ty = Math.floor(wy / TILE_SIZE);
    hit ??= this.frame.agents.find((a) => a.x === tx && a.y === ty)?.id ?? null;
    this.ctx.panel.inspect(this.frame.agents.find((a) => a.id === hit) ?? null, this.frame);
  }

  /** Draws a frame; speech of the step becomes bubbles. */
  show(frame: ReplayFrame, events: readonly TownEvent[]): void {
    this.frame = frame;
    if (!this.town) return;
    const view: TownView = {
      time: frame.time,
      speed: this.ctx.player.speed,
      agents: frame.agents,
      avatars: frame.avatars,
      objects: frame.objects,
    };
    this.town.sync(view);
    for (const e of events) {
      if (e.kind === "said") this.town.say(e.speaker, e.text, e.listener);
      if (e.kind === "avatarSaid") this.town.say(e.avatarId, e.text, e.agentId);
    }
    this.ctx.drawn(
      frame.step,
      [...this.town.agents.values()].map((c) => ({ id: c.id, x: c.tileX, y: c.tileY })),
    );
  }

  /** Where a resident is drawn on the screen (CSS pixels of the canvas), or null. */
  locate(id: string): { x: number; y: number } | null {
    const c = this.town?.agents.get(id);
    if (!c) return null;
    const cam = this.cameras.main;
    return {
      x: (c.sprite.x - cam.worldView.x) * cam.zoom,
      y: (c.sprite.y - TILE_SIZE / 2 - cam.worldView.y) * cam.zoom,
    };
  }

  /** Wall-clock time of the last frame: Phaser's own delta is smoothed and capped (to 1/60 s
   *  when the page has no focus), which made a replay run slower than its speed says. */
  private lastFrameAt = 0;
  private wasHidden = false;

  override update(time: number): void {
    const now = performance.now();
    // Real time, however slow the frames come; only the time a hidden tab slept (no frames at
    // all) is not played through at once.
    const dt = this.lastFrameAt && !this.wasHidden ? now - this.lastFrameAt : 0;
    this.lastFrameAt = now;
    this.wasHidden = false;
    this.ctx.player.tick(dt);
    this.town?.update(time, this.cameras.main.zoom);
  }
}
