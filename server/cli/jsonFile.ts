// Reads a JSON file given on the command line; what goes wrong is said with the file's name.
import { readFile } from "node:fs/promises";

export async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new Error(`${file}: cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`, {
      cause: e,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`${file}: not JSON (${(e as Error).message})`, { cause: e });
  }
}
