// Makes the starter town assets/towns/base-3/town.json: Willowbrook, three homes, the Copper
// Kettle cafe and Willow Green park, on a 48×36 grid of 32 px tiles. The format is the one
// server/world/townFile.ts reads (Tiled-compatible JSON with an embedded tileset).
//
// The map is described here as buildings, rooms, furniture and paths; the script works out the
// wall, path and water variants from their neighbours, the shadows under walls and the
// collision layer, and writes the sector / arena / object rectangles of every place.
import { writeFileSync } from "node:fs";
import { grassAt, TownBuilder } from "../../server/content/townBuilder.ts";
import { townJson as writeTownJson } from "./lib/townJson.ts";

export const MAP_W = 48;
export const MAP_H = 36;
const WORLD = "Willowbrook";
const START = "2026-02-13T05:30:00Z";

/** One of the three homes: bedroom and bathroom at the back, kitchen and living room at the front. */
function home(
  t: TownBuilder,
  x0: number,
  sector: string,
  siding: string,
  bedColour: string,
  v: number,
): { bed: { x: number; y: number } } {
  const y0 = 2;
  const id = t.building({ x: x0, y: y0, w: 13, h: 12 }, "house", siding);
  void id;
  t.hwall(x0 + 1, x0 + 11, y0 + 5, "house");
  t.vwall(x0 + 7, y0 + 1, y0 + 4, "house");
  t.vwall(x0 + 5, y0 + 6, y0 + 10, "house");
  t.doorAt(x0 + 6, y0 + 5); // bedroom ↔ living room
  t.doorAt(x0 + 10, y0 + 5); // bathroom ↔ living room
  t.doorAt(x0 + 5, y0 + 8); // kitchen ↔ living room
  t.doorAt(x0 + 8, y0 + 11); // front door
  t.windows
    .add(t.i(x0 + 3, y0 + 11))
    .add(t.i(x0 + 10, y0 + 11))
    .add(t.i(x0 + 3, y0))
    .add(t.i(x0 + 9, y0));

  const bedroom = { x: x0 + 1, y: y0 + 1, w: 6, h: 4 };
  const bathroom = { x: x0 + 8, y: y0 + 1, w: 4, h: 4 };
  const kitchen = { x: x0 + 1, y: y0 + 6, w: 4, h: 5 };
  const living = { x: x0 + 6, y: y0 + 6, w: 6, h: 5 };
  const wood = (x: number, y: number) => `floor-wood-${(x + y * 3) % 2}`;
  t.floor(bedroom, wood);
  t.floor(bathroom, "floor-bath");
  t.floor(kitchen, "floor-kitchen");
  t.floor(living, wood);
  // Doors stand on the floor of the room they open into.
  t.floor({ x: x0 + 6, y: y0 + 5, w: 1, h: 1 }, wood);
  t.floor({ x: x0 + 10, y: y0 + 5, w: 1, h: 1 }, "floor-bath");
  t.floor({ x: x0 + 5, y: y0 + 8, w: 1, h: 1 }, wood);
  t.floor({ x: x0 + 8, y: y0 + 11, w: 1, h: 1 }, "doormat");

  // Bedroom: bed in the corner, nightstand, desk and chair, wardrobe, a rug and a plant.
  const by = y0 + 1;
  t.piece(x0 + 1, by, [[`bed-${bedColour}-t`], [`bed-${bedColour}-b`]], false);
  t.put(x0 + 2, by, "nightstand");
  t.piece(x0 + 4, by, [["desk-l", "desk-r"]]);
  t.put(x0 + 4, by + 1, "chair-up", false);
  t.put(x0 + 6, by, "wardrobe");
  t.rug({ x: x0 + 2, y: by + 2, w: 3, h: 2 });
  t.put(x0 + 1, by + 3, v === 2 ? "plant-tall" : "plant");
  // Bathroom.
  t.put(x0 + 8, by, "basin");
  t.piece(x0 + 9, by, [["bathtub-l", "bathtub-r"]], false);
  t.put(x0 + 11, by, "toilet");
  t.put(x0 + 8, by + 3, "plant");
  // Kitchen.
  const ky = y0 + 6;
  t.put(x0 + 1, ky, "fridge");
  t.put(x0 + 2, ky, "stove");
  t.put(x0 + 3, ky, "counter-sink");
  t.put(x0 + 4, ky, "counter-r");
  t.piece(x0 + 2, ky + 2, [["table-l", "table-r"]]);
  t.put(x0 + 1, ky + 2, "chair-right", false);
  t.put(x0 + 4, ky + 2, "chair-left", false);
  t.put(x0 + 2, ky + 3, "chair-up", false);
  t.put(x0 + 3, ky + 3, "chair-up", false);
  t.put(x0 + 1, ky + 4, v === 1 ? "shelves-1" : "shelves-0");
  // Living room.
  const ly = y0 + 6;
  t.put(x0 + 7, ly, v === 1 ? "bookshelf-1" : "bookshelf-0");
  t.piece(x0 + 8, ly, [["fireplace-l", "fireplace-r"]]);
  t.put(x0 + 11, ly, "plant-tall");
  t.rug({ x: x0 + 7, y: ly + 2, w: 4, h: 2 });
  t.piece(
    x0 + 7,
    ly + 2,
    [[v === 1 ? "sofa-blue-l" : "sofa-l", v === 1 ? "sofa-blue-r" : "sofa-r"]],
    false,
  );
  t.put(x0 + 10, ly + 2, v === 2 ? "armchair-green" : "armchair", false);
  t.put(x0 + 11, ly + 2, v === 0 ? "easel" : v === 1 ? "tv" : "floor-lamp");
  t.put(x0 + 6, ly + 4, "plant");

  t.sector(sector, { x: x0, y: y0, w: 13, h: 12 });
  t.arena("bedroom", bedroom, sector);
  t.arena("bathroom", bathroom, sector);
  t.arena("kitchen", kitchen, sector);
  t.arena("living room", living, sector);
  t.object("bed", { x: x0 + 1, y: by, w: 1, h: 2 }, sector, "bedroom");
  t.object("desk", { x: x0 + 4, y: by, w: 2, h: 2 }, sector, "bedroom");
  t.object("wardrobe", { x: x0 + 6, y: by, w: 1, h: 2 }, sector, "bedroom");
  t.object("sink", { x: x0 + 8, y: by, w: 1, h: 2 }, sector, "bathroom");
  t.object("bathtub", { x: x0 + 9, y: by, w: 2, h: 1 }, sector, "bathroom");
  t.object("toilet", { x: x0 + 11, y: by, w: 1, h: 2 }, sector, "bathroom");
  t.object("fridge", { x: x0 + 1, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("stove", { x: x0 + 2, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("kitchen sink", { x: x0 + 3, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("kitchen table", { x: x0 + 1, y: ky + 2, w: 4, h: 2 }, sector, "kitchen");
  t.object("bookshelf", { x: x0 + 7, y: ly, w: 1, h: 2 }, sector, "living room");
  t.object("fireplace", { x: x0 + 8, y: ly, w: 2, h: 2 }, sector, "living room");
  t.object("sofa", { x: x0 + 7, y: ly + 2, w: 2, h: 1 }, sector, "living room");
  t.object("armchair", { x: x0 + 10, y: ly + 2, w: 1, h: 1 }, sector, "living room");
  if (v === 0) t.object("easel", { x: x0 + 11, y: ly + 2, w: 1, h: 2 }, sector, "living room");
  // Front yard: a path to the road, a mailbox and flowers along the front wall.
  for (let y = y0 + 12; y <= 14; y++) t.surface[t.i(x0 + 8, y)] = "path";
  t.put(x0 + 9, y0 + 12, "mailbox");
  t.put(x0 + 1, y0 + 12, "flowers-0", false, "decor");
  t.put(x0 + 4, y0 + 12, "flowers-1", false, "decor");
  t.put(x0 + 11, y0 + 12, "bush", true);
  return { bed: { x: x0 + 1, y: by + 1 } };
}

function cafe(t: TownBuilder): void {
  const sector = "Copper Kettle cafe";
  const x0 = 3,
    y0 = 18;
  t.building({ x: x0, y: y0, w: 18, h: 13 }, "cafe", "brick");
  t.hwall(x0 + 1, x0 + 16, y0 + 4, "cafe");
  t.vwall(x0 + 12, y0 + 1, y0 + 3, "cafe");
  t.doorAt(x0 + 5, y0 + 4); // kitchen ↔ dining room, behind the counter
  t.doorAt(x0 + 14, y0 + 4); // restroom
  t.doorAt(x0 + 17, y0 + 8); // front door, to the lane and the park
  for (const y of [y0 + 3, y0 + 6, y0 + 10]) t.windows.add(t.i(x0 + 17, y));
  for (const x of [x0 + 3, x0 + 7, x0 + 11, x0 + 15]) t.windows.add(t.i(x, y0 + 12));
  t.windows.add(t.i(x0 + 2, y0)).add(t.i(x0 + 9, y0));

  const kitchen = { x: x0 + 1, y: y0 + 1, w: 11, h: 3 };
  const restroom = { x: x0 + 13, y: y0 + 1, w: 4, h: 3 };
  const dining = { x: x0 + 1, y: y0 + 5, w: 16, h: 7 };
  t.floor(kitchen, "floor-kitchen");
  t.floor(restroom, "floor-bath");
  t.floor(dining, (x, y) => `floor-cafe-${(x * 7 + y) % 2}`);
  t.floor({ x: x0 + 5, y: y0 + 4, w: 1, h: 1 }, "floor-cafe-0");
  t.floor({ x: x0 + 14, y: y0 + 4, w: 1, h: 1 }, "floor-cafe-0");
  t.floor({ x: x0 + 17, y: y0 + 8, w: 1, h: 1 }, "floor-cafe-1");

  // Kitchen: pantry, fridge, two stoves, a long counter with bread and a sink.
  const ky = y0 + 1;
  t.put(x0 + 1, ky, "shelves-0");
  t.put(x0 + 2, ky, "fridge");
  t.put(x0 + 3, ky, "stove");
  t.put(x0 + 4, ky, "stove");
  t.put(x0 + 6, ky, "counter-l");
  t.put(x0 + 7, ky, "counter-bread");
  t.put(x0 + 8, ky, "counter-m");
  t.put(x0 + 9, ky, "counter-sink");
  t.put(x0 + 10, ky, "counter-r");
  t.put(x0 + 11, ky, "shelves-1");
  // Restroom.
  t.put(x0 + 13, ky, "basin");
  t.put(x0 + 15, ky, "toilet");
  t.put(x0 + 16, ky + 2, "plant");
  // Dining room: the counter with the barista's aisle behind it, the piano, tables.
  const dy = y0 + 5;
  const counterTiles = [
    "cafe-counter-l",
    "cafe-counter-pastries",
    "cafe-counter-coffee",
    "cafe-counter-m",
    "cafe-counter-register",
    "cafe-counter-taps",
    "cafe-counter-r",
  ];
  counterTiles.forEach((tile, i) => t.put(x0 + 1 + i, dy + 1, tile));
  t.piece(x0 + 10, dy, [["piano-l", "piano-r"]]);
  t.put(x0 + 10, dy + 1, "stool", false);
  t.put(x0 + 16, dy, "plant-tall");
  t.put(x0 + 12, dy, "chalkboard");
  const tables: [string, number, number, string][] = [
    ["window table", x0 + 14, dy + 2, "table-round"],
    ["corner table", x0 + 14, dy + 5, "table-round-red"],
    ["middle table", x0 + 10, dy + 4, "table-round"],
    ["round table", x0 + 6, dy + 4, "table-round-red"],
  ];
  for (const [name, x, y, tile] of tables) {
    t.put(x, y, tile);
    t.put(x - 1, y, "chair-right", false);
    t.put(x + 1, y, "chair-left", false);
    t.object(name, { x: x - 1, y, w: 3, h: 1 }, sector, "dining room");
  }
  // A long table for groups, and the reading corner.
  t.piece(x0 + 2, dy + 3, [["table-l", "table-r"]]);
  t.put(x0 + 2, dy + 2, "chair-down", false);
  t.put(x0 + 3, dy + 2, "chair-down", false);
  t.put(x0 + 2, dy + 4, "chair-up", false);
  t.put(x0 + 3, dy + 4, "chair-up", false);
  t.object("long table", { x: x0 + 1, y: dy + 2, w: 4, h: 3 }, sector, "dining room");
  t.piece(x0 + 1, dy + 6, [["sofa-blue-l", "sofa-blue-r"]], false);
  t.put(x0 + 3, dy + 6, "plant");
  t.put(x0 + 16, dy + 6, "bookshelf-1");

  t.sector(sector, { x: x0, y: y0, w: 18, h: 13 });
  t.arena("kitchen", kitchen, sector);
  t.arena("restroom", restroom, sector);
  t.arena("dining room", dining, sector);
  t.object("pantry", { x: x0 + 1, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("fridge", { x: x0 + 2, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("oven", { x: x0 + 3, y: ky, w: 2, h: 2 }, sector, "kitchen");
  t.object("baking counter", { x: x0 + 6, y: ky, w: 3, h: 2 }, sector, "kitchen");
  t.object("sink", { x: x0 + 9, y: ky, w: 2, h: 2 }, sector, "kitchen");
  t.object("sink", { x: x0 + 13, y: ky, w: 1, h: 2 }, sector, "restroom");
  t.object("toilet", { x: x0 + 15, y: ky, w: 1, h: 2 }, sector, "restroom");
  t.object("cafe counter", { x: x0 + 1, y: dy, w: 7, h: 2 }, sector, "dining room");
  t.object("piano", { x: x0 + 10, y: dy, w: 2, h: 2 }, sector, "dining room");
  t.object("reading sofa", { x: x0 + 1, y: dy + 6, w: 2, h: 1 }, sector, "dining room");
  // Outside: the sign by the road and flowers along the front.
  t.put(x0 + 16, y0 - 1, "sign-cafe");
  t.put(x0 + 1, y0 - 1, "bush-berries");
  for (const x of [x0 + 4, x0 + 9, x0 + 13]) t.put(x, y0 - 1, `flowers-${x % 2}`, false, "decor");
}

function park(t: TownBuilder): void {
  const sector = "Willow Green";
  const px = 23,
    py = 17;
  const lawn = { x: px, y: py, w: 11, h: 10 };
  const pond = { x: px + 11, y: py, w: 12, h: 10 };
  const garden = { x: px, y: py + 10, w: 23, h: 7 };
  t.sector(sector, { x: px, y: py, w: 23, h: 17 });
  t.arena("lawn", lawn, sector);
  t.arena("pond", pond, sector);
  t.arena("garden", garden, sector);

  // Lawn: a cobbled plaza with the fountain, benches, lamps and a picnic table.
  t.surfaceRect({ x: px + 2, y: py + 3, w: 7, h: 5 }, "plaza");
  t.piece(px + 4, py + 4, [
    ["fountain-tl", "fountain-tr"],
    ["fountain-bl", "fountain-br"],
  ]);
  t.object("fountain", { x: px + 3, y: py + 4, w: 4, h: 3 }, sector, "lawn");
  t.piece(px + 2, py + 2, [["bench-l", "bench-r"]], false);
  t.piece(px + 7, py + 2, [["bench-l", "bench-r"]], false);
  t.object("fountain bench", { x: px + 2, y: py + 2, w: 2, h: 1 }, sector, "lawn");
  t.object("sunny bench", { x: px + 7, y: py + 2, w: 2, h: 1 }, sector, "lawn");
  t.put(px + 1, py + 3, "lamp");
  t.put(px + 9, py + 3, "lamp");
  t.piece(px + 1, py + 8, [["picnic-l", "picnic-r"]]);
  t.object("picnic table", { x: px + 1, y: py + 8, w: 3, h: 1 }, sector, "lawn");
  t.bigTree(px + 9, py + 8, 1);
  t.put(px + 5, py + 9, "flowers-1", false, "decor");
  t.put(px + 10, py + 1, "flowers-0", false, "decor");
  // Pond, with lily pads, ducks and a bench on its bank.
  t.surfaceRect({ x: px + 13, y: py + 1, w: 8, h: 5 }, "water");
  for (const [x, y] of [
    [px + 13, py + 1],
    [px + 20, py + 1],
    [px + 20, py + 2],
    [px + 13, py + 5],
    [px + 14, py + 5],
    [px + 20, py + 5],
  ]) {
    t.surface[t.i(x, y)] = "";
    t.blocked[t.i(x, y)] = false;
  }
  t.put(px + 20, py + 1, "flowers-1", false, "decor");
  t.put(px + 13, py + 5, "bush", true);
  t.put(px + 15, py + 2, "lily", true, "decor");
  t.put(px + 19, py + 4, "lily", true, "decor");
  t.put(px + 17, py + 3, "duck", true, "decor");
  t.put(px + 14, py + 4, "duck", true, "decor");
  t.object("pond", { x: px + 13, y: py + 1, w: 8, h: 6 }, sector, "pond");
  t.piece(px + 15, py + 7, [["bench-l", "bench-r"]], false);
  t.object("pond bench", { x: px + 15, y: py + 7, w: 2, h: 1 }, sector, "pond");
  t.put(px + 12, py + 7, "rock");
  t.bigTree(px + 19, py + 7, 0);
  t.put(px + 12, py + 1, "bush");
  // Garden: raised beds in two rows, a flower border, tools and an apple tree.
  const gy = py + 11;
  const beds = ["planter-cabbage", "planter-carrot", "planter-sprouts", "planter-cabbage"];
  beds.forEach((b, i) => t.put(px + 2 + i, gy, b));
  beds.forEach((_b, i) => t.put(px + 2 + i, gy + 2, beds[(i + 1) % 4]));
  t.object("vegetable patch", { x: px + 1, y: gy - 1, w: 6, h: 5 }, sector, "garden");
  for (let i = 0; i < 4; i++) t.put(px + 9 + i, gy, `planter-flowers-${i % 2}`);
  for (let i = 0; i < 4; i++) t.put(px + 9 + i, gy + 2, `planter-flowers-${(i + 1) % 2}`);
  t.object("flower beds", { x: px + 8, y: gy - 1, w: 6, h: 5 }, sector, "garden");
  t.put(px + 7, gy + 4, "tools");
  t.bigTree(px + 16, gy, 2);
  t.object("apple tree", { x: px + 15, y: gy, w: 4, h: 3 }, sector, "garden");
  t.piece(px + 15, gy + 3, [["bench-l", "bench-r"]], false);
  t.object("garden bench", { x: px + 15, y: gy + 3, w: 2, h: 1 }, sector, "garden");
  t.put(px + 20, gy + 1, "bush-berries");
  t.put(px + 21, gy + 4, "stump");
  t.put(px + 14, gy + 4, "flowers-0", false, "decor");
  t.put(px + 19, gy + 4, "flowers-1", false, "decor");
  t.put(px + 1, gy + 5, "flowers-1", false, "decor");
}

export function buildBase3(): TownBuilder {
  const t = new TownBuilder(MAP_W, MAP_H);
  for (let y = 0; y < MAP_H; y++)
    for (let x = 0; x < MAP_W; x++) t.ground[t.i(x, y)] = grassAt(x, y);

  // A forest around the town: the outer two rings of tiles are trees, and never walkable.
  for (let x = 0; x < MAP_W; x += 2) {
    t.bigTree(x, 0, (x / 2) % 3 === 1 ? 1 : 0);
    t.bigTree(x, MAP_H - 2, (x / 2) % 3 === 2 ? 1 : 0);
  }
  for (let y = 2; y < MAP_H - 2; y += 2) {
    t.bigTree(0, y, (y / 2) % 2);
    t.bigTree(MAP_W - 2, y, (y / 2 + 1) % 2);
  }
  for (let y = 0; y < MAP_H; y++)
    for (let x = 0; x < MAP_W; x++) {
      if (x < 2 || y < 2 || x >= MAP_W - 2 || y >= MAP_H - 2) t.blocked[t.i(x, y)] = true;
    }

  // The main road, and the lane down to the cafe's door and the park.
  t.surfaceRect({ x: 2, y: 15, w: 44, h: 2 }, "path");
  t.surfaceRect({ x: 21, y: 17, w: 2, h: 17 }, "path");
  // Paths in the park: from the road to the plaza, plaza to pond, plaza to the garden.
  t.surfaceRect({ x: 28, y: 17, w: 2, h: 3 }, "path");
  t.surfaceRect({ x: 23, y: 22, w: 2, h: 1 }, "path");
  t.surfaceRect({ x: 32, y: 22, w: 4, h: 1 }, "path");
  t.surfaceRect({ x: 35, y: 23, w: 1, h: 1 }, "path");
  t.surfaceRect({ x: 28, y: 25, w: 2, h: 3 }, "path");
  t.surfaceRect({ x: 24, y: 27, w: 15, h: 1 }, "path");
  t.surfaceRect({ x: 24, y: 29, w: 12, h: 1 }, "path");
  t.surfaceRect({ x: 24, y: 31, w: 14, h: 1 }, "path");
  t.surfaceRect({ x: 23, y: 27, w: 1, h: 5 }, "path");
  t.surfaceRect({ x: 30, y: 28, w: 1, h: 3 }, "path");

  const a = home(t, 3, "Calloway house", "blue", "red", 0);
  const b = home(t, 18, "Brandt house", "cream", "blue", 1);
  const c = home(t, 33, "Hale cottage", "sage", "green", 2);
  cafe(t);
  park(t);

  // Between and around the buildings: trees, bushes, lamps and flowers.
  // Trees at the back of the gaps between homes (solid, so nobody hides in a pocket behind them).
  t.bigTree(16, 2, 0, true);
  t.bigTree(31, 2, 1, true);
  t.put(31, 7, "bush");
  t.put(16, 7, "flowers-1", false, "decor");
  t.put(16, 11, "bush-berries");
  t.put(31, 11, "bush");
  t.put(17, 12, "flowers-0", false, "decor");
  t.put(32, 12, "flowers-1", false, "decor");
  t.pine(2, 31);
  t.pine(4, 31);
  t.put(6, 32, "rock");
  t.bigTree(8, 31, 1);
  t.put(12, 32, "flowers-0", false, "decor");
  t.bigTree(15, 31, 0);
  t.put(19, 32, "bush");
  for (const x of [6, 26, 40]) t.put(x, 17, "lamp");
  t.put(13, 14, "lamp");
  t.put(36, 14, "sign-park");

  t.spawns.push(
    { name: "ines", ...a.bed },
    { name: "theo", ...b.bed },
    { name: "edmund", ...c.bed },
  );
  t.spawns.push({ name: "visitors", x: 28, y: 24 });
  return t;
}

/** The Tiled JSON of the town, with tile rows on their own lines so diffs stay readable. */
export function townJson(t: TownBuilder): string {
  return writeTownJson(t, WORLD, START);
}

export function makeBase3(file: string): void {
  writeFileSync(file, townJson(buildBase3()));
}
