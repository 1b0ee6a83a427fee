// Bytes written per save of a save (issue 17), from what the database holds: for each autosave
// kept (the newest 5), the small snapshot's bytes and the rows written since the save before it
// (memories with their embeddings, mind parts; retrieval touches are folded into their memories
// at each save, so they are not counted). Usage (PostgreSQL):
//   BENCH_DATABASE_URL='postgresql://postgres@127.0.0.1:5432/test?schema=bench_week' npx tsx bench/save-bytes.ts week
import { openStore } from "../server/store/open.ts";

const name = process.argv[2] ?? "week";
const store = await openStore({
  databaseUrl:
    process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test?schema=bench_week",
  dataDir: "unused",
});
try {
  const town = await store.findTown(name);
  if (!town) throw new Error(`no save "${name}"`);
  const snaps = await store.prisma.$queryRaw<{ step: number; mark: number; bytes: number }[]>`
    SELECT step, mark, octet_length(data::text) AS bytes FROM "Snapshot" WHERE "townId" = ${town.id} ORDER BY step`;
  console.log(
    `save "${name}": step | snapshot bytes | memory rows (bytes) since the save before | mind parts (bytes) | total bytes`,
  );
  for (let i = 1; i < snaps.length; i++) {
    const [from, to] = [snaps[i - 1].mark, snaps[i].mark];
    const [m] = await store.prisma.$queryRaw<{ n: number; b: bigint | null }[]>`
      SELECT count(*)::int AS n, sum(pg_column_size(t.*))::bigint AS b FROM "Memory" t WHERE "townId" = ${town.id} AND seq > ${from} AND seq <= ${to}`;
    const [p] = await store.prisma.$queryRaw<{ n: number; b: bigint | null }[]>`
      SELECT count(*)::int AS n, sum(pg_column_size(t.*))::bigint AS b FROM "MindPart" t WHERE "townId" = ${town.id} AND seq > ${from} AND seq <= ${to}`;
    const total = snaps[i].bytes + Number(m.b ?? 0) + Number(p.b ?? 0);
    console.log(
      `  ${snaps[i].step} (${snaps[i].step - snaps[i - 1].step} steps) | ${snaps[i].bytes} | ${m.n} (${Number(m.b ?? 0)}) | ${p.n} (${Number(p.b ?? 0)}) | ${total}`,
    );
  }
} finally {
  await store.close();
}
