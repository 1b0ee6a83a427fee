// Draws a town: the tile layers of its map, its residents and avatars, object-state labels, and
// the day/night tint with lights. It knows nothing of the network: a scene feeds it plain views
// (live from the room state now, from a recording in the replay scene later).
import Phaser from "phaser";
import { AVATAR_TILES_PER_SECOND, TILE_SIZE } from "../../shared/constants.ts";
import { minuteOfDay } from "../../shared/time.ts";
import type { AgentView, AvatarView, ObjectView } from "../../shared/view.ts";
import { Character, createWalkAnims } from "./Character.ts";
import { daylight } from "./daylight.ts";
import { isBurning, isIdle, stateIcon } from "./objectState.ts";
import { readTownInfo, type TownInfo, type TownObject } from "./townInfo.ts";

export const TILESET_KEY = "town-tiles";
export const TILESET_NAME = "town";
const LABEL_FONT =
  '"Trebuchet MS", "DejaVu Sans", "Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", sans-serif';

export type { AgentView, AvatarView, ObjectView };
export interface TownView {
  /** Game time, ms. */
  time: number;
  /** Steps per real second. */
  speed: number;
  /** Without addresses: the live state has none (shared/state.ts); nothing drawn needs one. */
  agents: Omit<AgentView, "address">[];
  avatars: AvatarView[];
  objects: ObjectView[];
}

const LIGHT_STYLE: Record<string, { tint: number; scale: number; alpha: number; dy: number }> = {
  lamp: { tint: 0xffd27a, scale: 2.6, alpha: 0.75, dy: 4 },
  window: { tint: 0xffc46b, scale: 1.4, alpha: 0.55, dy: 22 },
  fire: { tint: 0xff8a3d, scale: 2.2, alpha: 0.8, dy: 20 },
};

export class TownRenderer {
  readonly info: TownInfo;
  readonly map: Phaser.Tilemaps.Tilemap;
  readonly agents = new Map<string, Character>();
  readonly avatars = new Map<string, Character>();
  private readonly scene: Phaser.Scene;
  private readonly overlay: Phaser.GameObjects.Rectangle;
  private readonly lights: { image: Phaser.GameObjects.Image; alpha: number }[] = [];
  private readonly objectLabels = new Map<string, Phaser.GameObjects.Text>();
  private readonly fires = new Map<string, Phaser.GameObjects.GameObject[]>();
  private readonly hoverOutline: Phaser.GameObjects.Rectangle;
  private readonly selectOutline: Phaser.GameObjects.Rectangle;
  /** Own avatar's id (a new one after the page rejoins a restarted server). */
  selfId: string;
  private tintOverride: number | null = null;
  private above?: Phaser.Tilemaps.TilemapLayer;
  private faded = new Set<Phaser.Tilemaps.Tile>();

  constructor(scene: Phaser.Scene, mapKey: string, selfId = "") {
    this.scene = scene;
    this.selfId = selfId;
    this.info = readTownInfo((scene.cache.tilemap.get(mapKey) as { data: unknown }).data);
    this.map = scene.make.tilemap({ key: mapKey });
    const tileset = this.map.addTilesetImage(TILESET_NAME, TILESET_KEY, TILE_SIZE, TILE_SIZE, 0, 0);
    if (!tileset) throw new Error("the town's tileset could not be loaded");
    this.info.artLayers.forEach((name, i) => {
      const layer = this.map.createLayer(name, tileset, 0, 0);
      layer.setDepth(name === "above" ? 200 : i);
      if (name === "above" && layer instanceof Phaser.Tilemaps.TilemapLayer) this.above = layer;
    });
    createWalkAnims(scene);

    const w = this.map.widthInPixels,
      h = this.map.heightInPixels;
    this.overlay = scene.add
      .rectangle(-64, -64, w + 128, h + 128, 0x0e1640, 0)
      .setOrigin(0, 0)
      .setDepth(300);
    this.makeGlowTexture();
    for (const l of this.info.lights) {
      const style = LIGHT_STYLE[l.kind] ?? LIGHT_STYLE.lamp;
      const image = scene.add
        .image(l.x * TILE_SIZE + TILE_SIZE / 2, l.y * TILE_SIZE + style.dy, "glow")
        .setScale(style.scale)
        .setTint(style.tint)
        .setBlendMode(Phaser.BlendModes.ADD)
        .setDepth(310)
        .setAlpha(0);
      this.lights.push({ image, alpha: style.alpha });
    }
    // Outlines for clickable objects: a thin one under the pointer, a bold one for the picked one.
    this.hoverOutline = scene.add
      .rectangle(0, 0, 1, 1)
      .setOrigin(0, 0)
      .setStrokeStyle(1.5, 0xfdf8ec, 0.9)
      .setFillStyle(0xfdf8ec, 0.08)
      .setDepth(380)
      .setVisible(false);
    this.selectOutline = scene.add
      .rectangle(0, 0, 1, 1)
      .setOrigin(0, 0)
      .setStrokeStyle(2.5, 0xf4d251, 1)
      .setFillStyle(0xf4d251, 0.12)
      .setDepth(381)
      .setVisible(false);
    scene.tweens.add({
      targets: this.selectOutline,
      alpha: { from: 1, to: 0.55 },
      duration: 650,
      yoyo: true,
      repeat: -1,
    });
    const params = new URLSearchParams(location.search);
    const at = params.get("daylight");
    if (at && /^\d{1,2}:\d{2}$/.test(at))
      this.tintOverride = Number(at.split(":")[0]) * 60 + Number(at.split(":")[1]);
  }

  get widthInPixels(): number {
    return this.map.widthInPixels;
  }

  get heightInPixels(): number {
    return this.map.heightInPixels;
  }

  private makeGlowTexture(): void {
    if (this.scene.textures.exists("glow")) return;
    const size = 64;
    const tex = this.scene.textures.createCanvas("glow", size, size);
    if (!tex) return;
    const ctx = tex.getContext();
    const g = ctx.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
    g.addColorStop(0, "rgba(255,255,255,0.9)");
    g.addColorStop(0.35, "rgba(255,255,255,0.35)");
    g.addColorStop(1, "rgba(255,255,255,0)");
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, size, size);
    tex.refresh();
  }

  /** Brings the drawing in line with a view of the town. */
  sync(view: TownView): void {
    const stepMs = 1000 / Math.max(0.01, view.speed || 1);
    const seenAgents = new Set<string>();
    for (const a of view.agents) {
      seenAgents.add(a.id);
      let c = this.agents.get(a.id);
      if (!c) {
        c = new Character(this.scene, {
          id: a.id,
          kind: "agent",
          name: a.name,
          row: a.sprite,
          x: a.x,
          y: a.y,
        });
        this.agents.set(a.id, c);
      }
      c.setRow(a.sprite);
      c.moveTo(a.x, a.y, Math.min(stepMs, 1500));
      c.setFacing(a.facing);
      c.setAction(a.talkingTo && !a.emoji ? "💬" : a.emoji, a.action);
    }
    for (const [id, c] of this.agents)
      if (!seenAgents.has(id)) {
        c.destroy();
        this.agents.delete(id);
      }

    const seenAvatars = new Set<string>();
    for (const a of view.avatars) {
      seenAvatars.add(a.id);
      let c = this.avatars.get(a.id);
      if (!c) {
        c = new Character(this.scene, {
          id: a.id,
          kind: "avatar",
          name: a.name,
          row: a.sprite,
          x: a.x,
          y: a.y,
          self: a.id === this.selfId,
        });
        this.avatars.set(a.id, c);
      }
      c.setRow(a.sprite);
      c.moveTo(a.x, a.y, 1000 / AVATAR_TILES_PER_SECOND);
      if (a.role !== "visitor") c.setAction(a.role === "moderator" ? "🛡️" : "🎙️", a.role);
    }
    for (const [id, c] of this.avatars)
      if (!seenAvatars.has(id)) {
        c.destroy();
        this.avatars.delete(id);
      }

    this.syncObjects(view.objects);
    this.syncDaylight(view.time);
  }

  /** Objects whose state is not idle: an icon and the state over the object, a glow if it burns. */
  private syncObjects(objects: ObjectView[]): void {
    const seen = new Set<string>();
    for (const o of objects) {
      const rect = this.info.objects.find((r) => r.address === o.address);
      if (!rect || isIdle(o.state)) continue;
      seen.add(o.address);
      let label = this.objectLabels.get(o.address);
      if (!label) {
        label = this.scene.add
          .text((rect.x + rect.w / 2) * TILE_SIZE, rect.y * TILE_SIZE + 6, "", {
            fontFamily: LABEL_FONT,
            fontSize: "11px",
            fontStyle: "bold",
            color: "#2a1f2d",
            backgroundColor: "rgba(244,210,81,0.95)",
            padding: { x: 4, y: 2 },
            resolution: 3,
          })
          .setOrigin(0.5, 1)
          .setDepth(390);
        label.texture.setFilter(Phaser.Textures.FilterMode.LINEAR);
        this.objectLabels.set(o.address, label);
      }
      const words = o.state.length > 28 ? `${o.state.slice(0, 26).trimEnd()}…` : o.state;
      const text = `${stateIcon(o.state)} ${rect.name}: ${words}`;
      if (label.text !== text) label.setText(text);
      const burning = isBurning(o.state);
      label.setBackgroundColor(burning ? "rgba(255,138,61,0.95)" : "rgba(244,210,81,0.95)");
      if (burning && !this.fires.has(o.address))
        this.fires.set(o.address, [this.fireGlow(rect), this.flame(rect)]);
      if (!burning) this.dropFire(o.address);
    }
    for (const [address, label] of this.objectLabels)
      if (!seen.has(address)) {
        label.destroy();
        this.objectLabels.delete(address);
        this.dropFire(address);
      }
  }

  private fireGlow(rect: TownObject): Phaser.GameObjects.Image {
    const size = Math.max(rect.w, rect.h, 1);
    const glow = this.scene.add
      .image((rect.x + rect.w / 2) * TILE_SIZE, (rect.y + rect.h / 2) * TILE_SIZE, "glow")
      .setScale(1.2 + size * 0.6)
      .setTint(0xff6a2a)
      .setBlendMode(Phaser.BlendModes.ADD)
      .setDepth(305)
      .setAlpha(0.85);
    this.scene.tweens.add({
      targets: glow,
      alpha: { from: 0.95, to: 0.5 },
      scale: glow.scale * 1.12,
      duration: 260,
      yoyo: true,
      repeat: -1,
      ease: "Sine.easeInOut",
    });
    return glow;
  }

  private dropFire(address: string): void {
    const parts = this.fires.get(address);
    if (!parts) return;
    for (const p of parts) {
      this.scene.tweens.killTweensOf(p);
      p.destroy();
    }
    this.fires.delete(address);
  }

  /** The object under a tile, if any (the smallest one when they overlap). */
  objectAt(x: number, y: number): TownObject | undefined {
    return this.info.objects
      .filter(
        (o) => x >= o.x && y >= o.y && x < o.x + Math.max(1, o.w) && y < o.y + Math.max(1, o.h),
      )
      .sort((a, b) => a.w * a.h - b.w * b.h)[0];
  }

  /** Outlines an object: "hover" under the pointer, "selected" for the one picked; null hides. */
  outline(kind: "hover" | "selected", o: TownObject | undefined): void {
    const r = kind === "hover" ? this.hoverOutline : this.selectOutline;
    if (!o) {
      r.setVisible(false);
      return;
    }
    r.setPosition(o.x * TILE_SIZE - 1, o.y * TILE_SIZE - 1)
      .setSize(Math.max(1, o.w) * TILE_SIZE + 2, Math.max(1, o.h) * TILE_SIZE + 2)
      .setVisible(true);
  }

  /** Texts of the object-state labels on the map, for tests. */
  objectLabelTexts(): string[] {
    return [...this.objectLabels.values()].map((l) => l.text);
  }

  private syncDaylight(time: number): void {
    const d = daylight(this.tintOverride ?? minuteOfDay(time) + (time % 60_000) / 60_000);
    this.overlay.setFillStyle(d.colour, d.alpha);
    for (const l of this.lights) l.image.setAlpha(l.alpha * d.darkness);
  }

  /** Someone said something to someone: a bubble above the speaker, leaning away from the listener. */
  say(id: string, text: string, to = ""): void {
    const speaker = this.agents.get(id) ?? this.avatars.get(id);
    if (!speaker) return;
    const listener = this.agents.get(to) ?? this.avatars.get(to);
    const dx = listener ? listener.sprite.x - speaker.sprite.x : 0;
    speaker.say(text, Math.abs(dx) < 4 ? 0 : -Math.sign(dx));
  }

  /** A flickering flame over a burning object, with its glow. */
  private flame(rect: TownObject): Phaser.GameObjects.Text {
    const f = this.scene.add
      .text((rect.x + rect.w / 2) * TILE_SIZE, (rect.y + rect.h / 2) * TILE_SIZE + 8, "🔥", {
        fontFamily: LABEL_FONT,
        fontSize: "22px",
        resolution: 2,
      })
      .setOrigin(0.5, 1)
      .setDepth(306);
    this.scene.tweens.add({
      targets: f,
      scaleY: { from: 1, to: 1.18 },
      scaleX: { from: 1, to: 0.92 },
      duration: 180,
      yoyo: true,
      repeat: -1,
      ease: "Sine.easeInOut",
    });
    return f;
  }

  /** Per frame: walking, labels, and see-through tree tops over people. */
  update(now: number, zoom: number): void {
    for (const c of this.agents.values()) c.update(now, zoom);
    for (const c of this.avatars.values()) c.update(now, zoom);
    this.placeObjectLabels(zoom);
    this.fadeCanopies();
  }

  /**
   * Puts each object-state label where it covers no name, action or speech (nor another object
   * label): over the object if free, else under it, else further up or down, one row at a time.
   */
  private placeObjectLabels(zoom: number): void {
    if (this.objectLabels.size === 0) return;
    const taken: Phaser.Geom.Rectangle[] = [];
    for (const c of [...this.agents.values(), ...this.avatars.values()])
      for (const l of c.labels()) taken.push(l.text.getBounds());
    const gap = 2 / zoom;
    for (const [address, label] of this.objectLabels) {
      const rect = this.info.objects.find((r) => r.address === address);
      if (!rect) continue;
      label.setScale(1 / zoom);
      const w = label.displayWidth,
        h = label.displayHeight;
      const cx = (rect.x + rect.w / 2) * TILE_SIZE;
      const above = rect.y * TILE_SIZE + 6,
        below = (rect.y + Math.max(1, rect.h)) * TILE_SIZE + h + gap;
      const tries = [above, below];
      for (let k = 1; k <= 6; k++) tries.push(above - k * (h + gap), below + k * (h + gap));
      const box = (bottom: number) => new Phaser.Geom.Rectangle(cx - w / 2, bottom - h, w, h);
      const free = tries.find(
        (y) => !taken.some((t) => Phaser.Geom.Intersects.RectangleToRectangle(t, box(y))),
      );
      const y = free ?? above;
      label.setPosition(cx, y);
      taken.push(box(y));
    }
  }

  /** Every label drawn, its box on the screen (CSS pixels), for tests. */
  labelBoxes(cam: { worldView: { x: number; y: number }; zoom: number }): {
    kind: "name" | "action" | "bubble" | "object";
    text: string;
    x: number;
    y: number;
    w: number;
    h: number;
  }[] {
    const out: {
      kind: "name" | "action" | "bubble" | "object";
      text: string;
      x: number;
      y: number;
      w: number;
      h: number;
    }[] = [];
    const add = (kind: "name" | "action" | "bubble" | "object", t: Phaser.GameObjects.Text) => {
      const b = t.getBounds();
      out.push({
        kind,
        text: t.text,
        x: (b.x - cam.worldView.x) * cam.zoom,
        y: (b.y - cam.worldView.y) * cam.zoom,
        w: b.width * cam.zoom,
        h: b.height * cam.zoom,
      });
    };
    for (const c of [...this.agents.values(), ...this.avatars.values()])
      for (const l of c.labels()) add(l.kind, l.text);
    for (const l of this.objectLabels.values()) add("object", l);
    return out;
  }

  private fadeCanopies(): void {
    if (!this.above) return;
    const now = new Set<Phaser.Tilemaps.Tile>();
    for (const c of [...this.agents.values(), ...this.avatars.values()]) {
      const tx = Math.floor(c.sprite.x / TILE_SIZE),
        ty = Math.floor((c.sprite.y - 1) / TILE_SIZE);
      for (const [dx, dy] of [
        [0, 0],
        [0, -1],
        [-1, 0],
        [1, 0],
        [-1, -1],
        [1, -1],
      ]) {
        const tile = this.above.getTileAt(tx + dx, ty + dy);
        if (tile) now.add(tile);
      }
    }
    for (const t of this.faded) if (!now.has(t)) t.setAlpha(1);
    for (const t of now) t.setAlpha(0.45);
    this.faded = now;
  }
}
