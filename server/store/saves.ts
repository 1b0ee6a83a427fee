// Saves as the API and the CLIs see them: every town with its newest autosave, and forks (a new
// town that starts from a copy of another's newest snapshot and continues on its own).
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { TOWN_NAME, TOWN_NAME_RULE } from "../../shared/text.ts";
import { copyRows } from "./memoryRows.ts";

export interface SaveInfo {
  id: string;
  name: string;
  template: string;
  /** Step of the newest snapshot, null when the town was never saved. */
  step: number | null;
  savedAt: string | null;
  createdAt: string;
  /** Name of the save it was forked from. */
  forkOf: string | null;
}

export class SaveError extends Error {
  constructor(
    readonly code: "not_found" | "conflict" | "bad_message",
    message: string,
  ) {
    super(message);
  }
}

export async function listSaves(prisma: PrismaClient): Promise<SaveInfo[]> {
  const towns = await prisma.town.findMany({
    orderBy: [{ createdAt: "asc" }, { name: "asc" }],
    include: {
      snapshots: { orderBy: { step: "desc" }, take: 1, select: { step: true, createdAt: true } },
    },
  });
  return towns.map((t) => ({
    id: t.id,
    name: t.name,
    template: t.template,
    step: t.snapshots[0]?.step ?? null,
    savedAt: t.snapshots[0]?.createdAt.toISOString() ?? null,
    createdAt: t.createdAt.toISOString(),
    forkOf: t.forkOf,
  }));
}

/** Forks save `from` (a name or an id) into a new town `name` that starts at from's newest snapshot. */
export async function forkSave(
  prisma: PrismaClient,
  from: string,
  name: string,
): Promise<SaveInfo> {
  // A fork is hosted under its name, so it must be a name a town may have.
  if (!TOWN_NAME.test(name))
    throw new SaveError("bad_message", `name: a town name: ${TOWN_NAME_RULE}`);
  const source =
    (await prisma.town.findUnique({ where: { name: from } })) ??
    (await prisma.town.findUnique({ where: { id: from } }));
  if (!source) throw new SaveError("not_found", `no save named "${from.slice(0, 64)}"`);
  const snap = await prisma.snapshot.findFirst({
    where: { townId: source.id },
    orderBy: { step: "desc" },
  });
  if (!snap) throw new SaveError("not_found", `save "${source.name}" has no snapshot yet`);
  try {
    const town = await prisma.$transaction(async (tx) => {
      const t = await tx.town.create({
        data: { name, template: source.template, forkOf: source.name },
      });
      await tx.snapshot.create({
        data: {
          townId: t.id,
          step: snap.step,
          data: snap.data as Prisma.InputJsonValue,
          mark: snap.mark,
        },
      });
      // The fork's own copy of the memories its snapshot goes with: it never reads its parent's rows.
      if (snap.mark !== null) await copyRows(tx, source.id, t.id, snap.mark);
      return t;
    });
    return {
      id: town.id,
      name: town.name,
      template: town.template,
      step: snap.step,
      savedAt: new Date().toISOString(),
      createdAt: town.createdAt.toISOString(),
      forkOf: source.name,
    };
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")
      throw new SaveError("conflict", `a save named "${name}" exists already`);
    throw err;
  }
}
