import { describe, expect, it } from "vitest";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyTownJson } from "../fixtures/tinyTown.ts";

const load = (json: unknown) => TownMap.fromJson(json, "towns/tiny/town.json");

describe("town map", () => {
  it("gives every tile its address and every address its tiles", () => {
    const map = load(tinyTownJson());
    expect(map.world).toBe("Tiny");
    expect(map.addressAt(1, 1)).toBe("Tiny:Home A:room:bed");
    expect(map.addressAt(2, 2)).toBe("Tiny:Home A:room");
    expect(map.addressAt(5, 4)).toBe("Tiny:Square:plaza:fountain");
    expect(map.addressAt(0, 6)).toBe("Tiny:Square");
    expect(map.tilesOf("Tiny:Home B:room:bed")).toEqual([{ x: 8, y: 1 }]);
    expect(map.tilesOf("Tiny:Home A")).toHaveLength(12); // the whole sector rectangle, walls too
    expect(map.tilesOf("Tiny:Nowhere")).toEqual([]);
    expect(map.spawns.get("ann")).toEqual({ x: 1, y: 2 });
    expect(map.isWalkable(0, 0)).toBe(false);
    expect(map.isWalkable(2, 3)).toBe(true);
    expect(map.addresses().slice(0, 3)).toEqual(["Tiny:Home A", "Tiny:Home B", "Tiny:Square"]);
  });

  const broken: [string, (j: any) => void, RegExp][] = [
    ["no world name", (j) => (j.properties = []), /map property "world"/],
    ["a bad start", (j) => (j.properties[1].value = "soon"), /"start" must be an ISO date-time/],
    [
      "no collision layer",
      (j) => (j.layers = j.layers.filter((l: any) => l.name !== "collision")),
      /missing tile layer "collision"/,
    ],
    [
      "a short layer",
      (j) => j.layers[0].data.pop(),
      /layer "ground" has 69 tiles, the map needs 70/,
    ],
    [
      "no arenas layer",
      (j) => (j.layers = j.layers.filter((l: any) => l.name !== "arenas")),
      /missing object layer "arenas"/,
    ],
    [
      "an arena outside every sector",
      (j) =>
        j.layers[3].objects.push({ id: 40, name: "void", x: 4 * 32, y: 32, width: 32, height: 32 }),
      /arena "void" \(object id 40\) lies in no sector/,
    ],
    [
      "an unaligned rectangle",
      (j) => (j.layers[2].objects[0].x = 5),
      /must be a rectangle aligned to the 32 px grid/,
    ],
    [
      "overlapping sectors",
      (j) => j.layers[2].objects.push({ id: 41, name: "Rival", x: 0, y: 0, width: 64, height: 64 }),
      /sector "Rival" \(object id 41\) overlaps sector "Home A"/,
    ],
    [
      "an object in no arena",
      (j) =>
        j.layers[4].objects.push({ id: 42, name: "lamp", x: 0, y: 6 * 32, width: 32, height: 32 }),
      /object "lamp" \(object id 42\) lies in no arena/,
    ],
    [
      "a spawn on a wall",
      (j) => (j.layers[5].objects[0].x = 0),
      /spawn "ann" stands on a blocked tile/,
    ],
    [
      "a duplicate spawn",
      (j) => j.layers[5].objects.push({ ...j.layers[5].objects[0], id: 43 }),
      /spawn "ann" appears twice/,
    ],
    [
      "a place with no walkable tile",
      (j) =>
        j.layers[4].objects.push({
          id: 44,
          name: "pillar",
          x: 0,
          y: 4 * 32,
          width: 32,
          height: 32,
          properties: [{ name: "arena", value: "plaza" }],
        }),
      /"Tiny:Square:plaza:pillar" has no walkable tile/,
    ],
    [
      "a name with a colon",
      (j) => (j.layers[4].objects[2].name = "foun:tain"),
      /may not contain ":"/,
    ],
    ["not a map at all", (j) => (j.type = "tileset"), /type/],
  ];
  for (const [what, breakIt, message] of broken) {
    it(`refuses a town file with ${what}, naming the file`, () => {
      const json = tinyTownJson();
      breakIt(json);
      expect(() => load(json)).toThrow(message);
      expect(() => load(json)).toThrow(/^towns\/tiny\/town\.json: /);
    });
  }
});
