// A tiny pixel canvas for the art scripts: one limited palette, integer drawing primitives and
// a seeded random source, so every run paints the same bytes. No third-party art: every pixel
// of Simulacra's tiles and sprites is placed by the code under assets/scripts.
import { PNG } from "pngjs";
import { Random } from "../../../server/world/random.ts";

/** The one palette (24 colours). Everything the town shows is painted from it. */
export const PALETTE = {
  ink: "#2a1f2d", // outlines
  dusk: "#4a3a55", // deep shade
  brownD: "#5e3b2e",
  brown: "#8b5a3c",
  wood: "#b77c4b",
  tan: "#dca46c",
  skin: "#f2c9a0",
  cream: "#f5e6c4",
  white: "#fdf8ec",
  stoneD: "#5b5868",
  stone: "#8e8a9b",
  stoneL: "#c2bfcb",
  greenD: "#2e5a3e",
  green: "#468845",
  greenM: "#69ad4d",
  greenL: "#a3d165",
  waterD: "#2c5a8c",
  water: "#4a8fcb",
  waterL: "#92d3ef",
  red: "#c24a3e",
  orange: "#e9913f",
  yellow: "#f4d251",
  pink: "#ea8fad",
  purple: "#7a5ba8",
} as const;
export type Colour = keyof typeof PALETTE;

type RGBA = [number, number, number, number];
const RGB = new Map<Colour, RGBA>(
  (Object.entries(PALETTE) as [Colour, string][]).map(([k, hex]) => [
    k,
    [
      parseInt(hex.slice(1, 3), 16),
      parseInt(hex.slice(3, 5), 16),
      parseInt(hex.slice(5, 7), 16),
      255,
    ],
  ]),
);

/** mulberry32 (the town's own PRNG): small, fast, seeded. */
export function rng(seed: number): () => number {
  const r = new Random(seed);
  return () => r.next();
}

export class Canvas {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  /** Drawing offset: tiles draw in local coordinates. */
  ox = 0;
  oy = 0;
  /** Clip rectangle in absolute pixels (the current tile). */
  private clip = { x0: 0, y0: 0, x1: 0, y1: 0 };

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 4);
    this.clip = { x0: 0, y0: 0, x1: width, y1: height };
  }

  /** Draw into the cell at (x, y) of size w×h: local coordinates, clipped to the cell. */
  cell(x: number, y: number, w: number, h: number): this {
    this.ox = x;
    this.oy = y;
    this.clip = { x0: x, y0: y, x1: x + w, y1: y + h };
    return this;
  }

  px(x: number, y: number, c: Colour, alpha = 255): void {
    x = Math.round(x) + this.ox;
    y = Math.round(y) + this.oy;
    if (x < this.clip.x0 || y < this.clip.y0 || x >= this.clip.x1 || y >= this.clip.y1) return;
    const [r, g, b] = RGB.get(c)!;
    const i = (y * this.width + x) * 4;
    if (alpha >= 255 || this.data[i + 3] === 0) {
      this.data[i] = r;
      this.data[i + 1] = g;
      this.data[i + 2] = b;
      this.data[i + 3] = alpha >= 255 ? 255 : Math.max(this.data[i + 3], alpha);
      return;
    }
    // Blend over an opaque or translucent pixel (used only for shadows).
    const a = alpha / 255;
    this.data[i] = Math.round(this.data[i] * (1 - a) + r * a);
    this.data[i + 1] = Math.round(this.data[i + 1] * (1 - a) + g * a);
    this.data[i + 2] = Math.round(this.data[i + 2] * (1 - a) + b * a);
    this.data[i + 3] = Math.min(255, this.data[i + 3] + Math.round((255 - this.data[i + 3]) * a));
  }

  clear(x: number, y: number): void {
    x += this.ox;
    y += this.oy;
    if (x < this.clip.x0 || y < this.clip.y0 || x >= this.clip.x1 || y >= this.clip.y1) return;
    this.data.fill(0, (y * this.width + x) * 4, (y * this.width + x) * 4 + 4);
  }

  /** Is the pixel (local) painted? */
  has(x: number, y: number): boolean {
    x += this.ox;
    y += this.oy;
    if (x < this.clip.x0 || y < this.clip.y0 || x >= this.clip.x1 || y >= this.clip.y1)
      return false;
    return this.data[(y * this.width + x) * 4 + 3] > 128;
  }

  rect(x: number, y: number, w: number, h: number, c: Colour, alpha = 255): void {
    for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) this.px(x + i, y + j, c, alpha);
  }

  /** Filled rectangle with a 1 px outline. */
  box(x: number, y: number, w: number, h: number, fill: Colour, line: Colour = "ink"): void {
    this.rect(x, y, w, h, line);
    if (w > 2 && h > 2) this.rect(x + 1, y + 1, w - 2, h - 2, fill);
  }

  /** Filled rectangle with rounded (cut) corners and an outline. */
  rbox(x: number, y: number, w: number, h: number, fill: Colour, line: Colour = "ink"): void {
    this.hline(x + 1, x + w - 2, y, line);
    this.hline(x + 1, x + w - 2, y + h - 1, line);
    this.vline(x, y + 1, y + h - 2, line);
    this.vline(x + w - 1, y + 1, y + h - 2, line);
    this.rect(x + 1, y + 1, w - 2, h - 2, fill);
  }

  hline(x0: number, x1: number, y: number, c: Colour, alpha = 255): void {
    for (let x = x0; x <= x1; x++) this.px(x, y, c, alpha);
  }

  vline(x: number, y0: number, y1: number, c: Colour, alpha = 255): void {
    for (let y = y0; y <= y1; y++) this.px(x, y, c, alpha);
  }

  line(x0: number, y0: number, x1: number, y1: number, c: Colour): void {
    const dx = Math.abs(x1 - x0),
      dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1,
      sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    for (;;) {
      this.px(x0, y0, c);
      if (x0 === x1 && y0 === y1) break;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y0 += sy;
      }
    }
  }

  /** Filled ellipse inside the box (x, y, w, h). */
  ellipse(x: number, y: number, w: number, h: number, c: Colour, alpha = 255): void {
    const cx = x + (w - 1) / 2,
      cy = y + (h - 1) / 2;
    const rx = w / 2,
      ry = h / 2;
    for (let j = 0; j < h; j++)
      for (let i = 0; i < w; i++) {
        const dx = (x + i - cx) / rx,
          dy = (y + j - cy) / ry;
        if (dx * dx + dy * dy <= 1.0) this.px(x + i, y + j, c, alpha);
      }
  }

  /** A translucent shadow ellipse, painted only where nothing is yet (so it stays underneath). */
  shadow(x: number, y: number, w: number, h: number, alpha = 70): void {
    const cx = x + (w - 1) / 2,
      cy = y + (h - 1) / 2;
    const rx = w / 2,
      ry = h / 2;
    for (let j = 0; j < h; j++)
      for (let i = 0; i < w; i++) {
        const dx = (x + i - cx) / rx,
          dy = (y + j - cy) / ry;
        if (dx * dx + dy * dy <= 1.0 && !this.has(x + i, y + j))
          this.px(x + i, y + j, "ink", alpha);
      }
  }

  /** Filled ellipse with a 1 px outline. */
  oval(x: number, y: number, w: number, h: number, fill: Colour, line: Colour = "ink"): void {
    this.ellipse(x, y, w, h, line);
    this.ellipse(x + 1, y + 1, w - 2, h - 2, fill);
  }

  /**
   * Paints a pattern: one string per row, one character per pixel; `key` maps characters to
   * colours, anything else (space, '.') is left alone.
   */
  stamp(
    x: number,
    y: number,
    rows: readonly string[],
    key: Record<string, Colour>,
    flip = false,
  ): void {
    rows.forEach((row, j) => {
      for (let i = 0; i < row.length; i++) {
        const c = key[row[flip ? row.length - 1 - i : i]];
        if (c) this.px(x + i, y + j, c);
      }
    });
  }

  /** Adds an ink outline around every painted pixel of the current cell that touches empty space. */
  outline(
    c: Colour = "ink",
    x0 = 0,
    y0 = 0,
    w = this.clip.x1 - this.clip.x0,
    h = this.clip.y1 - this.clip.y0,
  ): void {
    const edge: [number, number][] = [];
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) {
        if (this.has(x, y)) continue;
        if (this.has(x - 1, y) || this.has(x + 1, y) || this.has(x, y - 1) || this.has(x, y + 1))
          edge.push([x, y]);
      }
    for (const [x, y] of edge) this.px(x, y, c);
  }

  /** Copies the pixels of a cell to another place (whole RGBA). */
  copy(sx: number, sy: number, w: number, h: number, dx: number, dy: number, flipX = false): void {
    const tmp = new Uint8Array(w * h * 4);
    for (let j = 0; j < h; j++)
      for (let i = 0; i < w; i++) {
        const s = ((sy + j) * this.width + sx + i) * 4;
        tmp.set(this.data.subarray(s, s + 4), (j * w + i) * 4);
      }
    for (let j = 0; j < h; j++)
      for (let i = 0; i < w; i++) {
        const si = flipX ? w - 1 - i : i;
        const d = ((dy + j) * this.width + dx + i) * 4;
        this.data.set(tmp.subarray((j * w + si) * 4, (j * w + si) * 4 + 4), d);
      }
  }

  png(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    png.data = Buffer.from(this.data);
    return PNG.sync.write(png, { colorType: 6, deflateLevel: 9 });
  }
}
