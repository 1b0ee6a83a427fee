// The character sheet (assets/sprites/characters.png): 32×32 frames, 12 columns a row. Each
// row is one look; its columns are four directions in the order down, left, right, up, each
// with three frames (stand, walk A, walk B). Chibi, top-down, drawn from the town's palette.
import { Canvas, type Colour } from "./lib/canvas.ts";

export const FRAME = 32;
export const COLUMNS = 12;
export const DIRECTIONS = ["down", "left", "right", "up"] as const;
type Dir = (typeof DIRECTIONS)[number];

export type Hair =
  "short" | "long" | "bun" | "spiky" | "bob" | "ponytail" | "curly" | "bald" | "buzz";
export interface Look {
  /** Who wears it (documentation only). */
  who: string;
  skin: Colour;
  hair: Colour;
  style: Hair;
  shirt: Colour;
  trousers: Colour;
  shoes?: Colour;
  glasses?: boolean;
  beard?: boolean;
  apron?: boolean;
  hat?: "straw" | "cap" | "beanie";
  hatColour?: Colour;
  skirt?: boolean;
}

const SHADE: Partial<Record<Colour, Colour>> = {
  red: "brownD",
  orange: "red",
  yellow: "tan",
  greenL: "greenM",
  greenM: "green",
  green: "greenD",
  greenD: "ink",
  water: "waterD",
  waterL: "water",
  waterD: "dusk",
  purple: "dusk",
  pink: "red",
  cream: "tan",
  white: "stoneL",
  stoneL: "stone",
  stone: "stoneD",
  stoneD: "dusk",
  tan: "wood",
  wood: "brown",
  brown: "brownD",
  brownD: "ink",
  skin: "tan",
  dusk: "ink",
  ink: "ink",
};
const shade = (c: Colour): Colour => SHADE[c] ?? "ink";
const HIGHLIGHT: Partial<Record<Colour, Colour>> = {
  ink: "dusk",
  brownD: "brown",
  brown: "wood",
  wood: "tan",
  tan: "skin",
  orange: "yellow",
  yellow: "cream",
  stoneL: "white",
  red: "orange",
  purple: "pink",
  stone: "stoneL",
  greenD: "green",
  dusk: "stoneD",
  waterD: "water",
};
const hi = (c: Colour): Colour => HIGHLIGHT[c] ?? c;

/** The looks, one per row. Rows 0–2 are the base-3 residents; avatars use rows 8–15; base-25 uses rows 0–24. */
export const LOOKS: Look[] = [
  {
    who: "Ines Calloway, cafe owner",
    skin: "tan",
    hair: "brownD",
    style: "bun",
    shirt: "red",
    trousers: "stoneD",
    apron: true,
  },
  {
    who: "Theo Brandt, student",
    skin: "skin",
    hair: "orange",
    style: "spiky",
    shirt: "greenM",
    trousers: "waterD",
    glasses: true,
  },
  {
    who: "Edmund Hale, retired gardener",
    skin: "wood",
    hair: "stoneL",
    style: "bald",
    shirt: "cream",
    trousers: "brown",
    beard: true,
    hat: "straw",
  },
  {
    who: "resident",
    skin: "skin",
    hair: "yellow",
    style: "long",
    shirt: "purple",
    trousers: "waterD",
    skirt: true,
  },
  {
    who: "resident",
    skin: "brown",
    hair: "ink",
    style: "curly",
    shirt: "yellow",
    trousers: "greenD",
  },
  {
    who: "resident",
    skin: "tan",
    hair: "ink",
    style: "ponytail",
    shirt: "water",
    trousers: "stoneD",
  },
  {
    who: "resident",
    skin: "skin",
    hair: "brown",
    style: "short",
    shirt: "orange",
    trousers: "brownD",
    hat: "cap",
    hatColour: "water",
  },
  {
    who: "resident",
    skin: "wood",
    hair: "brownD",
    style: "bob",
    shirt: "pink",
    trousers: "dusk",
    skirt: true,
  },
  { who: "visitor", skin: "skin", hair: "red", style: "bob", shirt: "waterL", trousers: "waterD" },
  { who: "visitor", skin: "tan", hair: "brownD", style: "buzz", shirt: "red", trousers: "stoneD" },
  {
    who: "visitor",
    skin: "brown",
    hair: "ink",
    style: "long",
    shirt: "greenL",
    trousers: "brownD",
    glasses: true,
  },
  {
    who: "visitor",
    skin: "skin",
    hair: "brown",
    style: "spiky",
    shirt: "purple",
    trousers: "ink",
    hat: "beanie",
    hatColour: "orange",
  },
  { who: "visitor", skin: "wood", hair: "ink", style: "bun", shirt: "yellow", trousers: "waterD" },
  {
    who: "visitor",
    skin: "skin",
    hair: "stoneL",
    style: "short",
    shirt: "water",
    trousers: "stoneD",
    beard: true,
  },
  {
    who: "visitor",
    skin: "tan",
    hair: "orange",
    style: "ponytail",
    shirt: "white",
    trousers: "green",
    skirt: true,
  },
  {
    who: "visitor",
    skin: "brown",
    hair: "brownD",
    style: "curly",
    shirt: "stone",
    trousers: "waterD",
  },
  // Rows 16–31: base-25 gives each of its 25 residents a look of its own (rows 0–24).
  {
    who: "Samuel Okafor, professor",
    skin: "brown",
    hair: "ink",
    style: "buzz",
    shirt: "waterD",
    trousers: "stoneD",
    glasses: true,
    beard: true,
  },
  {
    who: "Margit Lindqvist, retired librarian",
    skin: "skin",
    hair: "stoneL",
    style: "bun",
    shirt: "greenM",
    trousers: "greenD",
    glasses: true,
    skirt: true,
  },
  {
    who: "Eleanor Marlowe, lawyer",
    skin: "skin",
    hair: "brownD",
    style: "bob",
    shirt: "dusk",
    trousers: "ink",
    shoes: "red",
  },
  {
    who: "Walter Pike, mayor",
    skin: "skin",
    hair: "stoneL",
    style: "short",
    shirt: "stoneD",
    trousers: "ink",
    shoes: "ink",
  },
  {
    who: "Helen Pike, newsletter writer",
    skin: "skin",
    hair: "stone",
    style: "ponytail",
    shirt: "pink",
    trousers: "purple",
    skirt: true,
  },
  {
    who: "Felix Moreau, musician",
    skin: "skin",
    hair: "ink",
    style: "long",
    shirt: "dusk",
    trousers: "waterD",
    beard: true,
  },
  {
    who: "Kenji Mori, student",
    skin: "tan",
    hair: "ink",
    style: "spiky",
    shirt: "white",
    trousers: "waterD",
    glasses: true,
  },
  {
    who: "Calum Reid, sculptor",
    skin: "skin",
    hair: "orange",
    style: "short",
    shirt: "greenD",
    trousers: "brown",
    beard: true,
  },
  {
    who: "Yuki Tanaka, poet",
    skin: "tan",
    hair: "ink",
    style: "bob",
    shirt: "waterL",
    trousers: "dusk",
    hat: "beanie",
    hatColour: "yellow",
  },
  {
    who: "spare",
    skin: "wood",
    hair: "yellow",
    style: "curly",
    shirt: "green",
    trousers: "stoneD",
  },
  {
    who: "spare",
    skin: "skin",
    hair: "brown",
    style: "ponytail",
    shirt: "red",
    trousers: "waterD",
    skirt: true,
  },
  {
    who: "spare",
    skin: "brown",
    hair: "ink",
    style: "short",
    shirt: "orange",
    trousers: "ink",
    hat: "cap",
    hatColour: "red",
  },
  {
    who: "spare",
    skin: "tan",
    hair: "stoneL",
    style: "bald",
    shirt: "brown",
    trousers: "stoneD",
    beard: true,
  },
  { who: "spare", skin: "skin", hair: "pink", style: "bob", shirt: "white", trousers: "waterD" },
  {
    who: "spare",
    skin: "wood",
    hair: "ink",
    style: "long",
    shirt: "water",
    trousers: "brownD",
    skirt: true,
  },
  {
    who: "spare",
    skin: "skin",
    hair: "tan",
    style: "spiky",
    shirt: "yellow",
    trousers: "greenD",
    glasses: true,
  },
];

function legs(c: Canvas, look: Look, dir: Dir, frame: number): void {
  const t = look.trousers,
    shoe = look.shoes ?? "brownD";
  const leg = (x: number, y0: number, len: number) => {
    c.rect(x, y0, 3, len, look.skirt ? "skin" : t);
    c.rect(x, y0 + len - 2, 3, 2, shoe);
  };
  if (dir === "down" || dir === "up") {
    const lift = (k: number) => (frame === k ? 1 : 0);
    leg(12, 22, 6 - lift(1));
    leg(17, 22, 6 - lift(2));
  } else {
    const f = dir === "right" ? 1 : -1;
    if (frame === 0) {
      leg(13, 22, 6);
      leg(16, 22, 6);
    } else {
      const a = frame === 1 ? 1 : -1;
      leg(14 - 3 * a * f, 22, 6);
      leg(14 + 3 * a * f, 22, 5);
    }
  }
}

function body(c: Canvas, look: Look, dir: Dir, frame: number, y: number): void {
  const s = look.shirt,
    sd = shade(s);
  const side = dir === "left" || dir === "right";
  const x0 = side ? 11 : 10,
    w = side ? 10 : 12;
  c.rect(x0, y, w, 7, s);
  c.hline(x0, x0 + w - 1, y + 6, sd);
  if (look.skirt) {
    c.rect(x0 - 1, y + 5, w + 2, 4, s);
    c.hline(x0 - 1, x0 + w, y + 8, sd);
  }
  if (look.apron && dir !== "up") {
    if (side) {
      const ax = dir === "right" ? x0 + 5 : x0;
      c.rect(ax, y + 1, 5, 9, "cream");
      c.vline(dir === "right" ? ax + 4 : ax, y + 1, y + 9, "tan");
    } else {
      c.rect(x0 + 2, y + 1, w - 4, 9, "cream");
      c.hline(x0 + 2, x0 + w - 3, y + 4, "tan");
      c.vline(x0 + 2, y - 1, y, "cream");
      c.vline(x0 + w - 3, y - 1, y, "cream");
    }
  }
  // Arms swing with the walk.
  const swing = frame === 0 ? 0 : frame === 1 ? 1 : -1;
  if (side) {
    const f = dir === "right" ? 1 : -1;
    const ax = 15 + swing * 2 * f;
    c.rect(ax, y + 1, 3, 5, sd);
    c.rect(ax, y + 6, 3, 2, look.skin);
  } else {
    c.rect(8, y + 1 - swing, 2, 5, sd);
    c.rect(8, y + 6 - swing, 2, 2, look.skin);
    c.rect(22, y + 1 + swing, 2, 5, sd);
    c.rect(22, y + 6 + swing, 2, 2, look.skin);
  }
}

function head(c: Canvas, look: Look, dir: Dir, y: number): void {
  const h = look.hair,
    hs = shade(h),
    hh = hi(h);
  const side = dir === "left" || dir === "right";
  const f = dir === "left" ? -1 : 1;
  // Hair that hangs behind the head comes first.
  if (look.style === "long") {
    if (dir === "up") c.rect(8, y + 6, 16, 14, h);
    else if (side) c.rect(f > 0 ? 8 : 14, y + 6, 10, 13, h);
    else {
      c.rect(6, y + 6, 4, 13, h);
      c.rect(22, y + 6, 4, 13, h);
    }
  }
  if (look.style === "ponytail") {
    if (dir === "up") {
      c.rect(14, y + 12, 4, 8, h);
      c.rect(13, y + 11, 6, 2, "red");
    } else if (side) {
      const px = f > 0 ? 5 : 23;
      c.rect(px, y + 7, 4, 9, h);
      c.rect(px + (f > 0 ? 3 : -1), y + 6, 2, 3, "red");
    }
  }
  if (look.style === "curly") c.ellipse(4, y - 1, 24, 16, h);
  // Face.
  c.ellipse(7, y, 18, 17, look.skin);
  if (side) c.px(f > 0 ? 25 : 6, y + 10, look.skin);
  // Hair on the head.
  const hairAt = (x: number, yy: number): boolean => {
    const ry = yy - y;
    const inHead = c.has(x, yy);
    switch (look.style) {
      case "bald":
        return (side ? (f > 0 ? x < 12 : x > 19) : x < 10 || x > 21) && ry > 6 && ry < 12 && inHead;
      case "buzz":
        return (
          inHead &&
          (dir === "up"
            ? ry < 13
            : side
              ? ry < 5 || ((f > 0 ? x < 13 : x > 18) && ry < 11)
              : ry < 5)
        );
      default:
        break;
    }
    if (dir === "up") return inHead && ry < 14;
    if (side) {
      const back = f > 0 ? x < 14 : x > 17;
      const fringe = ry < 6 + (x % 3 === 0 ? 1 : 0);
      return inHead && (fringe || (back && ry < (look.style === "bob" ? 15 : 12)));
    }
    const fringe =
      look.style === "bob"
        ? ry < 7
        : ry < 6 + ((x + (look.style === "spiky" ? 1 : 0)) % 3 === 0 ? 2 : 0);
    const sideLen =
      look.style === "bob" ? 15 : look.style === "long" ? 14 : look.style === "short" ? 9 : 10;
    return inHead && (fringe || ((x < 10 || x > 21) && ry < sideLen));
  };
  for (let yy = y - 1; yy < y + 17; yy++)
    for (let x = 5; x < 27; x++) if (hairAt(x, yy)) c.px(x, yy, h);
  if (look.style !== "bald" && look.style !== "buzz") {
    // Volume above the scalp and a highlight.
    c.ellipse(8, y - 1, 16, 7, h);
    c.hline(11, 16, y + 1, hh);
    c.hline(10, 12, y + 2, hh);
  }
  if (look.style === "bun") {
    if (side) c.oval(f > 0 ? 5 : 19, y, 8, 7, h, hs);
    else c.oval(12, y - 4, 8, 6, h, hs);
    c.px(side ? (f > 0 ? 8 : 22) : 14, side ? y + 3 : y - 2, hh);
  }
  if (look.style === "spiky")
    for (const x of [9, 13, 17, 21]) {
      c.px(x, y - 2, h);
      c.px(x + 1, y - 2, h);
      c.px(x, y - 3, h);
    }
  if (look.style === "curly")
    for (let k = 0; k < 10; k++) c.px(7 + ((k * 7) % 18), y + 1 + ((k * 5) % 8), hs);
  // Eyes, blush, glasses, beard.
  if (dir === "down") {
    c.rect(11, y + 9, 2, 3, "ink");
    c.rect(19, y + 9, 2, 3, "ink");
    c.px(11, y + 9, "white");
    c.px(19, y + 9, "white");
    c.px(10, y + 12, "pink");
    c.px(21, y + 12, "pink");
    c.hline(15, 16, y + 13, "brownD");
    if (look.glasses) {
      for (const gx of [9, 17]) {
        c.hline(gx, gx + 5, y + 8, "ink");
        c.hline(gx, gx + 5, y + 12, "ink");
        c.vline(gx, y + 8, y + 12, "ink");
        c.vline(gx + 5, y + 8, y + 12, "ink");
      }
      c.hline(14, 17, y + 9, "ink");
    }
    if (look.beard) {
      c.rect(10, y + 12, 12, 4, h);
      c.rect(12, y + 15, 8, 2, h);
      c.hline(14, 17, y + 13, "brownD");
      c.px(15, y + 12, look.skin);
    }
  } else if (side) {
    const ex = f > 0 ? 20 : 10;
    c.rect(ex, y + 9, 2, 3, "ink");
    c.px(ex + (f > 0 ? 0 : 1), y + 9, "white");
    c.px(f > 0 ? 22 : 9, y + 12, "pink");
    if (look.glasses) {
      const gx = f > 0 ? 18 : 8;
      c.hline(gx, gx + 5, y + 8, "ink");
      c.hline(gx, gx + 5, y + 12, "ink");
      c.vline(gx, y + 8, y + 12, "ink");
      c.vline(gx + 5, y + 8, y + 12, "ink");
      c.hline(f > 0 ? 14 : 13, f > 0 ? 18 : 17, y + 9, "ink");
    }
    if (look.beard) {
      const bx = f > 0 ? 15 : 8;
      c.rect(bx, y + 12, 9, 4, h);
      c.rect(bx + (f > 0 ? 2 : 1), y + 15, 6, 2, h);
    }
  }
  // Hats.
  if (look.hat === "straw") {
    c.ellipse(4, y + 1, 24, 7, "tan");
    c.ellipse(5, y + 1, 22, 5, "yellow");
    c.rect(10, y - 3, 12, 6, "yellow");
    c.hline(10, 21, y + 1, "red");
    c.hline(10, 21, y + 2, "red");
    c.hline(11, 20, y - 2, "cream");
  }
  if (look.hat === "cap") {
    const hc = look.hatColour ?? "red";
    c.ellipse(7, y - 1, 18, 9, hc);
    c.hline(10, 15, y, hi(hc));
    if (dir === "down") c.rect(9, y + 5, 14, 2, shade(hc));
    if (side) c.rect(f > 0 ? 20 : 6, y + 4, 7, 2, shade(hc));
  }
  if (look.hat === "beanie") {
    const hc = look.hatColour ?? "orange";
    c.ellipse(7, y - 2, 18, 11, hc);
    c.rect(7, y + 4, 18, 3, shade(hc));
    c.rect(14, y - 4, 4, 3, "cream");
  }
}

/** Draws one frame at (0, 0) of `c` (a 32×32 canvas). */
export function drawFrame(c: Canvas, look: Look, dir: Dir, frame: number): void {
  c.shadow(8, 27, 16, 5, 80);
  c.oy = 1; // one pixel of headroom for buns, spikes and hats
  const bob = frame === 0 ? 0 : 1;
  legs(c, look, dir, frame);
  // Back view: the arms and the shirt cover the legs' tops the same way.
  body(c, look, dir, frame, 16 - bob);
  head(c, look, dir, 1 - bob);
  c.oy = 0;
  c.outline("ink");
}

export function characterSheet(): Canvas {
  const sheet = new Canvas(COLUMNS * FRAME, LOOKS.length * FRAME);
  LOOKS.forEach((look, row) => {
    DIRECTIONS.forEach((dir, d) => {
      for (let frame = 0; frame < 3; frame++) {
        const scratch = new Canvas(FRAME, FRAME);
        drawFrame(scratch, look, dir, frame);
        const dx = (d * 3 + frame) * FRAME,
          dy = row * FRAME;
        for (let y = 0; y < FRAME; y++) {
          sheet.data.set(
            scratch.data.subarray(y * FRAME * 4, (y + 1) * FRAME * 4),
            ((dy + y) * sheet.width + dx) * 4,
          );
        }
      }
    });
  });
  return sheet;
}
