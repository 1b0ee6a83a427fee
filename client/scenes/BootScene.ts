// Loads what a town needs before it is drawn: its map (Tiled JSON with the tileset embedded),
// the tileset image and the character sheet. Then starts the live town scene.
import Phaser from "phaser";
import { TILE_SIZE } from "../../shared/constants.ts";
import { SHEET } from "../render/Character.ts";
import { TILESET_KEY } from "../render/TownRenderer.ts";
import type { LiveContext } from "./context.ts";

export const MAP_KEY = "town-map";

export class BootScene extends Phaser.Scene {
  private ctx!: LiveContext;

  constructor() {
    super("boot");
  }

  init(ctx: LiveContext): void {
    this.ctx = ctx;
  }

  preload(): void {
    const { width, height } = this.scale;
    const bar = this.add.graphics();
    const text = this.add
      .text(width / 2, height / 2 - 24, "Loading the town…", {
        fontFamily: "Trebuchet MS, DejaVu Sans, sans-serif",
        fontSize: "16px",
        color: "#f5e6c4",
      })
      .setOrigin(0.5);
    this.load.on("progress", (p: number) => {
      bar.clear();
      bar.fillStyle(0x4a3a55, 1).fillRoundedRect(width / 2 - 120, height / 2, 240, 12, 6);
      bar
        .fillStyle(0xf4d251, 1)
        .fillRoundedRect(width / 2 - 120, height / 2, Math.max(12, 240 * p), 12, 6);
    });
    this.load.on("loaderror", (file: Phaser.Loader.File) => {
      text.setText(`Could not load ${file.key}`);
      this.ctx.toasts.error(
        "unavailable",
        `could not load ${typeof file.url === "string" ? file.url : file.key}`,
      );
    });
    this.load.tilemapTiledJSON(
      MAP_KEY,
      `/assets/towns/${encodeURIComponent(this.ctx.template)}/town.json`,
    );
    this.load.image(TILESET_KEY, "/assets/tiles/town.png");
    this.load.spritesheet(SHEET, "/assets/sprites/characters.png", {
      frameWidth: TILE_SIZE,
      frameHeight: TILE_SIZE,
    });
  }

  create(): void {
    this.scene.start("town", this.ctx);
  }
}
