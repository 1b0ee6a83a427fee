// A house of our towns, as a piece of the town builder: Oakmere's houses along Elm Lane
// (assets/scripts/make-base-25.ts) and the houses of generated towns (townLayout.ts).
import type { Rect, TownBuilder } from "./townBuilder.ts";

export type Spot = { x: number; y: number };

export const wood = (x: number, y: number) => `floor-wood-${(x + y * 3) % 2}`;

/**
 * A house facing south onto a street: one or two bedrooms and a bathroom at the back, kitchen and
 * living room at the front, a path from the front door down to the street's first row (`street`).
 * Returns each bedroom's bed (its lower tile), by room name. 13 tiles wide with one bedroom, 18
 * with two; 12 high.
 */
export function house(
  t: TownBuilder,
  o: {
    x0: number;
    y0: number;
    sector: string;
    siding: string;
    v: number;
    bedrooms: { name: string; bed: string }[];
    street: number;
  },
): Record<string, Spot> {
  const { x0, y0, sector, v } = o;
  const two = o.bedrooms.length === 2;
  const W = two ? 18 : 13;
  t.building({ x: x0, y: y0, w: W, h: 12 }, "house", o.siding);
  t.hwall(x0 + 1, x0 + W - 2, y0 + 5, "house");
  t.vwall(x0 + 7, y0 + 1, y0 + 4, "house");
  if (two) t.vwall(x0 + 13, y0 + 1, y0 + 4, "house");
  t.vwall(x0 + 5, y0 + 6, y0 + 10, "house");
  const bath = two ? { x: x0 + 14, y: y0 + 1, w: 3, h: 4 } : { x: x0 + 8, y: y0 + 1, w: 4, h: 4 };
  const rooms: { name: string; r: Rect; bed: string; door: number }[] = [
    {
      name: o.bedrooms[0].name,
      r: { x: x0 + 1, y: y0 + 1, w: 6, h: 4 },
      bed: o.bedrooms[0].bed,
      door: x0 + 6,
    },
  ];
  if (two)
    rooms.push({
      name: o.bedrooms[1].name,
      r: { x: x0 + 8, y: y0 + 1, w: 5, h: 4 },
      bed: o.bedrooms[1].bed,
      door: x0 + 10,
    });
  const bathDoor = two ? x0 + 15 : x0 + 10;
  for (const r of rooms) t.doorAt(r.door, y0 + 5);
  t.doorAt(bathDoor, y0 + 5);
  t.doorAt(x0 + 5, y0 + 8);
  const front = x0 + 8;
  t.doorAt(front, y0 + 11);
  for (const x of [x0 + 3, x0 + W - 3]) t.windows.add(t.i(x, y0 + 11));
  for (const x of [x0 + 3, x0 + 9, ...(two ? [x0 + 15] : [])]) t.windows.add(t.i(x, y0));

  const kitchen = { x: x0 + 1, y: y0 + 6, w: 4, h: 5 };
  const living = { x: x0 + 6, y: y0 + 6, w: W - 7, h: 5 };
  for (const r of rooms) t.floor(r.r, wood);
  t.floor(bath, "floor-bath");
  t.floor(kitchen, "floor-kitchen");
  t.floor(living, wood);
  for (const r of rooms) t.floor({ x: r.door, y: y0 + 5, w: 1, h: 1 }, wood);
  t.floor({ x: bathDoor, y: y0 + 5, w: 1, h: 1 }, "floor-bath");
  t.floor({ x: x0 + 5, y: y0 + 8, w: 1, h: 1 }, wood);
  t.floor({ x: front, y: y0 + 11, w: 1, h: 1 }, "doormat");

  t.sector(sector, { x: x0, y: y0, w: W, h: 13 });
  const beds: Record<string, Spot> = {};
  rooms.forEach((room, k) => {
    const { x, y } = room.r;
    t.arena(room.name, room.r, sector);
    t.piece(x, y, [[`bed-${room.bed}-t`], [`bed-${room.bed}-b`]], false);
    t.put(x + 1, y, "nightstand");
    t.piece(x + 2, y, [["desk-l", "desk-r"]]);
    t.put(x + 2, y + 1, "chair-up", false);
    t.put(x + 4, y, "wardrobe");
    if (room.r.w === 6) {
      t.put(x, y + 3, (v + k) % 2 ? "plant-tall" : "plant");
      t.rug({ x: x + 1, y: y + 2, w: 3, h: 2 });
      if (v % 3 === 0 && k === 0) {
        t.put(x + 5, y, "easel");
        t.object("easel", { x: x + 5, y, w: 1, h: 2 }, sector, room.name);
      } else if (v % 3 === 1 && k === 0) {
        t.put(x + 5, y, "guitar");
        t.object("guitar", { x: x + 5, y, w: 1, h: 2 }, sector, room.name);
      } else t.put(x + 5, y, "bookshelf-0");
    }
    t.object("bed", { x, y, w: 1, h: 2 }, sector, room.name);
    t.object("desk", { x: x + 2, y, w: 2, h: 2 }, sector, room.name);
    t.object("wardrobe", { x: x + 4, y, w: 1, h: 2 }, sector, room.name);
    beds[room.name] = { x, y: y + 1 };
  });
  t.arena("bathroom", bath, sector);
  t.put(bath.x, bath.y, "basin");
  t.put(bath.x + bath.w - 1, bath.y, "toilet");
  t.piece(bath.x, bath.y + 3, [["bathtub-l", "bathtub-r"]], false);
  t.object("sink", { x: bath.x, y: bath.y, w: 1, h: 2 }, sector, "bathroom");
  t.object("toilet", { x: bath.x + bath.w - 1, y: bath.y, w: 1, h: 2 }, sector, "bathroom");
  t.object("bathtub", { x: bath.x, y: bath.y + 3, w: 2, h: 1 }, sector, "bathroom");

  const ky = y0 + 6;
  t.arena("kitchen", kitchen, sector);
  t.put(x0 + 1, ky, "fridge");
  t.put(x0 + 2, ky, "stove");
  t.put(x0 + 3, ky, "counter-sink");
  t.put(x0 + 4, ky, v % 2 ? "counter-bread" : "counter-r");
  t.piece(x0 + 2, ky + 2, [["table-l", "table-r"]]);
  t.put(x0 + 1, ky + 2, "chair-right", false);
  t.put(x0 + 4, ky + 2, "chair-left", false);
  t.put(x0 + 2, ky + 3, "chair-up", false);
  t.put(x0 + 3, ky + 3, "chair-up", false);
  t.put(x0 + 1, ky + 4, v % 2 ? "shelves-1" : "shelves-0");
  t.object("fridge", { x: x0 + 1, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("stove", { x: x0 + 2, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("kitchen sink", { x: x0 + 3, y: ky, w: 1, h: 2 }, sector, "kitchen");
  t.object("kitchen table", { x: x0 + 1, y: ky + 2, w: 4, h: 2 }, sector, "kitchen");

  const lx = x0 + 6;
  t.arena("living room", living, sector);
  const sofas = ["sofa", "sofa-blue", "sofa-green", "sofa-red"];
  const sofa = sofas[v % sofas.length];
  t.put(lx + 1, ky, v % 2 ? "bookshelf-1" : "bookshelf-0");
  t.piece(lx + 2, ky, [["fireplace-l", "fireplace-r"]]);
  t.put(lx + living.w - 1, ky, "plant-tall");
  t.rug({ x: lx + 1, y: ky + 2, w: 4, h: 2 });
  t.piece(lx + 1, ky + 2, [[`${sofa}-l`, `${sofa}-r`]], false);
  t.put(lx + 4, ky + 2, ["armchair", "armchair-green", "armchair-blue"][v % 3], false);
  t.put(lx + 5, ky + 2, ["tv", "floor-lamp", "tv"][v % 3]);
  if (two) {
    t.piece(lx + 7, ky + 2, [["piano-l", "piano-r"]]);
    t.object("piano", { x: lx + 7, y: ky + 2, w: 2, h: 2 }, sector, "living room");
  }
  t.put(lx, ky + 4, "plant");
  t.object("bookshelf", { x: lx + 1, y: ky, w: 1, h: 2 }, sector, "living room");
  t.object("fireplace", { x: lx + 2, y: ky, w: 2, h: 2 }, sector, "living room");
  t.object("sofa", { x: lx + 1, y: ky + 2, w: 2, h: 1 }, sector, "living room");
  t.object("armchair", { x: lx + 4, y: ky + 2, w: 1, h: 1 }, sector, "living room");
  if (v % 3 !== 1)
    t.object("television", { x: lx + 5, y: ky + 2, w: 1, h: 2 }, sector, "living room");

  // Front yard: the path to the lane, a mailbox, flowers and a bush.
  for (let y = y0 + 12; y < o.street; y++) t.surface[t.i(front, y)] = "path";
  t.put(front + 1, y0 + 12, "mailbox");
  t.put(x0 + 1, y0 + 12, `flowers-${v % 2}`, false, "decor");
  t.put(x0 + 4, y0 + 12, `flowers-${(v + 1) % 2}`, false, "decor");
  t.put(x0 + W - 2, y0 + 12, v % 2 ? "bush-berries" : "bush");
  return beds;
}
