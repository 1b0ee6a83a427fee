// Makes the 25-resident town assets/towns/base-25/: Oakmere, about Smallville's size (140×100
// tiles of 32 px). Houses and an apartment house along Elm Lane; the college, its dorm, the
// artists' loft and the park between Elm Lane and Main Street; the cafe, the bar, the town hall
// on its square, the market and pharmacy and the supply store along Main Street; fields, an
// orchard and a lake to the south. The residents are in base-25-residents.ts.
//
// Like make-base-3.ts the map is described as buildings, rooms, furniture and paths, and the
// shared builder (server/content/townBuilder.ts) works out wall, path and water variants and the collision layer.
import { writeFileSync } from "node:fs";
import { grassAt, TownBuilder } from "../../server/content/townBuilder.ts";
import { townJson as writeTownJson } from "./lib/townJson.ts";
import { residents } from "./base-25-residents.ts";
import { house, wood, type Spot } from "../../server/content/house.ts";

export const MAP_W = 140;
export const MAP_H = 100;
export const WORLD = "Oakmere";
const START = "2026-02-13T05:30:00Z";

/** Maple Court: five one-room flats off a shared hallway. */
function apartments(t: TownBuilder, x0: number, y0: number, units: string[]): Record<string, Spot> {
  const sector = "Maple Court apartments";
  const W = 6 * units.length + 1;
  t.building({ x: x0, y: y0, w: W, h: 13 }, "house", "stone");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 8, "house");
  for (let k = 1; k < units.length; k++) t.vwall(x0 + 6 * k, y0 + 1, y0 + 7, "house");
  t.sector(sector, { x: x0, y: y0, w: W, h: 14 });
  const hall = { x: x0 + 1, y: y0 + 9, w: W - 2, h: 3 };
  t.floor(hall, "floor-stone");
  t.arena("hallway", hall, sector);
  t.doorAt(x0 + Math.floor(W / 2), y0 + 12);
  t.floor({ x: x0 + Math.floor(W / 2), y: y0 + 12, w: 1, h: 1 }, "doormat");
  t.windows
    .add(t.i(x0 + 4, y0 + 12))
    .add(t.i(x0 + W - 5, y0 + 12))
    .add(t.i(x0 + 10, y0 + 12))
    .add(t.i(x0 + W - 11, y0 + 12));
  t.put(x0 + 1, y0 + 9, "plant-tall");
  t.put(x0 + W - 2, y0 + 9, "plant-tall");
  t.put(x0 + 2, y0 + 11, "notice-board");
  t.object("notice board", { x: x0 + 2, y: y0 + 10, w: 1, h: 2 }, sector, "hallway");
  t.put(x0 + W - 3, y0 + 11, "shelves-0");
  const beds: Record<string, Spot> = {};
  units.forEach((name, k) => {
    const x = x0 + 1 + 6 * k,
      y = y0 + 1;
    const r = { x, y, w: 5, h: 7 };
    t.floor(r, k % 2 ? wood : (xx, yy) => `floor-cafe-${(xx + yy) % 2}`);
    t.arena(name, r, sector);
    t.doorAt(x + 2, y0 + 8);
    t.floor({ x: x + 2, y: y0 + 8, w: 1, h: 1 }, "floor-stone");
    if (k === 0 || k === units.length - 1) t.windows.add(t.i(x + 2, y0));
    else t.windows.add(t.i(x + 2, y0));
    const bed = ["red", "blue", "green", "purple", "blue"][k % 5];
    t.piece(x, y, [[`bed-${bed}-t`], [`bed-${bed}-b`]], false);
    t.put(x + 1, y, "nightstand");
    t.put(x + 2, y, ["bookshelf-0", "guitar", "bookshelf-1", "easel", "shelves-1"][k % 5]);
    t.piece(x + 3, y, [["desk-l", "desk-r"]]);
    t.put(x + 3, y + 1, "chair-up", false);
    t.rug({ x: x + 1, y: y + 2, w: 3, h: 2 });
    const sofa = ["sofa", "sofa-blue", "sofa-green", "sofa-red", "sofa"][k % 5];
    t.piece(x + 1, y + 3, [[`${sofa}-l`, `${sofa}-r`]], false);
    t.put(x + 4, y + 3, "plant");
    t.put(x, y + 5, "fridge");
    t.put(x + 1, y + 5, "stove");
    t.put(x + 2, y + 5, "counter-sink");
    t.put(x + 4, y + 5, "table-round");
    t.put(x + 4, y + 6, "chair-up", false);
    t.object("bed", { x, y, w: 1, h: 2 }, sector, name);
    t.object("desk", { x: x + 3, y, w: 2, h: 2 }, sector, name);
    t.object("sofa", { x: x + 1, y: y + 3, w: 2, h: 1 }, sector, name);
    t.object("kitchenette", { x, y: y + 5, w: 3, h: 2 }, sector, name);
    t.object("table", { x: x + 4, y: y + 5, w: 1, h: 2 }, sector, name);
    beds[name] = { x, y: y + 1 };
  });
  for (let y = y0 + 13; y <= 16; y++) t.surface[t.i(x0 + Math.floor(W / 2), y)] = "path";
  t.put(x0 + Math.floor(W / 2) + 1, y0 + 13, "mailbox");
  t.put(x0 + Math.floor(W / 2) - 1, y0 + 13, "mailbox");
  for (const x of [x0 + 2, x0 + 6, x0 + W - 7, x0 + W - 3])
    t.put(x, y0 + 13, `flowers-${x % 2}`, false, "decor");
  return beds;
}

function college(t: TownBuilder, x0: number, y0: number): void {
  const sector = "Oakmere College";
  const W = 35,
    H = 21;
  t.building({ x: x0, y: y0, w: W, h: H }, "school", "stone");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 10, "school");
  t.vwall(x0 + 17, y0 + 1, y0 + 9, "school");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 14, "school");
  t.vwall(x0 + 11, y0 + 15, y0 + H - 2, "school");
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const library = { x: x0 + 1, y: y0 + 1, w: 16, h: 9 };
  const classroom = { x: x0 + 18, y: y0 + 1, w: 16, h: 9 };
  const hallway = { x: x0 + 1, y: y0 + 11, w: W - 2, h: 3 };
  const office = { x: x0 + 1, y: y0 + 15, w: 10, h: 5 };
  const lounge = { x: x0 + 12, y: y0 + 15, w: W - 13, h: 5 };
  t.floor(library, wood);
  t.floor(classroom, "floor-school");
  t.floor(hallway, "floor-hall");
  t.floor(office, wood);
  t.floor(lounge, "floor-school");
  for (const [x, y, f] of [
    [x0 + 8, y0 + 10, "floor-hall"],
    [x0 + 25, y0 + 10, "floor-hall"],
    [x0 + 4, y0 + 14, wood],
    [x0 + 22, y0 + 14, "floor-school"],
    [x0 + 29, y0 + 14, "floor-school"],
  ] as const) {
    t.doorAt(x, y);
    t.floor({ x, y, w: 1, h: 1 }, f);
  }
  // Side doors onto the lanes, the front door onto Main Street.
  t.doorAt(x0, y0 + 12);
  t.floor({ x: x0, y: y0 + 12, w: 1, h: 1 }, "floor-hall");
  t.doorAt(x0 + W - 1, y0 + 12);
  t.floor({ x: x0 + W - 1, y: y0 + 12, w: 1, h: 1 }, "floor-hall");
  t.doorAt(x0 + 22, y0 + H - 1);
  t.floor({ x: x0 + 22, y: y0 + H - 1, w: 1, h: 1 }, "doormat");
  for (const x of [x0 + 3, x0 + 8, x0 + 14, x0 + 28, x0 + 32]) t.windows.add(t.i(x, y0 + H - 1));
  for (const x of [x0 + 4, x0 + 12, x0 + 22, x0 + 30]) t.windows.add(t.i(x, y0));

  t.arena("library", library, sector);
  for (let k = 0; k < 6; k++)
    t.put(
      library.x + 1 + k * 2 + (k > 2 ? 2 : 0),
      library.y,
      k % 2 ? "bookshelf-1" : "bookshelf-0",
    );
  t.object("bookshelves", { x: library.x, y: library.y, w: 16, h: 2 }, sector, "library");
  for (const [k, ty] of [
    [0, library.y + 3],
    [1, library.y + 6],
  ] as const) {
    t.piece(library.x + 3, ty, [["table-l", "table-r"]]);
    t.put(library.x + 2, ty, "chair-right", false);
    t.put(library.x + 5, ty, "chair-left", false);
    t.object(
      k === 0 ? "reading table" : "study table",
      { x: library.x + 2, y: ty, w: 4, h: 1 },
      sector,
      "library",
    );
  }
  t.put(library.x + 9, library.y + 4, "computer");
  t.put(library.x + 11, library.y + 4, "computer");
  t.object("computers", { x: library.x + 9, y: library.y + 4, w: 3, h: 2 }, sector, "library");
  t.piece(library.x + 10, library.y + 7, [["sofa-green-l", "sofa-green-r"]], false);
  t.put(library.x + 12, library.y + 7, "armchair-green", false);
  t.object("library sofa", { x: library.x + 10, y: library.y + 7, w: 3, h: 1 }, sector, "library");
  t.put(library.x + 15, library.y + 8, "plant-tall");

  t.arena("classroom", classroom, sector);
  t.piece(classroom.x + 7, classroom.y, [["blackboard-l", "blackboard-r"]]);
  t.object("blackboard", { x: classroom.x + 6, y: classroom.y, w: 4, h: 2 }, sector, "classroom");
  t.put(classroom.x + 11, classroom.y + 1, "podium");
  t.object("lectern", { x: classroom.x + 11, y: classroom.y + 1, w: 1, h: 2 }, sector, "classroom");
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 5; col++) {
      t.put(classroom.x + 2 + col * 3, classroom.y + 3 + row * 2, "school-desk");
    }
  t.object(
    "student desks",
    { x: classroom.x + 1, y: classroom.y + 3, w: 14, h: 6 },
    sector,
    "classroom",
  );
  t.put(classroom.x, classroom.y, "plant-tall");
  t.put(classroom.x + 15, classroom.y, "bookshelf-1");

  t.arena("hallway", hallway, sector);
  t.put(hallway.x + 2, hallway.y, "lockers");
  t.put(hallway.x + 3, hallway.y, "lockers");
  t.put(hallway.x + 4, hallway.y, "lockers");
  t.put(hallway.x + 12, hallway.y, "notice-board");
  t.object("notice board", { x: hallway.x + 12, y: hallway.y, w: 1, h: 2 }, sector, "hallway");
  t.put(hallway.x + 26, hallway.y, "lockers");
  t.put(hallway.x + 27, hallway.y, "lockers");
  t.put(hallway.x + 31, hallway.y, "plant-tall");

  t.arena("professors' office", office, sector);
  t.piece(office.x + 1, office.y, [["desk-l", "desk-r"]]);
  t.put(office.x + 1, office.y + 1, "chair-up", false);
  t.piece(office.x + 5, office.y, [["desk-l", "desk-r"]]);
  t.put(office.x + 5, office.y + 1, "chair-up", false);
  t.put(office.x + 9, office.y, "bookshelf-1");
  t.put(office.x, office.y + 4, "plant");
  t.put(office.x + 8, office.y + 3, "armchair-blue", false);
  t.object(
    "office desk",
    { x: office.x + 1, y: office.y, w: 2, h: 2 },
    sector,
    "professors' office",
  );
  t.object(
    "second desk",
    { x: office.x + 5, y: office.y, w: 2, h: 2 },
    sector,
    "professors' office",
  );
  t.object("bookshelf", { x: office.x + 9, y: office.y, w: 1, h: 2 }, sector, "professors' office");

  t.arena("student lounge", lounge, sector);
  t.put(lounge.x, lounge.y, "counter-l");
  t.put(lounge.x + 1, lounge.y, "counter-m");
  t.put(lounge.x + 2, lounge.y, "counter-r");
  t.put(lounge.x + 3, lounge.y, "fridge");
  t.object("coffee counter", { x: lounge.x, y: lounge.y, w: 4, h: 2 }, sector, "student lounge");
  for (const [k, x] of [
    [0, lounge.x + 5],
    [1, lounge.x + 13],
  ] as const) {
    t.put(x, lounge.y + 2, "table-round");
    t.put(x - 1, lounge.y + 2, "chair-right", false);
    t.put(x + 1, lounge.y + 2, "chair-left", false);
    t.object(
      k === 0 ? "lounge table" : "corner table",
      { x: x - 1, y: lounge.y + 2, w: 3, h: 1 },
      sector,
      "student lounge",
    );
  }
  t.piece(lounge.x + 17, lounge.y, [["piano-l", "piano-r"]]);
  t.object("piano", { x: lounge.x + 17, y: lounge.y, w: 2, h: 2 }, sector, "student lounge");
  t.piece(lounge.x + 19, lounge.y + 4, [["sofa-blue-l", "sofa-blue-r"]], false);
  t.object(
    "lounge sofa",
    { x: lounge.x + 19, y: lounge.y + 4, w: 2, h: 1 },
    sector,
    "student lounge",
  );
  t.put(lounge.x + 21, lounge.y, "plant-tall");
  t.put(x0 + 18, y0 + H, "sign-book");
}

function dorm(t: TownBuilder, x0: number, y0: number, rooms: string[]): Record<string, Spot> {
  const sector = "College dorm";
  const W = 25,
    H = 15;
  t.building({ x: x0, y: y0, w: W, h: H }, "house", "yellow");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 6, "house");
  for (const x of [6, 12, 18]) t.vwall(x0 + x, y0 + 1, y0 + 5, "house");
  t.vwall(x0 + 12, y0 + 7, y0 + H - 2, "house");
  t.vwall(x0 + 19, y0 + 7, y0 + H - 2, "house");
  t.sector(sector, { x: x0, y: y0, w: W, h: H + 7 });
  const common = { x: x0 + 1, y: y0 + 7, w: 11, h: 7 };
  const kitchen = { x: x0 + 13, y: y0 + 7, w: 6, h: 7 };
  const bath = { x: x0 + 20, y: y0 + 7, w: 4, h: 7 };
  t.floor(common, wood);
  t.floor(kitchen, "floor-kitchen");
  t.floor(bath, "floor-bath");
  const beds: Record<string, Spot> = {};
  const roomDoors = [x0 + 3, x0 + 9, x0 + 17, x0 + 23];
  rooms.forEach((name, k) => {
    const x = x0 + 1 + k * 6,
      y = y0 + 1;
    const r = { x, y, w: 5, h: 5 };
    t.floor(r, wood);
    t.arena(name, r, sector);
    t.doorAt(roomDoors[k], y0 + 6);
    t.floor({ x: roomDoors[k], y: y0 + 6, w: 1, h: 1 }, wood);
    t.windows.add(t.i(x + 2, y0));
    t.piece(x, y, [["bunk-t"], ["bunk-b"]], false);
    t.piece(x + 2, y, [["desk-l", "desk-r"]]);
    t.put(x + 2, y + 1, "chair-up", false);
    t.put(x + 4, y, k % 2 ? "wardrobe" : "shelves-1");
    t.put(x, y + 4, ["guitar", "plant", "weights", "plant-tall"][k % 4]);
    t.object("bed", { x, y, w: 1, h: 2 }, sector, name);
    t.object("desk", { x: x + 2, y, w: 2, h: 2 }, sector, name);
    beds[name] = { x, y: y + 1 };
  });
  t.doorAt(x0 + 12, y0 + 10);
  t.floor({ x: x0 + 12, y: y0 + 10, w: 1, h: 1 }, wood);
  t.doorAt(x0 + 19, y0 + 12);
  t.floor({ x: x0 + 19, y: y0 + 12, w: 1, h: 1 }, "floor-kitchen");
  t.doorAt(x0 + 6, y0 + H - 1);
  t.floor({ x: x0 + 6, y: y0 + H - 1, w: 1, h: 1 }, "doormat");
  for (const x of [x0 + 3, x0 + 9, x0 + 15, x0 + 22]) t.windows.add(t.i(x, y0 + H - 1));

  t.arena("common room", common, sector);
  t.piece(common.x + 1, common.y, [["sofa-red-l", "sofa-red-r"]], false);
  t.put(common.x + 3, common.y, "tv");
  t.object("sofa", { x: common.x + 1, y: common.y, w: 2, h: 2 }, sector, "common room");
  t.object("television", { x: common.x + 3, y: common.y, w: 1, h: 2 }, sector, "common room");
  t.piece(common.x + 6, common.y + 3, [["pool-l", "pool-r"]]);
  t.object("pool table", { x: common.x + 5, y: common.y + 3, w: 4, h: 2 }, sector, "common room");
  t.put(common.x + 10, common.y, "bookshelf-0");
  t.put(common.x, common.y + 6, "plant-tall");
  t.put(common.x + 2, common.y + 4, "computer");
  t.object("computer", { x: common.x + 2, y: common.y + 4, w: 1, h: 2 }, sector, "common room");
  t.arena("kitchen", kitchen, sector);
  t.put(kitchen.x, kitchen.y, "fridge");
  t.put(kitchen.x + 1, kitchen.y, "stove");
  t.put(kitchen.x + 2, kitchen.y, "counter-sink");
  t.put(kitchen.x + 3, kitchen.y, "counter-r");
  t.object("fridge", { x: kitchen.x, y: kitchen.y, w: 1, h: 2 }, sector, "kitchen");
  t.object("stove", { x: kitchen.x + 1, y: kitchen.y, w: 1, h: 2 }, sector, "kitchen");
  t.object("kitchen sink", { x: kitchen.x + 2, y: kitchen.y, w: 1, h: 2 }, sector, "kitchen");
  t.piece(kitchen.x + 2, kitchen.y + 3, [["table-l", "table-r"]]);
  t.put(kitchen.x + 1, kitchen.y + 3, "chair-right", false);
  t.put(kitchen.x + 4, kitchen.y + 3, "chair-left", false);
  t.put(kitchen.x + 2, kitchen.y + 4, "chair-up", false);
  t.put(kitchen.x + 3, kitchen.y + 4, "chair-up", false);
  t.object("kitchen table", { x: kitchen.x + 1, y: kitchen.y + 3, w: 4, h: 2 }, sector, "kitchen");
  t.arena("bathroom", bath, sector);
  t.put(bath.x, bath.y, "basin");
  t.put(bath.x + 1, bath.y, "basin");
  t.put(bath.x + 3, bath.y + 3, "toilet");
  t.piece(bath.x, bath.y + 5, [["bathtub-l", "bathtub-r"]], false);
  t.object("sink", { x: bath.x, y: bath.y, w: 2, h: 2 }, sector, "bathroom");
  t.object("toilet", { x: bath.x + 3, y: bath.y + 3, w: 1, h: 2 }, sector, "bathroom");
  t.object("shower", { x: bath.x, y: bath.y + 5, w: 2, h: 1 }, sector, "bathroom");
  // The dorm garden, behind a hedge, in front of the building.
  const garden = { x: x0, y: y0 + H, w: W, h: 7 };
  t.arena("garden", garden, sector);
  const gy = y0 + H + 1;
  ["planter-cabbage", "planter-carrot", "planter-sprouts", "planter-flowers-0"].forEach((p, i) =>
    t.put(x0 + 12 + i * 2, gy + 1, p),
  );
  t.object("vegetable beds", { x: x0 + 11, y: gy, w: 9, h: 3 }, sector, "garden");
  t.piece(x0 + 2, gy + 2, [["picnic-l", "picnic-r"]]);
  t.object("picnic table", { x: x0 + 1, y: gy + 2, w: 4, h: 2 }, sector, "garden");
  t.put(x0 + 22, gy + 1, "tools");
  for (let y = y0 + H; y < y0 + H + 7; y++) t.surface[t.i(x0 + 6, y)] = "path";
  return beds;
}

function loft(t: TownBuilder, x0: number, y0: number, rooms: string[]): Record<string, Spot> {
  const sector = "Artists' loft";
  const W = 23,
    H = 15;
  t.building({ x: x0, y: y0, w: W, h: H }, "house", "rose");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 6, "house");
  t.vwall(x0 + 7, y0 + 1, y0 + 5, "house");
  t.vwall(x0 + 14, y0 + 1, y0 + 5, "house");
  t.vwall(x0 + 14, y0 + 7, y0 + H - 2, "house");
  t.hwall(x0 + 15, x0 + W - 2, y0 + 10, "house");
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const beds: Record<string, Spot> = {};
  const spans = [
    [1, 6],
    [8, 6],
    [15, 7],
  ];
  rooms.forEach((name, k) => {
    const [dx, w] = spans[k];
    const x = x0 + dx,
      y = y0 + 1;
    const r = { x, y, w, h: 5 };
    t.floor(r, wood);
    t.arena(name, r, sector);
    const door = x + 3;
    t.doorAt(door, y0 + 6);
    t.floor({ x: door, y: y0 + 6, w: 1, h: 1 }, wood);
    t.windows.add(t.i(x + 1, y0)).add(t.i(x + w - 2, y0));
    const bed = ["purple", "green", "red"][k];
    t.piece(x, y, [[`bed-${bed}-t`], [`bed-${bed}-b`]], false);
    t.put(x + 1, y, "nightstand");
    t.put(x + w - 1, y, "wardrobe");
    t.piece(x + w - 3, y + 3, [["desk-l", "desk-r"]]);
    t.put(x + w - 3, y + 4, "chair-up", false);
    t.rug({ x: x + 1, y: y + 2, w: 2, h: 2 });
    t.object("bed", { x, y, w: 1, h: 2 }, sector, name);
    t.object("desk", { x: x + w - 3, y: y + 3, w: 2, h: 2 }, sector, name);
    beds[name] = { x, y: y + 1 };
  });
  const studio = { x: x0 + 1, y: y0 + 7, w: 13, h: 7 };
  const kitchen = { x: x0 + 15, y: y0 + 7, w: 7, h: 3 };
  const bath = { x: x0 + 15, y: y0 + 11, w: 7, h: 3 };
  t.floor(studio, (x, y) => `floor-cafe-${(x * 7 + y) % 2}`);
  t.floor(kitchen, "floor-kitchen");
  t.floor(bath, "floor-bath");
  t.doorAt(x0 + 14, y0 + 8);
  t.floor({ x: x0 + 14, y: y0 + 8, w: 1, h: 1 }, "floor-kitchen");
  t.doorAt(x0 + 14, y0 + 12);
  t.floor({ x: x0 + 14, y: y0 + 12, w: 1, h: 1 }, "floor-bath");
  t.doorAt(x0 + 6, y0 + H - 1);
  t.floor({ x: x0 + 6, y: y0 + H - 1, w: 1, h: 1 }, "doormat");
  for (const x of [x0 + 2, x0 + 10, x0 + 17, x0 + 20]) t.windows.add(t.i(x, y0 + H - 1));
  t.arena("studio", studio, sector);
  t.put(studio.x + 2, studio.y, "easel");
  t.put(studio.x + 4, studio.y, "easel");
  t.put(studio.x + 6, studio.y, "easel");
  t.object("easels", { x: studio.x + 2, y: studio.y, w: 5, h: 2 }, sector, "studio");
  t.put(studio.x + 9, studio.y + 3, "crates");
  t.put(studio.x + 10, studio.y + 3, "barrel");
  t.object("sculpting bench", { x: studio.x + 8, y: studio.y + 3, w: 4, h: 2 }, sector, "studio");
  t.piece(studio.x + 1, studio.y + 5, [["table-l", "table-r"]]);
  t.put(studio.x + 3, studio.y + 5, "chair-left", false);
  t.put(studio.x, studio.y + 5, "chair-right", false);
  t.object("worktable", { x: studio.x, y: studio.y + 5, w: 4, h: 2 }, sector, "studio");
  t.put(studio.x + 12, studio.y, "plant-tall");
  t.put(studio.x + 8, studio.y, "bookshelf-1");
  t.piece(studio.x + 9, studio.y + 6, [["sofa-l", "sofa-r"]], false);
  t.object("sofa", { x: studio.x + 9, y: studio.y + 6, w: 2, h: 1 }, sector, "studio");
  t.arena("kitchen", kitchen, sector);
  t.put(kitchen.x, kitchen.y, "fridge");
  t.put(kitchen.x + 1, kitchen.y, "stove");
  t.put(kitchen.x + 2, kitchen.y, "counter-sink");
  t.put(kitchen.x + 5, kitchen.y + 1, "table-round-red");
  t.put(kitchen.x + 4, kitchen.y + 1, "chair-right", false);
  t.put(kitchen.x + 6, kitchen.y + 1, "chair-left", false);
  t.object("stove", { x: kitchen.x + 1, y: kitchen.y, w: 1, h: 2 }, sector, "kitchen");
  t.object("fridge", { x: kitchen.x, y: kitchen.y, w: 1, h: 2 }, sector, "kitchen");
  t.object("kitchen table", { x: kitchen.x + 4, y: kitchen.y + 1, w: 3, h: 2 }, sector, "kitchen");
  t.arena("bathroom", bath, sector);
  t.put(bath.x + 1, bath.y, "basin");
  t.put(bath.x + 6, bath.y, "toilet");
  t.piece(bath.x + 3, bath.y, [["bathtub-l", "bathtub-r"]], false);
  t.object("sink", { x: bath.x + 1, y: bath.y, w: 1, h: 2 }, sector, "bathroom");
  t.object("toilet", { x: bath.x + 6, y: bath.y, w: 1, h: 2 }, sector, "bathroom");
  t.object("bathtub", { x: bath.x + 3, y: bath.y, w: 2, h: 1 }, sector, "bathroom");
  return beds;
}

/** A shop front on Main Street: the front door in the north wall, an awning and a sign. */
function frontDoor(t: TownBuilder, x: number, y: number, floor: string, sign: string): void {
  t.doorAt(x, y);
  t.floor({ x, y, w: 1, h: 1 }, floor);
  t.put(x - 1, y - 1, sign);
  for (let dx = -3; dx <= 3; dx++)
    if (dx !== 0 && dx !== -1) t.put(x + dx, y - 1, `flowers-${(x + dx) % 2}`, false, "decor");
  // The path from Main Street to the door.
  for (let yy = 46; yy < y; yy++) t.surface[t.i(x, yy)] = "path";
}

function cafe(t: TownBuilder, x0: number, y0: number): void {
  const sector = "Hearth & Crumb cafe";
  const W = 20,
    H = 13;
  t.building({ x: x0, y: y0, w: W, h: H }, "cafe", "brick");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 8, "cafe");
  t.vwall(x0 + 14, y0 + 9, y0 + H - 2, "cafe");
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const dining = { x: x0 + 1, y: y0 + 1, w: W - 2, h: 7 };
  const kitchen = { x: x0 + 1, y: y0 + 9, w: 13, h: 3 };
  const restroom = { x: x0 + 15, y: y0 + 9, w: 4, h: 3 };
  t.floor(dining, (x, y) => `floor-cafe-${(x * 7 + y) % 2}`);
  t.floor(kitchen, "floor-kitchen");
  t.floor(restroom, "floor-bath");
  t.doorAt(x0 + 3, y0 + 8);
  t.floor({ x: x0 + 3, y: y0 + 8, w: 1, h: 1 }, "floor-kitchen");
  t.doorAt(x0 + 16, y0 + 8);
  t.floor({ x: x0 + 16, y: y0 + 8, w: 1, h: 1 }, "floor-bath");
  frontDoor(t, x0 + 10, y0, "floor-cafe-0", "sign-cafe");
  for (const x of [x0 + 3, x0 + 6, x0 + 14, x0 + 17]) t.windows.add(t.i(x, y0 + H - 1));
  for (const y of [y0 + 3, y0 + 6]) {
    t.windows.add(t.i(x0, y));
    t.windows.add(t.i(x0 + W - 1, y));
  }

  t.arena("dining room", dining, sector);
  const cy = y0 + 6;
  [
    "cafe-counter-l",
    "cafe-counter-pastries",
    "cafe-counter-coffee",
    "cafe-counter-m",
    "cafe-counter-register",
    "cafe-counter-taps",
    "cafe-counter-r",
  ].forEach((tile, i) => t.put(x0 + 4 + i, cy, tile));
  t.object("cafe counter", { x: x0 + 4, y: cy - 1, w: 7, h: 1 }, sector, "dining room");
  t.object("behind the counter", { x: x0 + 4, y: cy + 1, w: 7, h: 1 }, sector, "dining room");
  t.piece(x0 + 15, y0 + 1, [["piano-l", "piano-r"]]);
  t.put(x0 + 15, y0 + 2, "stool", false);
  t.object("piano", { x: x0 + 15, y: y0 + 1, w: 2, h: 2 }, sector, "dining room");
  const tables: [string, number, number, string][] = [
    ["window table", x0 + 3, y0 + 2, "table-round"],
    ["corner table", x0 + 13, y0 + 4, "table-round-red"],
    ["round table", x0 + 17, y0 + 5, "table-round-red"],
  ];
  for (const [name, x, y, tile] of tables) {
    t.put(x, y, tile);
    t.put(x - 1, y, "chair-right", false);
    t.put(x + 1, y, "chair-left", false);
    t.object(name, { x: x - 1, y, w: 3, h: 1 }, sector, "dining room");
  }
  t.piece(x0 + 6, y0 + 2, [["table-l", "table-r"]]);
  t.put(x0 + 6, y0 + 1, "chair-down", false);
  t.put(x0 + 7, y0 + 1, "chair-down", false);
  t.put(x0 + 6, y0 + 3, "chair-up", false);
  t.put(x0 + 7, y0 + 3, "chair-up", false);
  t.object("long table", { x: x0 + 6, y: y0 + 1, w: 2, h: 3 }, sector, "dining room");
  t.put(x0 + 1, y0 + 6, "plant-tall");
  t.put(x0 + 18, y0 + 7, "plant");
  t.put(x0 + 12, y0 + 1, "chalkboard");
  t.piece(x0 + 1, y0 + 4, [["sofa-blue-l", "sofa-blue-r"]], false);
  t.object("reading sofa", { x: x0 + 1, y: y0 + 4, w: 2, h: 1 }, sector, "dining room");
  t.arena("kitchen", kitchen, sector);
  const ky = y0 + 9;
  t.put(kitchen.x, ky + 2, "shelves-0");
  t.put(kitchen.x + 1, ky + 2, "fridge");
  t.put(kitchen.x + 3, ky + 2, "stove");
  t.put(kitchen.x + 4, ky + 2, "stove");
  t.put(kitchen.x + 6, ky + 2, "counter-l");
  t.put(kitchen.x + 7, ky + 2, "counter-bread");
  t.put(kitchen.x + 8, ky + 2, "counter-m");
  t.put(kitchen.x + 9, ky + 2, "counter-sink");
  t.put(kitchen.x + 10, ky + 2, "counter-r");
  t.put(kitchen.x + 12, ky + 2, "shelves-1");
  t.object("pantry", { x: kitchen.x, y: ky + 1, w: 1, h: 2 }, sector, "kitchen");
  t.object("fridge", { x: kitchen.x + 1, y: ky + 1, w: 1, h: 2 }, sector, "kitchen");
  t.object("oven", { x: kitchen.x + 3, y: ky + 1, w: 2, h: 2 }, sector, "kitchen");
  t.object("baking counter", { x: kitchen.x + 6, y: ky + 1, w: 3, h: 2 }, sector, "kitchen");
  t.object("sink", { x: kitchen.x + 9, y: ky + 1, w: 2, h: 2 }, sector, "kitchen");
  t.arena("restroom", restroom, sector);
  t.put(restroom.x, restroom.y + 2, "basin");
  t.put(restroom.x + 3, restroom.y + 2, "toilet");
  t.object("sink", { x: restroom.x, y: restroom.y + 1, w: 1, h: 2 }, sector, "restroom");
  t.object("toilet", { x: restroom.x + 3, y: restroom.y + 1, w: 1, h: 2 }, sector, "restroom");
}

function bar(t: TownBuilder, x0: number, y0: number): void {
  const sector = "The Tipsy Heron";
  const W = 21,
    H = 13;
  t.building({ x: x0, y: y0, w: W, h: H }, "bar", "green");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 8, "bar");
  t.vwall(x0 + 15, y0 + 9, y0 + H - 2, "bar");
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const room = { x: x0 + 1, y: y0 + 1, w: W - 2, h: 7 };
  const back = { x: x0 + 1, y: y0 + 9, w: 14, h: 3 };
  const restroom = { x: x0 + 16, y: y0 + 9, w: 4, h: 3 };
  t.floor(room, "floor-bar");
  t.floor(back, "floor-bar");
  t.floor(restroom, "floor-bath");
  t.doorAt(x0 + 8, y0 + 8);
  t.floor({ x: x0 + 8, y: y0 + 8, w: 1, h: 1 }, "floor-bar");
  t.doorAt(x0 + 17, y0 + 8);
  t.floor({ x: x0 + 17, y: y0 + 8, w: 1, h: 1 }, "floor-bath");
  frontDoor(t, x0 + 4, y0, "floor-bar", "sign-star");
  for (const x of [x0 + 4, x0 + 10, x0 + 17]) t.windows.add(t.i(x, y0 + H - 1));
  t.arena("bar room", room, sector);
  // The bar along the east side: shelves of bottles behind it.
  for (let y = y0 + 1; y <= y0 + 6; y++) t.put(x0 + W - 2, y, y % 2 ? "shelf-bottles" : "barrel");
  [
    "cafe-counter-l",
    "cafe-counter-taps",
    "cafe-counter-m",
    "cafe-counter-taps",
    "cafe-counter-register",
    "cafe-counter-r",
  ].forEach((tile, i) => t.put(x0 + 12 + i, y0 + 5, tile));
  for (let i = 0; i < 6; i++) t.put(x0 + 12 + i, y0 + 4, "stool", false);
  t.object("bar stools", { x: x0 + 12, y: y0 + 4, w: 6, h: 1 }, sector, "bar room");
  t.object("behind the bar", { x: x0 + 12, y: y0 + 6, w: 7, h: 2 }, sector, "bar room");
  for (const [name, x, y] of [
    ["booth", x0 + 2, y0 + 2],
    ["table by the window", x0 + 7, y0 + 2],
    ["table by the door", x0 + 7, y0 + 5],
  ] as const) {
    t.put(x, y, "table-round-red");
    t.put(x - 1, y, "chair-right", false);
    t.put(x + 1, y, "chair-left", false);
    t.object(name, { x: x - 1, y, w: 3, h: 1 }, sector, "bar room");
  }
  t.put(x0 + 1, y0 + 6, "microphone");
  t.put(x0 + 2, y0 + 6, "guitar");
  t.object("stage", { x: x0 + 1, y: y0 + 5, w: 3, h: 2 }, sector, "bar room");
  t.arena("back room", back, sector);
  t.piece(x0 + 4, y0 + 10, [["pool-l", "pool-r"]]);
  t.object("pool table", { x: x0 + 3, y: y0 + 9, w: 4, h: 3 }, sector, "back room");
  t.put(x0 + 10, y0 + 11, "crates");
  t.put(x0 + 11, y0 + 11, "barrel");
  t.put(x0 + 12, y0 + 11, "barrel");
  t.object("storage", { x: x0 + 10, y: y0 + 10, w: 3, h: 2 }, sector, "back room");
  t.put(x0 + 1, y0 + 9, "armchair", false);
  t.arena("restroom", restroom, sector);
  t.put(restroom.x, restroom.y + 2, "basin");
  t.put(restroom.x + 3, restroom.y + 2, "toilet");
  t.object("toilet", { x: restroom.x + 3, y: restroom.y + 1, w: 1, h: 2 }, sector, "restroom");
}

function townHall(t: TownBuilder, x0: number, y0: number, squareTop: number): void {
  const sector = "Oakmere town hall";
  const W = 25,
    H = 14;
  t.building({ x: x0, y: y0, w: W, h: H }, "school", "white");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 6, "school");
  t.vwall(x0 + 12, y0 + 7, y0 + H - 2, "school");
  t.sector(sector, { x: x0, y: squareTop, w: W, h: y0 + H - squareTop });
  const lobby = { x: x0 + 1, y: y0 + 1, w: W - 2, h: 5 };
  const chamber = { x: x0 + 1, y: y0 + 7, w: 11, h: 6 };
  const office = { x: x0 + 13, y: y0 + 7, w: 11, h: 6 };
  t.floor(lobby, "floor-hall");
  t.floor(chamber, wood);
  t.floor(office, wood);
  t.doorAt(x0 + 3, y0 + 6);
  t.floor({ x: x0 + 3, y: y0 + 6, w: 1, h: 1 }, wood);
  t.doorAt(x0 + 18, y0 + 6);
  t.floor({ x: x0 + 18, y: y0 + 6, w: 1, h: 1 }, wood);
  t.doorAt(x0 + 12, y0);
  t.floor({ x: x0 + 12, y: y0, w: 1, h: 1 }, "floor-hall");
  for (const x of [x0 + 3, x0 + 8, x0 + 16, x0 + 21]) t.windows.add(t.i(x, y0 + H - 1));
  t.arena("lobby", lobby, sector);
  ["cafe-counter-l", "cafe-counter-m", "cafe-counter-register", "cafe-counter-r"].forEach(
    (tile, i) => t.put(x0 + 16 + i, y0 + 2, tile),
  );
  t.object("front desk", { x: x0 + 16, y: y0 + 1, w: 4, h: 1 }, sector, "lobby");
  t.object("behind the front desk", { x: x0 + 16, y: y0 + 3, w: 4, h: 1 }, sector, "lobby");
  t.put(x0 + 3, y0 + 1, "notice-board");
  t.put(x0 + 4, y0 + 1, "notice-board");
  t.object("notice board", { x: x0 + 3, y: y0 + 1, w: 2, h: 2 }, sector, "lobby");
  t.piece(x0 + 2, y0 + 4, [["sofa-green-l", "sofa-green-r"]], false);
  t.object("waiting bench", { x: x0 + 2, y: y0 + 4, w: 2, h: 1 }, sector, "lobby");
  t.put(x0 + 1, y0 + 1, "plant-tall");
  t.put(x0 + W - 2, y0 + 1, "plant-tall");
  t.put(x0 + 9, y0 + 1, "flag");
  t.put(x0 + 15, y0 + 1, "flag");
  t.arena("council chamber", chamber, sector);
  t.put(chamber.x + 5, chamber.y, "podium");
  t.object("podium", { x: chamber.x + 5, y: chamber.y, w: 1, h: 2 }, sector, "council chamber");
  t.piece(chamber.x + 2, chamber.y + 2, [["table-l", "table-r"]]);
  t.piece(chamber.x + 7, chamber.y + 2, [["table-l", "table-r"]]);
  t.object(
    "council table",
    { x: chamber.x + 2, y: chamber.y + 2, w: 7, h: 2 },
    sector,
    "council chamber",
  );
  for (let row = 0; row < 2; row++)
    for (let k = 0; k < 4; k++)
      t.put(chamber.x + 2 + k * 2, chamber.y + 4 + row, "chair-up", false);
  t.object(
    "public seating",
    { x: chamber.x + 1, y: chamber.y + 4, w: 9, h: 2 },
    sector,
    "council chamber",
  );
  t.put(chamber.x, chamber.y, "flag");
  t.arena("mayor's office", office, sector);
  t.piece(office.x + 4, office.y + 1, [["desk-l", "desk-r"]]);
  t.put(office.x + 4, office.y + 2, "chair-up", false);
  t.object(
    "mayor's desk",
    { x: office.x + 4, y: office.y + 1, w: 2, h: 2 },
    sector,
    "mayor's office",
  );
  t.put(office.x, office.y, "bookshelf-1");
  t.put(office.x + 1, office.y, "bookshelf-0");
  t.put(office.x + 10, office.y, "flag");
  t.object("bookshelf", { x: office.x, y: office.y, w: 2, h: 2 }, sector, "mayor's office");
  t.put(office.x + 9, office.y + 4, "armchair-blue", false);
  t.put(office.x + 8, office.y + 4, "armchair-blue", false);
  t.object("armchairs", { x: office.x + 8, y: office.y + 4, w: 2, h: 1 }, sector, "mayor's office");
  t.put(office.x + 7, office.y, "computer");
  t.object("clerk's desk", { x: office.x + 7, y: office.y, w: 1, h: 2 }, sector, "mayor's office");
  t.put(office.x + 10, office.y + 5, "plant");

  // The square in front: cobbles, the fountain, benches, lamps, the flag and the notice board.
  const square = { x: x0, y: squareTop, w: W, h: y0 - squareTop };
  t.arena("town square", square, sector);
  t.surfaceRect(square, "plaza");
  const fx = x0 + 3;
  t.piece(fx, squareTop + 1, [
    ["fountain-tl", "fountain-tr"],
    ["fountain-bl", "fountain-br"],
  ]);
  t.object("fountain", { x: fx - 1, y: squareTop + 1, w: 4, h: 3 }, sector, "town square");
  t.piece(x0 + 8, squareTop + 1, [["bench-l", "bench-r"]], false);
  t.piece(x0 + 15, squareTop + 1, [["bench-l", "bench-r"]], false);
  t.object("square bench", { x: x0 + 8, y: squareTop + 1, w: 2, h: 1 }, sector, "town square");
  t.object(
    "bench by the hall",
    { x: x0 + 15, y: squareTop + 1, w: 2, h: 1 },
    sector,
    "town square",
  );
  t.put(x0 + 20, squareTop + 1, "notice-board");
  t.object("campaign board", { x: x0 + 20, y: squareTop + 1, w: 1, h: 2 }, sector, "town square");
  t.put(x0 + 22, squareTop + 1, "flag");
  t.put(x0 + 11, squareTop, "lamp");
  t.put(x0 + 13, squareTop, "lamp");
  t.put(x0, squareTop, "lamp");
  t.put(x0 + W - 1, squareTop, "lamp");
}

function market(t: TownBuilder, x0: number, y0: number): void {
  const sector = "Oakmere Market and Pharmacy";
  const W = 27,
    H = 13;
  t.building({ x: x0, y: y0, w: W, h: H }, "shop", "white");
  t.vwall(x0 + 17, y0 + 1, y0 + H - 2, "shop");
  t.hwall(x0 + 1, x0 + 16, y0 + 9, "shop");
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const grocery = { x: x0 + 1, y: y0 + 1, w: 16, h: 8 };
  const store = { x: x0 + 1, y: y0 + 10, w: 16, h: 2 };
  const pharmacy = { x: x0 + 18, y: y0 + 1, w: 8, h: 11 };
  t.floor(grocery, "floor-shop");
  t.floor(store, "floor-stone");
  t.floor(pharmacy, "floor-shop");
  t.doorAt(x0 + 17, y0 + 4);
  t.floor({ x: x0 + 17, y: y0 + 4, w: 1, h: 1 }, "floor-shop");
  t.doorAt(x0 + 14, y0 + 9);
  t.floor({ x: x0 + 14, y: y0 + 9, w: 1, h: 1 }, "floor-stone");
  frontDoor(t, x0 + 6, y0, "floor-shop", "sign-apple");
  frontDoor(t, x0 + 22, y0, "floor-shop", "sign-pill");
  for (const x of [x0 + 3, x0 + 9, x0 + 15, x0 + 21, x0 + 24]) t.windows.add(t.i(x, y0 + H - 1));
  t.arena("grocery", grocery, sector);
  for (const row of [y0 + 3, y0 + 6])
    for (let k = 0; k < 8; k++) if (k !== 4) t.put(x0 + 4 + k, row, `shelf-food-${(k + row) % 2}`);
  t.object("grocery shelves", { x: x0 + 3, y: y0 + 3, w: 10, h: 4 }, sector, "grocery");
  for (let k = 0; k < 5; k++) t.put(x0 + 1 + k, y0 + 8, k % 2 ? "crates" : "barrel");
  t.object("produce stand", { x: x0 + 1, y: y0 + 7, w: 5, h: 2 }, sector, "grocery");
  ["counter-l", "counter-m", "cafe-counter-register"].forEach((tile, i) =>
    t.put(x0 + 13 + i, y0 + 2, tile),
  );
  t.object("grocery counter", { x: x0 + 13, y: y0 + 1, w: 3, h: 1 }, sector, "grocery");
  t.object("behind the grocery counter", { x: x0 + 13, y: y0 + 3, w: 3, h: 1 }, sector, "grocery");
  t.put(x0 + 16, y0 + 8, "fridge");
  t.put(x0 + 1, y0 + 1, "plant");
  t.arena("storeroom", store, sector);
  for (let k = 0; k < 10; k++) t.put(x0 + 1 + k, y0 + 10, k % 3 ? "crates" : "barrel");
  t.object("stacked crates", { x: x0 + 1, y: y0 + 10, w: 10, h: 2 }, sector, "storeroom");
  t.arena("pharmacy", pharmacy, sector);
  for (let k = 0; k < 3; k++) t.put(pharmacy.x + 7, pharmacy.y + 3 + k * 2, "shelf-meds");
  for (let k = 0; k < 4; k++) t.put(pharmacy.x + 1 + k, pharmacy.y + 10, "shelf-meds");
  t.object(
    "medicine shelves",
    { x: pharmacy.x + 1, y: pharmacy.y + 9, w: 4, h: 2 },
    sector,
    "pharmacy",
  );
  ["counter-l", "cafe-counter-register", "counter-r"].forEach((tile, i) =>
    t.put(pharmacy.x + 2 + i, pharmacy.y + 6, tile),
  );
  t.object(
    "pharmacy counter",
    { x: pharmacy.x + 2, y: pharmacy.y + 5, w: 3, h: 1 },
    sector,
    "pharmacy",
  );
  t.object(
    "behind the pharmacy counter",
    { x: pharmacy.x + 2, y: pharmacy.y + 7, w: 3, h: 1 },
    sector,
    "pharmacy",
  );
  t.put(pharmacy.x, pharmacy.y + 4, "plant-tall");
  t.put(pharmacy.x + 7, pharmacy.y + 10, "computer");
}

function supplyStore(t: TownBuilder, x0: number, y0: number): void {
  const sector = "Cobb's Supply Store";
  const W = 22,
    H = 13;
  t.building({ x: x0, y: y0, w: W, h: H }, "shop", "yellow");
  t.hwall(x0 + 1, x0 + W - 2, y0 + 8, "shop");
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const floor = { x: x0 + 1, y: y0 + 1, w: W - 2, h: 7 };
  const workshop = { x: x0 + 1, y: y0 + 9, w: W - 2, h: 3 };
  t.floor(floor, wood);
  t.floor(workshop, "floor-stone");
  t.doorAt(x0 + 17, y0 + 8);
  t.floor({ x: x0 + 17, y: y0 + 8, w: 1, h: 1 }, "floor-stone");
  frontDoor(t, x0 + 5, y0, wood(x0 + 5, y0), "sign-hammer");
  for (const x of [x0 + 4, x0 + 11, x0 + 18]) t.windows.add(t.i(x, y0 + H - 1));
  t.arena("shop floor", floor, sector);
  for (let k = 0; k < 6; k++) t.put(x0 + 8 + k, y0 + 3, k % 2 ? "shelf-tools" : "shelves-0");
  for (let k = 0; k < 6; k++) t.put(x0 + 8 + k, y0 + 6, k % 2 ? "shelves-1" : "shelf-tools");
  t.object("product shelves", { x: x0 + 8, y: y0 + 3, w: 6, h: 5 }, sector, "shop floor");
  ["counter-l", "cafe-counter-register", "counter-r"].forEach((tile, i) =>
    t.put(x0 + 2 + i, y0 + 5, tile),
  );
  t.object("supply store counter", { x: x0 + 2, y: y0 + 4, w: 3, h: 1 }, sector, "shop floor");
  t.object(
    "behind the supply store counter",
    { x: x0 + 2, y: y0 + 6, w: 3, h: 1 },
    sector,
    "shop floor",
  );
  for (let y = y0 + 1; y <= y0 + 6; y += 2) t.put(x0 + W - 2, y, "crates");
  t.put(x0 + 1, y0 + 1, "barrel");
  t.arena("workshop", workshop, sector);
  t.piece(x0 + 3, y0 + 10, [["desk-l", "desk-r"]]);
  t.put(x0 + 3, y0 + 11, "chair-up", false);
  t.object("workbench", { x: x0 + 3, y: y0 + 10, w: 2, h: 2 }, sector, "workshop");
  t.put(x0 + 7, y0 + 9, "shelf-tools");
  t.put(x0 + 8, y0 + 9, "shelf-tools");
  t.object("tool wall", { x: x0 + 7, y: y0 + 9, w: 2, h: 2 }, sector, "workshop");
  t.put(x0 + 12, y0 + 11, "crates");
  t.put(x0 + 13, y0 + 11, "crates");
  t.put(x0 + 14, y0 + 11, "barrel");
}

function park(t: TownBuilder, x0: number, y0: number, W: number, H: number): void {
  const sector = "Larkspur Park";
  t.sector(sector, { x: x0, y: y0, w: W, h: H });
  const half = Math.floor(W / 2);
  const lawn = { x: x0, y: y0, w: half, h: 11 };
  const pond = { x: x0 + half, y: y0, w: W - half, h: 11 };
  const garden = { x: x0, y: y0 + 11, w: half, h: H - 11 };
  const playground = { x: x0 + half, y: y0 + 11, w: W - half, h: H - 11 };
  t.arena("lawn", lawn, sector);
  t.arena("pond", pond, sector);
  t.arena("community garden", garden, sector);
  t.arena("picnic meadow", playground, sector);
  // Lawn: a bandstand of cobbles with benches, lamps and a picnic table.
  t.surfaceRect({ x: x0 + 3, y: y0 + 3, w: 8, h: 5 }, "plaza");
  t.put(x0 + 6, y0 + 4, "microphone");
  t.put(x0 + 7, y0 + 4, "harp");
  t.object("bandstand", { x: x0 + 3, y: y0 + 3, w: 8, h: 5 }, sector, "lawn");
  t.piece(x0 + 3, y0 + 1, [["bench-l", "bench-r"]], false);
  t.piece(x0 + 9, y0 + 1, [["bench-l", "bench-r"]], false);
  t.object("lawn bench", { x: x0 + 3, y: y0 + 1, w: 2, h: 1 }, sector, "lawn");
  t.object("sunny bench", { x: x0 + 9, y: y0 + 1, w: 2, h: 1 }, sector, "lawn");
  t.put(x0 + 2, y0 + 3, "lamp");
  t.put(x0 + 11, y0 + 3, "lamp");
  t.piece(x0 + 14, y0 + 8, [["picnic-l", "picnic-r"]]);
  t.object("picnic table", { x: x0 + 13, y: y0 + 8, w: 4, h: 2 }, sector, "lawn");
  t.bigTree(x0 + 15, y0 + 2, 1);
  t.bigTree(x0 + 1, y0 + 8, 0);
  t.put(x0 + 18, y0 + 1, "flowers-0", false, "decor");
  t.put(x0 + 8, y0 + 9, "flowers-1", false, "decor");
  // Pond.
  const px = x0 + half + 2;
  t.surfaceRect({ x: px, y: y0 + 1, w: W - half - 5, h: 6 }, "water");
  for (const [x, y] of [
    [px, y0 + 1],
    [px + W - half - 6, y0 + 6],
    [px + W - half - 6, y0 + 1],
  ]) {
    t.surface[t.i(x, y)] = "";
    t.blocked[t.i(x, y)] = false;
  }
  t.put(px + 3, y0 + 3, "lily", true, "decor");
  t.put(px + 8, y0 + 2, "duck", true, "decor");
  t.put(px + 11, y0 + 5, "duck", true, "decor");
  t.put(px + 14, y0 + 4, "lily", true, "decor");
  t.object("pond", { x: px, y: y0 + 1, w: W - half - 5, h: 7 }, sector, "pond");
  t.piece(px + 5, y0 + 8, [["bench-l", "bench-r"]], false);
  t.object("pond bench", { x: px + 5, y: y0 + 8, w: 2, h: 1 }, sector, "pond");
  t.put(px - 1, y0 + 8, "rock");
  t.bigTree(x0 + W - 3, y0 + 8, 0);
  // Community garden.
  const gy = y0 + 13;
  const crops = [
    "planter-cabbage",
    "planter-carrot",
    "planter-sprouts",
    "planter-cabbage",
    "planter-carrot",
  ];
  crops.forEach((b, i) => {
    t.put(x0 + 2 + i, gy, b);
    t.put(x0 + 2 + i, gy + 2, crops[(i + 2) % 5]);
  });
  t.object("vegetable patch", { x: x0 + 1, y: gy - 1, w: 7, h: 5 }, sector, "community garden");
  for (let i = 0; i < 5; i++) {
    t.put(x0 + 10 + i, gy, `planter-flowers-${i % 2}`);
    t.put(x0 + 10 + i, gy + 2, `planter-flowers-${(i + 1) % 2}`);
  }
  t.object("flower beds", { x: x0 + 9, y: gy - 1, w: 7, h: 5 }, sector, "community garden");
  t.put(x0 + 17, gy + 3, "tools");
  t.object("garden shed", { x: x0 + 17, y: gy + 2, w: 2, h: 2 }, sector, "community garden");
  t.bigTree(x0 + 17, gy - 1, 2);
  t.put(x0 + 1, gy + 5, "bush-berries");
  t.put(x0 + 8, gy + 5, "flowers-0", false, "decor");
  // Picnic meadow: picnic tables under trees, benches.
  const mx = x0 + half + 2;
  t.piece(mx + 1, gy, [["picnic-l", "picnic-r"]]);
  t.piece(mx + 8, gy + 2, [["picnic-l", "picnic-r"]]);
  t.object("picnic tables", { x: mx, y: gy - 1, w: 11, h: 5 }, sector, "picnic meadow");
  t.bigTree(mx + 13, gy - 1, 1);
  t.bigTree(mx + 4, gy + 3, 2);
  t.piece(mx + 14, gy + 4, [["bench-l", "bench-r"]], false);
  t.object("meadow bench", { x: mx + 14, y: gy + 4, w: 2, h: 1 }, sector, "picnic meadow");
  t.put(mx + 10, gy + 5, "flowers-1", false, "decor");
}

/** Beyond town: fields and an orchard along the road, a lake, the woods. Scenery, no places. */
function countryside(t: TownBuilder, y0: number): void {
  // Fields west of the road: rows of crops with dirt paths between them.
  for (let row = 0; row < 5; row++) {
    const y = y0 + 4 + row * 3;
    for (let x = 6; x < 34; x++)
      t.put(x, y, ["planter-cabbage", "planter-carrot", "planter-sprouts"][row % 3]);
    for (let x = 6; x < 34; x++) t.surface[t.i(x, y + 1)] = "path";
  }
  t.put(4, y0 + 2, "fence-2");
  for (let x = 5; x < 35; x++) t.put(x, y0 + 2, x === 34 ? "fence-8" : "fence-10");
  // An orchard east of the fields.
  for (let row = 0; row < 3; row++)
    for (let k = 0; k < 5; k++)
      t.bigTree(40 + k * 5 + (row % 2) * 2, y0 + 3 + row * 5, row === 1 ? 2 : k % 2);
  // The lake.
  t.surfaceRect({ x: 88, y: y0 + 4, w: 24, h: 12 }, "water");
  for (const [x, y] of [
    [88, y0 + 4],
    [111, y0 + 4],
    [88, y0 + 15],
    [111, y0 + 15],
    [89, y0 + 4],
    [88, y0 + 5],
  ]) {
    t.surface[t.i(x, y)] = "";
    t.blocked[t.i(x, y)] = false;
  }
  t.put(95, y0 + 8, "duck", true, "decor");
  t.put(101, y0 + 11, "duck", true, "decor");
  t.put(106, y0 + 7, "lily", true, "decor");
  t.put(92, y0 + 12, "lily", true, "decor");
  t.piece(99, y0 + 17, [["bench-l", "bench-r"]], false);
  for (let x = 86; x <= 113; x++)
    if (x % 2 === 0) t.put(x, y0 + 19, "flowers-" + (x % 4 ? 1 : 0), false, "decor");
  // Woods to the east and west.
  for (let k = 0; k < 10; k++)
    t.pine(116 + (k % 5) * 4, y0 + 2 + Math.floor(k / 5) * 7 + (k % 2) * 2);
  for (let k = 0; k < 6; k++) t.bigTree(116 + (k % 3) * 7, y0 + 16 + Math.floor(k / 3) * 4, k % 2);
  for (let k = 0; k < 6; k++) t.pine(4 + k * 5, y0 + 21 + (k % 2));
  t.put(60, y0 + 10, "rock");
  t.put(77, y0 + 6, "stump");
  t.put(74, y0 + 18, "rock");
  t.put(63, y0 + 20, "stump");
  t.put(58, y0 + 5, "bush-berries");
  t.put(80, y0 + 14, "bush");
}

/**
 * Trees, bushes and flowers on open grass: on a jittered grid, never within two tiles of a
 * building, path, place or anything else, so they cannot close off a pocket of walkable ground.
 */
function scenery(t: TownBuilder): void {
  const inSector = new Uint8Array(t.width * t.height);
  for (const s of t.sectors)
    for (let y = s.y; y < s.y + s.h; y++)
      for (let x = s.x; x < s.x + s.w; x++) inSector[t.i(x, y)] = 1;
  const busy = (x: number, y: number) => {
    if (!t.in(x, y)) return true;
    const k = t.i(x, y);
    return (
      inSector[k] === 1 ||
      t.blocked[k] ||
      t.surface[k] !== "" ||
      t.furniture[k] !== "" ||
      t.above[k] !== "" ||
      t.decor[k] !== "" ||
      t.wallKind[k] !== ""
    );
  };
  const clear = (x0: number, y0: number, w: number, h: number, margin: number) => {
    for (let y = y0 - margin; y < y0 + h + margin; y++)
      for (let x = x0 - margin; x < x0 + w + margin; x++) if (busy(x, y)) return false;
    return true;
  };
  let seed = 7;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) / 16777216;
  };
  for (let gy = 3; gy < t.height - 4; gy += 4)
    for (let gx = 3; gx < t.width - 4; gx += 5) {
      const x = gx + Math.floor(rnd() * 3),
        y = gy + Math.floor(rnd() * 2);
      const roll = rnd();
      if (roll < 0.42 && clear(x, y, 2, 2, 2)) t.bigTree(x, y, Math.floor(rnd() * 3));
      else if (roll < 0.52 && clear(x, y, 1, 2, 2)) t.pine(x, y);
      else if (roll < 0.62 && clear(x, y, 1, 1, 2))
        t.put(x, y, rnd() < 0.5 ? "bush" : "bush-berries");
      else if (roll < 0.68 && clear(x, y, 1, 1, 2)) t.put(x, y, rnd() < 0.5 ? "rock" : "stump");
    }
  for (let k = 0; k < 260; k++) {
    const x = 2 + Math.floor(rnd() * (t.width - 4)),
      y = 2 + Math.floor(rnd() * (t.height - 4));
    if (clear(x, y, 1, 1, 0)) t.put(x, y, `flowers-${k % 2}`, false, "decor");
  }
}

export interface Base25 {
  town: TownBuilder;
  /** Bed tile of each home arena ("Okafor house:Ada's bedroom"). */
  beds: Record<string, Spot>;
}

export function buildBase25(): Base25 {
  const t = new TownBuilder(MAP_W, MAP_H);
  for (let y = 0; y < MAP_H; y++)
    for (let x = 0; x < MAP_W; x++) t.ground[t.i(x, y)] = grassAt(x, y);
  // The forest around the town: the outer two rings are trees and never walkable.
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

  // Streets: Elm Lane along the houses, Main Street (cobbled) through town, the lanes between
  // them, and the road south to the fields and the lake.
  const ELM = 17,
    MAIN = 43;
  t.surfaceRect({ x: 2, y: ELM, w: MAP_W - 4, h: 2 }, "path");
  t.surfaceRect({ x: 2, y: MAIN, w: MAP_W - 4, h: 3 }, "plaza");
  t.surfaceRect({ x: 39, y: ELM + 2, w: 2, h: MAIN - ELM - 2 }, "path");
  t.surfaceRect({ x: 68, y: ELM + 2, w: 2, h: MAIN - ELM - 2 }, "path");
  t.surfaceRect({ x: 93, y: ELM + 2, w: 2, h: MAIN - ELM - 2 }, "path");
  t.surfaceRect({ x: 82, y: MAIN + 3, w: 2, h: MAP_H - MAIN - 5 }, "path");
  t.surfaceRect({ x: 2, y: 66, w: MAP_W - 4, h: 2 }, "path");
  t.surfaceRect({ x: 24, y: MAIN + 3, w: 2, h: 66 - MAIN - 3 }, "path");
  t.surfaceRect({ x: 112, y: MAIN + 3, w: 2, h: 66 - MAIN - 3 }, "path");

  const beds: Record<string, Spot> = {};
  const add = (sector: string, b: Record<string, Spot>) => {
    for (const [k, v] of Object.entries(b)) beds[`${sector}:${k}`] = v;
  };
  const homes: [number, string, string, number, { name: string; bed: string }[]][] = [
    [3, "Delgado house", "blue", 0, [{ name: "bedroom", bed: "red" }]],
    [
      19,
      "Okafor house",
      "cream",
      1,
      [
        { name: "Grace and Samuel's bedroom", bed: "blue" },
        { name: "Ada's bedroom", bed: "purple" },
      ],
    ],
    [42, "Lindqvist cottage", "sage", 2, [{ name: "bedroom", bed: "green" }]],
    [56, "Marlowe house", "white", 3, [{ name: "bedroom", bed: "purple" }]],
    [
      71,
      "Hayes house",
      "yellow",
      4,
      [
        { name: "Daniel and Priya's bedroom", bed: "red" },
        { name: "Arjun's bedroom", bed: "green" },
      ],
    ],
    [91, "Pike house", "rose", 5, [{ name: "bedroom", bed: "blue" }]],
  ];
  for (const [x0, sector, siding, v, bedrooms] of homes)
    add(sector, house(t, { x0, y0: 3, sector, siding, v, bedrooms, street: ELM }));
  add(
    "Maple Court apartments",
    apartments(t, 105, 3, ["flat 1", "flat 2", "flat 3", "flat 4", "flat 5"]),
  );
  college(t, 3, 21);
  add(
    "College dorm",
    dorm(t, 42, 20, ["Kenji's room", "Sofia's room", "Ben's room", "Mira's room"]),
  );
  add("Artists' loft", loft(t, 71, 21, ["Iris's room", "Calum's room", "Yuki's room"]));
  park(t, 96, 20, 41, 22);
  cafe(t, 3, 48);
  bar(t, 27, 48);
  townHall(t, 55, 52, 47);
  market(t, 85, 48);
  supplyStore(t, 115, 48);
  countryside(t, 68);

  // Paths from the doors to the streets.
  for (let y = 42; y < MAIN; y++) t.surface[t.i(25, y)] = "path"; // college front door
  for (let y = 35; y < MAIN; y++) t.surface[t.i(48, y)] = "path"; // dorm garden gate
  for (let y = 36; y < MAIN; y++) t.surface[t.i(77, y)] = "path"; // loft
  t.surface[t.i(38, 33)] = "path"; // the college's east door to the lane
  // A lane into the park from Main Street, and a path across it from the lane by the loft.
  t.surfaceRect({ x: 115, y: 31, w: 3, h: 12 }, "path");
  t.surfaceRect({ x: 95, y: 30, w: 20, h: 1 }, "path");
  // Street lamps and trees along the streets.
  for (let x = 8; x < MAP_W - 4; x += 12) {
    t.put(x, MAIN - 1, "lamp");
    if (!t.blocked[t.i(x + 6, ELM + 2)] && !t.surface[t.i(x + 6, ELM + 2)])
      t.put(x + 6, ELM + 2, "lamp");
  }
  for (const x of [10, 30, 50, 62, 88, 100, 124]) if (!t.surface[t.i(x, 65)]) t.put(x, 64, "bush");
  // Cars parked on Main Street's south side.
  t.piece(47, MAIN + 3, [["car-red-l", "car-red-r"]]);
  t.piece(86, MAIN + 3, [["car-blue-l", "car-blue-r"]]);
  t.piece(108, MAIN + 3, [["car-yellow-l", "car-yellow-r"]]);
  scenery(t);
  // Hedges behind the houses, trees along the back of the lots.
  for (const x of [16, 17, 38, 39, 54, 69, 70, 89, 90, 104])
    if (!t.blocked[t.i(x, 3)]) t.bigTree(x - (x % 2), 2, x % 3, true);

  // A hedge along the back of the lots, between the houses and the forest.
  for (let x = 2; x < MAP_W - 2; x++)
    if (!t.blocked[t.i(x, 2)]) {
      t.blocked[t.i(x, 2)] = true;
      t.furniture[t.i(x, 2)] = "hedge";
    }
  for (let x = 2; x < MAP_W - 2; x++)
    if (t.furniture[t.i(x, 2)] === "hedge") {
      const w = t.furniture[t.i(x - 1, 2)].startsWith("hedge") ? 8 : 0,
        e = t.furniture[t.i(x + 1, 2)].startsWith("hedge") ? 2 : 0;
      t.furniture[t.i(x, 2)] = `hedge-${w | e}`;
    }

  // Spawn points: each resident by their bed; visitors on the town square.
  for (const r of residents) {
    const bed = beds[r.homeKey];
    if (!bed) throw new Error(`no bed for ${r.id} at "${r.homeKey}"`);
    t.spawns.push({ name: r.id, x: bed.x, y: bed.y + (r.bedSide ?? 0) });
  }
  t.spawns.push({ name: "visitors", x: 67, y: 50 });
  return { town: t, beds };
}

export function townJson(b: Base25): string {
  return writeTownJson(b.town, WORLD, START);
}

export function personasJson(): string {
  const out = residents.map(({ homeKey: _h, bedSide: _b, ...p }) => ({
    ...p,
    home: `${WORLD}:${p.home}`,
    spawn: p.id,
    schedule: p.schedule.map((s) => ({ ...s, address: `${WORLD}:${s.address}` })),
  }));
  return (
    JSON.stringify({ residents: out }, null, 2).replace(
      /\{\n\s+"at": (.*),\n\s+"action": (.*),\n\s+"emoji": (.*),\n\s+"address": (.*)\n\s+\}/g,
      '{ "at": $1, "action": $2, "emoji": $3, "address": $4 }',
    ) + "\n"
  );
}

export function makeBase25(dir: string): void {
  writeFileSync(`${dir}/town.json`, townJson(buildBase25()));
  writeFileSync(`${dir}/personas.json`, personasJson());
}
