// Restore of a base-25 town whose memories are rows (issue 17), on PostgreSQL: median of RUNS
// restores (read the newest snapshot + the rows up to its mark, validate, rebuild a new town),
// with the time of each part.
//
// The town: the save SAVE (default "week") in BENCH_DATABASE_URL (default the local test database,
// schema bench_week), made once with the sim CLI:
//   DATABASE_URL='postgresql://postgres@127.0.0.1:5432/test?schema=bench_week' \
//     npx tsx server/cli/sim.ts --from base-25 --name week --steps 60480
// With COPIES > 1 the bench restores "<SAVE>-x<COPIES>" instead, made (once) from SAVE by giving
// every resident COPIES times its memories (each copy with ids of its own, the same rows' bytes):
// a town with the memory rows of a longer run when the machine has no time to simulate one.
// Usage: npx tsx bench/restore-rows.bench.ts [RUNS] [COPIES]
import { MemoryJournal } from "../server/agents/memory/journal.ts";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import { openStore } from "../server/store/open.ts";
import type { PrismaStore } from "../server/store/prismaStore.ts";
import { buildTown } from "../server/townFactory.ts";
import { TownSnapshot } from "../server/world/snapshot.ts";
import { loadTemplate } from "../server/content/template.ts";
import { fmt, machine, summarize } from "./stats.ts";

const RUNS = Number(process.argv[2] ?? 5);
const COPIES = Number(process.argv[3] ?? 1);
const SAVE = process.env.SAVE ?? "week";
const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test");
if (!url.searchParams.has("schema")) url.searchParams.set("schema", "bench_week");

type Agent = { id: string; memory: { v: number; next: number; size: number } };

/** SAVE with every resident's memories COPIES times (see the header), made once. */
async function multiplied(store: PrismaStore): Promise<string> {
  const name = `${SAVE}-x${COPIES}`;
  if (await store.findTown(name)) return name;
  const source = (await store.findTown(SAVE))!;
  const snap = await store.prisma.snapshot.findFirstOrThrow({
    where: { townId: source.id },
    orderBy: { step: "desc" },
  });
  const mark = snap.mark!;
  const data = snap.data as { mind: { agents: Agent[] } };
  const next = new Map(data.mind.agents.map((a) => [a.id, a.memory.next]));
  for (const a of data.mind.agents)
    a.memory = { ...a.memory, next: a.memory.next * COPIES, size: a.memory.size * COPIES };
  await store.prisma.$transaction(
    async (tx) => {
      const t = await tx.town.create({ data: { name, template: source.template } });
      await tx.snapshot.create({ data: { townId: t.id, step: snap.step, data: data, mark } });
      await tx.$executeRaw`
      INSERT INTO "MindPart" ("townId", seq, "agentId", part, data)
      SELECT ${t.id}, seq, "agentId", part, data FROM "MindPart" WHERE "townId" = ${source.id} AND seq <= ${mark}`;
      for (let k = 0; k < COPIES; k++) {
        for (const [agent, n] of next) {
          const shift = k * n;
          await tx.$executeRaw`
          INSERT INTO "Memory" ("townId", "agentId", "memId", seq, type, created, "lastAccessed", description, subject, predicate, object, importance, keywords, evidence, lines, depth, embedding)
          SELECT ${t.id}, "agentId", "memId" + ${shift}, seq, type, created, "lastAccessed", description, subject, predicate, object, importance, keywords,
            (SELECT COALESCE(array_agg(x + ${shift}), '{}') FROM unnest(evidence) AS x), lines, depth, embedding
          FROM "Memory" WHERE "townId" = ${source.id} AND "agentId" = ${agent} AND seq <= ${mark}`;
        }
      }
    },
    { timeout: 600_000 },
  );
  return name;
}

console.log(machine());
const store = await openStore({ databaseUrl: url.toString(), dataDir: "unused" });
try {
  if (!(await store.findTown(SAVE))) {
    console.log(
      `skipped: no save "${SAVE}" in ${url.toString()}: make it with the sim CLI (see the header)`,
    );
    process.exit(0);
  }
  const name = COPIES > 1 ? await multiplied(store) : SAVE;
  const record = (await store.findTown(name))!;
  const template = await loadTemplate(record.template);
  const memories = await store.prisma.memory.count({ where: { townId: record.id } });
  const parts = {
    read: [] as number[],
    parse: [] as number[],
    restore: [] as number[],
    total: [] as number[],
  };
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    const saved = await store.latestSnapshot(record.id);
    const t1 = performance.now();
    const snapshot = TownSnapshot.parse(saved!.data);
    const t2 = performance.now();
    const fresh = buildTown(template, {
      gateway: new OfflineGateway({ meter: false }),
      mode: "lockstep",
      seed: 1,
      journal: new MemoryJournal(),
    });
    fresh.town.restore(snapshot);
    const t3 = performance.now();
    if (fresh.town.step !== saved!.step) throw new Error("restore went wrong");
    parts.read.push(t1 - t0);
    parts.parse.push(t2 - t1);
    parts.restore.push(t3 - t2);
    parts.total.push(t3 - t0);
  }
  const m = (s: number[]) => fmt(summarize(s).median);
  console.log(
    `PostgreSQL: restore of "${name}" (step ${(await store.latestSnapshot(record.id))!.step}, ${memories} memory rows), median of ${RUNS}:`,
  );
  console.log(
    `  total ${m(parts.total)} = read ${m(parts.read)} + validate ${m(parts.parse)} + rebuild ${m(parts.restore)}   (totals: ${parts.total.map((t) => t.toFixed(0)).join(", ")} ms)`,
  );
} finally {
  await store.close();
}
