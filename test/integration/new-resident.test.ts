// A resident added to a running town (issue 32, part 2) through POST /api/towns/:town/residents
// and the add_resident message: refused with the field that is wrong, shown to everyone present,
// walking about, in the recording a replay reads, and still there after a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { leaveAll, startTestServer, waitFor } from "../helpers/server.ts";
import { nora } from "../helpers/newcomer.ts";
import { joinAs, memoriesOf, type TownRoomClient } from "../helpers/people.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-new-resident-"));
const rooms: TownRoomClient[] = [];
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("a new resident, live", () => {
  it("is added by a moderator, walks, is recorded, and survives a restart", async () => {
    const env = {
      DATA_DIR: dataDir,
      MODERATOR_TOKEN: "sesame",
      START_TIME: "09:00",
      STEPS_PER_SECOND: "20",
    };
    const first = await startTestServer(env);
    const town = first.host.name;
    const post = (body: unknown, token?: string) =>
      fetch(`${first.url}/api/towns/${town}/residents`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    try {
      const mod = await joinAs(first, rooms, "Mo", "moderator", "sesame");
      const vic = await joinAs(first, rooms, "Vic");
      // Refusals name what is wrong; nothing changes.
      expect((await post(nora)).status).toBe(401);
      const taken = await post({ ...nora, name: "Ines Calloway" }, "sesame");
      expect(taken.status).toBe(409);
      expect((await taken.json()).error.message).toMatch(/^name: "Ines Calloway" already lives/);
      const nowhere = await post({ ...nora, workplace: "Willowbrook:Moon base" }, "sesame");
      expect(nowhere.status).toBe(404);
      expect((await nowhere.json()).error.message).toMatch(/^workplace: .*Moon base/);
      const noAge = await post({ ...nora, age: "old" }, "sesame");
      expect(noAge.status).toBe(400);
      expect((await noAge.json()).error.message).toMatch(/^age: /);
      let n = vic.inbox.error.length;
      vic.room.send("add_resident", nora);
      expect(await vic.nextError(n)).toMatchObject({ code: "forbidden", type: "add_resident" });
      n = mod.inbox.error.length;
      mod.room.send("add_resident", {
        ...nora,
        home: "Willowbrook:Hale cottage:bedroom",
        shareWith: undefined,
      });
      expect(await mod.nextError(n)).toMatchObject({ code: "conflict", type: "add_resident" });
      expect(first.host.town.agentViews()).toHaveLength(3);

      const made = await post(nora, "sesame");
      expect(made.status).toBe(201);
      const { events } = (await made.json()) as { events: { kind: string; agentId: string }[] };
      expect(events[0]).toMatchObject({ kind: "residentAdded", agentId: "nora-vale" });
      // Everyone present sees it, and sees it walk from home.
      const start = await waitFor("Vic sees Nora", () => vic.room.state.agents.get("nora-vale"));
      const from = { x: start.x, y: start.y };
      await waitFor(
        "Nora walks",
        () => {
          const a = vic.room.state.agents.get("nora-vale")!;
          return (a.x !== from.x || a.y !== from.y) && a.action !== "";
        },
        30_000,
      );
      // (Her plan's memory travels back from the minds' thread with its answer: on a loaded
      // machine it can land a step after the walk it chose is seen.)
      await waitFor(
        "Nora's plan in her memory",
        async () => (await memoriesOf(first, "nora-vale")).some((m) => m.type === "plan"),
        30_000,
      );
      // A moderator changes what she is up to: she thinks it as her own.
      const patch = (id: string, body: unknown) =>
        fetch(`${first.url}/api/towns/${town}/residents/${id}`, {
          method: "PATCH",
          headers: { "content-type": "application/json", authorization: "Bearer sesame" },
          body: JSON.stringify(body),
        });
      expect((await patch("nora-vale", {})).status).toBe(400);
      expect((await patch("nobody", { currently: "x" })).status).toBe(404);
      expect(
        (await patch("nora-vale", { currently: "Nora wants to open a bakery in the old mill." }))
          .status,
      ).toBe(201);
      await waitFor("Nora thinks of the mill", async () =>
        (await memoriesOf(first, "nora-vale")).some(
          (m) => m.type === "thought" && /old mill/.test(m.description),
        ),
      );
      // In the recording a replay reads.
      await waitFor(
        "residentAdded in the recording",
        async () => {
          const [rec] = (await (await fetch(`${first.url}/api/recordings`)).json()) as {
            id: string;
            fromStep: number;
            toStep: number;
          }[];
          if (!rec || rec.toStep <= rec.fromStep) return false;
          const steps = (await (
            await fetch(
              `${first.url}/api/recordings/${rec.id}/steps?from=${rec.fromStep + 1}&to=${Math.min(rec.toStep, rec.fromStep + 599)}`,
            )
          ).json()) as [number, number, { kind: string; agentId?: string }[]][];
          return steps.some(([, , es]) =>
            es.some((e) => e.kind === "residentAdded" && e.agentId === "nora-vale"),
          );
        },
        20_000,
      );
      await leaveAll(rooms);
    } finally {
      await first.close(); // saves on the way out
    }
    const nowAt = first.host.town.agent("nora-vale");

    const second = await startTestServer({ ...env, STEPS_PER_SECOND: "0.5" });
    try {
      expect(second.host.town.agent("nora-vale")).toEqual(nowAt);
      expect(second.host.town.persona("nora-vale")!.currently).toMatch(/old mill/);
      expect((await memoriesOf(second, "nora-vale")).some((m) => m.type === "plan")).toBe(true);
    } finally {
      await second.close();
    }
  });
});
