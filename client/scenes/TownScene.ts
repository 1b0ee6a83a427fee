// The live town: draws the room's state every frame through the shared TownRenderer, follows
// the player's avatar with the camera, and turns keys and clicks into `move` messages. A click on
// a resident opens it in the panels (inspector, chat); a moderator's click on an object picks it.
// The server finds paths and walks the avatar; this scene only shows server positions.
import Phaser from "phaser";
import { Address } from "../../shared/address.ts";
import { AVATAR_TILES_PER_SECOND, TILE_SIZE } from "../../shared/constants.ts";
import {
  decodeCrowd,
  MAX_VIEW_HALF,
  VIEW_MESSAGE,
  type ViewRequest,
} from "../../shared/interest.ts";
import type { ServerMessages } from "../../shared/messages.ts";
import { avatarAt, doingOf, facingOf, talkingToOf, type TownState } from "../../shared/state.ts";
import { objectStates } from "../../shared/objectStates.ts";
import { send } from "../net.ts";
import type { Character } from "../render/Character.ts";
import { actionSpots, withCrowdTalks, type ActionSpot } from "../render/action.ts";
import { isBurning, isIdle, stateIcon } from "../render/objectState.ts";
import { TILESET_KEY, TownRenderer, type TownView } from "../render/TownRenderer.ts";
import { isWalkable, nearestWalkable } from "../render/townInfo.ts";
import { MAP_KEY } from "./BootScene.ts";
import type { LiveContext } from "./context.ts";

const STEP_MS = 1000 / AVATAR_TILES_PER_SECOND;
/** Room above the map's top row for the labels of people standing there. */
const LABEL_ROOM = 3 * TILE_SIZE;
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 4;

type Dir = { dx: number; dy: number };

/** Whether the server sends this resident's position (it is in view: shared/interest.ts). */
export function placed(a: { x?: number; y?: number }): boolean {
  return typeof a.x === "number" && typeof a.y === "number";
}

/**
 * A plain view of the schema state for the renderer: avatars and residents out of view (the
 * server sends no position for them, shared/interest.ts) are not drawn.
 */
export function viewOf(s: TownState): TownView {
  const avatars: TownView["avatars"] = [];
  for (const a of s.avatars.values()) {
    const at = avatarAt(a);
    if (at)
      avatars.push({ id: a.id, name: a.name, role: a.role, x: at.x, y: at.y, sprite: a.sprite });
  }
  const agents: TownView["agents"] = [];
  for (const a of s.agents.values())
    if (placed(a))
      agents.push({
        id: a.id,
        name: a.name,
        x: a.x,
        y: a.y,
        ...doingOf(s, a),
        talkingTo: talkingToOf(s, a),
        sprite: a.sprite,
        facing: facingOf(a),
      });
  return {
    time: s.clock.time,
    speed: s.clock.speed,
    agents,
    avatars,
    objects: objectStates(s).map((o) => ({
      address: o.address,
      state: o.state,
      by: o.by,
    })),
  };
}

function typing(): boolean {
  const el = document.activeElement;
  return (
    !!el &&
    (el.tagName === "INPUT" ||
      el.tagName === "TEXTAREA" ||
      el.tagName === "SELECT" ||
      (el as HTMLElement).isContentEditable)
  );
}

export class TownScene extends Phaser.Scene {
  private ctx!: LiveContext;
  private town!: TownRenderer;
  private keys!: Record<
    "up" | "down" | "left" | "right" | "w" | "a" | "s" | "d",
    Phaser.Input.Keyboard.Key
  >;
  private nextStepAt = 0;
  private pending: { x: number; y: number } | null = null;
  /** Whom the camera follows: "" is one's own avatar. */
  private followId = new URLSearchParams(location.search).get("follow") ?? "";
  private followed: Phaser.GameObjects.Sprite | null = null;
  private hudAt = 0;
  private panelsAt = 0;
  private hover!: Phaser.GameObjects.Rectangle;
  private marker!: Phaser.GameObjects.Rectangle;
  /** The camera as last reported to the server (`view`), and when. */
  private reported = "";
  private reportAt = 0;
  /** A tile the camera looks at instead of following someone (the action, a moderator's change). */
  private lookAt: { x: number; y: number } | null = null;
  private mapAt = 0;
  /** "Follow the action": the places of the last press, and which one the camera went to. */
  private spots: { key: string; index: number } = { key: "", index: -1 };

  constructor() {
    super("town");
  }

  init(ctx: LiveContext): void {
    this.ctx = ctx;
  }

  create(): void {
    const { room } = this.ctx;
    this.town = new TownRenderer(this, MAP_KEY, this.ctx.avatarId);
    const cam = this.cameras.main;
    cam.setBackgroundColor("#1b1420");
    cam.setBounds(0, -LABEL_ROOM, this.town.widthInPixels, this.town.heightInPixels + LABEL_ROOM);
    cam.setZoom(this.initialZoom());
    cam.centerOn(this.town.widthInPixels / 2, this.town.heightInPixels / 2);

    this.hover = this.add
      .rectangle(0, 0, TILE_SIZE, TILE_SIZE)
      .setOrigin(0, 0)
      .setStrokeStyle(1, 0xfdf8ec, 0.7)
      .setDepth(150)
      .setVisible(false);
    this.marker = this.add
      .rectangle(0, 0, TILE_SIZE - 4, TILE_SIZE - 4)
      .setOrigin(0, 0)
      .setStrokeStyle(2, 0xf4d251, 1)
      .setDepth(150)
      .setVisible(false);

    const kb = this.input.keyboard!;
    kb.disableGlobalCapture();
    const K = Phaser.Input.Keyboard.KeyCodes;
    this.keys = kb.addKeys(
      { up: K.UP, down: K.DOWN, left: K.LEFT, right: K.RIGHT, w: K.W, a: K.A, s: K.S, d: K.D },
      false,
    ) as TownScene["keys"];
    kb.on("keydown", (e: KeyboardEvent) => this.onKey(e));
    this.input.on("pointerdown", (p: Phaser.Input.Pointer) => this.onClick(p));
    this.input.on("pointermove", (p: Phaser.Input.Pointer) => this.onHover(p));
    this.input.on("wheel", (_p: unknown, _o: unknown, _dx: number, dy: number) =>
      this.zoomBy(dy > 0 ? 1 / 1.12 : 1.12),
    );

    this.ctx.hud.onResident = (id) => {
      this.followId = id === this.followId ? "" : id;
      this.lookAt = null;
    };
    this.ctx.hud.onInspect = (id) =>
      this.ctx.ui.inspector.show(id, room.state.agents.get(id)?.name ?? id);
    this.ctx.ui.setTownInfo(this.town.info);
    this.ctx.ui.onFollow = (id) => {
      this.followId = id;
      this.lookAt = null;
    };
    this.ctx.hud.mapActions = {
      go: (x, y) => this.walkTo(x, y),
      followAction: () => this.followAction(),
    };
    this.ctx.hud.minimap.setArt(this.minimapArt());
    room.onMessage("agent_said", (m: ServerMessages["agent_said"]) =>
      this.town.say(m.agentId, m.text, m.to),
    );
    room.onMessage("avatar_said", (m: ServerMessages["avatar_said"]) =>
      this.town.say(m.avatarId, m.text, m.to),
    );
    room.onMessage("object_state_set", (m: ServerMessages["object_state_set"]) => this.announce(m));
    room.onMessage("error", (e: ServerMessages["error"]) => {
      if (e.type === "move" || e.code === "unreachable") this.pending = null;
    });
    this.town.sync(viewOf(room.state));
  }

  private initialZoom(): number {
    const w = this.scale.width;
    const z = w / (24 * TILE_SIZE);
    return Math.max(Phaser.Math.Clamp(Math.round(z * 4) / 4, 1, 3), this.widestZoom());
  }

  private zoomBy(f: number): void {
    const cam = this.cameras.main;
    // Zoomed out no further than the town covering the whole view.
    const cover = Math.max(
      this.scale.width / this.town.widthInPixels,
      this.scale.height / this.town.heightInPixels,
    );
    cam.setZoom(
      Phaser.Math.Clamp(cam.zoom * f, Math.max(MIN_ZOOM, cover, this.widestZoom()), MAX_ZOOM),
    );
  }

  /** The furthest zoom out at which the server still sends every avatar the camera shows. */
  private widestZoom(): number {
    return Math.max(
      this.scale.width / (2 * MAX_VIEW_HALF.width * TILE_SIZE),
      this.scale.height / (2 * MAX_VIEW_HALF.height * TILE_SIZE),
    );
  }

  /**
   * Tells the server what the camera shows (whom it follows, or the tile it looks at, and half
   * its size in tiles), so it sends the avatars and residents there; at most four times a
   * second, and only changes.
   */
  private reportView(time: number): void {
    if (time < this.reportAt) return;
    const cam = this.cameras.main;
    // A resident out of view is followed too: the server then sends where it is.
    const follow =
      !this.lookAt && this.followId && this.ctx.room.state.agents.has(this.followId)
        ? this.followId
        : "";
    const v: ViewRequest = {
      follow,
      halfWidth: Math.ceil((this.scale.width / cam.zoom / TILE_SIZE / 2) * 10) / 10,
      halfHeight: Math.ceil((this.scale.height / cam.zoom / TILE_SIZE / 2) * 10) / 10,
    };
    if (this.lookAt) {
      v.x = Math.round(cam.midPoint.x / TILE_SIZE);
      v.y = Math.round(cam.midPoint.y / TILE_SIZE);
    }
    const key = JSON.stringify(v);
    if (key === this.reported) return;
    this.reported = key;
    this.reportAt = time + 250;
    (this.ctx.room as unknown as { send(type: string, payload: unknown): void }).send(
      VIEW_MESSAGE,
      v,
    );
  }

  private onKey(e: KeyboardEvent): void {
    // Escape in a panel's field gives the keyboard back to the town (the panel stays open).
    if (typing()) {
      if (e.key === "Escape") (document.activeElement as HTMLElement).blur();
      return;
    }
    if (this.ctx.ui.onKey(e)) return void e.preventDefault();
    if (e.key === "f" || e.key === "F") return this.followAction();
    if (e.key === "Escape" && this.ctx.hud.minimap.expanded) return this.ctx.hud.minimap.toggle();
    if (e.key === "+" || e.key === "=") return this.zoomBy(1.25);
    if (e.key === "-" || e.key === "_") return this.zoomBy(1 / 1.25);
    const dir = DIRS[e.key] ?? DIRS[e.key.toLowerCase()];
    if (!dir) return;
    e.preventDefault();
    // A fresh press steps at once; a held key repeats from update(), paced at walking speed.
    this.followId = "";
    this.lookAt = null;
    // The scene clock still reads the last frame's time, and update() gets the next frame's: on
    // a slow machine (frames 200 ms apart) a short press would at once count as held and walk a
    // second tile. The event's own time is on the frames' timeline.
    if (!e.repeat) this.step(dir, Math.max(this.time.now, performance.now()));
  }

  private heldDir(): Dir | null {
    const k = this.keys;
    if (k.left.isDown || k.a.isDown) return { dx: -1, dy: 0 };
    if (k.right.isDown || k.d.isDown) return { dx: 1, dy: 0 };
    if (k.up.isDown || k.w.isDown) return { dx: 0, dy: -1 };
    if (k.down.isDown || k.s.isDown) return { dx: 0, dy: 1 };
    return null;
  }

  private me(): { x: number; y: number } | undefined {
    return avatarAt(this.ctx.room.state.avatars.get(this.ctx.avatarId));
  }

  /** Asks the server to walk one tile on from where the avatar is (or is about to be). */
  private step(d: Dir, now: number): void {
    const me = this.me();
    if (!me) return;
    let base = this.pending;
    if (!base || Math.abs(base.x - me.x) + Math.abs(base.y - me.y) > 2) base = { x: me.x, y: me.y };
    const target = { x: base.x + d.dx, y: base.y + d.dy };
    this.nextStepAt = now + STEP_MS;
    if (!isWalkable(this.town.info, target.x, target.y)) {
      this.town.avatars.get(this.ctx.avatarId)?.face(d.dx, d.dy);
      return;
    }
    send(this.ctx.room, "move", target);
    this.pending = target;
  }

  /** The resident drawn under a world point (the front-most one). */
  private residentAt(wx: number, wy: number): Character | undefined {
    let best: Character | undefined;
    for (const c of this.town.agents.values()) {
      const s = c.sprite;
      const inside =
        wx >= s.x - TILE_SIZE / 2 &&
        wx < s.x + TILE_SIZE / 2 &&
        wy >= s.y - TILE_SIZE - 4 &&
        wy < s.y + 2;
      if (inside && (!best || s.y > best.sprite.y)) best = c;
    }
    return best;
  }

  private onHover(p: Phaser.Input.Pointer): void {
    const tx = Math.floor(p.worldX / TILE_SIZE),
      ty = Math.floor(p.worldY / TILE_SIZE);
    const resident = this.residentAt(p.worldX, p.worldY);
    const object =
      !resident && this.ctx.role === "moderator" ? this.town.objectAt(tx, ty) : undefined;
    this.town.outline("hover", object);
    this.hover
      .setPosition(tx * TILE_SIZE, ty * TILE_SIZE)
      .setVisible(!resident && !object && isWalkable(this.town.info, tx, ty));
    this.game.canvas.style.cursor = resident || object ? "pointer" : "default";
  }

  private onClick(p: Phaser.Input.Pointer): void {
    if (!p.leftButtonDown()) return;
    // A click on the map gives the keyboard back to the town.
    if (typing()) (document.activeElement as HTMLElement).blur();
    const resident = this.residentAt(p.worldX, p.worldY);
    if (resident) return this.ctx.ui.residentClicked(resident.id);
    const tx = Math.floor(p.worldX / TILE_SIZE),
      ty = Math.floor(p.worldY / TILE_SIZE);
    const object = this.town.objectAt(tx, ty);
    if (object && this.ctx.ui.objectClicked(object.address)) return;
    this.walkTo(tx, ty);
  }

  /** Walks to a tile (the nearest walkable one), the camera back on one's own avatar. */
  private walkTo(tx: number, ty: number): void {
    this.followId = "";
    this.lookAt = null;
    const target = nearestWalkable(this.town.info, tx, ty, 2);
    if (!target) {
      this.ctx.toasts.info("Nobody can walk there.");
      return;
    }
    send(this.ctx.room, "move", target);
    this.pending = target;
    this.marker
      .setPosition(target.x * TILE_SIZE + 2, target.y * TILE_SIZE + 2)
      .setVisible(true)
      .setAlpha(1);
    this.tweens.killTweensOf(this.marker);
    this.tweens.add({
      targets: this.marker,
      alpha: 0,
      delay: 600,
      duration: 500,
      onComplete: () => this.marker.setVisible(false),
    });
  }

  /** The whole town drawn small, from the map's art layers and the tileset. */
  private minimapArt() {
    const json = (this.cache.tilemap.get(MAP_KEY) as { data: unknown }).data as {
      width: number;
      height: number;
      layers: { name: string; type: string; data?: number[] }[];
      tilesets: { firstgid: number }[];
    };
    const layers = this.town.info.artLayers
      .map((name) => json.layers.find((l) => l.name === name && l.type === "tilelayer"))
      .filter((l): l is { name: string; type: string; data: number[] } => !!l?.data)
      // Tiled keeps flip flags in the top bits of a tile id.
      .map((l) => ({ data: l.data.map((gid) => gid & 0x1fffffff) }));
    const tileset = this.textures.get(TILESET_KEY).getSourceImage() as HTMLImageElement;
    return {
      width: json.width,
      height: json.height,
      tileSize: TILE_SIZE,
      layers,
      tileset,
      firstgid: json.tilesets[0]?.firstgid ?? 1,
    };
  }

  /**
   * "Follow the action" (F): the camera goes to the liveliest place (a conversation, an object in
   * an unusual state); pressed again, to the next one.
   */
  private followAction(): void {
    const s = this.ctx.room.state;
    const spots = withCrowdTalks(
      actionSpots(
        {
          agents: Array.from(s.agents.values())
            .filter(placed)
            .map((a) => ({ id: a.id, name: a.name, x: a.x, y: a.y, talkingTo: talkingToOf(s, a) })),
          avatars: Array.from(s.avatars.values(), (a) => ({ id: a.id, name: a.name })),
          objects: objectStates(s).map((o) => ({
            address: o.address,
            state: o.state,
            by: o.by,
          })),
        },
        this.town.info.objects,
      ),
      decodeCrowd(s.crowd),
    );
    if (spots.length === 0) {
      this.ctx.toasts.info(
        "Nothing out of the ordinary right now: nobody is talking and every object is as it should be.",
      );
      return;
    }
    const key = spots.map((p) => p.why).join("|");
    this.spots = { key, index: key === this.spots.key ? (this.spots.index + 1) % spots.length : 0 };
    const spot = spots[this.spots.index];
    this.show(spot);
    this.ctx.toasts.info(
      `🎯 ${spot.why}${spots.length > 1 ? ` (${this.spots.index + 1} of ${spots.length}: F for the next)` : ""}`,
    );
  }

  /** Takes the camera to a place: following the resident there, or looking at the tile. */
  private show(spot: Pick<ActionSpot, "x" | "y" | "follow" | "why">): void {
    this.ctx.render.action = { x: spot.x, y: spot.y, follow: spot.follow, why: spot.why };
    if (spot.follow && this.ctx.room.state.agents.has(spot.follow)) {
      this.followId = spot.follow;
      this.lookAt = null;
    } else {
      this.followId = "";
      this.lookAt = { x: spot.x, y: spot.y };
      this.followed = null;
      const cam = this.cameras.main;
      cam.stopFollow();
      cam.pan(
        spot.x * TILE_SIZE + TILE_SIZE / 2,
        spot.y * TILE_SIZE + TILE_SIZE / 2,
        450,
        "Sine.easeInOut",
      );
    }
  }

  /**
   * Announces what a person (a moderator) changed, with a link that shows it. It answers the
   * server's message, sent only for people's changes (residents using things is their day), so a
   * page that draws slowly still hears of every change, and in order.
   */
  private announce(m: ServerMessages["object_state_set"]): void {
    const o = this.town.info.objects.find((r) => r.address === m.address);
    if (!o) return;
    const who = m.by ? `${m.by}: ` : "";
    const text = isIdle(m.state)
      ? `↺ ${who}the ${o.name} is back to normal`
      : `${stateIcon(m.state)} ${who}the ${o.name} is ${m.state}`;
    const place = Address.levels(m.address).slice(1, 3).join(", ");
    this.ctx.toasts.link(
      `${text} (${place})`,
      isBurning(m.state) ? "Show me the fire" : "Show",
      () =>
        this.show({
          x: Math.floor(o.x + o.w / 2),
          y: Math.floor(o.y + o.h / 2),
          follow: "",
          why: text,
        }),
    );
  }

  private updateMinimap(): void {
    const s = this.ctx.room.state;
    const cam = this.cameras.main;
    const objects: { x: number; y: number; w: number; h: number; burning: boolean }[] = [];
    for (const o of objectStates(s)) {
      if (isIdle(o.state)) continue;
      const r = this.town.info.objects.find((x) => x.address === o.address);
      if (r) objects.push({ x: r.x, y: r.y, w: r.w, h: r.h, burning: isBurning(o.state) });
    }
    this.ctx.hud.minimap.update({
      residents: Array.from(s.agents.values())
        .filter(placed)
        .map((a) => ({ id: a.id, x: a.x, y: a.y, talking: !!talkingToOf(s, a) })),
      crowd: decodeCrowd(s.crowd),
      people: Array.from(s.avatars.values()).flatMap((a) => {
        const at = avatarAt(a);
        return at ? [{ id: a.id, x: at.x, y: at.y, self: a.id === this.ctx.avatarId }] : [];
      }),
      alerts: objects,
      view: {
        x: cam.worldView.x / TILE_SIZE,
        y: cam.worldView.y / TILE_SIZE,
        w: cam.worldView.width / TILE_SIZE,
        h: cam.worldView.height / TILE_SIZE,
      },
    });
  }

  override update(time: number): void {
    const { room } = this.ctx;
    const state = room.state;
    const view = viewOf(state);
    this.town.selfId = this.ctx.avatarId;
    this.town.sync(view);
    // A person whose connection dropped is shown faded while the town waits for them.
    for (const a of state.avatars.values())
      this.town.avatars.get(a.id)?.sprite.setAlpha(a.away ? 0.45 : 1);
    const cam = this.cameras.main;
    this.town.update(time, cam.zoom);

    const self = this.town.avatars.get(this.ctx.avatarId);
    const target = this.lookAt
      ? undefined
      : (this.followId && this.town.agents.get(this.followId)) || self;
    if (target && target.sprite !== this.followed) {
      cam.startFollow(target.sprite, true, 0.15, 0.15, 0, TILE_SIZE / 2);
      this.followed = target.sprite;
    }
    if (cam.zoom < this.widestZoom()) cam.setZoom(this.widestZoom()); // the window grew
    this.reportView(time);
    const held = typing() ? null : this.heldDir();
    if (held && time >= this.nextStepAt) this.step(held, time);

    const r = this.ctx.render;
    r.ready = !!self;
    r.agents = this.town.agents.size;
    r.avatars = this.town.avatars.size;
    r.zoom = cam.zoom;
    r.view = { x: cam.worldView.x, y: cam.worldView.y };
    r.self = self ? { x: self.sprite.x, y: self.sprite.y } : null;
    r.residents = Object.fromEntries(
      Array.from(this.town.agents, ([id, c]) => [
        id,
        { x: c.sprite.x, y: c.sprite.y, facing: c.looking },
      ]),
    );
    r.objectLabels = this.town.objectLabelTexts();
    const picked = this.ctx.ui.selectedObject;
    if (picked !== r.selectedObject) {
      r.selectedObject = picked;
      this.town.outline(
        "selected",
        this.town.info.objects.find((o) => o.address === picked),
      );
    }
    if (time >= this.panelsAt) {
      this.panelsAt = time + 250;
      this.ctx.ui.tick((x, y) => {
        this.followId = "";
        this.lookAt = null;
        send(room, "move", { x, y });
        this.pending = { x, y };
      });
    }

    if (time >= this.mapAt) {
      this.mapAt = time + 250;
      this.updateMinimap();
      r.labels = this.town.labelBoxes(cam);
    }

    if (time >= this.hudAt) {
      this.hudAt = time + 200;
      this.ctx.hud.update({
        // A town made from a template under a name of its own (a fork, a second town) says both.
        world:
          state.name && state.name !== state.template
            ? `${this.town.info.world} · ${state.name}`
            : this.town.info.world,
        time: view.time,
        running: state.clock.running,
        speed: state.clock.speed,
        engine: state.engine,
        engineStatus: state.engineStatus,
        me: this.ctx.avatarId,
        // Everyone online, in view or not.
        avatars: Array.from(state.avatars.values(), (a) => ({
          id: a.id,
          name: a.name,
          role: a.role,
          away: a.away,
        })),
        // Every resident by name; what those out of view do is not sent ("…").
        residents: Array.from(state.agents.values(), (a) => ({
          id: a.id,
          name: a.name,
          ...doingOf(state, a),
        })),
        connected: this.ctx.connected,
        status: this.ctx.status,
        following:
          this.followId && this.ctx.room.state.agents.has(this.followId) ? this.followId : "",
      });
    }
  }
}

const DIRS: Record<string, Dir> = {
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  w: { dx: 0, dy: -1 },
  s: { dx: 0, dy: 1 },
  a: { dx: -1, dy: 0 },
  d: { dx: 1, dy: 0 },
};
