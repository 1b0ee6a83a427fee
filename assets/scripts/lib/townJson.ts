// Writes a shipped town's map (server/content/townJson.ts) with the tile index of the sheet these
// scripts draw, the tileset at assets/tiles/town.png as seen from assets/towns/<town>/.
import type { TownBuilder } from "../../../server/content/townBuilder.ts";
import { townJsonText } from "../../../server/content/townJson.ts";
import { tileIndexOf, townTiles } from "../tiles.ts";

/** The Tiled JSON of the town, with tile rows on their own lines so diffs stay readable. */
export function townJson(t: TownBuilder, world: string, start: string): string {
  return townJsonText(t, {
    world,
    start,
    index: tileIndexOf(townTiles()),
    image: "../../tiles/town.png",
  });
}
