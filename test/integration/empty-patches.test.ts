// A client is not sent patches that hold nothing for it (server/rooms/frames.ts): while the
// clock is paused and the only thing that changes is a person walking out of its view, its socket
// stays quiet, where it used to get an empty frame every patch interval (20 a second).
import { describe, expect, it } from "vitest";
import { VIEW_HYSTERESIS, VIEW_MARGIN, VIEW_MESSAGE } from "../../shared/interest.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";
import { walkTo, type Person } from "../helpers/people.ts";
import { avatarAt } from "../../shared/state.ts";

const t = useTestServer({ MODERATOR_TOKEN: "sesame" });
const PATCH = 15;

/** Counts the state patches a person's socket receives from now on. */
function patchesTo(p: Person): { count: number } {
  const seen = { count: 0 };
  const ws = (p.room.connection as any).transport.ws;
  ws.addEventListener("message", (e: { data: ArrayBuffer }) => {
    if ((new Uint8Array(e.data)[0] & 31) === PATCH) seen.count++;
  });
  return seen;
}

describe("patches", () => {
  it("a client whose view nothing changed in is sent no frames while someone walks out of sight", async () => {
    const mod = await t.join("Mo", "moderator", "sesame");
    await t.pause(mod);
    const ann = await t.join("Ann");
    const cal = await t.join("Cal");
    // Ann's camera shows one tile around her; Mo stands still, the clock is paused.
    (ann.room as unknown as { send(t: string, m: unknown): void }).send(VIEW_MESSAGE, {
      follow: "",
      halfWidth: 1,
      halfHeight: 1,
    });
    const town = t.server.host.town;
    const spawn = town.map.spawns.get("visitors")!;
    const keep = 1 + VIEW_MARGIN + VIEW_HYSTERESIS;
    const far: { x: number; y: number; d: number }[] = [];
    for (let y = 0; y < town.map.height; y++)
      for (let x = 0; x < town.map.width; x++) {
        const d = Math.max(Math.abs(x - spawn.x), Math.abs(y - spawn.y));
        if (d > keep + 2 && d <= keep + 12 && town.map.isWalkable(x, y)) far.push({ x, y, d });
      }
    far.sort((a, b) => a.d - b.d);
    let first: { x: number; y: number } | undefined;
    for (const f of far)
      if (await walkTo(cal, f.x, f.y)) {
        first = f;
        break;
      }
    expect(first, "a reachable tile out of Ann's view").toBeDefined();
    await waitFor(
      "Cal out of Ann's view",
      () => avatarAt(ann.room.state.avatars.get(cal.id))?.x === undefined,
    );

    // Cal walks on, further out of her view: Ann is sent nothing; Cal sees every step of his own.
    const toAnn = patchesTo(ann);
    const toCal = patchesTo(cal);
    const next = far.filter(
      (f) => f.d > keep + 4 && Math.abs(f.x - first!.x) + Math.abs(f.y - first!.y) >= 4,
    );
    let walked = false;
    for (const f of next.slice(0, 20)) if ((walked = await walkTo(cal, f.x, f.y))) break;
    expect(walked).toBe(true);
    expect(toCal.count).toBeGreaterThan(2);
    expect(toAnn.count).toBe(0);
  });
});
