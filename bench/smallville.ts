// The original's Smallville map, imported from ../shared/reference, for benchmarks.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importMatrix, type Palette } from "../server/content/importMatrix.ts";
import { readMatrixFolder } from "../server/content/matrixFiles.ts";
import { TownMap } from "../server/world/townMap.ts";

export const MATRIX_DIR = fileURLToPath(
  new URL("../../shared/reference/the_ville/matrix", import.meta.url),
);

const plain: Palette = {
  tileset: {
    firstgid: 1,
    name: "town",
    image: "town.png",
    tilewidth: 32,
    tileheight: 32,
    columns: 1,
    tilecount: 1,
  },
  ground: () => 1,
  blocked: () => 1,
  object: () => 0,
  collision: 1,
};

export async function smallville(): Promise<TownMap> {
  const imported = importMatrix(await readMatrixFolder(path.resolve(MATRIX_DIR)), plain);
  return TownMap.fromJson(JSON.parse(JSON.stringify(imported.map)), "smallville");
}
