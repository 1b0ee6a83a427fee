// `npm run recording -- list` lists the recordings (newest first);
// `npm run recording -- export <id> <file>` writes a recording to a JSON file;
// `npm run recording -- import <file>` adds one to this server's database (it prints the new id).
// The database is the server's: DATABASE_URL, else the embedded one under DATA_DIR (stop the
// server first: an embedded database serves one process at a time).
import { Command } from "commander";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { readConfig } from "../config.ts";
import { openStore } from "../store/open.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { RecordingStore } from "../store/recordings.ts";
import { readJsonFile } from "./jsonFile.ts";

async function withStore<T>(fn: (store: PrismaStore) => Promise<T>): Promise<T> {
  const config = readConfig();
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "db"),
  });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

export async function exportRecording(
  store: PrismaStore,
  id: string,
  file: string,
): Promise<{ steps: number; bytes: number }> {
  const data = await new RecordingStore(store).export(id);
  if (!data) throw new Error(`no recording "${id}" (npm start lists them at /api/recordings)`);
  const text = JSON.stringify(data);
  await writeFile(file, text);
  return { steps: data.toStep - data.fromStep, bytes: Buffer.byteLength(text) };
}

export async function importRecording(
  store: PrismaStore,
  file: string,
): Promise<{ id: string; steps: number; save: string }> {
  const data = await readJsonFile(file);
  const info = await new RecordingStore(store).import(data).catch((e: Error) => {
    throw new Error(`${file}: ${e.message}`);
  });
  return { id: info.id, steps: info.steps, save: info.save };
}

/** One line per recording, newest first: id, save, when, steps, and the game time it spans. */
export async function listRecordings(store: PrismaStore): Promise<string[]> {
  const recs = await new RecordingStore(store).list();
  if (recs.length === 0)
    return ["no recordings yet: every town a server hosts, and every `npm run sim`, is recorded"];
  const rows = recs.map((r) => [
    r.id,
    r.save,
    new Date(r.startedAt).toISOString().slice(0, 16).replace("T", " "),
    `${r.steps} steps`,
    `steps ${r.fromStep}–${r.toStep}`,
  ]);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) =>
    row
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd(),
  );
}

const program = new Command("recording")
  .description("list, export or import recorded sessions")
  .showHelpAfterError();
program
  .command("list")
  .description(
    "list the recordings of this server's database, newest first (replay one at /replay/<id>)",
  )
  .action(async () => {
    for (const line of await withStore(listRecordings)) console.log(line);
  });
program
  .command("export <id> <file>")
  .description("write recording <id> to <file> (JSON)")
  .action(async (id: string, file: string) => {
    const r = await withStore((s) => exportRecording(s, id, file));
    console.log(
      `exported recording ${id}: ${r.steps} steps, ${(r.bytes / 1024).toFixed(1)} KiB -> ${file}`,
    );
  });
program
  .command("import <file>")
  .description("add the recording in <file> to this server")
  .action(async (file: string) => {
    const r = await withStore((s) => importRecording(s, file));
    console.log(
      `imported ${file}: recording ${r.id} of "${r.save}", ${r.steps} steps (replay at /replay/${r.id})`,
    );
  });

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)
) {
  program.parseAsync(process.argv).catch((e: Error) => {
    console.error(`recording: ${e.message}`);
    process.exit(1);
  });
}
