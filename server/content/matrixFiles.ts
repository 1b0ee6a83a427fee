// Reads the original implementation's matrix folder from disk for importMatrix().
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { MatrixFiles } from "./importMatrix.ts";

export async function readMatrixFolder(dir: string): Promise<MatrixFiles> {
  const read = async (...parts: string[]) => {
    const file = path.join(dir, ...parts);
    try {
      return await readFile(file, "utf8");
    } catch (e) {
      throw new Error(
        `${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
        { cause: e },
      );
    }
  };
  const maze = (name: string) => read("maze", `${name}_maze.csv`);
  const blocks = (name: string) => read("special_blocks", `${name}_blocks.csv`);
  return {
    meta: await read("maze_meta_info.json"),
    mazes: {
      collision: await maze("collision"),
      sector: await maze("sector"),
      arena: await maze("arena"),
      game_object: await maze("game_object"),
      spawning_location: await maze("spawning_location"),
    },
    blocks: {
      world: await blocks("world"),
      sector: await blocks("sector"),
      arena: await blocks("arena"),
      game_object: await blocks("game_object"),
      spawning_location: await blocks("spawning_location"),
    },
  };
}
