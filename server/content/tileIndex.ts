// The tile index: which tile of assets/tiles/town.png is which. `npm run assets` draws the sheet
// and writes this index beside it (town.index.json); map importers read the index, so importing
// a map needs neither the drawing code nor its PNG library.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Neighbour bits of a tile variant ("wall-house-5": neighbours north and south). */
export const N = 1,
  E = 2,
  S = 4,
  W = 8;

export const TILE_INDEX_FILE = fileURLToPath(
  new URL("../../assets/tiles/town.index.json", import.meta.url),
);

export const TileIndex = z.object({
  columns: z.number().int().positive(),
  rows: z.number().int().positive(),
  tileCount: z.number().int().nonnegative(),
  /** Tile name -> tile id (0-based position in the sheet). */
  tiles: z.record(z.string(), z.number().int().nonnegative()),
});
export type TileIndex = z.infer<typeof TileIndex>;

export async function readTileIndex(file = TILE_INDEX_FILE): Promise<TileIndex> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new Error(
      `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)}); \`npm run assets\` writes it`,
      { cause: e },
    );
  }
  const parsed = TileIndex.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(
      `${file}: ${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`,
    );
  return parsed.data;
}

/** The map's gid of a tile by name (0: no tile). */
export function gidOf(index: TileIndex): (name: string) => number {
  return (name) => {
    if (!name) return 0;
    const i = index.tiles[name];
    if (i === undefined) throw new Error(`no tile named "${name}"`);
    return i + 1;
  };
}

export function lightOf(name: string): string {
  if (name === "lamp") return "lamp";
  if (name === "floor-lamp" || name === "nightstand") return "lamp";
  if (name.startsWith("fireplace")) return "fire";
  if (/^wallx?-.*-window-/.test(name)) return "window";
  return "";
}

/** The embedded tileset entry of a town file; `image` is the path of town.png from the map's folder. */
export function townTileset(image: string, index: TileIndex) {
  return {
    firstgid: 1,
    name: "town",
    image,
    imagewidth: index.columns * 32,
    imageheight: index.rows * 32,
    tilewidth: 32 as const,
    tileheight: 32 as const,
    columns: index.columns,
    tilecount: index.tileCount,
    margin: 0,
    spacing: 0,
    // Tiles that glow at night in the client: street lamps, lamps, fires and windows.
    tiles: Object.entries(index.tiles)
      .map(([name, id]) => ({ id, light: lightOf(name) }))
      .filter((t) => t.light)
      .sort((a, b) => a.id - b.id)
      .map(({ id, light }) => ({
        id,
        properties: [{ name: "light", type: "string", value: light }],
      })),
  };
}
