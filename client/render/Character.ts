// One person on the map, resident or avatar: a sprite from the character sheet, the name above
// it (under the feet for people), the current action (emoji and a few words) above, a speech
// bubble when it speaks. Positions come from the server one tile at a time; the sprite walks between them.
import Phaser from "phaser";
import { TILE_SIZE } from "../../shared/constants.ts";

export const SHEET = "characters";
export const SHEET_COLUMNS = 12;
const DIRS = ["down", "left", "right", "up"] as const;
type Dir = (typeof DIRS)[number];

const FONT =
  '"Trebuchet MS", "DejaVu Sans", "Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", sans-serif';
const LABEL_DEPTH = 400;

export function walkAnimKey(row: number, dir: Dir): string {
  return `walk-${row}-${dir}`;
}

/** Registers the walk cycles of every row of the sheet (once per game). */
export function createWalkAnims(scene: Phaser.Scene): void {
  const texture = scene.textures.get(SHEET);
  const rows = Math.floor(texture.getSourceImage().height / TILE_SIZE);
  for (let row = 0; row < rows; row++)
    DIRS.forEach((dir, d) => {
      const key = walkAnimKey(row, dir);
      if (scene.anims.exists(key)) return;
      const base = row * SHEET_COLUMNS + d * 3;
      scene.anims.create({
        key,
        frames: scene.anims.generateFrameNumbers(SHEET, {
          frames: [base + 1, base, base + 2, base],
        }),
        frameRate: 9,
        repeat: -1,
      });
    });
}

export interface CharacterOptions {
  id: string;
  kind: "agent" | "avatar";
  name: string;
  row: number;
  x: number;
  y: number;
  self?: boolean;
}

export class Character {
  readonly id: string;
  readonly kind: "agent" | "avatar";
  readonly sprite: Phaser.GameObjects.Sprite;
  private readonly scene: Phaser.Scene;
  private readonly nameText: Phaser.GameObjects.Text;
  private readonly actionText: Phaser.GameObjects.Text;
  private bubble?: Phaser.GameObjects.Text;
  private bubbleUntil = 0;
  /** Which way the bubble leans: -1 to the left, 1 to the right, 0 centred. */
  private bubbleLean = 0;
  private readonly ring?: Phaser.GameObjects.Ellipse;
  private row: number;
  private dir: Dir = "down";
  /** The last facing the server gave. */
  private facing: Dir | "" = "";
  private tween?: Phaser.Tweens.Tween;
  private arrivedAt = 0;
  private actionKey = "";
  /** The tile the server last put this person on. */
  tileX: number;
  tileY: number;

  constructor(scene: Phaser.Scene, o: CharacterOptions) {
    this.scene = scene;
    this.id = o.id;
    this.kind = o.kind;
    this.row = o.row;
    this.tileX = o.x;
    this.tileY = o.y;
    if (o.self) {
      this.ring = scene.add
        .ellipse(0, 0, 26, 11)
        .setStrokeStyle(2, 0xf4d251, 1)
        .setFillStyle(0xf4d251, 0.25);
      scene.tweens.add({
        targets: this.ring,
        alpha: { from: 1, to: 0.35 },
        duration: 700,
        yoyo: true,
        repeat: -1,
      });
    }
    this.sprite = scene.add.sprite(0, 0, SHEET, this.standFrame()).setOrigin(0.5, 1);
    this.sprite.setPosition(o.x * TILE_SIZE + TILE_SIZE / 2, (o.y + 1) * TILE_SIZE);
    const colour = o.self ? "#f4d251" : o.kind === "agent" ? "#fdf8ec" : "#92d3ef";
    this.nameText = this.label(o.self ? `${o.name} (you)` : o.name, {
      color: colour,
      fontStyle: "bold",
      fontSize: "12px",
    });
    this.actionText = this.label("", {
      color: "#f5e6c4",
      fontSize: "11px",
      backgroundColor: "rgba(42,31,45,0.78)",
      padding: { x: 4, y: 2 },
    });
    this.actionText.setVisible(false);
    this.layout(1);
  }

  private label(
    text: string,
    style: Phaser.Types.GameObjects.Text.TextStyle,
  ): Phaser.GameObjects.Text {
    const t = this.scene.add.text(0, 0, text, {
      fontFamily: FONT,
      stroke: "#2a1f2d",
      strokeThickness: style.backgroundColor ? 0 : 3,
      resolution: 3,
      ...style,
    });
    t.setOrigin(0.5, 1);
    t.texture.setFilter(Phaser.Textures.FilterMode.LINEAR);
    return t;
  }

  private standFrame(): number {
    return this.row * SHEET_COLUMNS + DIRS.indexOf(this.dir) * 3;
  }

  setName(name: string): void {
    if (this.nameText.text !== name) this.nameText.setText(name);
  }

  setRow(row: number): void {
    if (row === this.row) return;
    this.row = row;
    this.sprite.setFrame(this.standFrame());
  }

  /** The current action: "☕ serving coffee at the counter". */
  setAction(emoji: string, action: string): void {
    const key = `${emoji}|${action}`;
    if (key === this.actionKey) return;
    this.actionKey = key;
    const words = action.length > 34 ? `${action.slice(0, 32).trimEnd()}…` : action;
    const text = [emoji, words].filter(Boolean).join(" ");
    this.actionText.setText(text);
    this.actionText.setVisible(text.length > 0);
  }

  /**
   * A speech bubble for a few seconds, longer for more words. `lean` turns it away from the
   * listener (-1: it grows to the left, 1: to the right), so two people talking side by side
   * do not cover each other's words.
   */
  say(text: string, lean = 0): void {
    const short = text.length > 120 ? `${text.slice(0, 118).trimEnd()}…` : text;
    if (!this.bubble) {
      this.bubble = this.label(short, {
        color: "#2a1f2d",
        fontSize: "12px",
        backgroundColor: "#fdf8ec",
        padding: { x: 6, y: 4 },
        wordWrap: { width: 180 },
      });
    } else this.bubble.setText(short);
    this.bubbleLean = Math.sign(lean);
    this.bubble.setOrigin(this.bubbleLean < 0 ? 1 : this.bubbleLean > 0 ? 0 : 0.5, 1);
    this.bubble.setVisible(true);
    this.bubbleUntil =
      this.scene.time.now + Math.min(9000, Math.max(4000, 2500 + short.length * 45));
  }

  /** Walks to a tile over `perTileMs` per tile from where the sprite is now; far jumps snap. */
  moveTo(x: number, y: number, perTileMs: number): void {
    if (x === this.tileX && y === this.tileY) return;
    this.tileX = x;
    this.tileY = y;
    const px = x * TILE_SIZE + TILE_SIZE / 2,
      py = (y + 1) * TILE_SIZE;
    const dx = px - this.sprite.x,
      dy = py - this.sprite.y;
    const tiles = (Math.abs(dx) + Math.abs(dy)) / TILE_SIZE;
    this.tween?.stop();
    this.tween = undefined;
    if (tiles > 4) {
      this.sprite.setPosition(px, py);
      this.arrivedAt = this.scene.time.now;
      return;
    }
    this.dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : dy > 0 ? "down" : "up";
    this.sprite.anims.play(walkAnimKey(this.row, this.dir), true);
    this.tween = this.scene.tweens.add({
      targets: this.sprite,
      x: px,
      y: py,
      duration: Math.max(60, tiles * perTileMs),
      ease: "Linear",
      onComplete: () => {
        this.tween = undefined;
        this.arrivedAt = this.scene.time.now;
      },
    });
  }

  /**
   * The way the server says a resident looks (it turned toward someone to talk): applied when it
   * changes, so a walk in between keeps its own direction.
   */
  setFacing(facing: Dir): void {
    if (facing === this.facing) return;
    this.facing = facing;
    this.dir = facing;
    if (!this.tween) this.sprite.setFrame(this.standFrame());
  }

  /** The way the sprite looks now (tests read it through the debug hook). */
  get looking(): Dir {
    return this.dir;
  }

  /** Turns to face a direction without moving (a blocked step). */
  face(dx: number, dy: number): void {
    this.dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : dy > 0 ? "down" : "up";
    if (!this.tween) this.sprite.setFrame(this.standFrame());
  }

  get moving(): boolean {
    return this.tween !== undefined;
  }

  /** Per frame: stop walking shortly after arriving, keep labels above the head at screen size. */
  update(now: number, zoom: number): void {
    if (!this.tween && this.sprite.anims.isPlaying && now - this.arrivedAt > 140) {
      this.sprite.anims.stop();
      this.sprite.setFrame(this.standFrame());
    }
    if (this.bubble && this.bubble.visible && now > this.bubbleUntil) this.bubble.setVisible(false);
    this.sprite.setDepth(100 + this.sprite.y / TILE_SIZE);
    this.layout(zoom);
  }

  private layout(zoom: number): void {
    const s = 1 / zoom;
    const x = this.sprite.x;
    let y = this.sprite.y - TILE_SIZE + 3;
    const depth = LABEL_DEPTH + this.sprite.y / TILE_SIZE / 100 + (this.ring ? 5 : 0);
    if (this.ring)
      this.ring.setPosition(x, this.sprite.y - 4).setDepth(99 + this.sprite.y / TILE_SIZE);
    if (this.kind === "avatar") {
      // People's names sit under their feet, residents' above their heads: side by side in a
      // conversation, the two labels do not cover each other.
      this.nameText
        .setScale(s)
        .setPosition(x, this.sprite.y + 1 * s + this.nameText.displayHeight)
        .setDepth(depth);
    } else {
      this.nameText.setScale(s).setPosition(x, y).setDepth(depth);
      y -= this.nameText.displayHeight + 1 * s;
    }
    if (this.actionText.visible) {
      this.actionText.setScale(s).setPosition(x, y).setDepth(depth);
      y -= this.actionText.displayHeight + 2 * s;
    }
    if (this.bubble?.visible)
      this.bubble
        .setScale(s)
        .setPosition(x - this.bubbleLean * 8 * s, y)
        .setDepth(depth + 1);
  }

  /** The labels shown now (name, action, speech), for keeping other labels off them. */
  labels(): { kind: "name" | "action" | "bubble"; text: Phaser.GameObjects.Text }[] {
    const out: { kind: "name" | "action" | "bubble"; text: Phaser.GameObjects.Text }[] = [
      { kind: "name", text: this.nameText },
    ];
    if (this.actionText.visible) out.push({ kind: "action", text: this.actionText });
    if (this.bubble?.visible) out.push({ kind: "bubble", text: this.bubble });
    return out;
  }

  destroy(): void {
    this.tween?.stop();
    this.sprite.destroy();
    this.nameText.destroy();
    this.actionText.destroy();
    this.bubble?.destroy();
    this.ring?.destroy();
  }
}
