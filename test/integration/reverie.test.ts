// Importing a base simulation of the original implementation: its personas (scratch), spatial
// memory, bootstrap memories and map become a town of ours and a save that runs headless and live.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importReverie } from "../../server/cli/importReverie.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { openStore } from "../../server/store/open.ts";
import { MemoryJournal } from "../../server/agents/memory/journal.ts";
import { buildTown } from "../../server/townFactory.ts";
import { TownSnapshot } from "../../server/world/snapshot.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { userTownsDir, useDataDir } from "../../server/content/townDirs.ts";
import { startTestServer } from "../helpers/server.ts";
import { waitFor } from "../helpers/wait.ts";

const REF = path.resolve(import.meta.dirname, "../../../shared/reference/the_ville");
const SIM = path.join(REF, "storage/base_the_ville_isabella_maria_klaus");
const MATRIX = path.join(REF, "matrix");
const NAME = `reverie-test-${process.pid}`;
const tmp = mkdtempSync(path.join(tmpdir(), "simulacra-reverie-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The reference's bootstrap memories are empty; a copy with two memories shows they are imported.
const sim = path.join(tmp, "sim");
cpSync(SIM, sim, { recursive: true });
const nodes = path.join(
  sim,
  "personas/Isabella Rodriguez/bootstrap_memory/associative_memory/nodes.json",
);
rmSync(nodes, { force: true });
writeFileSync(
  nodes,
  JSON.stringify({
    node_2: {
      node_count: 2,
      type_count: 1,
      type: "thought",
      depth: 1,
      created: "2023-02-12 21:00:00",
      expiration: null,
      subject: "Isabella Rodriguez",
      predicate: "plan",
      object: "party",
      description: "Isabella Rodriguez wants the party decorations to be red and pink",
      embedding_key: "k2",
      poignancy: 6,
      keywords: ["party"],
      filling: [],
    },
    node_1: {
      node_count: 1,
      type_count: 1,
      type: "event",
      depth: 0,
      created: "2023-02-12 20:00:00",
      expiration: null,
      subject: "Hobbs Cafe",
      predicate: "is",
      object: "closed",
      description: "Hobbs Cafe is closed for the night",
      embedding_key: "k1",
      poignancy: 2,
      keywords: ["cafe"],
      filling: [],
    },
  }),
);

describe("npm run import-reverie", () => {
  it("makes a town and a save from base_the_ville_isabella_maria_klaus that runs headless and live", async () => {
    const dataDir = path.join(tmp, "data");
    // As the tool does from DATA_DIR: the town is written under it, not into assets/towns.
    useDataDir(dataDir);
    const store = await openStore({ dataDir: path.join(dataDir, "db") });
    const gateway = new OfflineGateway({ meter: false });
    let result;
    try {
      result = await importReverie(store, gateway, {
        simDir: sim,
        matrixDir: MATRIX,
        name: NAME,
        history: path.join(REF, "agent_history_init_n3.csv"),
      });
      await expect(
        importReverie(store, gateway, { simDir: sim, matrixDir: MATRIX, name: NAME }),
      ).rejects.toThrow(/exists already/);
      // A broken simulation folder: a clear error, and no town folder left behind.
      await expect(
        importReverie(store, gateway, {
          simDir: path.join(tmp, "nowhere"),
          matrixDir: MATRIX,
          name: `${NAME}-x`,
        }),
      ).rejects.toThrow(/reverie\/meta\.json: cannot be read \(ENOENT\)/);
      expect(existsSync(path.join(userTownsDir(), `${NAME}-x`))).toBe(false);
      expect(result.templateDir).toBe(path.join(dataDir, "towns", NAME));
    } finally {
      await store.close();
    }

    // The personas, from scratch.json, on the tiles environment/0.json gives.
    const template = await loadTemplate(NAME);
    const isabella = template.personas.find((p) => p.name === "Isabella Rodriguez")!;
    const scratch = JSON.parse(
      readFileSync(
        path.join(SIM, "personas/Isabella Rodriguez/bootstrap_memory/scratch.json"),
        "utf8",
      ),
    );
    expect(isabella).toMatchObject({
      age: scratch.age,
      innate: scratch.innate,
      learned: scratch.learned,
      lifestyle: scratch.lifestyle,
      home: scratch.living_area,
    });
    expect(isabella.currently).toContain("Valentine's Day party");
    expect(template.personas.map((p) => p.name).sort()).toEqual([
      "Isabella Rodriguez",
      "Klaus Mueller",
      "Maria Lopez",
    ]);
    expect(result.residents.find((r) => r.name === "Klaus Mueller")).toMatchObject({
      x: 126,
      y: 46,
    });
    expect(template.map.addressAt(72, 14)).toContain("Isabella Rodriguez's apartment");

    // The save: step 0 of the original's clock; minds with spatial and bootstrap memories.
    const reopened = await openStore({ dataDir: path.join(dataDir, "db") });
    const record = await reopened.ensureTown(NAME, NAME);
    const saved = (await reopened.latestSnapshot(record.id))!;
    // Written as an autosave is: every memory a row, the snapshot with their mark.
    const rowCount = await reopened.prisma.memory.count({ where: { townId: record.id } });
    await reopened.close();
    expect(saved.step).toBe(0);
    expect(saved.mark).not.toBeNull();
    expect(rowCount).toBe(result.residents.reduce((n, r) => n + r.memories, 0));
    expect(rowCount).toBeGreaterThan(0);
    const { town, mind } = buildTown(template, {
      gateway: new OfflineGateway({ meter: false }),
      mode: "lockstep",
      journal: new MemoryJournal(),
    });
    town.restore(TownSnapshot.parse(saved.data));
    expect(new Date(town.time).toISOString()).toBe("2023-02-13T00:00:00.000Z");
    expect(town.agent(isabella.id)).toMatchObject({ x: 72, y: 14 });
    const known = mind.agent(isabella.id)!.spatial.addresses();
    expect(known).toEqual(
      expect.arrayContaining([
        "the Ville:Hobbs Cafe:cafe:piano",
        "the Ville:Johnson Park:park:park garden",
      ]),
    );
    const memories = mind.inspect(isabella.id, { limit: 50 })!.memories.map((m) => m.description);
    expect(memories).toEqual(
      expect.arrayContaining([
        "Isabella Rodriguez wants the party decorations to be red and pink",
        "Hobbs Cafe is closed for the night",
      ]),
    );
    expect(memories.length).toBeGreaterThan(2); // and the history file's statements

    // Headless: a game morning in lockstep; residents get up and go about their day.
    for (let i = 0; i < 8 * 360; i++) await town.advance();
    expect(town.mindErrors).toEqual([]);
    const day = town.agentViews();
    expect(day.every((a) => a.action)).toBe(true);
    expect(day.some((a) => a.x !== 72 && a.x !== 123 && a.x !== 126)).toBe(true);

    // Live: the server starts on the save and steps on.
    const server = await startTestServer({
      DATA_DIR: dataDir,
      TOWN: NAME,
      TOWN_NAME: NAME,
      STEPS_PER_SECOND: "20",
    });
    try {
      expect(server.summary[0]).toContain(
        `${NAME} (template ${NAME}, 3 residents) resumed at step 0`,
      );
      const res = await fetch(`${server.url}/api/agents/${isabella.id}?limit=50`);
      const agent = (await res.json()) as { name: string; memories: { description: string }[] };
      expect(agent.name).toBe("Isabella Rodriguez");
      expect(agent.memories.map((m) => m.description)).toContain(
        "Hobbs Cafe is closed for the night",
      );
      // The imported town steps on.
      await waitFor("20 steps", () => server.host.town.step >= 20);
    } finally {
      await server.close();
    }
  }, 120_000);
});
