// Memories as rows, on both databases: a process that dies after writing rows past its last
// autosave (kill -9) restores exactly the saved town and never sees those rows; a save in the
// older whole-snapshot format (written by the code before rows) opens and is moved to rows; the
// memories API pages through the stream from the database; objects' states are rows written when
// they change.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryJournal } from "../../server/agents/memory/journal.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { Autosave, takeSave } from "../../server/store/autosave.ts";
import { MemoryRows } from "../../server/store/memoryRows.ts";
import { pageMemories } from "../../server/store/memories.ts";
import { buildTown } from "../../server/townFactory.ts";
import { TownSnapshot } from "../../server/world/snapshot.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { backends } from "../helpers/databases.ts";
import { startTestServer, waitFor } from "../helpers/server.ts";
import type { MemoryPage } from "../../shared/memories.ts";

const template = await loadTemplate("base-3");
const HISTORY = readFileSync(
  new URL("../fixtures/mind-history-base3.csv", import.meta.url),
  "utf8",
);
/** A save written by the code before memory rows (main at 5d541f1): `npm run sim -- --from base-3 --steps 2400`. */
const OLD = JSON.parse(
  gunzipSync(
    readFileSync(new URL("../fixtures/oldsave-base3-main.json.gz", import.meta.url)),
  ).toString("utf8"),
) as {
  name: string;
  template: string;
  step: number;
  data: unknown;
};
const { list } = await backends("memrows");
afterAll(async () => {
  for (const b of list) await b.dispose();
});
const silent = pino({ level: "silent" });
const town = (journal: MemoryJournal) =>
  buildTown(template, {
    gateway: new OfflineGateway({ meter: false }),
    mode: "lockstep",
    seed: 5,
    journal,
  });
const memoriesOf = (b: ReturnType<typeof town>) =>
  template.personas.map((p) => b.mind.inspect(p.id, { limit: 500 })!.memories);

for (const backend of list) {
  describe(`memory rows on ${backend.name}`, () => {
    it("kill -9 after rows past the last autosave: the restored town is the saved one, and the leftovers are dropped", async () => {
      let store = await backend.open();
      const record = await store.ensureTown(`crash-${backend.name}`, "base-3");
      const journal = new MemoryJournal();
      const a = town(journal);
      await a.mind.seedHistory(HISTORY, a.town.time);
      const autosave = new Autosave(
        a.town,
        store,
        record.id,
        100_000,
        silent,
        new MemoryRows(store, record.id, journal, null),
      );
      for (let i = 0; i < 400; i++) await a.town.advance();
      // The rows so far, touches included (retrievals touch what they return)...
      autosave.rows!.flushSoon();
      await autosave.rows!.flush();
      const touches = await store.prisma.memoryTouch.findMany({
        where: { townId: record.id },
        orderBy: { seq: "asc" },
      });
      expect(touches.length, "retrievals touched memories").toBeGreaterThan(0);
      const lastTouch = new Map<string, number>();
      for (const t of touches) for (const id of t.ids) lastTouch.set(`${t.agentId}/${id}`, t.at);
      // A periodic save leaves them as they are (only every COMPACT_EVERY_SAVES-th folds them):
      // a restore applies them itself.
      await autosave.save({ compact: false });
      expect(await store.prisma.memoryTouch.count({ where: { townId: record.id } })).toBe(
        touches.length,
      );
      const unfolded = town(new MemoryJournal());
      unfolded.town.restore(TownSnapshot.parse((await store.latestSnapshot(record.id))!.data));
      expect(JSON.stringify(unfolded.town.snapshot())).toBe(JSON.stringify(a.town.snapshot()));
      await autosave.save();
      // ...are folded by a save asked for into their memories: a restore reads one row per memory.
      expect(
        await store.prisma.memoryTouch.count({
          where: {
            townId: record.id,
            seq: { lte: (await store.latestSnapshot(record.id))!.mark! },
          },
        }),
      ).toBe(0);
      const rows = await store.prisma.memory.findMany({
        where: { townId: record.id },
        select: { agentId: true, memId: true, lastAccessed: true },
      });
      const folded = rows.filter((r) => lastTouch.has(`${r.agentId}/${r.memId}`));
      expect(folded.length).toBeGreaterThan(0);
      for (const r of folded)
        expect(r.lastAccessed).toBeGreaterThanOrEqual(lastTouch.get(`${r.agentId}/${r.memId}`)!);
      expect(
        folded.filter((r) => r.lastAccessed === lastTouch.get(`${r.agentId}/${r.memId}`)!).length,
      ).toBeGreaterThan(0);
      const saved = {
        step: a.town.step,
        memories: memoriesOf(a),
        snapshot: JSON.stringify(a.town.snapshot()),
      };
      // The town lives on until it has new memories (observations wait for the mind's importance
      // flush, a few game hours): they and its touches reach the database in the background...
      const count = () => memoriesOf(a).reduce((n, m) => n + m.length, 0);
      const before = count();
      for (let i = 0; i < 3_000 && count() === before; i++) await a.town.advance();
      expect(count()).toBeGreaterThan(before);
      autosave.rows!.flushSoon();
      await autosave.rows!.flush();
      const mark = (await store.latestSnapshot(record.id))!.mark!;
      expect(
        await store.prisma.memory.count({ where: { townId: record.id, seq: { gt: mark } } }),
      ).toBeGreaterThan(0);
      // ...and dies before its next autosave (nothing more is written: the process is gone).
      await store.close();

      store = await backend.open();
      const latest = (await store.latestSnapshot(record.id))!;
      expect(latest.step).toBe(saved.step);
      const jb = new MemoryJournal();
      const b = town(jb);
      b.town.restore(TownSnapshot.parse(latest.data));
      expect(memoriesOf(b)).toEqual(saved.memories);
      expect(JSON.stringify(b.town.snapshot())).toBe(saved.snapshot);
      // The restored town writes on from its mark: the dead process's rows are gone, its own take their place.
      const resumed = new Autosave(
        b.town,
        store,
        record.id,
        100_000,
        silent,
        new MemoryRows(store, record.id, jb, latest.mark),
      );
      for (let i = 0; i < 100; i++) await b.town.advance();
      await resumed.save();
      const c = town(new MemoryJournal());
      c.town.restore(TownSnapshot.parse((await store.latestSnapshot(record.id))!.data));
      expect(memoriesOf(c)).toEqual(memoriesOf(b));
      await store.close();
    });

    it("keeps objects' states as rows written when they change: restored up to the mark, an object idled since never comes back", async () => {
      let store = await backend.open();
      const record = await store.ensureTown(`objects-${backend.name}`, "base-3");
      const journal = new MemoryJournal();
      const a = town(journal);
      const objects = a.town.map.addresses().filter((x) => x.split(":").length === 4);
      const [stove, sink, bench] = [
        objects[0],
        objects[Math.floor(objects.length / 2)],
        objects.at(-1)!,
      ];
      const set = (t: ReturnType<typeof town>, address: string, state: string) =>
        expect(t.town.apply({ kind: "setObjectState", address, state, by: "Mo" }).ok).toBe(true);
      const objectRows = () =>
        store.prisma.objectState.findMany({
          where: { townId: record.id },
          orderBy: { seq: "asc" },
        });
      const autosave = new Autosave(
        a.town,
        store,
        record.id,
        100_000,
        silent,
        new MemoryRows(store, record.id, journal, null),
      );
      set(a, stove, "leaking");
      set(a, sink, "broken");
      for (let i = 0; i < 200; i++) await a.town.advance();
      await autosave.save({ compact: false });
      // The snapshot holds no state; the rows hold each (residents' uses among them).
      const first = await objectRows();
      const snap = await store.prisma.snapshot.findFirstOrThrow({
        where: { townId: record.id },
        orderBy: { step: "desc" },
      });
      expect(JSON.stringify(snap.data)).not.toContain("leaking");
      expect(first.map((r) => [r.address, r.state])).toEqual(
        expect.arrayContaining([
          [stove, "leaking"],
          [sink, "broken"],
        ]),
      );
      // A save with nothing changed writes no object row; a change writes one row per object changed.
      await autosave.save({ compact: false });
      expect(await objectRows()).toHaveLength(first.length);
      set(a, sink, "idle");
      set(a, bench, "flooded");
      await autosave.save({ compact: false }); // no step between: only the two changes are new
      const second = await objectRows();
      expect(second.slice(first.length).map((r) => [r.address, r.state])).toEqual(
        expect.arrayContaining([
          [sink, ""],
          [bench, "flooded"],
        ]),
      );
      expect(second.length - first.length).toBe(2);
      const saved = JSON.stringify(a.town.snapshot());
      // The town lives on and dies in its next save, its rows written and its snapshot not: those rows are never seen.
      set(a, stove, "idle");
      for (let i = 0; i < 60; i++) await a.town.advance();
      await takeSave(a.town, autosave.rows);
      await autosave.rows!.flush();
      expect((await objectRows()).some((r) => r.address === stove && r.state === "")).toBe(true);
      await store.close();

      store = await backend.open();
      const latest = (await store.latestSnapshot(record.id))!;
      const jb = new MemoryJournal();
      const b = town(jb);
      b.town.restore(TownSnapshot.parse(latest.data));
      expect(JSON.stringify(b.town.snapshot())).toBe(saved);
      expect(b.town.objectStates()).toEqual(
        expect.arrayContaining([
          { address: stove, state: "leaking", by: "Mo" },
          { address: bench, state: "flooded", by: "Mo" },
        ]),
      );
      expect(b.town.objectStates().some((o) => o.address === sink)).toBe(false);
      // The restored town idles an object before its first save: restored again, the object stays idle.
      const resumed = new Autosave(
        b.town,
        store,
        record.id,
        100_000,
        silent,
        new MemoryRows(store, record.id, jb, latest.mark),
      );
      set(b, stove, "idle");
      await resumed.save();
      const c = town(new MemoryJournal());
      c.town.restore(TownSnapshot.parse((await store.latestSnapshot(record.id))!.data));
      expect(c.town.objectStates()).toEqual(b.town.objectStates());
      expect(c.town.objectStates().some((o) => o.address === stove)).toBe(false);
      // A save asked for folds the rows a newer one replaces: one row per object at most, past the last "all idle".
      const left = await objectRows();
      expect(new Set(left.map((r) => r.address)).size).toBe(left.length);
      expect(
        left
          .filter((r) => r.address !== "")
          .every((r) => r.seq > left.find((x) => x.address === "")!.seq),
      ).toBe(true);
      await store.close();
    });

    it("opens a save in the whole-snapshot format of the code before rows, and moves its memories to rows", async () => {
      let store = await backend.open();
      const record = await store.ensureTown(`old-${backend.name}`, OLD.template);
      await store.saveSnapshot(record.id, OLD.step, OLD.data); // exactly what that code wrote
      const journal = new MemoryJournal();
      const a = town(journal);
      const old = (await store.latestSnapshot(record.id))!;
      expect(old.mark).toBeNull();
      a.town.restore(TownSnapshot.parse(old.data));
      const oldAgents = (
        OLD.data as {
          mind: { agents: { id: string; memory: { memories: { description: string }[] } }[] };
        }
      ).mind.agents;
      const restored = memoriesOf(a);
      expect(restored.map((m) => m.length)).toEqual(
        template.personas.map((p) => oldAgents.find((x) => x.id === p.id)!.memory.memories.length),
      );
      expect(restored.flat().length).toBeGreaterThan(0);

      const autosave = new Autosave(
        a.town,
        store,
        record.id,
        100_000,
        silent,
        new MemoryRows(store, record.id, journal, old.mark),
      );
      await autosave.save();
      const stored = await store.prisma.snapshot.findFirstOrThrow({
        where: { townId: record.id, step: OLD.step },
      });
      expect(stored.mark).not.toBeNull();
      expect(JSON.stringify(stored.data)).not.toContain('"embeddings"');
      expect(await store.prisma.memory.count({ where: { townId: record.id } })).toBe(
        restored.flat().length,
      );
      await store.close();

      store = await backend.open();
      const b = town(new MemoryJournal());
      b.town.restore(TownSnapshot.parse((await store.latestSnapshot(record.id))!.data));
      expect(memoriesOf(b)).toEqual(restored);
      expect(JSON.stringify(b.town.snapshot())).toBe(JSON.stringify(a.town.snapshot()));

      // The rows page by type, time and text, from the database.
      const agent = template.personas[0].id;
      const all = await pageMemories(store.prisma, record.id, agent, { limit: 2 });
      expect(all.memories.length).toBe(Math.min(2, restored[0].length));
      expect(all.memories.map((m) => m.description)).toEqual(
        restored[0].slice(0, 2).map((m) => m.description),
      );
      const word = restored[0][0].description.split(" ").at(-1)!;
      const found = await pageMemories(store.prisma, record.id, agent, { q: word });
      expect(found.memories.length).toBeGreaterThan(0);
      expect(
        found.memories.every((m) => m.description.toLowerCase().includes(word.toLowerCase())),
      ).toBe(true);
      await store.close();
    });
  });
}

describe("GET /api/agents/:id/memories", () => {
  it("pages a resident's memories from the database, filtered, and refuses a malformed query", async () => {
    const server = await startTestServer({ STEPS_PER_SECOND: "50", AUTOSAVE_STEPS: "20" });
    try {
      const id = template.personas[0].id;
      const get = (q: string) => fetch(`${server.url}/api/agents/${id}/memories${q}`);
      // The residents wake and remember; the rows reach the database with the autosaves.
      const all = await waitFor(
        "memories in the database",
        async () => {
          const page = (await (await get("?limit=200")).json()) as MemoryPage;
          return page.memories.length > 0 && page;
        },
        30_000,
        200,
      );
      expect(all.memories.map((m) => m.id)).toEqual(
        [...all.memories.map((m) => m.id)].sort((a, b) => b - a),
      );
      // Page by page (one a page), the same stream.
      const paged: number[] = [];
      for (let before: number | null | undefined; before !== null;) {
        const page = (await (
          await get(`?limit=1${before ? `&before=${before}` : ""}`)
        ).json()) as MemoryPage;
        paged.push(...page.memories.map((m) => m.id));
        before = page.next;
        if (paged.length >= all.memories.length) break;
      }
      expect(paged).toEqual(all.memories.slice(0, paged.length).map((m) => m.id));
      const type = all.memories[0].type;
      const typed = (await (await get(`?type=${type}&limit=200`)).json()) as MemoryPage;
      expect(typed.memories).toEqual(all.memories.filter((m) => m.type === type));
      const word = all.memories[0].description.split(" ")[2];
      const found = (await (
        await get(`?q=${encodeURIComponent(word.toUpperCase())}&limit=200`)
      ).json()) as MemoryPage;
      expect(found.memories).toEqual(
        all.memories.filter((m) => m.description.toLowerCase().includes(word.toLowerCase())),
      );
      const after = (await (
        await get(`?from=${encodeURIComponent(all.memories[0].created)}&limit=200`)
      ).json()) as MemoryPage;
      expect(after.memories).toEqual(
        all.memories.filter((m) => m.created >= all.memories[0].created),
      );
      for (const bad of ["?limit=0", "?type=dream", "?from=yesterday", "?before=-1", "?x=1"]) {
        const res = await get(bad);
        expect(res.status, bad).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("bad_message");
      }
      expect((await fetch(`${server.url}/api/agents/${id}/memories?town=nowhere`)).status).toBe(
        404,
      );
    } finally {
      await server.cleanup();
    }
  }, 120_000);
});
