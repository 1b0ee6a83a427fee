// The committed art is what the scripts make: regenerating it gives the same bytes.
import { readFileSync } from "node:fs";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { characterSheet, COLUMNS, FRAME, LOOKS } from "../../assets/scripts/characters.ts";
import { buildBase3, townJson } from "../../assets/scripts/make-base-3.ts";
import { tileIndexOf, townTiles } from "../../assets/scripts/tiles.ts";

const asset = (p: string) => readFileSync(new URL(`../../assets/${p}`, import.meta.url));

describe("generated art", () => {
  it("reproduces assets/tiles/town.png byte for byte", () => {
    const tiles = townTiles();
    expect(Buffer.compare(tiles.render().png(), asset("tiles/town.png"))).toBe(0);
    const png = PNG.sync.read(asset("tiles/town.png"));
    expect(png.width).toBe(16 * 32);
    expect(png.height).toBe(tiles.rows * 32);
  });

  it("reproduces assets/tiles/town.index.json, the tile names map importers read", () => {
    expect(JSON.parse(asset("tiles/town.index.json").toString("utf8"))).toEqual(
      tileIndexOf(townTiles()),
    );
  });

  it("reproduces assets/sprites/characters.png: 12 frames a row, at least 16 looks", () => {
    expect(Buffer.compare(characterSheet().png(), asset("sprites/characters.png"))).toBe(0);
    const png = PNG.sync.read(asset("sprites/characters.png"));
    expect(png.width).toBe(COLUMNS * FRAME);
    expect(png.height / FRAME).toBe(LOOKS.length);
    expect(LOOKS.length).toBeGreaterThanOrEqual(16);
  });

  it("reproduces assets/towns/base-3/town.json", () => {
    expect(townJson(buildBase3())).toBe(asset("towns/base-3/town.json").toString("utf8"));
  });

  it("paints with one limited palette", () => {
    const colours = new Set<string>();
    for (const file of ["tiles/town.png", "sprites/characters.png"]) {
      const png = PNG.sync.read(asset(file));
      for (let i = 0; i < png.data.length; i += 4)
        if (png.data[i + 3] === 255) colours.add(png.data.subarray(i, i + 3).join(","));
    }
    // Opaque pixels come from the 24-colour palette; translucent ones are shadows.
    expect(colours.size).toBeLessThanOrEqual(24);
  });
});
