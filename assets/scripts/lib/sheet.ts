// A sheet of 32×32 cells that named drawings are added to in order: the order gives each tile
// its index, which the map scripts look up by name. Multi-tile drawings are painted whole on a
// scratch canvas (so outlines and shapes cross tile seams correctly) and then cut into cells.
import { Canvas } from "./canvas.ts";

export const CELL = 32;

type Draw = (c: Canvas) => void;
type Entry = { names: string[][]; w: number; h: number; draw: Draw };

export class SheetBuilder {
  private readonly entries: Entry[] = [];
  private readonly names = new Map<string, number>();
  private count = 0;

  constructor(readonly columns: number) {}

  /** One 32×32 tile. */
  add(name: string, draw: Draw): this {
    return this.addMulti([[name]], draw);
  }

  /** A drawing of w×h tiles; names[row][col] names each cell (left to right, top to bottom). */
  addMulti(names: string[][], draw: Draw): this {
    const h = names.length;
    const w = names[0].length;
    for (const row of names)
      for (const n of row) {
        if (this.names.has(n)) throw new Error(`tile "${n}" is added twice`);
        this.names.set(n, this.count++);
      }
    this.entries.push({ names, w, h, draw });
    return this;
  }

  /** Index (0-based) of every tile by name; a Tiled gid is index + firstgid. */
  index(): Record<string, number> {
    return Object.fromEntries(this.names);
  }

  get tileCount(): number {
    return this.count;
  }

  get rows(): number {
    return Math.ceil(this.count / this.columns);
  }

  render(): Canvas {
    const sheet = new Canvas(this.columns * CELL, this.rows * CELL);
    for (const e of this.entries) {
      const scratch = new Canvas(e.w * CELL, e.h * CELL);
      e.draw(scratch);
      e.names.forEach((row, j) =>
        row.forEach((name, i) => {
          const k = this.names.get(name)!;
          const dx = (k % this.columns) * CELL;
          const dy = Math.floor(k / this.columns) * CELL;
          for (let y = 0; y < CELL; y++) {
            const s = ((j * CELL + y) * scratch.width + i * CELL) * 4;
            sheet.data.set(
              scratch.data.subarray(s, s + CELL * 4),
              ((dy + y) * sheet.width + dx) * 4,
            );
          }
        }),
      );
    }
    return sheet;
  }
}
