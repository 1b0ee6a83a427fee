import { describe, expect, it } from "vitest";
import type { Mind, MindInput, MindOutput } from "../../server/world/mind.ts";
import { ScriptedMind } from "../../server/agents/scriptedMind.ts";
import type { TownEvent } from "../../shared/events.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyPersonas, tinyTownJson } from "../fixtures/tinyTown.ts";
import { offlineTown } from "../helpers/offlineTown.ts";
import { sleep } from "../helpers/wait.ts";

const map = TownMap.fromJson(tinyTownJson(), "tiny");
const makeTown = (mind: Mind = new ScriptedMind(), mode: "lockstep" | "live" = "lockstep") =>
  new Town({ template: "tiny", map, personas: tinyPersonas(), mind, mode, seed: 3 });

async function run(town: Town, steps: number): Promise<TownEvent[]> {
  const all: TownEvent[] = [];
  for (let i = 0; i < steps; i++) all.push(...(await town.advance()));
  return all;
}

describe("Town", () => {
  it("starts residents at their spawns and steps the clock 10 s at a time", async () => {
    const town = makeTown();
    expect(town.agentViews().map((a) => [a.id, a.x, a.y])).toEqual([
      ["ann", 1, 2],
      ["bob", 8, 2],
    ]);
    const events = await town.advance();
    expect(events[0]).toEqual({ kind: "clockTicked", step: 1, time: map.start + 10_000 });
    expect(events.filter((e) => e.kind === "actionStarted").map((e) => (e as any).action)).toEqual([
      "sleeping",
      "reading at home",
    ]);
  });

  it("walks residents one tile a step along walkable tiles to their schedule's address", async () => {
    const town = makeTown();
    // 07:00 → 08:00 + walking time: Bob visits Ann's room from 08:00.
    const events = await run(town, 6 * 60 + 40);
    const bobMoves = events.filter(
      (e): e is Extract<TownEvent, { kind: "agentMoved" }> =>
        e.kind === "agentMoved" && e.agentId === "bob",
    );
    expect(bobMoves.length).toBeGreaterThan(5);
    let prev = { x: 8, y: 2 };
    for (const m of bobMoves) {
      expect(map.isWalkable(m.x, m.y)).toBe(true);
      expect(Math.abs(m.x - prev.x) + Math.abs(m.y - prev.y)).toBe(1);
      prev = m;
    }
    const bob = town.agent("bob")!;
    expect(bob.action).toBe("visiting Ann");
    expect(map.addressAt(bob.x, bob.y).startsWith("Tiny:Home A:room")).toBe(true);
    // Ann went to the fountain at 07:30.
    expect(town.agent("ann")).toMatchObject({ x: 5, y: 4, action: "walking in the square" });
  });

  it("draws from its seed: the same seed repeats a run exactly, another seed gives another run", async () => {
    // Generative minds on the offline engine, whose choices (greetings, whether to go to a party,
    // which object a task uses) are seeded draws: until mid-afternoon of the first day.
    const t = await loadTemplate("base-3");
    const generative = async (seed: number) => {
      const { town, mind } = offlineTown(t, { seed });
      const events = await run(town, 3000);
      return {
        events,
        memories: t.personas.map((p) => mind.inspect(p.id, { limit: 1000 })!.memories),
      };
    };
    const first = await generative(11);
    expect(await generative(11)).toEqual(first);
    // Another seed: other draws, so another day (what happens; what is remembered of it may
    // still agree on a short run).
    const other = await generative(12);
    expect(other.events).not.toEqual(first.events);
  });

  it("continues from a snapshot exactly as an uninterrupted town", async () => {
    const a = makeTown();
    await run(a, 300);
    const b = makeTown();
    b.restore(JSON.parse(JSON.stringify(a.snapshot())));
    expect(await run(b, 300)).toEqual(await run(a, 300));
  });

  it("keeps stepping when a mind fails or is slow (live mode)", async () => {
    let calls = 0;
    const flaky: Mind = {
      async tick({ agent, now, needsAction }: MindInput): Promise<MindOutput | null> {
        if (!needsAction) return null;
        calls++;
        if (agent.id === "ann") throw new Error("model said nonsense");
        await sleep(30); // time on purpose: a slow mind
        return {
          action: {
            action: "pacing",
            emoji: "🚶",
            address: "Tiny:Square:plaza",
            until: now + 3_600_000,
          },
        };
      },
    };
    const town = makeTown(flaky, "live");
    const first = await town.advance();
    expect(first.some((e) => e.kind === "actionStarted")).toBe(false); // nobody waited for the slow mind
    await sleep(50); // time on purpose: the slow mind's answers come while the town waits
    const events = await run(town, 10);
    expect(events.some((e) => e.kind === "actionStarted" && e.agentId === "bob")).toBe(true);
    expect(town.mindErrors.some((e) => e.agentId === "ann")).toBe(true);
    expect(town.step).toBe(11);
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it("gives up on a mind that never answers (live mode): the resident goes on and asks again a game minute later", async () => {
    const asked: { id: string; now: number }[] = [];
    const silent: Mind = {
      tick({ agent, now, needsAction }) {
        if (needsAction) asked.push({ id: agent.id, now });
        return new Promise<MindOutput | null>(() => {});
      },
    };
    const town = new Town({
      template: "tiny",
      map,
      personas: tinyPersonas(),
      mind: silent,
      mode: "live",
      seed: 3,
      mindTimeoutMs: 30,
    });
    const t0 = Date.now();
    await town.advance();
    expect(asked.map((a) => a.id)).toEqual(["ann", "bob"]);
    // When the town gave up on each (on a busy machine the two timeouts may fall in different steps).
    const gaveUp = new Map<string, number>();
    while (town.mindErrors.length < 2) {
      await town.advance();
      for (const e of town.mindErrors) if (!gaveUp.has(e.agentId)) gaveUp.set(e.agentId, town.time);
      await sleep(10); // time on purpose: the test measures the timeout in real time
    }
    expect(Date.now() - t0).toBeGreaterThanOrEqual(30);
    expect(town.mindErrors.map((e) => [e.agentId, (e.error as Error).name])).toEqual([
      ["ann", "MindTimeout"],
      ["bob", "MindTimeout"],
    ]);
    // The town steps on; each resident asks again once a game minute has passed, not before.
    for (let i = 0; i < 8; i++) await town.advance();
    const again = asked.slice(2);
    expect(again.map((a) => a.id)).toEqual(["ann", "bob"]);
    for (const a of again) expect(a.now).toBeGreaterThanOrEqual(gaveUp.get(a.id)! + 60_000);
  });

  it("lets avatars join, walk at walking speed along a path, and leave", () => {
    const town = makeTown();
    const joined = town.apply({ kind: "joinAvatar", avatarId: "s1", name: "Mia", role: "visitor" });
    expect(joined).toMatchObject({
      ok: true,
      events: [{ kind: "avatarJoined", avatarId: "s1", x: 4, y: 5 }],
    });
    expect(town.apply({ kind: "moveAvatar", avatarId: "s1", x: 0, y: 0 })).toMatchObject({
      ok: false,
      code: "unreachable",
    });
    // From rest, the order itself takes the first tile; then 5 tiles a second: after 0.5 s,
    // 2 more (the tick carries the fraction over).
    const moved = town.apply({ kind: "moveAvatar", avatarId: "s1", x: 8, y: 1 });
    expect(moved).toMatchObject({ ok: true, events: [{ kind: "avatarMoved", avatarId: "s1" }] });
    const first = town.avatarViews()[0];
    expect(Math.abs(first.x - 4) + Math.abs(first.y - 5)).toBe(1);
    let last: TownEvent | undefined;
    for (let i = 0; i < 10; i++) last = town.tickHumans(50).at(-1) ?? last;
    expect(last).toMatchObject({ kind: "avatarMoved", avatarId: "s1" });
    const mid = town.avatarViews()[0];
    expect(Math.abs(mid.x - 4) + Math.abs(mid.y - 5)).toBe(3);
    for (let i = 0; i < 40; i++) town.tickHumans(50);
    expect(town.avatarViews()[0]).toMatchObject({ x: 8, y: 1 });
    expect(town.apply({ kind: "leaveAvatar", avatarId: "s1" })).toEqual({
      ok: true,
      events: [{ kind: "avatarLeft", avatarId: "s1" }],
    });
    expect(town.avatarViews()).toEqual([]);
  });
});

describe("Town and minds", () => {
  it("tells minds what their agents perceive, and new views of places", async () => {
    const inputs: MindInput[] = [];
    const watcher: Mind = {
      async tick(input) {
        inputs.push(input);
        if (!input.needsAction) return null;
        const home = input.agent.id === "ann" ? "Tiny:Square:plaza" : "Tiny:Square:plaza:fountain";
        return {
          action: {
            action: "standing around",
            emoji: "🧍",
            address: home,
            until: input.now + 3_600_000,
            objectState: "splashed",
          },
        };
      },
    };
    const town = makeTown(watcher);
    await run(town, 30);
    const annSees = inputs
      .filter((i) => i.agent.id === "ann")
      .flatMap((i) => i.perceived.map((p) => p.subject));
    expect(annSees).toContain("Bob Birch");
    const bobViews = inputs.filter((i) => i.agent.id === "bob").flatMap((i) => i.inView);
    expect(bobViews).toContain("Tiny:Square:plaza:fountain");
    // Bob stands at the fountain, and the fountain takes the state his action gives it.
    expect(town.objectStates()).toEqual([
      { address: "Tiny:Square:plaza:fountain", state: "splashed", by: "Bob Birch" },
    ]);
    const annInput = inputs.filter((i) => i.agent.id === "ann").at(-1)!;
    expect(
      annInput.perceived.some(
        (p) =>
          p.subject === "Tiny:Square:plaza:fountain" && p.description === "fountain is splashed",
      ),
    ).toBe(true);
  });

  it("runs a conversation a mind starts: both stop, lines are said over time, both are told when it ends", async () => {
    const notices: { id: string; kinds: string[] }[] = [];
    let started = false;
    const chatty: Mind = {
      async tick(input) {
        if (input.notices.length)
          notices.push({ id: input.agent.id, kinds: input.notices.map((n) => n.kind) });
        if (
          input.agent.id === "ann" &&
          !started &&
          input.perceived.some((p) => p.actor?.id === "bob")
        ) {
          started = true;
          return {
            conversation: {
              with: "bob",
              topic: "talking about the weather",
              until: input.now + 60_000,
              lines: [
                { speaker: "ann", name: "Ann Ash", text: "Lovely day!" },
                { speaker: "bob", name: "Bob Birch", text: "It is." },
              ],
            },
          };
        }
        if (!input.needsAction) return null;
        return {
          action: {
            action: "strolling",
            emoji: "🚶",
            address: "Tiny:Square:plaza",
            until: input.now + 3_600_000,
          },
        };
      },
    };
    const town = makeTown(chatty);
    const events = await run(town, 40);
    const said = events.filter((e) => e.kind === "said");
    expect(said).toEqual([
      { kind: "said", speaker: "ann", listener: "bob", text: "Lovely day!" },
      { kind: "said", speaker: "bob", listener: "ann", text: "It is." },
    ]);
    expect(
      events.some(
        (e) =>
          e.kind === "actionStarted" &&
          e.agentId === "bob" &&
          e.talkingTo === "ann" &&
          e.emoji === "💬",
      ),
    ).toBe(true);
    expect(notices).toEqual(
      expect.arrayContaining([
        { id: "ann", kinds: ["conversationEnded"] },
        { id: "bob", kinds: ["conversationEnded"] },
      ]),
    );
    expect(town.agent("ann")!.talkingTo).toBe("");
  });

  it("refuses a talk with a resident leaving town: it keeps leaving, the asker is told why", async () => {
    const refused: string[] = [];
    let ask = false;
    const asking: Mind = {
      async tick(input) {
        for (const n of input.notices) if (n.kind === "conversationRefused") refused.push(n.reason);
        // Once Bob is leaving, Ann wants a word with him whenever she sees him; both stroll.
        if (ask && input.agent.id === "ann" && input.perceived.some((p) => p.actor?.id === "bob"))
          return {
            conversation: {
              with: "bob",
              topic: "talking about the fair",
              until: input.now + 60_000,
              lines: [{ speaker: "ann", name: "Ann Ash", text: "Off somewhere?" }],
            },
          };
        if (!input.needsAction) return null;
        return {
          action: {
            action: "strolling",
            emoji: "🚶",
            address: "Tiny:Square:plaza",
            until: input.now + 3_600_000,
          },
        };
      },
    };
    const town = makeTown(asking);
    await run(town, 60); // both out on the plaza, away from Bob's home
    const retired = town.apply({ kind: "retireResident", by: "Mo", agentId: "bob" });
    expect(retired).toMatchObject({ ok: true });
    ask = true;
    const events = await run(town, 5);
    expect(events.some((e) => e.kind === "said")).toBe(false);
    expect(refused).toContain("Bob Birch is leaving town");
    const bob = town.agent("bob");
    // (Still walking home to leave, or already gone: never drawn into Ann's talk.)
    if (bob) expect(bob).toMatchObject({ action: "leaving town", talkingTo: "" });
  });

  it("saves and restores the mind's own state with the town", async () => {
    let restored: unknown;
    const mind: Mind = {
      tick: (input) => new ScriptedMind().tick(input),
      snapshot: () => ({ memories: ["a"] }),
      restore: (d) => {
        restored = d;
      },
    };
    const town = makeTown(mind);
    await run(town, 5);
    const snap = JSON.parse(JSON.stringify(town.snapshot()));
    makeTown(mind).restore(snap);
    expect(restored).toEqual({ memories: ["a"] });
  });
});
