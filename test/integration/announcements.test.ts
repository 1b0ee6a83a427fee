// A town-wide event (issue 32, part 5) on a real server: a moderator announces news from the
// browser's message or POST /api/towns/:town/announcements; everyone else is refused; a place
// that does not exist is named in the error; the residents reached remember the news, and the
// announcement is in the recording a replay reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaveAll, startTestServer, waitFor } from "../helpers/server.ts";
import {
  joinAs,
  memoriesOf,
  type Person,
  type TestServer,
  type TownRoomClient,
} from "../helpers/people.ts";

let server: TestServer;
const rooms: TownRoomClient[] = [];
let mod: Person;

beforeAll(async () => {
  // At nine the residents are up: a sleeper would take the news in only on waking.
  server = await startTestServer({ MODERATOR_TOKEN: "sesame", START_TIME: "09:00" });
  mod = await joinAs(server, rooms, "Mo", "moderator", "sesame");
  await waitFor("a few steps", () => mod.room.state.clock.step >= 3);
});
afterAll(async () => {
  await leaveAll(rooms);
  await server?.cleanup();
});

const post = (town: string, body: unknown, token?: string) =>
  fetch(`${server.url}/api/towns/${encodeURIComponent(town)}/announcements`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

type Recorded = { kind: string; by?: string; text?: string; place?: string; agentIds?: string[] };

/** The recorded events of the town's latest recording (what a replay reads). */
async function recorded(): Promise<Recorded[]> {
  const [rec] = (await (await fetch(`${server.url}/api/recordings`)).json()) as {
    id: string;
    fromStep: number;
    toStep: number;
  }[];
  if (!rec || rec.toStep <= rec.fromStep) return [];
  const steps = (await (
    await fetch(
      `${server.url}/api/recordings/${rec.id}/steps?from=${rec.fromStep + 1}&to=${Math.min(rec.toStep, rec.fromStep + 599)}`,
    )
  ).json()) as [number, number, Recorded[]][];
  return steps.flatMap(([, , events]) => events);
}

describe("announcements", () => {
  it("only moderators announce; empty news and unknown places are refused with the reason", async () => {
    const vic = await joinAs(server, rooms, "Vic");
    let n = vic.inbox.error.length;
    vic.room.send("announce", { text: "Free money at the bank" });
    expect(await vic.nextError(n)).toMatchObject({ code: "forbidden", type: "announce" });
    n = mod.inbox.error.length;
    mod.room.send("announce", { text: "   " });
    expect(await mod.nextError(n)).toMatchObject({ code: "bad_message", type: "announce" });
    n = mod.inbox.error.length;
    mod.room.send("announce", { text: "Hello", place: "Atlantis:Harbour" });
    expect(await mod.nextError(n)).toMatchObject({
      code: "not_found",
      type: "announce",
      message: expect.stringContaining("Atlantis:Harbour"),
    });

    const town = server.host.name;
    expect((await post(town, { text: "Hi" })).status).toBe(401);
    expect((await post(town, { text: "Hi" }, "wrong")).status).toBe(403);
    const badPlace = await post(town, { text: "Hi", place: "Atlantis" }, "sesame");
    expect(badPlace.status).toBe(404);
    expect((await badPlace.json()).error.message).toContain("Atlantis");
    const noText = await post(town, { place: "" }, "sesame");
    expect(noText.status).toBe(400);
    expect((await noText.json()).error.message).toMatch(/^text: /);
    expect((await post("no-such-town", { text: "Hi" }, "sesame")).status).toBe(404);
  });

  it("reaches every resident, who remember it; message and API both enter the recording", async () => {
    mod.room.send("announce", { text: "A storm will hit tonight" });
    const all = server.host.town.agentViews().map((a) => a.id);
    const some = server.host.town.agentViews()[0];
    const place = server.host.town.map.addressAt(some.x, some.y).split(":").slice(0, 2).join(":");
    const res = await post(
      server.host.name,
      { text: "The bakery gives away bread", place, by: "Mayor Quill" },
      "sesame",
    );
    expect(res.status).toBe(201);
    const { events } = (await res.json()) as { events: Recorded[] };
    expect(events).toEqual([
      expect.objectContaining({ kind: "announced", by: "Mayor Quill", place }),
    ]);
    expect(events[0].agentIds).toContain(some.id);

    const inRecording = await waitFor(
      "both announcements in the recording",
      async () => {
        const found = (await recorded()).filter((e) => e.kind === "announced");
        return found.length >= 2 ? found : undefined;
      },
      20_000,
    );
    const storm = inRecording.find((e) => e.text === "A storm will hit tonight")!;
    expect(storm).toMatchObject({ by: "Mo", place: "" });
    expect(new Set(storm.agentIds)).toEqual(new Set(all));
    expect(inRecording.find((e) => e.by === "Mayor Quill")).toMatchObject({
      text: "The bakery gives away bread",
      place,
    });

    for (const id of all) {
      await waitFor(
        `${id} remembers the storm`,
        async () =>
          (await memoriesOf(server, id)).some(
            (m) =>
              m.type === "observation" &&
              /Mo announced .*storm will hit tonight/.test(m.description),
          ),
        20_000,
      );
    }
  });
});
