// Saves on both databases: a town saved to the store and restored steps exactly as the town that
// was never interrupted (lockstep, offline engine) — memories, plans, walks, conversations, clock.
// Forks: a copy of a save that continues on its own, through the store and through the API.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import type { PrismaStore } from "../../server/store/prismaStore.ts";
import { forkSave, listSaves } from "../../server/store/saves.ts";
import { buildTown, type BuiltTown } from "../../server/townFactory.ts";
import { MemoryJournal } from "../../server/agents/memory/journal.ts";
import { Autosave } from "../../server/store/autosave.ts";
import { MemoryRows } from "../../server/store/memoryRows.ts";
import { pino } from "pino";
import { TownSnapshot } from "../../server/world/snapshot.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { backends, IN_CI } from "../helpers/databases.ts";
import { startTestServer, waitFor } from "../helpers/server.ts";

const HISTORY = readFileSync(
  new URL("../fixtures/mind-history-base3.csv", import.meta.url),
  "utf8",
);
const template = await loadTemplate("base-3");
const { list, pgProblem } = await backends("saves");
afterAll(async () => {
  for (const b of list) await b.dispose();
});

async function seededTown(journal?: MemoryJournal): Promise<BuiltTown> {
  const built = buildTown(template, {
    gateway: new OfflineGateway({ meter: false }),
    mode: "lockstep",
    seed: 11,
    journal,
  });
  await built.mind.seedHistory(HISTORY, built.town.time);
  return built;
}

const fresh = (journal?: MemoryJournal) =>
  buildTown(template, {
    gateway: new OfflineGateway({ meter: false }),
    mode: "lockstep",
    seed: 11,
    journal,
  });
const memoriesOf = (b: BuiltTown) =>
  template.personas.map((p) => b.mind.inspect(p.id, { limit: 500 }));

it("runs on PostgreSQL too (required when CI=true)", (ctx) => {
  if (pgProblem === null) return;
  if (!IN_CI) ctx.skip(`PostgreSQL unreachable: ${pgProblem}`);
  throw new Error(
    `PostgreSQL is unreachable (${pgProblem}); CI=true, so this fails instead of skipping`,
  );
});

for (const backend of list) {
  describe(`saves on ${backend.name}`, () => {
    let store: PrismaStore;
    afterAll(async () => {
      await store?.close();
    });

    it("save → restart → restore → K steps equals K uninterrupted steps, even mid-walk and mid-conversation", async () => {
      store = await backend.open();
      const journal = new MemoryJournal();
      const a = await seededTown(journal);
      // On to a moment where two residents are talking and one walks up to the other (the
      // hardest state to carry over), or to mid-afternoon if nobody talks.
      let talking = false;
      while (a.town.step < 3600) {
        await a.town.advance();
        const views = a.town.agentViews();
        if (a.town.step > 300 && views.some((v) => v.talkingTo)) {
          talking = true;
          break;
        }
      }
      const record = await store.ensureTown(`lockstep-${backend.name}`, "base-3");
      // Memories go as rows, the snapshot is the small state and the rows' mark.
      const autosave = new Autosave(
        a.town,
        store,
        record.id,
        60,
        pino({ level: "silent" }),
        new MemoryRows(store, record.id, journal, null),
      );
      await autosave.save();
      const rows = await store.prisma.memory.count({ where: { townId: record.id } });
      expect(rows).toBe(template.personas.reduce((n, p) => n + a.mind.report(p.id)!.memories, 0));
      expect(
        JSON.stringify(
          (await store.prisma.snapshot.findFirstOrThrow({ where: { townId: record.id } })).data,
        ),
      ).not.toContain("embeddings");

      // A restart: the store is closed and opened again, the town rebuilt from the rows.
      await store.close();
      store = await backend.open();
      const saved = await store.latestSnapshot(record.id);
      const b = fresh(new MemoryJournal());
      b.town.restore(TownSnapshot.parse(saved!.data));
      expect(b.town.step).toBe(a.town.step);
      expect(b.town.time).toBe(a.town.time);
      expect(b.town.agentViews()).toEqual(a.town.agentViews());
      expect(b.town.objectStates()).toEqual(a.town.objectStates());
      expect(memoriesOf(b)).toEqual(memoriesOf(a));

      const K = 400;
      for (let i = 0; i < K; i++) {
        const [ea, eb] = [await a.town.advance(), await b.town.advance()];
        expect(eb, `events of step ${a.town.step}`).toEqual(ea);
      }
      expect(JSON.stringify(b.town.snapshot())).toBe(JSON.stringify(a.town.snapshot()));
      expect(talking, "the offline residents of base-3 talk within the first game hours").toBe(
        true,
      );
      expect(a.mind.stats.conversations).toBeGreaterThan(0);
    });

    it("a fork starts from its source's newest snapshot and continues on its own", async () => {
      store ??= await backend.open();
      const src = await store.ensureTown(`source-${backend.name}`, "base-3");
      const ja = new MemoryJournal();
      const a = await seededTown(ja);
      for (let i = 0; i < 120; i++) await a.town.advance();
      // An object's state set by a person: the fork starts with it (object states are rows too).
      const stove = a.town.map.addresses().find((x) => x.split(":").length === 4)!;
      expect(
        a.town.apply({ kind: "setObjectState", address: stove, state: "leaking", by: "Mo" }).ok,
      ).toBe(true);
      const silent = pino({ level: "silent" });
      const srcSave = new Autosave(
        a.town,
        store,
        src.id,
        1000,
        silent,
        new MemoryRows(store, src.id, ja, null),
      );
      await srcSave.save();
      const srcMemories = memoriesOf(a);
      const srcObjects = a.town.objectStates();
      expect(srcObjects).toContainEqual({ address: stove, state: "leaking", by: "Mo" });

      const fork = await forkSave(store.prisma, src.name, `fork-${backend.name}`);
      expect(fork).toMatchObject({
        name: `fork-${backend.name}`,
        template: "base-3",
        step: 120,
        forkOf: src.name,
      });
      await expect(forkSave(store.prisma, src.name, `fork-${backend.name}`)).rejects.toThrow(
        /exists already/,
      );
      await expect(forkSave(store.prisma, "no such save", "x")).rejects.toThrow(/no save named/);

      // The fork steps on and saves (its own rows); the source's save is untouched, and the fork
      // does not depend on its parent: deleting the parent leaves it whole.
      const jf = new MemoryJournal();
      const f = fresh(jf);
      const forkSnap = (await store.latestSnapshot(fork.id))!;
      f.town.restore(TownSnapshot.parse(forkSnap.data));
      expect(memoriesOf(f)).toEqual(srcMemories);
      expect(f.town.objectStates()).toEqual(srcObjects);
      const forkSave2 = new Autosave(
        f.town,
        store,
        fork.id,
        1000,
        silent,
        new MemoryRows(store, fork.id, jf, forkSnap.mark),
      );
      for (let i = 0; i < 30; i++) await f.town.advance();
      await forkSave2.save();
      const s2 = fresh(new MemoryJournal());
      s2.town.restore(TownSnapshot.parse((await store.latestSnapshot(src.id))!.data));
      expect(memoriesOf(s2)).toEqual(srcMemories);
      expect((await store.latestSnapshot(src.id))!.step).toBe(120);
      const saves = await listSaves(store.prisma);
      expect(saves.find((s) => s.name === src.name)).toMatchObject({ step: 120, forkOf: null });
      expect(saves.find((s) => s.name === fork.name)).toMatchObject({
        step: 150,
        forkOf: src.name,
      });
      const forkMemories = memoriesOf(f);
      const forkObjects = f.town.objectStates();
      expect(forkObjects).toContainEqual({ address: stove, state: "leaking", by: "Mo" });
      await store.deleteTown(src.name);
      const f2 = fresh(new MemoryJournal());
      f2.town.restore(TownSnapshot.parse((await store.latestSnapshot(fork.id))!.data));
      expect(memoriesOf(f2)).toEqual(forkMemories);
      expect(f2.town.objectStates()).toEqual(forkObjects);
    });
  });
}

describe("GET/POST /api/saves", () => {
  it("lists saves; a moderator forks the running town, which then resumes as a town of its own", async () => {
    const token = "mod-secret";
    const server = await startTestServer({
      MODERATOR_TOKEN: token,
      STEPS_PER_SECOND: "50",
      AUTOSAVE_STEPS: "10",
    });
    const api = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, init);
    const post = (body: unknown, auth?: string) =>
      api("/api/saves", {
        method: "POST",
        headers: { "content-type": "application/json", ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify(body),
      });
    let forkStep: number | undefined;
    try {
      await waitFor("30 steps", () => server.host.town.step >= 30);
      type Listed = { name: string; template: string; step: number | null }[];
      // An autosave (every 10 steps) has been written: the listing names its step.
      const listed = await waitFor("an autosave in the listing", async () => {
        const l = (await (await api("/api/saves")).json()) as Listed;
        return l.some((s) => s.step !== null) && l;
      });
      expect(listed).toEqual([
        expect.objectContaining({ name: "base-3", template: "base-3", step: expect.any(Number) }),
      ]);

      expect((await post({ from: "base-3", name: "mine" })).status).toBe(401);
      expect((await post({ from: "base-3", name: "mine" }, "Bearer nope")).status).toBe(403);
      const bad = await post({ from: "base-3" }, `Bearer ${token}`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("bad_message");
      expect((await post({ from: "nowhere", name: "mine" }, `Bearer ${token}`)).status).toBe(404);
      // A fork is hosted under its name: a name no town may have is refused, naming the rule.
      const unhostable = await post({ from: "base-3", name: "it's x" }, `Bearer ${token}`);
      expect(unhostable.status).toBe(400);
      expect(((await unhostable.json()) as { error: { message: string } }).error.message).toMatch(
        /name: a town name: letters, digits/,
      );

      const res = await post({ from: "base-3", name: "my-fork" }, `Bearer ${token}`);
      expect(res.status).toBe(201);
      const fork = (await res.json()) as { name: string; step: number; forkOf: string };
      // The running town is saved first, so the fork is the town as it is now.
      expect(fork.forkOf).toBe("base-3");
      expect(fork.step).toBeGreaterThanOrEqual(30);
      forkStep = fork.step;
      expect((await post({ from: "base-3", name: "my-fork" }, `Bearer ${token}`)).status).toBe(409);
      const names = ((await (await api("/api/saves")).json()) as { name: string }[]).map(
        (s) => s.name,
      );
      expect(names).toEqual(["base-3", "my-fork"]);
    } finally {
      await server.close();
    }
    const forked = await startTestServer({
      DATA_DIR: server.dataDir,
      TOWN_NAME: "my-fork",
      STEPS_PER_SECOND: "0.5",
    });
    try {
      expect(forked.summary[0]).toContain(
        `my-fork (template base-3, 3 residents) resumed at step ${forkStep}`,
      );
      expect(forked.host.town.step).toBe(forkStep);
    } finally {
      await forked.cleanup();
    }
  });
});
