// The town tileset (assets/tiles/town.png): every ground, wall, nature and furniture tile,
// drawn in code from the one palette. Tiles are looked up by name; the order here fixes their
// indices, so add new tiles at the end of a group only if you regenerate the towns too.
//
// Connected tiles (paths, water, walls, fences) come in 16 variants named "<kind>-<mask>", the
// mask saying which neighbours are of the same kind: N=1, E=2, S=4, W=8.
import { E, N, S, W, type TileIndex } from "../../server/content/tileIndex.ts";
import { type Canvas, type Colour, rng } from "./lib/canvas.ts";
import { SheetBuilder } from "./lib/sheet.ts";

export const TILESET_COLUMNS = 16;

/** What map importers need to know of the sheet (written to assets/tiles/town.index.json). */
export function tileIndexOf(sheet: SheetBuilder): TileIndex {
  return {
    columns: TILESET_COLUMNS,
    rows: sheet.rows,
    tileCount: sheet.tileCount,
    tiles: sheet.index(),
  };
}

// ---------------------------------------------------------------- ground

function grass(c: Canvas, seed: number, x0 = 0, y0 = 0, w = 32, h = 32): void {
  const r = rng(seed);
  c.rect(x0, y0, w, h, "greenM");
  // Dithered darker and lighter patches: small and irregular, so tiles join without seams.
  for (let k = 0; k < 26; k++) c.px(x0 + Math.floor(r() * w), y0 + Math.floor(r() * h), "green");
  for (let k = 0; k < 12; k++) c.px(x0 + Math.floor(r() * w), y0 + Math.floor(r() * h), "greenL");
  for (let k = 0; k < 4; k++) {
    const x = x0 + 2 + Math.floor(r() * (w - 7)),
      y = y0 + 2 + Math.floor(r() * (h - 4));
    tuft(c, x, y);
  }
}

function tuft(c: Canvas, x: number, y: number): void {
  c.px(x, y, "green");
  c.px(x + 2, y - 1, "green");
  c.px(x + 4, y, "green");
  c.px(x + 1, y + 1, "green");
  c.px(x + 2, y, "green");
  c.px(x + 3, y + 1, "green");
  c.px(x + 2, y - 2, "greenL");
}

function flower(c: Canvas, x: number, y: number, petal: Colour, centre: Colour = "yellow"): void {
  c.px(x, y - 1, petal);
  c.px(x - 1, y, petal);
  c.px(x + 1, y, petal);
  c.px(x, y + 1, petal);
  c.px(x, y, centre);
  c.px(x + 1, y + 2, "green");
}

const JAG = "01210011012100100121001101210010";

/**
 * A connected surface (path, plaza, water) with grass banks on the sides whose neighbour is not
 * of the same kind. `body` paints the surface; `rim` colours the pixels along the bank.
 */
function banked(
  c: Canvas,
  mask: number,
  seed: number,
  body: (c: Canvas) => void,
  rim: (d: number, x: number, y: number) => Colour | null,
  depth: number,
): void {
  body(c);
  const g = new (c.constructor as new (w: number, h: number) => Canvas)(32, 32);
  grass(g, seed);
  const R = depth + 6;
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 32; x++) {
      let d = Infinity;
      let jag = 0;
      if (!(mask & N) && y < d) {
        d = y;
        jag = +JAG[x];
      }
      if (!(mask & S) && 31 - y < d) {
        d = 31 - y;
        jag = +JAG[31 - x];
      }
      if (!(mask & W) && x < d) {
        d = x;
        jag = +JAG[(y + 7) % 32];
      }
      if (!(mask & E) && 31 - x < d) {
        d = 31 - x;
        jag = +JAG[(38 - y) % 32];
      }
      const corner = (open: boolean, cx: number, cy: number) => {
        if (!open) return;
        const dx = Math.abs(x - cx),
          dy = Math.abs(y - cy);
        if (dx < R && dy < R) {
          const dc = R - Math.hypot(R - dx, R - dy);
          if (dc < d) d = dc;
        }
      };
      corner(!(mask & N) && !(mask & W), 0, 0);
      corner(!(mask & N) && !(mask & E), 31, 0);
      corner(!(mask & S) && !(mask & W), 0, 31);
      corner(!(mask & S) && !(mask & E), 31, 31);
      const edge = depth + jag;
      if (d < edge) {
        const i = (y * 32 + x) * 4;
        const k = ((c.oy + y) * c.width + c.ox + x) * 4;
        c.data.set(g.data.subarray(i, i + 4), k);
      } else {
        const col = rim(d - edge, x, y);
        if (col) c.px(x, y, col);
      }
    }
}

function dirt(c: Canvas, seed: number): void {
  const r = rng(seed);
  c.rect(0, 0, 32, 32, "tan");
  for (let k = 0; k < 22; k++) c.px(Math.floor(r() * 32), Math.floor(r() * 32), "wood");
  for (let k = 0; k < 10; k++) c.px(Math.floor(r() * 32), Math.floor(r() * 32), "cream");
  for (let k = 0; k < 3; k++) {
    const x = 2 + Math.floor(r() * 27),
      y = 2 + Math.floor(r() * 27);
    c.rect(x, y, 2, 1, "stoneL");
    c.rect(x, y + 1, 2, 1, "stone");
  }
}

function cobbles(c: Canvas, seed: number): void {
  const r = rng(seed);
  c.rect(0, 0, 32, 32, "stone");
  for (let row = 0; row < 4; row++) {
    let x = row % 2 ? -4 : 0;
    while (x < 32) {
      const w = 7 + Math.floor(r() * 3);
      const y = row * 8;
      c.rect(x + 1, y + 1, w - 1, 6, "stoneL");
      c.hline(x + 1, x + w - 1, y + 6, "stone");
      c.px(x + 1, y + 1, "white");
      c.px(x + 2, y + 1, "white");
      if (r() < 0.25) c.px(x + 3 + Math.floor(r() * (w - 4)), y + 3, "cream");
      x += w;
    }
  }
}

function water(c: Canvas, seed: number): void {
  const r = rng(seed);
  c.rect(0, 0, 32, 32, "water");
  for (let k = 0; k < 5; k++) {
    const x = Math.floor(r() * 28),
      y = Math.floor(r() * 30);
    const w = 3 + Math.floor(r() * 3);
    c.hline(x, x + w, y, "waterL");
    c.hline(x + 1, x + w - 1, y + 1, "water");
  }
  for (let k = 0; k < 8; k++) c.px(Math.floor(r() * 32), Math.floor(r() * 32), "waterD");
}

function planks(
  c: Canvas,
  seed: number,
  base: Colour,
  light: Colour,
  seam: Colour,
  vertical = false,
): void {
  const r = rng(seed);
  const p = (x: number, y: number, col: Colour) => (vertical ? c.px(y, x, col) : c.px(x, y, col));
  for (let y = 0; y < 32; y++) for (let x = 0; x < 32; x++) p(x, y, base);
  for (let row = 0; row < 4; row++) {
    const y = row * 8;
    for (let x = 0; x < 32; x++) {
      p(x, y, light);
      p(x, y + 7, seam);
    }
    const joint = (row * 13 + Math.floor(r() * 9)) % 32;
    for (let j = 1; j < 7; j++) p(joint, y + j, seam);
    for (let k = 0; k < 3; k++) {
      const gx = Math.floor(r() * 30),
        gy = y + 2 + Math.floor(r() * 4);
      p(gx, gy, seam === "brownD" ? "brown" : seam);
      p(gx + 1, gy, seam === "brownD" ? "brown" : seam);
    }
  }
}

function checker(c: Canvas, a: Colour, b: Colour, size: number, grout?: Colour): void {
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 32; x++) {
      const odd = (Math.floor(x / size) + Math.floor(y / size)) % 2 === 1;
      c.px(x, y, odd ? b : a);
      if (grout && (x % size === size - 1 || y % size === size - 1)) c.px(x, y, grout);
    }
}

function rug(c: Canvas): void {
  // 96×96, cut into a 3×3 nine-slice.
  c.rect(0, 0, 96, 96, "red");
  for (let y = 0; y < 96; y++)
    for (let x = 0; x < 96; x++) {
      const dx = Math.abs((x % 16) - 7.5),
        dy = Math.abs((y % 16) - 7.5);
      if (Math.abs(dx + dy - 6) < 0.6) c.px(x, y, "orange");
      if (dx + dy < 1.5) c.px(x, y, "yellow");
    }
  for (let i = 0; i < 96; i++) {
    for (const d of [2, 3]) {
      c.px(i, d, "yellow");
      c.px(i, 95 - d, "yellow");
      c.px(d, i, "yellow");
      c.px(95 - d, i, "yellow");
    }
    c.px(i, 4, "brownD");
    c.px(i, 91, "brownD");
    c.px(4, i, "brownD");
    c.px(91, i, "brownD");
    c.px(i, 0, "brownD");
    c.px(i, 95, "brownD");
    c.px(0, i, "brownD");
    c.px(95, i, "brownD");
    c.px(i, 1, "red");
    c.px(i, 94, "red");
    c.px(1, i, "red");
    c.px(94, i, "red");
  }
}

// ---------------------------------------------------------------- walls

type Top = { fill: Colour; hi: Colour; lo: Colour };
type Face = (c: Canvas, y0: number, h: number) => void;

const TOPS: Record<string, Top> = {
  house: { fill: "brownD", hi: "brown", lo: "ink" },
  cafe: { fill: "stoneD", hi: "stone", lo: "ink" },
};

const FACE_H = 14;

/** Inside face of a house wall: cream wallpaper with a small pattern, wooden skirting. */
const houseInside: Face = (c, y0, h) => {
  c.rect(0, y0, 32, h, "cream");
  for (let y = y0 + 2; y < y0 + h - 4; y += 4)
    for (let x = ((y - y0) / 4) % 2 ? 1 : 5; x < 32; x += 8) {
      c.px(x, y, "tan");
      c.px(x + 1, y + 1, "skin");
    }
  c.hline(0, 31, y0, "tan");
  c.hline(0, 31, y0 + h - 4, "wood");
  c.rect(0, y0 + h - 3, 32, 2, "brown");
  c.hline(0, 31, y0 + h - 1, "brownD");
};

/** Inside face of the cafe: cream plaster over green wainscot. */
const cafeInside: Face = (c, y0, h) => {
  c.rect(0, y0, 32, 6, "cream");
  c.hline(0, 31, y0, "tan");
  c.hline(0, 31, y0 + 5, "tan");
  c.rect(0, y0 + 6, 32, h - 6, "greenD");
  c.hline(0, 31, y0 + 6, "green");
  for (let x = 3; x < 32; x += 8) {
    c.vline(x, y0 + 8, y0 + h - 3, "green");
    c.vline(x + 5, y0 + 8, y0 + h - 3, "ink");
  }
  c.hline(0, 31, y0 + h - 2, "brownD");
  c.hline(0, 31, y0 + h - 1, "ink");
};

function siding(base: Colour, line: Colour, hi: Colour): Face {
  return (c, y0, h) => {
    c.rect(0, y0, 32, h, base);
    for (let y = y0; y < y0 + h - 2; y++) {
      const k = (y - y0) % 4;
      if (k === 3) c.hline(0, 31, y, line);
      if (k === 0) c.hline(0, 31, y, hi);
    }
    c.rect(0, y0 + h - 2, 32, 2, "stoneD");
    for (let x = 2; x < 32; x += 6) c.px(x, y0 + h - 2, "stone");
  };
}

const brick: Face = (c, y0, h) => {
  c.rect(0, y0, 32, h, "brown");
  for (let row = 0; row * 4 < h - 2; row++) {
    const y = y0 + row * 4;
    for (let x = row % 2 ? -4 : 0; x < 32; x += 8) {
      c.rect(x, y, 7, 3, "red");
      c.hline(x, x + 5, y, "orange");
    }
  }
  c.rect(0, y0 + h - 2, 32, 2, "stoneD");
};

const FACES: Record<string, Face> = {
  "house-in": houseInside,
  "cafe-in": cafeInside,
  blue: siding("water", "waterD", "waterL"),
  cream: siding("cream", "tan", "white"),
  sage: siding("greenL", "greenM", "cream"),
  brick,
};

function wall(c: Canvas, mask: number, top: Top, face: Face, window: "" | "in" | "out" = ""): void {
  const faceH = mask & S ? 0 : FACE_H;
  const bottom = 31 - faceH;
  c.rect(0, 0, 32, bottom + 1, top.fill);
  // Grain along the wall's run.
  const horizontal = (mask & (E | W)) !== 0 || (mask & (N | S)) === 0;
  if (horizontal) {
    c.hline(0, 31, 6, top.hi);
    c.hline(0, 31, 12, top.lo);
  } else {
    c.vline(8, 0, bottom, top.hi);
    c.vline(22, 0, bottom, top.lo);
  }
  if (!(mask & N)) {
    c.hline(0, 31, 0, "ink");
    c.hline(1, 30, 1, top.hi);
  }
  if (!(mask & W)) {
    c.vline(0, 0, bottom, "ink");
    c.vline(1, 1, bottom, top.hi);
  }
  if (!(mask & E)) {
    c.vline(31, 0, bottom, "ink");
    c.vline(30, 1, bottom, top.lo);
  }
  if (faceH) {
    face(c, bottom + 1, faceH);
    c.hline(0, 31, bottom, "ink");
    if (!(mask & W)) c.vline(0, bottom, 31, "ink");
    if (!(mask & E)) c.vline(31, bottom, 31, "ink");
    if (window) windowPane(c, bottom + 2, window === "out");
  }
}

function windowPane(c: Canvas, y: number, shutters: boolean): void {
  if (shutters) {
    c.box(5, y, 5, 10, "greenD");
    c.box(22, y, 5, 10, "greenD");
    c.px(7, y + 3, "green");
    c.px(7, y + 6, "green");
    c.px(24, y + 3, "green");
    c.px(24, y + 6, "green");
  }
  c.box(9, y - 1, 14, 11, "white");
  c.rect(10, y, 12, 9, "waterL");
  c.vline(15, y, y + 8, "white");
  c.hline(10, 21, y + 4, "white");
  c.px(11, y + 1, "white");
  c.px(12, y + 1, "white");
  c.px(11, y + 2, "white");
  c.px(17, y + 5, "white");
  c.px(17, y + 6, "white");
  c.rect(10, y + 7, 12, 2, "water");
  if (!shutters) {
    // Curtains inside.
    c.rect(7, y - 1, 3, 11, "red");
    c.rect(22, y - 1, 3, 11, "red");
    c.vline(8, y, y + 9, "orange");
    c.vline(23, y, y + 9, "orange");
  }
  c.hline(8, 23, y + 10, "ink");
  c.hline(9, 22, y + 9, "cream");
}

/** Doorway in an east–west wall (door leaf swung open against the left jamb). */
function doorH(c: Canvas, top: Top, face: Face): void {
  wall(c, E | W, top, face);
  for (let y = 4; y < 32; y++) for (let x = 6; x < 26; x++) c.clear(x, y);
  c.vline(5, 4, 31, "ink");
  c.vline(26, 4, 31, "ink");
  c.hline(5, 26, 3, "ink");
  // Open door leaf, edge-on, and the threshold.
  c.box(6, 4, 5, 26, "wood");
  c.vline(7, 5, 28, "tan");
  c.px(9, 17, "yellow");
  c.rect(6, 30, 20, 2, "wood");
  c.hline(6, 25, 30, "tan");
}

/** Doorway in a north–south wall. */
function doorV(c: Canvas, top: Top): void {
  wall(c, N | S, top, FACES["house-in"]);
  for (let y = 6; y < 26; y++) for (let x = 0; x < 32; x++) c.clear(x, y);
  c.hline(0, 31, 5, "ink");
  c.hline(0, 31, 26, "ink");
  c.box(4, 6, 24, 5, "wood");
  c.hline(5, 26, 7, "tan");
  c.px(20, 8, "yellow");
}

function shadowTile(c: Canvas, north: boolean, west: boolean): void {
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 32; x++) {
      const d = Math.min(north ? y : 99, west ? x : 99);
      if (d < 3) c.px(x, y, "ink", 64);
      else if (d < 5 && (x + y) % 2 === 0) c.px(x, y, "ink", 40);
    }
}

// ---------------------------------------------------------------- fences, nature

function fence(c: Canvas, mask: number): void {
  c.shadow(9, 23, 14, 6, 60);
  if (mask & E) {
    c.box(16, 11, 16, 4, "tan");
    c.box(16, 18, 16, 4, "tan");
  }
  if (mask & W) {
    c.box(0, 11, 16, 4, "tan");
    c.box(0, 18, 16, 4, "tan");
  }
  if (mask & N) {
    c.box(14, 0, 4, 14, "tan");
  }
  if (mask & S) {
    c.box(14, 18, 4, 14, "tan");
  }
  c.box(12, 7, 8, 19, "wood");
  c.rect(13, 8, 6, 2, "tan");
  c.vline(18, 10, 24, "brown");
}

function bigTree(c: Canvas, variant: number): void {
  const r = rng(100 + variant);
  c.shadow(8, 50, 48, 12, 80);
  // Trunk and roots.
  c.box(26, 34, 12, 24, "brown");
  c.vline(28, 35, 56, "wood");
  c.vline(35, 35, 56, "brownD");
  c.box(22, 53, 8, 5, "brown");
  c.box(34, 53, 8, 5, "brown");
  // Canopy: a silhouette of blobs in the shade colour, then lighter layers up and to the left.
  const blobs: [number, number, number, number][] = [
    [6, 4, 52, 40],
    [1, 14, 22, 22],
    [41, 14, 22, 22],
    [14, 0, 36, 18],
    [10, 26, 44, 18],
  ];
  for (const [x, y, w, h] of blobs) c.ellipse(x, y, w, h, "greenD");
  for (const [x, y, w, h] of blobs)
    c.ellipse(x + 2, y + 1, w - 6, h - 6, variant === 1 ? "greenM" : "green");
  const lit: Colour = variant === 1 ? "greenL" : "greenM";
  c.ellipse(10, 4, 30, 22, lit);
  c.ellipse(4, 16, 14, 12, lit);
  c.ellipse(30, 8, 20, 12, lit);
  for (let k = 0; k < 26; k++) {
    const x = 8 + Math.floor(r() * 46),
      y = 4 + Math.floor(r() * 34);
    if (c.has(x, y)) c.px(x, y, r() < 0.5 ? "greenL" : "greenD");
  }
  // Leaf clusters: short arcs that read as foliage.
  for (let k = 0; k < 9; k++) {
    const x = 10 + Math.floor(r() * 40),
      y = 8 + Math.floor(r() * 26);
    c.hline(x, x + 3, y, "greenD");
    c.px(x - 1, y - 1, "greenD");
    c.px(x + 4, y - 1, "greenD");
  }
  if (variant === 2)
    for (let k = 0; k < 7; k++) {
      const x = 12 + Math.floor(r() * 40),
        y = 8 + Math.floor(r() * 28);
      c.rect(x, y, 2, 2, "red");
      c.px(x, y, "pink");
    }
  c.outline("ink");
}

function pine(c: Canvas): void {
  // 32×64
  c.shadow(4, 54, 24, 8, 80);
  c.box(13, 46, 6, 14, "brown");
  const layers: [number, number][] = [
    [2, 34],
    [4, 22],
    [7, 11],
    [11, 2],
  ];
  layers.forEach(([inset, y], i) => {
    for (let j = 0; j < 16; j++) {
      const half = Math.min(16 - inset, Math.floor(3 + j * ((16 - inset) / 14)));
      c.hline(16 - half, 15 + half, y + j, j > 11 ? "greenD" : i % 2 ? "green" : "green");
      if (j < 12) c.hline(16 - half, 16 - half + Math.floor(half / 2), y + j, "greenM");
    }
  });
  c.px(15, 4, "greenL");
  c.px(12, 15, "greenL");
  c.px(9, 27, "greenL");
  c.px(7, 39, "greenL");
  c.outline("ink");
}

function bush(c: Canvas, berries: boolean): void {
  c.shadow(3, 22, 26, 8, 70);
  c.ellipse(2, 8, 28, 20, "green");
  c.ellipse(5, 6, 12, 12, "green");
  c.ellipse(14, 5, 14, 13, "green");
  c.ellipse(6, 8, 10, 8, "greenM");
  c.ellipse(16, 7, 9, 7, "greenM");
  c.px(8, 10, "greenL");
  c.px(17, 9, "greenL");
  c.px(9, 9, "greenL");
  c.hline(6, 24, 25, "greenD");
  c.hline(4, 26, 24, "greenD");
  if (berries)
    for (const [x, y] of [
      [9, 15],
      [19, 13],
      [14, 19],
      [23, 19],
      [6, 19],
    ]) {
      c.rect(x, y, 2, 2, "red");
      c.px(x, y, "pink");
    }
  c.outline("ink");
}

function flowerPatch(c: Canvas, seed: number, colours: Colour[]): void {
  const r = rng(seed);
  for (let k = 0; k < 6; k++) {
    const x = 4 + Math.floor(r() * 24),
      y = 5 + Math.floor(r() * 22);
    c.px(x - 1, y + 2, "green");
    c.px(x + 2, y + 1, "greenD");
    flower(
      c,
      x,
      y,
      colours[k % colours.length],
      colours[k % colours.length] === "yellow" ? "orange" : "yellow",
    );
  }
}

function planter(
  c: Canvas,
  crop: "flowers" | "cabbage" | "carrot" | "sprouts",
  seed: number,
): void {
  const r = rng(seed);
  c.box(1, 2, 30, 28, "wood");
  c.rect(3, 4, 26, 23, "brown");
  for (let k = 0; k < 30; k++) c.px(3 + Math.floor(r() * 26), 4 + Math.floor(r() * 23), "brownD");
  c.hline(2, 29, 3, "tan");
  c.rect(2, 27, 28, 2, "brown");
  for (let row = 0; row < 2; row++)
    for (let col = 0; col < 3; col++) {
      const x = 7 + col * 9,
        y = 9 + row * 10;
      if (crop === "cabbage") {
        c.oval(x - 3, y - 3, 8, 7, "greenL", "greenD");
        c.px(x, y - 1, "greenM");
        c.px(x + 1, y, "greenM");
      }
      if (crop === "carrot") {
        c.px(x, y + 2, "orange");
        c.px(x + 1, y + 2, "orange");
        c.px(x - 1, y, "greenM");
        c.px(x + 2, y, "greenM");
        c.vline(x, y - 2, y + 1, "green");
        c.vline(x + 1, y - 1, y + 1, "greenM");
      }
      if (crop === "sprouts") {
        c.px(x, y, "greenM");
        c.px(x - 1, y - 1, "greenL");
        c.px(x + 1, y - 1, "greenL");
        c.px(x, y + 1, "green");
      }
      if (crop === "flowers") {
        const col2: Colour = (["red", "yellow", "pink", "purple", "white", "orange"] as Colour[])[
          (row * 3 + col + seed) % 6
        ];
        c.px(x, y + 2, "green");
        c.px(x - 1, y + 3, "greenM");
        flower(c, x, y, col2, col2 === "yellow" ? "orange" : "yellow");
      }
    }
}

function fountain(c: Canvas): void {
  // 64×64: a round stone basin with a pedestal and spray.
  c.shadow(2, 44, 60, 18, 70);
  c.ellipse(2, 14, 60, 46, "stoneD");
  c.ellipse(3, 14, 58, 42, "stoneL");
  c.ellipse(8, 18, 48, 32, "stone");
  c.ellipse(9, 20, 46, 30, "waterD");
  c.ellipse(10, 22, 44, 27, "water");
  const r = rng(7);
  for (let k = 0; k < 8; k++) {
    const x = 14 + Math.floor(r() * 34),
      y = 26 + Math.floor(r() * 18);
    c.hline(x, x + 3, y, "waterL");
  }
  // Pedestal and bowl.
  c.box(27, 22, 10, 18, "stoneL");
  c.vline(29, 23, 38, "white");
  c.vline(34, 23, 38, "stone");
  c.oval(20, 14, 24, 12, "stoneL");
  c.ellipse(23, 16, 18, 7, "water");
  c.hline(25, 38, 17, "waterL");
  // Spray.
  for (const [x, y] of [
    [31, 4],
    [32, 2],
    [33, 4],
    [30, 7],
    [34, 7],
    [28, 10],
    [36, 10],
    [26, 13],
    [38, 13],
    [32, 6],
    [31, 9],
    [33, 10],
  ])
    c.px(x, y, "waterL");
  for (const [x, y] of [
    [32, 3],
    [29, 8],
    [35, 8],
    [27, 12],
    [37, 12],
    [32, 8],
  ])
    c.px(x, y, "white");
  for (const [x, y] of [
    [20, 30],
    [44, 34],
    [16, 38],
    [47, 40],
    [24, 44],
    [40, 28],
  ]) {
    c.px(x, y, "white");
    c.px(x + 1, y, "waterL");
  }
  c.outline("ink", 0, 14, 64, 50);
}

function lamp(c: Canvas): void {
  c.shadow(9, 27, 14, 5, 70);
  c.box(12, 26, 8, 4, "stoneD");
  c.box(14, 9, 4, 18, "stoneD");
  c.vline(15, 10, 25, "stone");
  c.box(10, 1, 12, 10, "yellow");
  c.rect(11, 2, 10, 2, "white");
  c.hline(9, 22, 0, "ink");
  c.box(9, 0, 14, 3, "dusk");
  c.hline(11, 20, 9, "orange");
}

function bench(c: Canvas): void {
  // 64×32: facing down; backrest at the top.
  c.shadow(2, 22, 60, 9, 60);
  c.box(4, 20, 3, 8, "stoneD");
  c.box(57, 20, 3, 8, "stoneD");
  c.box(2, 4, 60, 7, "wood");
  c.hline(3, 60, 5, "tan");
  c.box(2, 11, 60, 11, "tan");
  c.hline(3, 60, 15, "wood");
  c.hline(3, 60, 12, "cream");
  c.box(1, 8, 4, 14, "stoneD");
  c.box(59, 8, 4, 14, "stoneD");
  c.hline(3, 60, 21, "brown");
}

function picnicTable(c: Canvas): void {
  c.shadow(2, 26, 60, 6, 60);
  c.box(4, 1, 56, 6, "wood");
  c.box(2, 8, 60, 14, "tan");
  for (let x = 14; x < 60; x += 12) c.vline(x, 9, 20, "wood");
  c.hline(3, 60, 9, "cream");
  c.box(4, 23, 56, 6, "wood");
  // A basket and a jug.
  c.box(12, 10, 10, 7, "wood");
  c.hline(13, 20, 11, "yellow");
  c.line(13, 10, 17, 6, "brownD");
  c.line(17, 6, 21, 10, "brownD");
  c.box(42, 9, 6, 9, "white");
  c.rect(43, 12, 4, 5, "orange");
}

function duck(c: Canvas): void {
  c.stamp(
    10,
    12,
    [
      "   kkk      ",
      "  kwwwk     ",
      "  kwkwkoo   ",
      "  kwwwkoo   ",
      "kkkwwwwk    ",
      "kwwwwwwwk   ",
      "kwwcwwwwk   ",
      " kwwwwwk    ",
      "  kkkkk     ",
    ],
    { k: "ink", w: "white", o: "orange", c: "stoneL" },
    true,
  );
  c.hline(8, 22, 21, "waterL");
}

function lily(c: Canvas): void {
  c.oval(6, 8, 12, 9, "greenM", "greenD");
  c.line(12, 12, 17, 10, "greenD");
  c.oval(18, 18, 9, 7, "greenM", "greenD");
  c.px(10, 11, "pink");
  c.px(11, 10, "pink");
  c.px(11, 11, "white");
  c.px(12, 11, "pink");
}

function rock(c: Canvas): void {
  c.shadow(5, 20, 22, 8, 70);
  c.oval(5, 9, 22, 16, "stone");
  c.ellipse(8, 11, 10, 6, "stoneL");
  c.px(10, 12, "white");
  c.hline(9, 22, 22, "stoneD");
}

function signpost(c: Canvas, icon: "cup" | "leaf"): void {
  c.shadow(8, 26, 16, 5, 70);
  c.box(14, 14, 4, 14, "brown");
  c.box(5, 3, 22, 13, "wood");
  c.rect(7, 5, 18, 9, "tan");
  if (icon === "cup") {
    c.box(11, 7, 8, 6, "white");
    c.px(19, 9, "ink");
    c.px(20, 9, "ink");
    c.px(20, 10, "ink");
    c.px(19, 11, "ink");
    c.px(13, 5, "stone");
    c.px(15, 6, "stone");
  } else {
    c.oval(11, 6, 10, 7, "greenM", "greenD");
    c.line(12, 12, 19, 7, "greenD");
  }
}

function mailbox(c: Canvas): void {
  c.shadow(9, 26, 14, 5, 70);
  c.box(14, 16, 4, 12, "brown");
  c.rbox(8, 6, 16, 11, "red");
  c.hline(9, 22, 7, "orange");
  c.box(22, 4, 2, 6, "yellow");
}

function stump(c: Canvas): void {
  c.shadow(5, 22, 22, 7, 70);
  c.box(7, 12, 18, 13, "brown");
  c.oval(7, 7, 18, 10, "tan", "ink");
  c.ellipse(11, 9, 10, 6, "wood");
  c.ellipse(14, 10, 4, 3, "tan");
}

// ---------------------------------------------------------------- furniture

type Cloth = { main: Colour; light: Colour; dark: Colour };
const CLOTH: Record<string, Cloth> = {
  red: { main: "red", light: "orange", dark: "brownD" },
  blue: { main: "water", light: "waterL", dark: "waterD" },
  green: { main: "greenM", light: "greenL", dark: "green" },
  purple: { main: "purple", light: "pink", dark: "dusk" },
};

function bed(c: Canvas, cloth: Cloth): void {
  // 32×64
  c.shadow(2, 56, 30, 8, 60);
  c.box(2, 2, 28, 58, "brown");
  c.box(2, 1, 28, 10, "wood");
  c.hline(3, 28, 2, "tan");
  c.rect(4, 11, 24, 13, "white");
  c.rbox(6, 12, 20, 10, "white");
  c.hline(8, 23, 20, "stoneL");
  c.px(7, 13, "cream");
  // Blanket with the sheet folded over its top.
  c.box(3, 23, 26, 33, cloth.main);
  c.rect(4, 24, 24, 4, "white");
  c.hline(4, 27, 27, "stoneL");
  for (let y = 31; y < 54; y += 6) c.hline(4, 27, y, cloth.light);
  for (let x = 9; x < 28; x += 6) c.vline(x, 28, 54, cloth.light);
  c.vline(27, 28, 54, cloth.dark);
  c.hline(4, 27, 55, cloth.dark);
  c.box(2, 55, 28, 6, "wood");
  c.hline(3, 28, 56, "tan");
}

function nightstand(c: Canvas): void {
  c.shadow(6, 26, 22, 5, 60);
  c.box(7, 12, 18, 16, "wood");
  c.rect(8, 13, 16, 4, "tan");
  c.hline(8, 23, 17, "brown");
  c.px(15, 22, "yellow");
  // Lamp.
  c.box(13, 8, 6, 5, "brownD");
  c.box(10, 2, 12, 7, "yellow");
  c.hline(11, 20, 3, "white");
}

function wardrobe(c: Canvas): void {
  c.shadow(3, 28, 28, 4, 60);
  c.box(3, 0, 26, 30, "wood");
  c.rect(4, 1, 24, 3, "tan");
  c.hline(4, 27, 4, "brown");
  c.vline(15, 5, 28, "brown");
  c.vline(16, 5, 28, "brownD");
  c.px(13, 16, "yellow");
  c.px(18, 16, "yellow");
  c.rect(6, 7, 7, 1, "tan");
  c.rect(19, 7, 7, 1, "tan");
}

function desk(c: Canvas): void {
  // 64×32, against a north wall.
  c.shadow(2, 27, 60, 5, 60);
  c.box(2, 4, 60, 14, "wood");
  c.hline(3, 60, 5, "tan");
  c.box(2, 17, 60, 10, "brown");
  c.box(5, 18, 18, 8, "wood");
  c.hline(12, 15, 21, "yellow");
  c.box(41, 18, 18, 8, "wood");
  c.hline(48, 51, 21, "yellow");
  c.box(3, 26, 3, 4, "brownD");
  c.box(58, 26, 3, 4, "brownD");
  // An open book, a stack of paper, a lamp and a mug.
  c.box(8, 7, 18, 9, "white");
  c.vline(16, 7, 15, "stoneL");
  c.vline(17, 7, 15, "ink");
  for (let y = 9; y < 14; y += 2) {
    c.hline(10, 14, y, "stone");
    c.hline(19, 24, y, "stone");
  }
  c.box(30, 8, 9, 8, "cream");
  c.hline(31, 37, 10, "stone");
  c.box(49, 1, 10, 7, "yellow");
  c.hline(50, 57, 2, "white");
  c.box(53, 7, 3, 7, "dusk");
  c.box(42, 9, 5, 6, "red");
  c.px(47, 11, "ink");
}

function chair(c: Canvas, facing: "down" | "up" | "left" | "right"): void {
  c.shadow(7, 24, 18, 6, 60);
  if (facing === "down") {
    c.box(10, 22, 2, 6, "brownD");
    c.box(20, 22, 2, 6, "brownD");
    c.box(8, 13, 16, 10, "tan");
    c.hline(9, 22, 14, "cream");
    c.box(8, 3, 16, 11, "wood");
    c.hline(9, 22, 4, "tan");
    c.vline(12, 5, 12, "brown");
    c.vline(19, 5, 12, "brown");
  } else if (facing === "up") {
    c.box(10, 16, 2, 8, "brownD");
    c.box(20, 16, 2, 8, "brownD");
    c.box(8, 8, 16, 10, "tan");
    c.hline(9, 22, 9, "cream");
    c.box(8, 17, 16, 9, "wood");
    c.hline(9, 22, 18, "tan");
  } else {
    const flip = facing === "left";
    c.stamp(
      7,
      4,
      [
        "kkkk          ",
        "kwtk          ",
        "kwtk          ",
        "kwtk          ",
        "kwtk          ",
        "kwtk          ",
        "kwtkkkkkkkkkk ",
        "kwttttttttttk ",
        "kwtcccccccctk ",
        "kkkkkkkkkkkkk ",
        " kb       kb  ",
        " kb       kb  ",
        " kb       kb  ",
        " kk       kk  ",
      ].map((r) => r.padEnd(18)),
      { k: "ink", w: "wood", t: "tan", c: "cream", b: "brownD" },
      flip,
    );
  }
}

function stool(c: Canvas): void {
  c.shadow(8, 24, 16, 6, 60);
  c.box(10, 17, 2, 9, "brownD");
  c.box(20, 17, 2, 9, "brownD");
  c.oval(8, 9, 16, 10, "red");
  c.hline(11, 19, 11, "orange");
}

function diningTable(c: Canvas): void {
  // 64×32
  c.shadow(2, 26, 60, 6, 60);
  c.box(4, 22, 3, 7, "brownD");
  c.box(57, 22, 3, 7, "brownD");
  c.box(1, 3, 62, 18, "wood");
  c.hline(2, 61, 4, "tan");
  c.hline(2, 61, 11, "brown");
  c.box(1, 20, 62, 4, "brown");
  plate(c, 8, 7);
  plate(c, 44, 7);
  // A vase with a flower.
  c.box(29, 9, 6, 8, "waterL");
  c.hline(30, 33, 10, "white");
  flower(c, 31, 6, "red");
  c.px(34, 5, "yellow");
}

function plate(c: Canvas, x: number, y: number): void {
  c.oval(x, y, 12, 9, "white");
  c.ellipse(x + 3, y + 2, 6, 4, "cream");
  c.px(x + 4, y + 3, "orange");
  c.px(x + 6, y + 4, "greenM");
}

function roundTable(c: Canvas, cloth: Colour): void {
  c.shadow(5, 24, 22, 7, 60);
  c.box(14, 20, 4, 8, "ink");
  c.box(10, 26, 12, 3, "dusk");
  c.oval(3, 4, 26, 18, cloth);
  c.ellipse(5, 6, 22, 10, cloth === "white" ? "white" : "cream");
  if (cloth === "white") for (let x = 6; x < 27; x += 4) c.px(x, 19, "stoneL");
  // A cup and a saucer.
  c.oval(11, 8, 10, 6, "white");
  c.box(13, 7, 6, 5, "red");
  c.hline(14, 17, 8, "brownD");
  c.px(19, 9, "red");
}

function stove(c: Canvas): void {
  c.shadow(2, 28, 30, 4, 60);
  c.box(1, 2, 30, 27, "stoneL");
  c.rect(2, 3, 28, 11, "stoneD");
  for (const [x, y] of [
    [4, 4],
    [17, 4],
    [4, 9],
    [17, 9],
  ]) {
    c.oval(x, y, 10, 5, "dusk");
    c.hline(x + 3, x + 6, y + 2, "ink");
  }
  // A pot on the back burner.
  c.box(17, 1, 11, 8, "red");
  c.hline(18, 26, 2, "orange");
  c.px(16, 4, "ink");
  c.px(28, 4, "ink");
  c.px(20, -1 + 1, "white");
  c.px(23, 0, "white");
  c.hline(2, 29, 14, "ink");
  for (let x = 5; x < 28; x += 6) c.px(x, 16, "ink");
  c.box(5, 18, 22, 9, "ink");
  c.rect(6, 19, 20, 7, "dusk");
  c.hline(7, 24, 20, "stoneD");
  c.hline(8, 23, 17, "stone");
}

function fridge(c: Canvas): void {
  c.shadow(2, 28, 30, 4, 60);
  c.box(4, 0, 24, 30, "white");
  c.rect(5, 1, 22, 3, "stoneL");
  c.hline(5, 26, 11, "stone");
  c.vline(23, 5, 9, "stone");
  c.vline(23, 14, 24, "stone");
  c.vline(26, 4, 28, "stoneL");
  c.px(9, 15, "red");
  c.px(11, 18, "yellow");
  c.px(8, 20, "water");
  c.rect(13, 14, 4, 5, "cream");
  c.hline(13, 16, 15, "stone");
}

type CounterStyle = { top: Colour; topHi: Colour; front: Colour; frontLine: Colour };
const KITCHEN: CounterStyle = { top: "stoneL", topHi: "white", front: "wood", frontLine: "brown" };
const CAFE: CounterStyle = { top: "tan", topHi: "cream", front: "brown", frontLine: "brownD" };

function counter(
  c: Canvas,
  s: CounterStyle,
  left: boolean,
  right: boolean,
  extra: "" | "sink" | "coffee" | "register" | "pastries" | "taps" | "bread",
): void {
  c.shadow(0, 28, 32, 4, 60);
  const x0 = left ? 1 : 0,
    x1 = right ? 30 : 31;
  c.rect(x0, 4, x1 - x0 + 1, 26, "ink");
  c.rect(x0 + (left ? 1 : 0), 5, x1 - x0 + 1 - (left ? 1 : 0) - (right ? 1 : 0), 9, s.top);
  c.hline(x0 + 1, x1 - 1, 5, s.topHi);
  c.rect(x0 + (left ? 1 : 0), 15, x1 - x0 + 1 - (left ? 1 : 0) - (right ? 1 : 0), 14, s.front);
  c.hline(x0, x1, 14, "ink");
  // Cabinet doors.
  c.box(4, 17, 11, 10, s.front, s.frontLine);
  c.box(17, 17, 11, 10, s.front, s.frontLine);
  c.px(13, 21, "yellow");
  c.px(18, 21, "yellow");
  if (extra === "sink") {
    c.box(7, 5, 18, 8, "stoneL");
    c.rect(8, 6, 16, 6, "stone");
    c.rect(9, 7, 14, 4, "waterL");
    c.box(15, 1, 3, 6, "stone");
  }
  if (extra === "coffee") {
    c.box(5, 0, 18, 13, "stoneL");
    c.rect(6, 1, 16, 3, "stoneD");
    c.rect(8, 5, 12, 2, "ink");
    c.box(11, 7, 6, 4, "dusk");
    c.px(8, 2, "red");
    c.px(19, 2, "greenL");
    c.box(23, 6, 6, 6, "white");
    c.rect(24, 7, 4, 2, "brown");
  }
  if (extra === "register") {
    c.box(6, 1, 18, 12, "stoneD");
    c.rect(8, 2, 14, 4, "greenL");
    c.px(10, 3, "greenD");
    c.px(12, 3, "greenD");
    for (let y = 7; y < 12; y += 2) for (let x = 8; x < 22; x += 3) c.px(x, y, "stoneL");
  }
  if (extra === "pastries") {
    c.box(2, 0, 28, 14, "waterL");
    c.hline(3, 28, 1, "white");
    for (const [x, y, col] of [
      [5, 5, "tan"],
      [12, 5, "orange"],
      [19, 5, "pink"],
      [8, 9, "wood"],
      [15, 9, "tan"],
      [22, 9, "yellow"],
    ] as [number, number, Colour][]) {
      c.oval(x, y, 7, 4, col);
    }
  }
  if (extra === "taps") {
    for (const x of [7, 15, 23]) {
      c.box(x, 0, 3, 10, "stoneL");
      c.box(x - 1, -1 + 1, 5, 4, x === 15 ? "red" : "yellow");
    }
    c.box(4, 8, 5, 6, "yellow");
    c.hline(5, 7, 8, "white");
  }
  if (extra === "bread") {
    c.oval(4, 5, 12, 7, "tan");
    c.line(6, 7, 8, 9, "wood");
    c.line(9, 6, 11, 8, "wood");
    c.oval(17, 4, 11, 8, "wood");
    c.hline(19, 25, 6, "tan");
  }
}

function shelves(c: Canvas, seed: number): void {
  const r = rng(seed);
  c.shadow(1, 28, 30, 4, 60);
  c.box(1, 0, 30, 30, "brown");
  for (const y of [9, 19]) {
    c.hline(2, 29, y, "brownD");
    c.hline(2, 29, y + 1, "wood");
  }
  for (const y0 of [2, 11, 21]) {
    let x = 3;
    while (x < 27) {
      const w = 4 + Math.floor(r() * 3);
      const col = (["red", "yellow", "cream", "greenM", "orange", "white", "waterL"] as Colour[])[
        Math.floor(r() * 7)
      ];
      const h = 4 + Math.floor(r() * 3);
      c.box(x, y0 + 7 - h, w, h, col);
      if (r() < 0.5) c.hline(x + 1, x + w - 2, y0 + 7 - h, "white");
      x += w + 1;
    }
  }
}

function bookshelf(c: Canvas, seed: number): void {
  const r = rng(seed);
  c.shadow(1, 28, 30, 4, 60);
  c.box(1, 0, 30, 30, "brown");
  c.rect(2, 1, 28, 2, "wood");
  for (const y0 of [3, 16]) {
    c.rect(3, y0, 26, 12, "brownD");
    let x = 3;
    while (x < 28) {
      const w = 2 + Math.floor(r() * 2);
      const h = 8 + Math.floor(r() * 4);
      const col = (
        ["red", "waterD", "greenD", "yellow", "purple", "cream", "orange", "water"] as Colour[]
      )[Math.floor(r() * 8)];
      if (r() < 0.12 && x < 25) {
        c.line(x, y0 + 11, x + 3, y0 + 3, col);
        x += 4;
        continue;
      }
      c.rect(x, y0 + 12 - h, w, h, col);
      c.px(x, y0 + 12 - h + 2, "white");
      x += w;
    }
    c.hline(2, 29, y0 + 12, "wood");
  }
}

function sofa(c: Canvas, cloth: Cloth): void {
  // 64×32, facing down.
  c.shadow(1, 26, 62, 6, 60);
  c.box(2, 2, 60, 12, cloth.dark);
  c.rect(3, 3, 58, 3, cloth.main);
  c.box(2, 10, 60, 16, cloth.main);
  c.rbox(9, 11, 23, 12, cloth.light);
  c.rbox(32, 11, 23, 12, cloth.light);
  c.hline(10, 30, 21, cloth.main);
  c.hline(33, 53, 21, cloth.main);
  c.box(1, 7, 9, 19, cloth.dark);
  c.hline(2, 8, 8, cloth.main);
  c.box(54, 7, 9, 19, cloth.dark);
  c.hline(55, 61, 8, cloth.main);
  c.rbox(12, 5, 10, 8, "yellow");
  c.px(14, 7, "white");
  c.box(4, 26, 3, 3, "brownD");
  c.box(57, 26, 3, 3, "brownD");
}

function armchair(c: Canvas, cloth: Cloth): void {
  c.shadow(2, 26, 28, 6, 60);
  c.box(4, 2, 24, 12, cloth.dark);
  c.rect(5, 3, 22, 3, cloth.main);
  c.box(4, 10, 24, 16, cloth.main);
  c.rbox(9, 11, 14, 12, cloth.light);
  c.box(2, 7, 7, 19, cloth.dark);
  c.box(23, 7, 7, 19, cloth.dark);
  c.box(5, 26, 3, 3, "brownD");
  c.box(24, 26, 3, 3, "brownD");
}

function piano(c: Canvas): void {
  // 64×32 upright piano against the north wall.
  c.shadow(1, 28, 62, 4, 60);
  c.box(2, 0, 60, 29, "dusk");
  c.rect(3, 1, 58, 3, "stoneD");
  c.hline(3, 60, 4, "ink");
  c.box(22, 2, 20, 7, "white");
  c.hline(24, 39, 4, "stone");
  c.hline(24, 36, 6, "stone");
  c.px(30, 3, "ink");
  c.box(3, 14, 58, 7, "white");
  for (let x = 6; x < 60; x += 4) c.vline(x, 15, 19, "stoneL");
  for (let x = 5; x < 60; x += 4)
    if ((x / 4) % 7 !== 2 && (x / 4) % 7 !== 6) c.rect(x, 15, 2, 3, "ink");
  c.hline(3, 60, 21, "ink");
  c.rect(3, 22, 58, 6, "dusk");
  c.hline(3, 60, 22, "stoneD");
  c.px(28, 26, "yellow");
  c.px(32, 26, "yellow");
  c.px(36, 26, "yellow");
  // Candles.
  c.box(6, 5, 3, 6, "cream");
  c.px(7, 4, "yellow");
  c.box(55, 5, 3, 6, "cream");
  c.px(56, 4, "yellow");
}

function plant(c: Canvas, tall: boolean): void {
  c.shadow(7, 27, 18, 5, 60);
  c.box(10, 20, 12, 9, "orange");
  c.rect(9, 19, 14, 3, "red");
  c.hline(9, 22, 19, "orange");
  c.outline();
  const leaves: [number, number, number, number][] = tall
    ? [
        [7, 2, 8, 12],
        [16, 0, 8, 13],
        [3, 9, 10, 8],
        [19, 8, 10, 8],
        [11, 6, 10, 14],
      ]
    : [
        [6, 9, 9, 8],
        [17, 9, 9, 8],
        [10, 5, 12, 12],
      ];
  const p = new (c.constructor as new (w: number, h: number) => Canvas)(32, 32);
  for (const [x, y, w, h] of leaves) p.ellipse(x, y, w, h, "green");
  for (const [x, y, w, h] of leaves) p.ellipse(x + 1, y + 1, w - 4, h - 5, "greenM");
  p.px(12, 8, "greenL");
  p.px(19, 4, "greenL");
  p.px(8, 12, "greenL");
  p.outline();
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 32; x++)
      if (p.has(x, y)) {
        const i = (y * 32 + x) * 4;
        c.data.set(p.data.subarray(i, i + 4), (y * c.width + x) * 4);
      }
}

function toilet(c: Canvas): void {
  c.shadow(6, 26, 20, 5, 60);
  c.box(8, 1, 16, 8, "white");
  c.rect(9, 2, 14, 2, "stoneL");
  c.px(21, 4, "stone");
  c.oval(7, 8, 18, 19, "white");
  c.ellipse(10, 11, 12, 12, "stoneL");
  c.ellipse(12, 13, 8, 8, "waterL");
}

function basin(c: Canvas): void {
  c.shadow(6, 26, 20, 5, 60);
  c.box(13, 16, 6, 11, "white");
  c.oval(5, 4, 22, 14, "white");
  c.ellipse(8, 7, 16, 8, "stoneL");
  c.ellipse(10, 8, 12, 5, "waterL");
  c.box(15, 1, 3, 6, "stone");
  c.px(12, 5, "red");
  c.px(20, 5, "water");
}

function bathtub(c: Canvas): void {
  c.shadow(1, 26, 62, 6, 60);
  c.rbox(2, 2, 60, 26, "white");
  c.rbox(6, 6, 52, 18, "stoneL");
  c.rect(8, 8, 48, 14, "waterL");
  for (const [x, y] of [
    [12, 10],
    [20, 14],
    [30, 11],
    [44, 15],
    [50, 10],
    [38, 18],
  ]) {
    c.oval(x, y, 5, 4, "white", "stoneL");
  }
  c.box(3, 12, 4, 6, "stone");
}

function easel(c: Canvas): void {
  c.shadow(6, 27, 20, 5, 60);
  c.line(9, 30, 15, 3, "brown");
  c.line(10, 30, 16, 3, "wood");
  c.line(23, 30, 17, 3, "brown");
  c.line(22, 30, 16, 3, "wood");
  c.vline(16, 18, 29, "brownD");
  c.box(5, 4, 22, 15, "white");
  c.rect(6, 5, 20, 7, "waterL");
  c.ellipse(17, 6, 5, 5, "yellow");
  c.ellipse(4, 10, 16, 8, "greenM");
  c.ellipse(14, 11, 16, 8, "green");
  c.rect(6, 15, 20, 3, "greenM");
  c.px(9, 13, "red");
  c.px(20, 14, "pink");
  c.box(4, 19, 24, 3, "wood");
}

function chalkboard(c: Canvas): void {
  c.shadow(5, 27, 22, 5, 60);
  c.line(8, 29, 11, 22, "brown");
  c.line(24, 29, 21, 22, "brown");
  c.box(4, 3, 24, 20, "wood");
  c.rect(6, 5, 20, 16, "greenD");
  c.hline(8, 18, 8, "white");
  c.hline(8, 22, 11, "cream");
  c.hline(8, 15, 14, "cream");
  c.hline(8, 20, 17, "cream");
  c.px(23, 8, "pink");
  c.px(22, 14, "yellow");
}

function floorLamp(c: Canvas): void {
  c.shadow(9, 26, 14, 5, 60);
  c.box(11, 25, 10, 4, "dusk");
  c.vline(15, 10, 25, "ink");
  c.vline(16, 10, 25, "stoneD");
  c.box(8, 1, 16, 10, "cream");
  c.hline(9, 22, 2, "white");
  c.hline(9, 22, 9, "yellow");
}

function tvStand(c: Canvas): void {
  c.shadow(1, 27, 30, 5, 60);
  c.box(2, 18, 28, 10, "wood");
  c.hline(3, 28, 19, "tan");
  c.box(4, 1, 24, 16, "ink");
  c.rect(6, 3, 20, 12, "waterD");
  c.line(8, 5, 12, 5, "water");
  c.px(8, 6, "water");
  c.box(14, 16, 4, 3, "dusk");
}

function fireplace(c: Canvas): void {
  // 64×32 against a north wall.
  c.shadow(1, 28, 62, 4, 60);
  c.box(4, 0, 56, 29, "stone");
  for (let y = 2; y < 28; y += 4)
    for (let x = (y / 4) % 2 ? 6 : 10; x < 58; x += 8) c.rect(x, y, 6, 3, "stoneL");
  c.box(1, 0, 62, 5, "wood");
  c.hline(2, 61, 1, "tan");
  c.box(18, 10, 28, 19, "ink");
  c.rect(20, 12, 24, 16, "dusk");
  c.oval(22, 20, 20, 8, "orange", "red");
  c.ellipse(26, 16, 6, 10, "yellow");
  c.ellipse(33, 18, 6, 8, "yellow");
  c.px(29, 14, "white");
  c.rect(21, 26, 22, 2, "brown");
}

function bucket(c: Canvas): void {
  c.shadow(8, 25, 18, 5, 60);
  // A watering can and a spade.
  c.box(8, 14, 12, 11, "waterD");
  c.hline(9, 18, 15, "water");
  c.line(19, 17, 25, 12, "waterD");
  c.rect(24, 10, 3, 3, "waterD");
  c.line(10, 14, 14, 9, "stone");
  c.line(14, 9, 18, 14, "stone");
  c.line(26, 27, 22, 4, "wood");
  c.box(24, 21, 5, 7, "stoneL");
}

function collisionTile(c: Canvas): void {
  c.rect(0, 0, 32, 32, "red", 90);
  c.line(0, 0, 31, 31, "ink");
  c.line(31, 0, 0, 31, "ink");
}

// ---------------------------------------------------------------- more of the town (base-25)

/** Inside face of shops: white plaster over a blue-grey dado. */
const shopInside: Face = (c, y0, h) => {
  c.rect(0, y0, 32, h, "white");
  c.hline(0, 31, y0, "stoneL");
  c.rect(0, y0 + 7, 32, h - 7, "stoneL");
  c.hline(0, 31, y0 + 7, "stone");
  for (let x = 4; x < 32; x += 8) c.vline(x, y0 + 9, y0 + h - 3, "stone");
  c.hline(0, 31, y0 + h - 2, "stoneD");
  c.hline(0, 31, y0 + h - 1, "ink");
};

/** Inside face of the college and the town hall: pale yellow over dark panelling. */
const schoolInside: Face = (c, y0, h) => {
  c.rect(0, y0, 32, h, "cream");
  c.hline(0, 31, y0, "yellow");
  c.rect(0, y0 + 6, 32, h - 6, "brown");
  c.hline(0, 31, y0 + 6, "wood");
  for (let x = 1; x < 32; x += 10) c.box(x, y0 + 8, 8, h - 11, "brown", "brownD");
  c.hline(0, 31, y0 + h - 1, "ink");
};

/** Inside face of the bar: dark red paint over wood. */
const barInside: Face = (c, y0, h) => {
  c.rect(0, y0, 32, h, "red");
  c.hline(0, 31, y0, "brownD");
  for (let x = 2; x < 32; x += 6) c.vline(x, y0 + 1, y0 + 5, "brownD");
  c.rect(0, y0 + 6, 32, h - 6, "brownD");
  c.hline(0, 31, y0 + 6, "wood");
  c.hline(0, 31, y0 + h - 1, "ink");
};

const stoneFace: Face = (c, y0, h) => {
  c.rect(0, y0, 32, h, "stone");
  for (let row = 0; row * 5 < h - 2; row++) {
    const y = y0 + row * 5;
    for (let x = row % 2 ? -6 : 0; x < 32; x += 12) {
      c.rect(x + 1, y + 1, 10, 3, "stoneL");
      c.hline(x + 1, x + 10, y + 1, "white");
    }
  }
  c.rect(0, y0 + h - 2, 32, 2, "stoneD");
};

function shopShelf(c: Canvas, seed: number, goods: "food" | "meds" | "tools" | "bottles"): void {
  const r = rng(seed);
  c.shadow(1, 28, 30, 4, 60);
  const frame: Colour =
    goods === "meds"
      ? "white"
      : goods === "bottles"
        ? "brownD"
        : goods === "tools"
          ? "stoneD"
          : "wood";
  c.box(1, 0, 30, 30, frame, "ink");
  c.rect(2, 1, 28, 2, goods === "meds" ? "waterL" : "tan");
  for (const y of [10, 20]) c.hline(2, 29, y, "ink");
  for (const y0 of [3, 12, 22]) {
    let x = 3;
    while (x < 27) {
      if (goods === "food") {
        const kind = Math.floor(r() * 4);
        if (kind === 0) {
          c.oval(x, y0 + 2, 5, 5, r() < 0.5 ? "red" : "orange");
          x += 5;
        } else if (kind === 1) {
          c.box(x, y0, 4, 7, (["yellow", "cream", "greenL"] as Colour[])[Math.floor(r() * 3)]);
          x += 5;
        } else if (kind === 2) {
          c.box(x, y0 + 2, 4, 5, "stoneL");
          c.hline(x + 1, x + 2, y0 + 4, "red");
          x += 5;
        } else {
          c.oval(x, y0 + 1, 6, 6, "greenM");
          x += 6;
        }
      } else if (goods === "meds") {
        const col = (["white", "waterL", "pink", "yellow", "greenL"] as Colour[])[
          Math.floor(r() * 5)
        ];
        c.box(x, y0 + 1, 4, 6, col);
        c.hline(x + 1, x + 2, y0 + 3, r() < 0.5 ? "red" : "water");
        x += 5;
      } else if (goods === "bottles") {
        const col = (["greenD", "brown", "waterD", "orange", "cream"] as Colour[])[
          Math.floor(r() * 5)
        ];
        c.rect(x + 1, y0, 1, 2, col);
        c.box(x, y0 + 2, 3, 5, col);
        c.px(x + 1, y0 + 3, "white");
        x += 4;
      } else {
        const k = Math.floor(r() * 3);
        if (k === 0) {
          c.line(x, y0 + 6, x + 4, y0, "wood");
          c.box(x + 3, y0, 3, 3, "stoneL");
          x += 7;
        } else if (k === 1) {
          c.box(x, y0 + 1, 6, 6, (["red", "yellow", "greenM"] as Colour[])[Math.floor(r() * 3)]);
          c.hline(x + 1, x + 4, y0 + 3, "white");
          x += 7;
        } else {
          c.oval(x, y0 + 2, 5, 5, "stone");
          c.px(x + 2, y0 + 4, "ink");
          x += 6;
        }
      }
    }
  }
}

function schoolDesk(c: Canvas): void {
  c.shadow(4, 26, 24, 5, 60);
  c.box(4, 4, 24, 11, "tan");
  c.hline(5, 26, 5, "cream");
  c.box(8, 6, 8, 6, "white");
  c.hline(9, 14, 8, "stone");
  c.vline(22, 6, 11, "red");
  c.box(5, 14, 3, 6, "stoneD");
  c.box(24, 14, 3, 6, "stoneD");
  // The chair behind it, seen from above.
  c.box(9, 19, 14, 8, "water");
  c.hline(10, 21, 20, "waterL");
  c.box(9, 25, 14, 4, "waterD");
}

function blackboard(c: Canvas): void {
  // 64×32 on the north wall.
  c.shadow(1, 28, 62, 4, 60);
  c.box(1, 2, 62, 22, "wood");
  c.rect(3, 4, 58, 18, "greenD");
  c.hline(7, 24, 8, "white");
  c.hline(7, 30, 11, "cream");
  c.hline(7, 20, 14, "cream");
  c.line(36, 16, 44, 7, "white");
  c.line(44, 7, 52, 16, "white");
  c.hline(38, 50, 16, "white");
  c.px(55, 9, "yellow");
  c.px(56, 9, "yellow");
  c.box(4, 23, 56, 3, "brown");
  c.rect(10, 23, 4, 1, "white");
  c.rect(40, 23, 3, 1, "yellow");
}

function podium(c: Canvas): void {
  c.shadow(6, 26, 20, 5, 60);
  c.box(7, 8, 18, 20, "brown");
  c.hline(8, 23, 9, "wood");
  c.box(5, 4, 22, 6, "wood");
  c.hline(6, 25, 5, "tan");
  c.box(11, 5, 10, 4, "white");
  c.box(14, 14, 4, 4, "yellow");
  c.line(22, 4, 25, 0, "ink");
  c.px(25, 0, "stoneD");
}

function poolTable(c: Canvas): void {
  // 64×32
  c.shadow(1, 27, 62, 5, 60);
  c.box(1, 2, 62, 25, "brown");
  c.rect(4, 5, 56, 19, "green");
  for (const [x, y] of [
    [3, 4],
    [31, 3],
    [59, 4],
    [3, 23],
    [31, 24],
    [59, 23],
  ])
    c.rect(x, y, 3, 2, "ink");
  c.oval(14, 12, 5, 5, "white");
  c.oval(40, 10, 5, 5, "red");
  c.oval(44, 13, 5, 5, "yellow");
  c.oval(40, 15, 5, 5, "waterD");
  c.oval(46, 8, 5, 5, "purple");
  c.line(8, 20, 24, 14, "tan");
  c.box(3, 27, 4, 4, "brownD");
  c.box(57, 27, 4, 4, "brownD");
}

function barrel(c: Canvas): void {
  c.shadow(6, 26, 20, 5, 60);
  c.box(7, 4, 18, 24, "wood");
  c.ellipse(7, 1, 18, 8, "brown");
  c.ellipse(9, 2, 14, 5, "brownD");
  c.hline(8, 23, 10, "stoneD");
  c.hline(8, 23, 21, "stoneD");
  c.vline(12, 6, 26, "tan");
  c.vline(20, 6, 26, "brown");
}

function crates(c: Canvas): void {
  c.shadow(2, 26, 28, 5, 60);
  for (const [x, y, w, h] of [
    [2, 12, 16, 15],
    [14, 4, 16, 14],
    [17, 17, 13, 11],
  ] as [number, number, number, number][]) {
    c.box(x, y, w, h, "tan");
    c.line(x + 1, y + 1, x + w - 2, y + h - 2, "wood");
    c.hline(x + 1, x + w - 2, y + 2, "cream");
  }
}

function locker(c: Canvas): void {
  c.shadow(1, 28, 30, 4, 60);
  for (const x of [1, 11, 21]) {
    c.box(x, 0, 10, 29, "water");
    c.hline(x + 1, x + 8, 1, "waterL");
    for (const y of [4, 6, 8]) c.hline(x + 3, x + 6, y, "waterD");
    c.rect(x + 7, 15, 1, 3, "stoneL");
  }
}

function computerDesk(c: Canvas): void {
  c.shadow(2, 26, 28, 5, 60);
  c.box(2, 10, 28, 12, "stoneL");
  c.hline(3, 28, 11, "white");
  c.box(8, 0, 16, 12, "ink");
  c.rect(10, 2, 12, 8, "water");
  c.hline(11, 18, 4, "waterL");
  c.hline(11, 15, 6, "waterL");
  c.box(14, 11, 4, 2, "stoneD");
  c.box(7, 14, 14, 4, "stone");
  c.hline(8, 19, 15, "stoneL");
  c.box(23, 14, 4, 5, "stoneD");
  c.box(4, 21, 3, 7, "stoneD");
  c.box(25, 21, 3, 7, "stoneD");
}

function noticeBoard(c: Canvas): void {
  c.shadow(3, 27, 26, 5, 60);
  c.box(2, 2, 28, 20, "wood");
  c.rect(4, 4, 24, 16, "tan");
  c.box(6, 6, 7, 8, "white");
  c.box(15, 5, 9, 6, "yellow");
  c.box(16, 12, 8, 7, "pink");
  c.box(7, 15, 6, 4, "waterL");
  c.px(9, 6, "red");
  c.px(19, 5, "red");
  c.px(20, 12, "greenD");
  c.vline(7, 22, 29, "brown");
  c.vline(24, 22, 29, "brown");
}

function flagPole(c: Canvas): void {
  c.shadow(10, 27, 12, 4, 60);
  c.vline(10, 2, 29, "stoneD");
  c.vline(11, 2, 29, "stoneL");
  c.box(12, 3, 16, 11, "waterD");
  c.rect(13, 4, 6, 5, "white");
  c.hline(13, 26, 10, "red");
  c.hline(13, 26, 12, "red");
  c.px(16, 6, "yellow");
  c.box(7, 27, 8, 3, "stone");
}

function weights(c: Canvas): void {
  c.shadow(2, 24, 28, 6, 60);
  c.hline(4, 27, 15, "stoneD");
  c.hline(4, 27, 16, "stoneL");
  for (const x of [3, 24]) {
    c.box(x, 8, 5, 16, "ink");
    c.vline(x + 1, 9, 22, "stoneD");
  }
  c.box(8, 21, 16, 6, "red");
  c.hline(9, 22, 22, "orange");
}

function guitarStand(c: Canvas): void {
  c.shadow(8, 27, 16, 4, 60);
  c.line(11, 29, 16, 22, "ink");
  c.line(21, 29, 16, 22, "ink");
  c.oval(9, 14, 14, 14, "orange");
  c.oval(10, 9, 12, 10, "orange");
  c.ellipse(14, 17, 4, 4, "ink");
  c.box(15, 0, 3, 12, "brown");
  c.rect(14, 0, 5, 3, "brownD");
}

function microphone(c: Canvas): void {
  c.shadow(9, 27, 14, 4, 60);
  c.vline(16, 8, 27, "stoneD");
  c.line(10, 29, 16, 26, "stoneD");
  c.line(22, 29, 16, 26, "stoneD");
  c.oval(13, 2, 7, 8, "stone");
  c.hline(14, 18, 4, "stoneL");
  c.box(4, 22, 8, 7, "ink");
  c.ellipse(6, 24, 4, 4, "stoneD");
}

function harp(c: Canvas): void {
  c.shadow(8, 27, 18, 4, 60);
  c.line(9, 28, 9, 3, "brown");
  c.line(10, 28, 10, 3, "wood");
  c.line(10, 3, 24, 10, "brown");
  c.line(10, 4, 24, 11, "wood");
  c.line(24, 11, 14, 28, "brown");
  for (let k = 0; k < 6; k++) c.vline(12 + k * 2, 5 + k, 27 - k, "yellow");
  c.box(7, 26, 12, 3, "brownD");
}

function hedge(c: Canvas, mask: number): void {
  c.shadow(2, 22, 28, 8, 60);
  const x0 = mask & W ? 0 : 3,
    x1 = mask & E ? 32 : 29,
    y0 = mask & N ? 0 : 5,
    y1 = 26;
  c.rect(x0, y0, x1 - x0, y1 - y0, "green");
  for (let x = x0 + 2; x < x1 - 1; x += 5) c.ellipse(x - 2, y0 - 1, 7, 6, "green");
  c.rect(x0, y1 - 4, x1 - x0, 4, "greenD");
  for (let k = 0; k < 9; k++)
    c.px(
      x0 + ((k * 11) % Math.max(1, x1 - x0 - 2)) + 1,
      y0 + 2 + ((k * 7) % 14),
      k % 2 ? "greenM" : "greenL",
    );
  if (!(mask & W)) c.vline(x0, y0, y1 - 1, "ink");
  if (!(mask & E)) c.vline(x1 - 1, y0, y1 - 1, "ink");
  if (!(mask & N)) c.hline(x0, x1 - 1, y0, "ink");
  c.hline(x0, x1 - 1, y1, "ink");
}

function signBoard(c: Canvas, icon: "pill" | "mug" | "hammer" | "book" | "apple" | "star"): void {
  c.shadow(4, 27, 24, 4, 60);
  c.vline(8, 18, 29, "brown");
  c.vline(23, 18, 29, "brown");
  c.box(3, 4, 26, 16, "cream");
  c.rect(5, 6, 22, 12, "white");
  if (icon === "pill") {
    c.rect(13, 7, 6, 10, "red");
    c.rect(11, 9, 10, 6, "red");
  }
  if (icon === "mug") {
    c.box(10, 8, 10, 9, "brown");
    c.box(19, 10, 4, 4, "brown");
    c.rect(11, 9, 8, 2, "cream");
  }
  if (icon === "hammer") {
    c.line(10, 17, 19, 8, "wood");
    c.box(16, 6, 8, 4, "stoneD");
  }
  if (icon === "book") {
    c.box(9, 8, 7, 9, "waterD");
    c.box(16, 8, 7, 9, "water");
  }
  if (icon === "apple") {
    c.oval(11, 9, 10, 9, "red");
    c.px(16, 7, "greenD");
    c.px(17, 8, "green");
  }
  if (icon === "star") {
    c.line(16, 7, 12, 17, "yellow");
    c.line(16, 7, 20, 17, "yellow");
    c.line(11, 11, 21, 11, "yellow");
    c.line(11, 11, 20, 17, "yellow");
    c.line(21, 11, 12, 17, "yellow");
  }
}

function car(c: Canvas, body: Colour): void {
  // 64×32 parked car, seen from above.
  c.shadow(2, 24, 60, 8, 80);
  c.rbox(2, 5, 60, 21, body);
  c.rect(18, 7, 24, 17, shadeOf(body));
  c.rect(20, 8, 8, 15, "waterL");
  c.rect(36, 8, 5, 15, "waterL");
  c.rect(3, 7, 3, 4, "yellow");
  c.rect(3, 20, 3, 4, "yellow");
  c.rect(58, 7, 3, 4, "red");
  c.rect(58, 20, 3, 4, "red");
  for (const x of [10, 46]) {
    c.rect(x, 3, 8, 3, "ink");
    c.rect(x, 25, 8, 3, "ink");
  }
}

function shadeOf(c: Colour): Colour {
  const m: Partial<Record<Colour, Colour>> = {
    red: "brownD",
    water: "waterD",
    yellow: "tan",
    greenM: "green",
    white: "stoneL",
    purple: "dusk",
  };
  return m[c] ?? "stoneD";
}

function bunkBed(c: Canvas, cloth: Cloth): void {
  // 32×64, a narrow bed with a drawer: dorm rooms.
  bed(c, cloth);
  c.rect(2, 57, 28, 4, "brown");
  c.hline(12, 19, 58, "yellow");
}

// ---------------------------------------------------------------- the catalogue

/** Builds the catalogue; call render() on it for the image, index() for the names. */
export function townTiles(): SheetBuilder {
  const t = new SheetBuilder(TILESET_COLUMNS);
  t.add("collision", collisionTile);
  for (let v = 0; v < 4; v++) t.add(`grass-${v}`, (c) => grass(c, 11 + v));
  t.add("grass-flowers-0", (c) => {
    grass(c, 21);
    flowerPatch(c, 3, ["white", "yellow"]);
  });
  t.add("grass-flowers-1", (c) => {
    grass(c, 22);
    flowerPatch(c, 4, ["pink", "red", "white"]);
  });
  t.add("grass-flowers-2", (c) => {
    grass(c, 23);
    flowerPatch(c, 5, ["purple", "yellow"]);
  });
  t.add("floor-wood-0", (c) => planks(c, 1, "wood", "tan", "brown"));
  t.add("floor-wood-1", (c) => planks(c, 2, "wood", "tan", "brown"));
  t.add("floor-kitchen", (c) => checker(c, "cream", "stoneL", 8));
  t.add("floor-bath", (c) => checker(c, "white", "white", 8, "waterL"));
  t.add("floor-cafe-0", (c) => planks(c, 3, "tan", "cream", "wood", true));
  t.add("floor-cafe-1", (c) => planks(c, 4, "tan", "cream", "wood", true));
  t.add("floor-stone", (c) => checker(c, "stoneL", "stone", 16, "stone"));
  t.add("doormat", (c) => {
    planks(c, 1, "wood", "tan", "brown");
    c.box(4, 8, 24, 16, "red");
    c.rect(6, 10, 20, 12, "orange");
    for (let x = 7; x < 26; x += 3) c.vline(x, 11, 20, "red");
  });
  t.addMulti(
    [
      ["rug-nw", "rug-n", "rug-ne"],
      ["rug-w", "rug-c", "rug-e"],
      ["rug-sw", "rug-s", "rug-se"],
    ],
    rug,
  );
  for (let m = 0; m < 16; m++)
    t.add(`path-${m}`, (c) =>
      banked(
        c,
        m,
        31 + m,
        (k) => dirt(k, 7),
        (d) => (d < 1 ? "wood" : null),
        4,
      ),
    );
  for (let m = 0; m < 16; m++)
    t.add(`plaza-${m}`, (c) =>
      banked(
        c,
        m,
        51 + m,
        (k) => cobbles(k, 9),
        (d) => (d < 1 ? "ink" : d < 2 ? "stoneD" : null),
        3,
      ),
    );
  for (let m = 0; m < 16; m++)
    t.add(`water-${m}`, (c) =>
      banked(
        c,
        m,
        71 + m,
        (k) => water(k, 13 + m),
        (d, x, y) =>
          d < 1
            ? "ink"
            : d < 3
              ? (x + y) % 4 === 0
                ? "stone"
                : "stoneL"
              : d < 4
                ? "stoneD"
                : d < 6
                  ? "waterD"
                  : null,
        3,
      ),
    );
  for (const [name, top, face] of [
    ["house", TOPS.house, FACES["house-in"]],
    ["cafe", TOPS.cafe, FACES["cafe-in"]],
  ] as const) {
    for (let m = 0; m < 16; m++) t.add(`wall-${name}-${m}`, (c) => wall(c, m, top, face));
    t.add(`wall-${name}-window-10`, (c) => wall(c, E | W, top, face, "in"));
    t.add(`wall-${name}-window-11`, (c) => wall(c, N | E | W, top, face, "in"));
    t.add(`door-${name}-h`, (c) => doorH(c, top, face));
    t.add(`door-${name}-v`, (c) => doorV(c, top));
  }
  for (const [name, top, face] of [
    ["blue", TOPS.house, FACES.blue],
    ["cream", TOPS.house, FACES.cream],
    ["sage", TOPS.house, FACES.sage],
    ["brick", TOPS.cafe, FACES.brick],
  ] as const) {
    for (let m = 0; m < 16; m++)
      if (!(m & S)) t.add(`wallx-${name}-${m}`, (c) => wall(c, m, top, face));
    t.add(`wallx-${name}-window-10`, (c) => wall(c, E | W, top, face, "out"));
    t.add(`wallx-${name}-window-11`, (c) => wall(c, N | E | W, top, face, "out"));
    t.add(`doorx-${name}-h`, (c) => doorH(c, top, face));
  }
  t.add("shadow-n", (c) => shadowTile(c, true, false));
  t.add("shadow-w", (c) => shadowTile(c, false, true));
  t.add("shadow-nw", (c) => shadowTile(c, true, true));
  for (let m = 0; m < 16; m++) t.add(`fence-${m}`, (c) => fence(c, m));
  for (let v = 0; v < 3; v++)
    t.addMulti(
      [
        [`tree-${v}-tl`, `tree-${v}-tr`],
        [`tree-${v}-bl`, `tree-${v}-br`],
      ],
      (c) => bigTree(c, v),
    );
  t.addMulti([["pine-t"], ["pine-b"]], pine);
  t.add("bush", (c) => bush(c, false));
  t.add("bush-berries", (c) => bush(c, true));
  t.add("flowers-0", (c) => flowerPatch(c, 8, ["red", "yellow", "white"]));
  t.add("flowers-1", (c) => flowerPatch(c, 9, ["purple", "pink", "white"]));
  t.add("planter-flowers-0", (c) => planter(c, "flowers", 0));
  t.add("planter-flowers-1", (c) => planter(c, "flowers", 3));
  t.add("planter-cabbage", (c) => planter(c, "cabbage", 1));
  t.add("planter-carrot", (c) => planter(c, "carrot", 2));
  t.add("planter-sprouts", (c) => planter(c, "sprouts", 4));
  t.addMulti(
    [
      ["fountain-tl", "fountain-tr"],
      ["fountain-bl", "fountain-br"],
    ],
    fountain,
  );
  t.add("lamp", lamp);
  t.addMulti([["bench-l", "bench-r"]], bench);
  t.addMulti([["picnic-l", "picnic-r"]], picnicTable);
  t.add("duck", duck);
  t.add("lily", lily);
  t.add("rock", rock);
  t.add("stump", stump);
  t.add("sign-cafe", (c) => signpost(c, "cup"));
  t.add("sign-park", (c) => signpost(c, "leaf"));
  t.add("mailbox", mailbox);
  t.add("tools", bucket);
  for (const [name, cloth] of [
    ["red", CLOTH.red],
    ["blue", CLOTH.blue],
    ["green", CLOTH.green],
  ] as const) {
    t.addMulti([[`bed-${name}-t`], [`bed-${name}-b`]], (c) => bed(c, cloth));
  }
  t.add("nightstand", nightstand);
  t.add("wardrobe", wardrobe);
  t.addMulti([["desk-l", "desk-r"]], desk);
  t.add("chair-down", (c) => chair(c, "down"));
  t.add("chair-up", (c) => chair(c, "up"));
  t.add("chair-left", (c) => chair(c, "left"));
  t.add("chair-right", (c) => chair(c, "right"));
  t.add("stool", stool);
  t.addMulti([["table-l", "table-r"]], diningTable);
  t.add("table-round", (c) => roundTable(c, "white"));
  t.add("table-round-red", (c) => roundTable(c, "pink"));
  t.add("stove", stove);
  t.add("fridge", fridge);
  t.add("counter", (c) => counter(c, KITCHEN, true, true, ""));
  t.add("counter-l", (c) => counter(c, KITCHEN, true, false, ""));
  t.add("counter-m", (c) => counter(c, KITCHEN, false, false, ""));
  t.add("counter-r", (c) => counter(c, KITCHEN, false, true, ""));
  t.add("counter-sink", (c) => counter(c, KITCHEN, false, false, "sink"));
  t.add("counter-bread", (c) => counter(c, KITCHEN, false, false, "bread"));
  t.add("cafe-counter-l", (c) => counter(c, CAFE, true, false, ""));
  t.add("cafe-counter-m", (c) => counter(c, CAFE, false, false, ""));
  t.add("cafe-counter-r", (c) => counter(c, CAFE, false, true, ""));
  t.add("cafe-counter-coffee", (c) => counter(c, CAFE, false, false, "coffee"));
  t.add("cafe-counter-register", (c) => counter(c, CAFE, false, false, "register"));
  t.add("cafe-counter-pastries", (c) => counter(c, CAFE, false, false, "pastries"));
  t.add("cafe-counter-taps", (c) => counter(c, CAFE, false, false, "taps"));
  t.add("shelves-0", (c) => shelves(c, 1));
  t.add("shelves-1", (c) => shelves(c, 2));
  t.add("bookshelf-0", (c) => bookshelf(c, 1));
  t.add("bookshelf-1", (c) => bookshelf(c, 2));
  t.addMulti([["sofa-l", "sofa-r"]], (c) => sofa(c, CLOTH.purple));
  t.addMulti([["sofa-blue-l", "sofa-blue-r"]], (c) => sofa(c, CLOTH.blue));
  t.add("armchair", (c) => armchair(c, CLOTH.red));
  t.add("armchair-green", (c) => armchair(c, CLOTH.green));
  t.addMulti([["piano-l", "piano-r"]], piano);
  t.add("plant", (c) => plant(c, false));
  t.add("plant-tall", (c) => plant(c, true));
  t.add("toilet", toilet);
  t.add("basin", basin);
  t.addMulti([["bathtub-l", "bathtub-r"]], bathtub);
  t.add("easel", easel);
  t.add("chalkboard", chalkboard);
  t.add("floor-lamp", floorLamp);
  t.add("tv", tvStand);
  t.addMulti([["fireplace-l", "fireplace-r"]], fireplace);
  // Added for base-25 (after every earlier tile, so base-3's tile numbers stay as they were).
  for (const [name, top, face] of [
    ["shop", TOPS.cafe, shopInside],
    ["school", TOPS.house, schoolInside],
    ["bar", TOPS.house, barInside],
  ] as const) {
    for (let m = 0; m < 16; m++) t.add(`wall-${name}-${m}`, (c) => wall(c, m, top, face));
    t.add(`wall-${name}-window-10`, (c) => wall(c, E | W, top, face, "in"));
    t.add(`wall-${name}-window-11`, (c) => wall(c, N | E | W, top, face, "in"));
    t.add(`door-${name}-h`, (c) => doorH(c, top, face));
    t.add(`door-${name}-v`, (c) => doorV(c, top));
  }
  const sidings: [string, Top, Face][] = [
    ["yellow", TOPS.house, siding("yellow", "tan", "cream")],
    ["white", TOPS.cafe, siding("white", "stoneL", "white")],
    ["rose", TOPS.house, siding("pink", "red", "cream")],
    ["stone", TOPS.cafe, stoneFace],
    ["green", TOPS.house, siding("green", "greenD", "greenM")],
  ];
  for (const [name, top, face] of sidings) {
    for (let m = 0; m < 16; m++)
      if (!(m & S)) t.add(`wallx-${name}-${m}`, (c) => wall(c, m, top, face));
    t.add(`wallx-${name}-window-10`, (c) => wall(c, E | W, top, face, "out"));
    t.add(`wallx-${name}-window-11`, (c) => wall(c, N | E | W, top, face, "out"));
    t.add(`doorx-${name}-h`, (c) => doorH(c, top, face));
  }
  for (let m = 0; m < 16; m++) t.add(`hedge-${m}`, (c) => hedge(c, m));
  t.add("floor-shop", (c) => checker(c, "white", "stoneL", 16, "stoneL"));
  t.add("floor-bar", (c) => planks(c, 5, "brown", "wood", "brownD"));
  t.add("floor-school", (c) => checker(c, "cream", "tan", 16, "tan"));
  t.add("floor-hall", (c) => checker(c, "stoneL", "white", 8));
  t.add("shelf-food-0", (c) => shopShelf(c, 11, "food"));
  t.add("shelf-food-1", (c) => shopShelf(c, 12, "food"));
  t.add("shelf-meds", (c) => shopShelf(c, 13, "meds"));
  t.add("shelf-tools", (c) => shopShelf(c, 14, "tools"));
  t.add("shelf-bottles", (c) => shopShelf(c, 15, "bottles"));
  t.add("school-desk", schoolDesk);
  t.addMulti([["blackboard-l", "blackboard-r"]], blackboard);
  t.add("podium", podium);
  t.addMulti([["pool-l", "pool-r"]], poolTable);
  t.add("barrel", barrel);
  t.add("crates", crates);
  t.add("lockers", locker);
  t.add("computer", computerDesk);
  t.add("notice-board", noticeBoard);
  t.add("flag", flagPole);
  t.add("weights", weights);
  t.add("guitar", guitarStand);
  t.add("microphone", microphone);
  t.add("harp", harp);
  for (const icon of ["pill", "mug", "hammer", "book", "apple", "star"] as const)
    t.add(`sign-${icon}`, (c) => signBoard(c, icon));
  for (const [name, col] of [
    ["red", "red"],
    ["blue", "water"],
    ["yellow", "yellow"],
  ] as const)
    t.addMulti([[`car-${name}-l`, `car-${name}-r`]], (c) => car(c, col));
  t.addMulti([["bed-purple-t"], ["bed-purple-b"]], (c) => bed(c, CLOTH.purple));
  t.addMulti([["bunk-t"], ["bunk-b"]], (c) => bunkBed(c, CLOTH.blue));
  t.addMulti([["sofa-green-l", "sofa-green-r"]], (c) => sofa(c, CLOTH.green));
  t.addMulti([["sofa-red-l", "sofa-red-r"]], (c) => sofa(c, CLOTH.red));
  t.add("armchair-blue", (c) => armchair(c, CLOTH.blue));
  return t;
}
