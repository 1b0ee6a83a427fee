// The map of a generated town: its buildings in rows, each row facing a street below it, avenues
// crossing the rows every so often so every street joins every other, a forest around it all. The
// workplaces stand in the middle rows (the town's centre) and the homes around them, so a
// resident's walk to work grows with the town, as in a real one. Drawn with our tiles through the
// town builder; the result is a Tiled map a person can go on editing.
import { house, type Spot } from "./house.ts";
import type { TownPlan } from "./society.ts";
import { grassAt, TownBuilder } from "./townBuilder.ts";
import { WORKPLACE_HEIGHT, WORKPLACE_WIDTH, workplace } from "./workplaces.ts";

/** Rows of buildings: a building (12), its yard (1), the street (2). */
const ROW = 15;
const BORDER = 2;
/** An avenue (2 tiles) after every so many tiles of buildings. */
const AVENUE_EVERY = 56;
const BED_COLOURS = ["red", "blue", "green", "purple"];
const SIDINGS = ["blue", "cream", "sage", "yellow", "white", "rose", "green"];

export interface TownLayout {
  builder: TownBuilder;
  /** Bedroom name of each household's rooms, in the plan's order. */
  rooms: string[][];
  /** A bed (spot) per resident id. */
  beds: Map<string, Spot>;
}

interface Lot {
  width: number;
  draw(t: TownBuilder, x0: number, y0: number, street: number): void;
}

/** Bedroom names: "bedroom" for one, else "<first>'s room" or "children's room". */
export function roomNames(plan: TownPlan): string[][] {
  const byId = new Map(plan.residents.map((p) => [p.id, p]));
  return plan.households.map((h) =>
    h.bedrooms.map((sleepers, k) => {
      if (h.bedrooms.length === 1) return "bedroom";
      const people = sleepers.map((id) => byId.get(id)!);
      if (people.every((p) => p.age < 18)) return "children's room";
      if (people.length === 1) return `${people[0].first}'s room`;
      return k === 0 ? "main bedroom" : `bedroom ${k + 1}`;
    }),
  );
}

export function layoutTown(plan: TownPlan): TownLayout {
  const rooms = roomNames(plan);
  const beds = new Map<string, Spot>();
  const lots: Lot[] = [];
  plan.workplaces.forEach((w) =>
    lots.push({
      width: WORKPLACE_WIDTH,
      draw: (t, x0, y0, street) => workplace(t, { x0, y0, kind: w.kind, sector: w.name, street }),
    }),
  );
  plan.households.forEach((h, i) => {
    const two = h.bedrooms.length === 2;
    lots.push({
      width: two ? 18 : 13,
      draw: (t, x0, y0, street) => {
        const bedrooms = rooms[i].map((name, k) => ({
          name,
          bed: BED_COLOURS[(i + k) % BED_COLOURS.length],
        }));
        const spots = house(t, {
          x0,
          y0,
          sector: h.name,
          siding: SIDINGS[i % SIDINGS.length],
          v: i,
          bedrooms,
          street,
        });
        h.bedrooms.forEach((sleepers, k) => {
          const bed = spots[rooms[i][k]];
          // Two in one room: the second starts on the floor beside the bed.
          sleepers.forEach((id, n) => beds.set(id, { x: bed.x + n, y: bed.y + (n ? 1 : 0) }));
        });
      },
    });
  });

  // Roughly square: rows as long as the town is tall.
  const area = lots.reduce((s, l) => s + l.width + 1, 0) * ROW;
  let inner = Math.max(60, Math.ceil(Math.sqrt(area) * 1.1));
  // Rows: fill each with lots up to `inner` tiles, skipping the avenues.
  const avenues = (w: number) => {
    const out: number[] = [];
    for (let x = BORDER + AVENUE_EVERY; x < BORDER + w - 10; x += AVENUE_EVERY + 2) out.push(x);
    return out;
  };
  const rowsOf = (w: number): Lot[][] => {
    const av = avenues(w);
    const rows: Lot[][] = [[]];
    let x = BORDER + 1;
    for (const lot of lots) {
      let at = x;
      const crosses = (a: number) => av.some((v) => a < v + 2 && a + lot.width > v);
      while (crosses(at)) at++;
      if (at + lot.width > BORDER + w - 1) {
        rows.push([]);
        at = BORDER + 1;
        while (crosses(at)) at++;
      }
      rows[rows.length - 1].push(lot);
      x = at + lot.width + 1;
    }
    return rows;
  };
  let rows = rowsOf(inner);
  while (rows.length * ROW > inner * 1.2) rows = rowsOf((inner = Math.ceil(inner * 1.1)));

  // The centre rows get the workplaces: fill rows middle-out.
  const order: number[] = [];
  const mid = Math.floor((rows.length - 1) / 2);
  for (let k = 0; order.length < rows.length; k++) {
    if (mid - k >= 0 && !order.includes(mid - k)) order.push(mid - k);
    if (mid + k < rows.length && !order.includes(mid + k)) order.push(mid + k);
  }
  const placed: Lot[][] = rows.map(() => []);
  rows.forEach((row, k) => (placed[order[k]] = row));

  const width = inner + 2 * BORDER;
  const height = rows.length * ROW + 2 * BORDER + 1;
  const t = new TownBuilder(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) t.ground[t.i(x, y)] = grassAt(x, y);
  forest(t);

  const av = avenues(inner);
  const streetTop = (r: number) => BORDER + 1 + r * ROW + WORKPLACE_HEIGHT + 1;
  placed.forEach((row, r) => {
    const y0 = BORDER + 1 + r * ROW;
    const street = streetTop(r);
    t.surfaceRect({ x: BORDER, y: street, w: inner, h: 2 }, "path");
    let x = BORDER + 1;
    for (const lot of row) {
      while (av.some((v) => x < v + 2 && x + lot.width > v)) x++;
      lot.draw(t, x, y0, street);
      x += lot.width + 1;
    }
  });
  for (const v of av) t.surfaceRect({ x: v, y: BORDER, w: 2, h: height - 2 * BORDER }, "path");
  // The avenues' ends and the streets' ends meet at the forest: a lamp at each crossing.
  for (const v of av)
    rows.forEach((_row, r) => {
      const y = streetTop(r) - 1;
      if (!t.blocked[t.i(v - 1, y)] && !t.surface[t.i(v - 1, y)]) t.put(v - 1, y, "lamp");
    });
  // People arrive on the street in the middle of town.
  t.spawns.push({ name: "visitors", x: Math.floor(width / 2), y: streetTop(mid) });
  for (const [id, bed] of beds) t.spawns.push({ name: id, ...bed });
  return { builder: t, rooms, beds };
}

/** Two rings of trees around the map, never walkable. */
function forest(t: TownBuilder): void {
  const { width: W, height: H } = t;
  for (let x = 0; x + 1 < W; x += 2) {
    t.bigTree(x, 0, (x / 2) % 3 === 1 ? 1 : 0);
    t.bigTree(x, H - 2, (x / 2) % 3 === 2 ? 1 : 0);
  }
  for (let y = 2; y + 1 < H - 2; y += 2) {
    t.bigTree(0, y, (y / 2) % 2);
    t.bigTree(W - 2, y, (y / 2 + 1) % 2);
  }
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (x < BORDER || y < BORDER || x >= W - BORDER || y >= H - BORDER)
        t.blocked[t.i(x, y)] = true;
}
