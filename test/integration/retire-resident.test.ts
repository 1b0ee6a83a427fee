// A resident retired from a running town (issue 32, part 3) through
// DELETE /api/towns/:town/residents/:id, POST .../residents/:id/retire and the retire_resident
// message: refused to a non-moderator, for an unknown resident and for one already leaving or gone;
// it walks home and leaves everyone's town; a replay of the recording shows a resident added and one
// retired at their steps; after a restart it does not come back, its memories are still there.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { TownEvent } from "../../shared/events.ts";
import { leaveAll, startTestServer, waitFor } from "../helpers/server.ts";
import { nora } from "../helpers/newcomer.ts";
import { joinAs, type TownRoomClient } from "../helpers/people.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-retire-"));
const rooms: TownRoomClient[] = [];
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Steps = [number, number, TownEvent[]][];

describe("retiring a resident, live", () => {
  it("walks it home and out of town, is recorded, and it stays gone after a restart", async () => {
    const env = {
      DATA_DIR: dataDir,
      MODERATOR_TOKEN: "sesame",
      START_TIME: "09:00",
      STEPS_PER_SECOND: "20",
    };
    const first = await startTestServer(env);
    let theoMemories: unknown[];
    const town = first.host.name;
    const call = (method: string, url: string, token?: string, body?: unknown) =>
      fetch(`${first.url}/api/towns/${town}${url}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    try {
      const mod = await joinAs(first, rooms, "Mo", "moderator", "sesame");
      const vic = await joinAs(first, rooms, "Vic");
      expect((await call("POST", "/residents", "sesame", nora)).status).toBe(201);

      // Refusals: no token, a visitor's message, an unknown resident, a body that is wrong.
      expect((await call("DELETE", "/residents/theo")).status).toBe(401);
      const n = vic.inbox.error.length;
      vic.room.send("retire_resident", { agentId: "theo" });
      expect(await vic.nextError(n)).toMatchObject({ code: "forbidden", type: "retire_resident" });
      const nobody = await call("DELETE", "/residents/nobody", "sesame");
      expect(nobody.status).toBe(404);
      expect((await nobody.json()).error.message).toBe('no resident "nobody"');
      expect((await call("POST", "/residents/theo/retire", "sesame", { who: 1 })).status).toBe(400);
      expect(first.host.town.agent("theo")).toBeDefined();

      // Retired by the moderator's message: Theo walks home and leaves everyone's town. (The
      // clock waits meanwhile, so that he is still on his way when retired again.)
      mod.room.send("control", { action: "pause" });
      await waitFor("the clock to stop", () => (vic.room.state.clock.running ? undefined : true));
      mod.room.send("retire_resident", { agentId: "theo" });
      await waitFor("Vic sees Theo leave for home", () =>
        vic.room.state.agents.get("theo")?.action === "leaving town" ? true : undefined,
      );
      const leaving = await call("POST", "/residents/theo/retire", "sesame", { by: "Ann" });
      expect(leaving.status).toBe(409);
      expect((await leaving.json()).error.message).toBe("Theo Brandt is already leaving town");
      mod.room.send("control", { action: "resume" });
      await waitFor(
        "Theo to leave",
        () => (vic.room.state.agents.has("theo") ? undefined : true),
        60_000,
      );
      expect([...vic.room.state.agents.keys()].sort()).toEqual(["edmund", "ines", "nora-vale"]);
      const gone = await call("DELETE", "/residents/theo", "sesame");
      expect(gone.status).toBe(409);
      expect((await gone.json()).error.message).toBe('"theo" has already left town');

      // The recording a replay reads: Nora added and Theo retired, then gone, at their steps.
      const recorded = await waitFor(
        "the departure in the recording",
        async () => {
          const [rec] = (await (await fetch(`${first.url}/api/recordings`)).json()) as {
            id: string;
            fromStep: number;
            toStep: number;
          }[];
          if (!rec || rec.toStep <= rec.fromStep) return undefined;
          const steps = (await (
            await fetch(
              `${first.url}/api/recordings/${rec.id}/steps?from=${rec.fromStep + 1}&to=${Math.min(rec.toStep, rec.fromStep + 1999)}`,
            )
          ).json()) as Steps;
          // Where each event is in the recording: its step, and its place among all events.
          const flat = steps.flatMap(([step, , es]) => es.map((e) => ({ step, e })));
          const at = (kind: string, id: string) => {
            const i = flat.findIndex(
              ({ e }) => e.kind === kind && "agentId" in e && e.agentId === id,
            );
            return i < 0 ? undefined : { step: flat[i].step, i };
          };
          const [added, retired, left] = [
            at("residentAdded", "nora-vale"),
            at("residentRetired", "theo"),
            at("residentLeft", "theo"),
          ];
          return added !== undefined && retired !== undefined && left !== undefined
            ? { added, retired, left }
            : undefined;
        },
        20_000,
      );
      expect(recorded.added.i).toBeLessThan(recorded.retired.i);
      expect(recorded.retired.i).toBeLessThan(recorded.left.i);
      expect(recorded.retired.step).toBeLessThanOrEqual(recorded.left.step);
      // Those who knew Theo remember he left.
      await waitFor("Ines to know Theo left", async () =>
        (await first.host.mind.inspect("ines", { limit: 200 }))!.memories.some(
          (m) => m.description === "Theo Brandt has left town",
        )
          ? true
          : undefined,
      );
      theoMemories = (await first.host.mind.inspect("theo", { limit: 500 }))!.memories;
      await leaveAll(rooms);
    } finally {
      await first.close(); // saves on the way out
    }

    const second = await startTestServer({ ...env, STEPS_PER_SECOND: "0.5" });
    try {
      expect(second.host.town.agent("theo")).toBeUndefined();
      expect(second.host.town.agent("nora-vale")).toBeDefined();
      // Its memories stay in the save.
      const kept = (await second.host.mind.inspect("theo", { limit: 500 }))!.memories;
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(theoMemories);
    } finally {
      await second.close();
    }
  });
});
