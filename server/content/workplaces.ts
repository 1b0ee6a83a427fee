// The workplaces of a generated town as pieces of the town builder: one building plan for every
// kind (a front room for customers, pupils or the public along the street, a back room, a
// restroom), furnished by what the kind is, and a park. Every piece is WIDTH × 12 tiles and faces
// south: its front door opens onto a path down to the street below it. Each job of a kind works
// at one named object (the barista behind the counter, the teacher at the teacher's desk), which
// the persona's schedule names.
import type { WorkplaceKind } from "./society.ts";
import { grassAt, type TownBuilder } from "./townBuilder.ts";

export const WORKPLACE_WIDTH = 26;
export const WORKPLACE_HEIGHT = 12;

interface Furnishing {
  wall: string;
  siding: string;
  floor: string;
  front: string;
  back: string;
  sign: string;
  /** The counter or desk row along the front room's north side, and its object names. */
  counter: { tiles: string[]; name: string; behind: string };
  /** Seats for customers or the public (tables with chairs, desks): their object names. */
  seats: { name: string; tile: string }[];
  /** The back room's furniture: tile rows with the object's name. */
  backPieces: { name: string; tiles: string[][] }[];
  /** Which object each job works at (the first job runs the place); others: the counter's back. */
  posts: Record<string, string>;
}

const COUNTER = ["cafe-counter-l", "cafe-counter-m", "cafe-counter-register", "cafe-counter-r"];

const FURNISHING: Record<Exclude<WorkplaceKind, "park">, Furnishing> = {
  cafe: {
    wall: "cafe",
    siding: "brick",
    floor: "floor-cafe-0",
    front: "dining room",
    back: "kitchen",
    sign: "sign-cafe",
    counter: {
      tiles: [
        "cafe-counter-l",
        "cafe-counter-pastries",
        "cafe-counter-coffee",
        "cafe-counter-register",
        "cafe-counter-r",
      ],
      name: "cafe counter",
      behind: "behind the counter",
    },
    seats: [
      { name: "window table", tile: "table-round" },
      { name: "corner table", tile: "table-round-red" },
      { name: "round table", tile: "table-round" },
    ],
    backPieces: [
      { name: "oven", tiles: [["stove", "stove"]] },
      { name: "baking counter", tiles: [["counter-l", "counter-bread", "counter-r"]] },
      { name: "pantry", tiles: [["shelves-0"]] },
    ],
    posts: { baker: "baking counter" },
  },
  bar: {
    wall: "bar",
    siding: "green",
    floor: "floor-bar",
    front: "bar room",
    back: "back room",
    sign: "sign-star",
    counter: {
      tiles: [
        "cafe-counter-l",
        "cafe-counter-taps",
        "cafe-counter-m",
        "cafe-counter-taps",
        "cafe-counter-r",
      ],
      name: "bar counter",
      behind: "behind the bar",
    },
    seats: [
      { name: "booth", tile: "table-round-red" },
      { name: "table by the window", tile: "table-round-red" },
      { name: "table by the door", tile: "table-round" },
    ],
    backPieces: [
      { name: "pool table", tiles: [["pool-l", "pool-r"]] },
      { name: "storage", tiles: [["crates", "barrel", "barrel"]] },
    ],
    posts: { cook: "storage" },
  },
  grocery: {
    wall: "shop",
    siding: "white",
    floor: "floor-shop",
    front: "shop floor",
    back: "storeroom",
    sign: "sign-apple",
    counter: { tiles: COUNTER, name: "shop counter", behind: "behind the counter" },
    seats: [
      { name: "produce shelves", tile: "shelf-food-0" },
      { name: "pantry shelves", tile: "shelf-food-1" },
      { name: "bakery shelves", tile: "shelf-food-0" },
    ],
    backPieces: [{ name: "crates", tiles: [["crates", "crates", "barrel"]] }],
    posts: { "shop assistant": "produce shelves" },
  },
  clinic: {
    wall: "shop",
    siding: "white",
    floor: "floor-hall",
    front: "waiting room",
    back: "examination room",
    sign: "sign-pill",
    counter: { tiles: COUNTER, name: "reception desk", behind: "behind the reception desk" },
    seats: [
      { name: "waiting chairs", tile: "chair-down" },
      { name: "medicine shelf", tile: "shelf-meds" },
      { name: "side table", tile: "table-round" },
    ],
    backPieces: [
      { name: "examination bed", tiles: [["bed-blue-t"]] },
      { name: "doctor's desk", tiles: [["desk-l", "desk-r"]] },
    ],
    posts: { doctor: "doctor's desk", nurse: "examination bed" },
  },
  school: {
    wall: "school",
    siding: "stone",
    floor: "floor-school",
    front: "classroom",
    back: "staff room",
    sign: "sign-book",
    counter: {
      tiles: ["blackboard-l", "blackboard-r", "podium"],
      name: "blackboard",
      behind: "teacher's desk",
    },
    seats: [
      { name: "front desks", tile: "school-desk" },
      { name: "middle desks", tile: "school-desk" },
      { name: "back desks", tile: "school-desk" },
    ],
    backPieces: [
      { name: "staff table", tiles: [["table-l", "table-r"]] },
      { name: "bookshelf", tiles: [["bookshelf-0", "bookshelf-1"]] },
    ],
    posts: {},
  },
  college: {
    wall: "school",
    siding: "stone",
    floor: "floor-school",
    front: "lecture hall",
    back: "library",
    sign: "sign-book",
    counter: {
      tiles: ["blackboard-l", "blackboard-r", "podium"],
      name: "blackboard",
      behind: "lectern",
    },
    seats: [
      { name: "front benches", tile: "school-desk" },
      { name: "middle benches", tile: "school-desk" },
      { name: "back benches", tile: "school-desk" },
    ],
    backPieces: [
      { name: "bookshelves", tiles: [["bookshelf-0", "bookshelf-1", "bookshelf-0"]] },
      { name: "reading table", tiles: [["table-l", "table-r"]] },
    ],
    posts: { librarian: "bookshelves" },
  },
  "town hall": {
    wall: "school",
    siding: "cream",
    floor: "floor-hall",
    front: "hall",
    back: "mayor's office",
    sign: "flag",
    counter: {
      tiles: ["desk-l", "computer", "desk-r"],
      name: "clerk's desk",
      behind: "behind the clerk's desk",
    },
    seats: [
      { name: "notice board", tile: "notice-board" },
      { name: "public benches", tile: "chair-up" },
      { name: "podium", tile: "podium" },
    ],
    backPieces: [
      { name: "mayor's desk", tiles: [["desk-l", "desk-r"]] },
      { name: "archive shelves", tiles: [["shelves-0", "shelves-1"]] },
    ],
    posts: { mayor: "mayor's desk", archivist: "archive shelves" },
  },
  workshop: {
    wall: "shop",
    siding: "sage",
    floor: "floor-wood-0",
    front: "shop floor",
    back: "workroom",
    sign: "sign-hammer",
    counter: { tiles: COUNTER, name: "shop counter", behind: "behind the counter" },
    seats: [
      { name: "tool shelf", tile: "shelf-tools" },
      { name: "timber stack", tile: "crates" },
      { name: "display table", tile: "table-round" },
    ],
    backPieces: [
      { name: "workbench", tiles: [["table-l", "table-r"]] },
      { name: "tool wall", tiles: [["tools", "shelf-tools"]] },
    ],
    posts: { carpenter: "workbench", apprentice: "workbench" },
  },
  office: {
    wall: "school",
    siding: "blue",
    floor: "floor-wood-1",
    front: "open office",
    back: "meeting room",
    sign: "sign-star",
    counter: {
      tiles: ["desk-l", "computer", "desk-r"],
      name: "front desk",
      behind: "behind the front desk",
    },
    seats: [
      { name: "desks by the window", tile: "computer" },
      { name: "middle desks", tile: "computer" },
      { name: "corner desks", tile: "computer" },
    ],
    backPieces: [
      { name: "meeting table", tiles: [["table-l", "table-r"]] },
      { name: "bookshelf", tiles: [["bookshelf-0"]] },
    ],
    posts: { manager: "meeting table" },
  },
};

/** The object a job works at, in a workplace of this kind. */
export function postOf(
  kind: WorkplaceKind,
  job: string,
  first: boolean,
): { arena: string; object: string } {
  if (kind === "park")
    return first
      ? { arena: "garden", object: "flower beds" }
      : { arena: "garden", object: "vegetable patch" };
  const f = FURNISHING[kind];
  const object = f.posts[job];
  if (object) {
    const inBack = f.backPieces.some((p) => p.name === object);
    return { arena: inBack ? f.back : f.front, object };
  }
  return { arena: f.front, object: f.counter.behind };
}

/** Where customers, pupils or the public sit or stand: the front room's first seat. */
export function visitOf(kind: WorkplaceKind): { arena: string; object: string } {
  if (kind === "park") return { arena: "lawn", object: "fountain bench" };
  const f = FURNISHING[kind];
  return { arena: f.front, object: f.seats[0].name };
}

/** A workplace building at (x0, y0), its front door at the south wall, a path down to `street`. */
export function workplace(
  t: TownBuilder,
  o: { x0: number; y0: number; kind: WorkplaceKind; sector: string; street: number },
): void {
  if (o.kind === "park") return park(t, o);
  const { x0, y0, sector } = o;
  const f = FURNISHING[o.kind];
  const W = WORKPLACE_WIDTH,
    H = WORKPLACE_HEIGHT;
  t.building({ x: x0, y: y0, w: W, h: H }, f.wall, f.siding);
  t.hwall(x0 + 1, x0 + W - 2, y0 + 5, f.wall);
  t.vwall(x0 + 19, y0 + 1, y0 + 4, f.wall);
  const back = { x: x0 + 1, y: y0 + 1, w: 18, h: 4 };
  const restroom = { x: x0 + 20, y: y0 + 1, w: 5, h: 4 };
  const front = { x: x0 + 1, y: y0 + 6, w: W - 2, h: 5 };
  t.floor(back, o.kind === "cafe" ? "floor-kitchen" : f.floor);
  t.floor(restroom, "floor-bath");
  t.floor(front, f.floor === "floor-cafe-0" ? (x, y) => `floor-cafe-${(x * 7 + y) % 2}` : f.floor);
  t.doorAt(x0 + 4, y0 + 5);
  t.floor({ x: x0 + 4, y: y0 + 5, w: 1, h: 1 }, f.floor);
  t.doorAt(x0 + 22, y0 + 5);
  t.floor({ x: x0 + 22, y: y0 + 5, w: 1, h: 1 }, "floor-bath");
  const door = x0 + 13;
  t.doorAt(door, y0 + H - 1);
  t.floor({ x: door, y: y0 + H - 1, w: 1, h: 1 }, "doormat");
  for (const x of [x0 + 4, x0 + 9, x0 + 18, x0 + 22]) t.windows.add(t.i(x, y0 + H - 1));
  for (const x of [x0 + 6, x0 + 14]) t.windows.add(t.i(x, y0));
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  t.arena(f.front, front, sector);
  t.arena(f.back, back, sector);
  t.arena("restroom", restroom, sector);

  // The counter along the front room's north side, its back to the back room's door.
  const cy = y0 + 7;
  f.counter.tiles.forEach((tile, i) => t.put(x0 + 6 + i, cy, tile));
  const cw = f.counter.tiles.length;
  t.object(f.counter.name, { x: x0 + 6, y: cy, w: cw, h: 2 }, sector, f.front);
  t.object(f.counter.behind, { x: x0 + 6, y: y0 + 6, w: cw, h: 1 }, sector, f.front);
  // Seats along the south side, with room to walk between them and the counter.
  f.seats.forEach((s, i) => {
    const x = x0 + 3 + i * 7 + (i > 0 ? 4 : 0);
    const y = y0 + 9;
    t.put(x, y, s.tile);
    if (s.tile.startsWith("table")) {
      t.put(x - 1, y, "chair-right", false);
      t.put(x + 1, y, "chair-left", false);
    } else {
      t.put(x + 1, y, s.tile);
    }
    t.object(s.name, { x: x - 1, y: y - 1, w: 3, h: 2 }, sector, f.front);
  });
  t.put(x0 + W - 2, y0 + 6, "plant-tall");
  t.put(x0 + 1, y0 + 10, "plant");
  // The back room.
  let bx = x0 + 7;
  for (const p of f.backPieces) {
    t.piece(bx, y0 + 1, p.tiles);
    const w = p.tiles[0].length;
    t.object(p.name, { x: bx, y: y0 + 1, w, h: 2 }, sector, f.back);
    bx += w + 2;
  }
  t.put(restroom.x, restroom.y, "basin");
  t.put(restroom.x + 4, restroom.y, "toilet");
  t.object("sink", { x: restroom.x, y: restroom.y, w: 1, h: 2 }, sector, "restroom");
  t.object("toilet", { x: restroom.x + 4, y: restroom.y, w: 1, h: 2 }, sector, "restroom");
  // Outside: the sign, flowers, and the path to the street.
  t.put(door - 1, y0 + H, f.sign);
  t.put(door + 2, y0 + H, `flowers-${x0 % 2}`, false, "decor");
  for (let y = y0 + H; y < o.street; y++) t.surface[t.i(door, y)] = "path";
}

/** A park: a lawn with a fountain and benches, a pond, and a garden of raised beds. */
function park(t: TownBuilder, o: { x0: number; y0: number; sector: string; street: number }): void {
  const { x0, y0, sector } = o;
  const W = WORKPLACE_WIDTH,
    H = WORKPLACE_HEIGHT;
  for (let y = y0; y < y0 + H; y++)
    for (let x = x0; x < x0 + W; x++) t.ground[t.i(x, y)] = grassAt(x, y);
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const lawn = { x: x0, y: y0 + 5, w: 13, h: 7 };
  const pond = { x: x0 + 13, y: y0 + 5, w: 13, h: 7 };
  const garden = { x: x0, y: y0, w: W, h: 5 };
  t.arena("lawn", lawn, sector);
  t.arena("pond", pond, sector);
  t.arena("garden", garden, sector);
  t.surfaceRect({ x: x0 + 3, y: y0 + 7, w: 6, h: 4 }, "plaza");
  t.piece(x0 + 5, y0 + 8, [
    ["fountain-tl", "fountain-tr"],
    ["fountain-bl", "fountain-br"],
  ]);
  t.object("fountain", { x: x0 + 4, y: y0 + 8, w: 4, h: 3 }, sector, "lawn");
  t.piece(x0 + 3, y0 + 6, [["bench-l", "bench-r"]], false);
  t.object("fountain bench", { x: x0 + 3, y: y0 + 6, w: 2, h: 1 }, sector, "lawn");
  t.put(x0 + 10, y0 + 7, "lamp");
  t.surfaceRect({ x: x0 + 15, y: y0 + 6, w: 8, h: 3 }, "water");
  t.put(x0 + 17, y0 + 7, "duck", true, "decor");
  t.put(x0 + 20, y0 + 7, "lily", true, "decor");
  t.object("pond", { x: x0 + 15, y: y0 + 6, w: 8, h: 4 }, sector, "pond");
  t.piece(x0 + 17, y0 + 10, [["bench-l", "bench-r"]], false);
  t.object("pond bench", { x: x0 + 17, y: y0 + 10, w: 2, h: 1 }, sector, "pond");
  const beds = ["planter-cabbage", "planter-carrot", "planter-sprouts", "planter-cabbage"];
  beds.forEach((b, i) => t.put(x0 + 2 + i, y0 + 1, b));
  t.object("vegetable patch", { x: x0 + 1, y: y0 + 1, w: 6, h: 2 }, sector, "garden");
  for (let i = 0; i < 4; i++) t.put(x0 + 10 + i, y0 + 1, `planter-flowers-${i % 2}`);
  t.object("flower beds", { x: x0 + 9, y: y0 + 1, w: 6, h: 2 }, sector, "garden");
  t.bigTree(x0 + 19, y0 + 1, (x0 + y0) % 3);
  t.put(x0 + 23, y0 + 2, "bush-berries");
  t.put(x0 + 8, y0 + 3, "tools");
  for (let y = y0 + H; y < o.street; y++) t.surface[t.i(x0 + 12, y)] = "path";
  t.put(x0 + 11, y0 + H, "sign-park");
}
