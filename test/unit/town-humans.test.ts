// People in the pure Town: talking to residents (range, busy, answers that arrive later, the ends
// of a talk), object states a person sets, and what a save keeps of them.
import { describe, expect, it } from "vitest";
import { CHAT_IDLE_SECONDS } from "../../shared/constants.ts";
import type { HeardWords, MindInput, Reply } from "../../server/world/mind.ts";
import { ScriptedMind } from "../../server/agents/scriptedMind.ts";
import type { TownEvent } from "../../shared/events.ts";
import { TownSnapshot } from "../../server/world/snapshot.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyPersonas, tinyTownJson } from "../fixtures/tinyTown.ts";

const map = TownMap.fromJson(tinyTownJson(), "tiny");

/** The scripted day, plus answers to people that the test controls. */
class TalkingMind extends ScriptedMind {
  heard: HeardWords[] = [];
  ticks: MindInput[] = [];
  answer: (h: HeardWords) => Promise<Reply> = async (h) => ({ text: `You said: ${h.words.join(" / ")}`, end: false, topic: "conversing about the weather" });
  override async tick(i: MindInput) {
    this.ticks.push(i);
    return super.tick(i);
  }
  hear(h: HeardWords): Promise<Reply> {
    this.heard.push(h);
    return this.answer(h);
  }
}

function makeTown(mind = new TalkingMind(), mode: "lockstep" | "live" = "lockstep") {
  const town = new Town({ template: "tiny", map, personas: tinyPersonas(), mind, mode, seed: 3 });
  // The visitors' spawn (4,5) is 3 tiles from Ann's spawn (1,2) and 4 from Bob's (8,2).
  const ok = town.apply({ kind: "joinAvatar", avatarId: "jane", name: "Jane", role: "visitor" });
  expect(ok.ok).toBe(true);
  return { town, mind };
}

const kinds = (events: readonly TownEvent[]) => events.map((e) => e.kind);
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("people talking to residents", () => {
  it("refuses unknown people and residents, residents out of range, and minds that cannot hear", () => {
    const { town } = makeTown();
    expect(town.apply({ kind: "say", avatarId: "ghost", agentId: "ann", text: "hi" })).toMatchObject({ ok: false, code: "not_found" });
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "zed", text: "hi" })).toMatchObject({ ok: false, code: "not_found" });
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "bob", text: "hi" })).toMatchObject({ ok: false, code: "too_far", message: expect.stringContaining("Bob Birch") });
    const deaf = new Town({ template: "tiny", map, personas: tinyPersonas(), mind: new ScriptedMind(), mode: "lockstep" });
    deaf.apply({ kind: "joinAvatar", avatarId: "jane", name: "Jane", role: "visitor" });
    expect(deaf.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "hi" })).toMatchObject({ ok: false, code: "unavailable" });
    expect(town.agent("bob")!.talkingTo).toBe("");
  });

  it("the resident stops, answers at the next tick, and nobody else can cut in", async () => {
    const { town, mind } = makeTown();
    const said = town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" });
    expect(said.ok).toBe(true);
    if (!said.ok) return;
    expect(kinds(said.events)).toEqual(["actionStarted", "avatarSaid"]);
    expect(said.events[1]).toEqual({ kind: "avatarSaid", avatarId: "jane", name: "Jane", agentId: "ann", text: "Hello Ann" });
    expect(town.agent("ann")).toMatchObject({ talkingTo: "jane", emoji: "💬", action: "talking with Jane" });
    expect(mind.heard[0]).toMatchObject({ speaker: { id: "jane", name: "Jane", role: "visitor" }, words: ["Hello Ann"], soFar: [] });

    await flush();
    const events = town.tickHumans(50);
    expect(events).toContainEqual({ kind: "said", speaker: "ann", listener: "jane", text: "You said: Hello Ann" });

    town.apply({ kind: "joinAvatar", avatarId: "kim", name: "Kim", role: "reporter" });
    // People join spread out: Kim walks up to where Jane stands, in Ann's range.
    expect(town.apply({ kind: "moveAvatar", avatarId: "kim", x: 4, y: 5 }).ok).toBe(true);
    town.tickHumans(3000);
    expect(town.avatarViews().find((a) => a.id === "kim")).toMatchObject({ x: 4, y: 5 });
    expect(town.apply({ kind: "say", avatarId: "kim", agentId: "ann", text: "Hi!" })).toMatchObject({ ok: false, code: "busy", message: "Ann Ash is talking with Jane" });

    // While talking she does not walk off to her schedule, however many steps pass.
    const at = { x: town.agent("ann")!.x, y: town.agent("ann")!.y };
    for (let i = 0; i < 30; i++) await town.advance();
    expect(town.agent("ann")).toMatchObject({ ...at, talkingTo: "jane" });
    expect(town.chatsWithPeople()[0].lines.map((l) => l.name)).toEqual(["Jane", "Ann Ash"]);
  });

  it("live mode: a slow answer does not hold up the steps; words said meanwhile are answered together", async () => {
    const mind = new TalkingMind();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mind.answer = async (h) => {
      await gate;
      return { text: `Answering ${h.words.length} line(s)`, end: false, topic: "" };
    };
    const { town } = makeTown(mind, "live");
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "First" });
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Second" });
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) expect(kinds(await town.advance())).not.toContain("said");
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(mind.heard).toHaveLength(1);
    release();
    await flush();
    expect(town.tickHumans(50)).toContainEqual({ kind: "said", speaker: "ann", listener: "jane", text: "Answering 1 line(s)" });
    expect(mind.heard[1]).toMatchObject({ words: ["Second"] });
    expect(mind.heard[1].soFar.map((l) => l.text)).toEqual(["First", "Answering 1 line(s)"]);
  });

  it("goodbye ends the talk after the answer; the mind hears it ended, as a talk with a person", async () => {
    const { town, mind } = makeTown();
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Nice to meet you" });
    await flush();
    town.tickHumans(50);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Goodbye!" });
    await flush();
    const events = town.tickHumans(50);
    expect(kinds(events)).toEqual(["said", "actionStarted", "chatEnded"]);
    expect(events.at(-1)).toEqual({ kind: "chatEnded", agentId: "ann", avatarId: "jane" });
    expect(town.agent("ann")!.talkingTo).toBe("");
    await town.advance();
    const notice = mind.ticks.filter((t) => t.agent.id === "ann").at(-1)!.notices[0];
    expect(notice).toMatchObject({ kind: "conversationEnded", withId: "jane", withName: "Jane", visitor: true, topic: "conversing about the weather" });
    expect(notice.kind === "conversationEnded" && notice.lines.map((l) => l.text)).toEqual(["Nice to meet you", "You said: Nice to meet you", "Goodbye!", "You said: Goodbye!"]);
  });

  it("a resident's own goodbye ends the talk too", async () => {
    const mind = new TalkingMind();
    mind.answer = async () => ({ text: "I must go, bye!", end: true, topic: "" });
    const { town } = makeTown(mind);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello" });
    await flush();
    expect(kinds(town.tickHumans(50))).toEqual(["said", "actionStarted", "chatEnded"]);
  });

  it(`ends after ${CHAT_IDLE_SECONDS} real seconds of silence, when the person walks away, or leaves`, async () => {
    const { town } = makeTown();
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello" });
    await flush();
    town.tickHumans(50);
    expect(kinds(town.tickHumans(CHAT_IDLE_SECONDS * 1000 - 500))).not.toContain("chatEnded");
    expect(kinds(town.tickHumans(1_000))).toContain("chatEnded");

    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello again" });
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: 8, y: 5 }).ok).toBe(true);
    const walked: TownEvent[] = [];
    for (let i = 0; i < 40; i++) walked.push(...town.tickHumans(50));
    expect(kinds(walked)).toContain("chatEnded");
    expect(town.agent("ann")!.talkingTo).toBe("");

    town.apply({ kind: "joinAvatar", avatarId: "lee", name: "Lee", role: "visitor" });
    town.apply({ kind: "say", avatarId: "lee", agentId: "ann", text: "Hi" });
    const left = town.apply({ kind: "leaveAvatar", avatarId: "lee" });
    expect(left.ok && kinds(left.events)).toEqual(["actionStarted", "chatEnded", "avatarLeft"]);
  });

  it("a save does not keep talks with people, and a restored resident is free", async () => {
    const { town } = makeTown();
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello" });
    const snap = TownSnapshot.parse(JSON.parse(JSON.stringify(town.snapshot())));
    expect(snap.agents.find((a) => a.id === "ann")).toMatchObject({ talkingTo: "", until: town.time });
    // An older save whose resident talks to someone gone: restored free.
    snap.agents.find((a) => a.id === "ann")!.talkingTo = "someone-gone";
    const { town: again } = makeTown();
    again.restore(snap);
    expect(again.agent("ann")!.talkingTo).toBe("");
    await again.advance();
    expect(again.agent("ann")!.action).toBe("sleeping");
  });
});

describe("object states people set", () => {
  it("sets and clears a state on objects only, outranking residents' use, kept by a save", async () => {
    const { town } = makeTown();
    expect(town.apply({ kind: "setObjectState", address: "Tiny:Square:plaza", state: "on fire", by: "Mo" })).toMatchObject({ ok: false, code: "not_found" });
    expect(town.apply({ kind: "setObjectState", address: "Tiny:Square:plaza:rocket", state: "on fire", by: "Mo" })).toMatchObject({ ok: false, code: "not_found" });
    const set = town.apply({ kind: "setObjectState", address: "Tiny:Home A:room:bed", state: "on fire", by: "Mo" });
    expect(set.ok && set.events).toEqual([{ kind: "objectChanged", address: "Tiny:Home A:room:bed", state: "on fire", by: "Mo" }]);
    // Ann goes to sleep in that bed: the fire stays.
    for (let i = 0; i < 5; i++) await town.advance();
    expect(town.objectStates()).toEqual([{ address: "Tiny:Home A:room:bed", state: "on fire", by: "Mo" }]);
    const snap = TownSnapshot.parse(JSON.parse(JSON.stringify(town.snapshot())));
    const { town: again } = makeTown();
    again.restore(snap);
    expect(again.objectStates()).toEqual([{ address: "Tiny:Home A:room:bed", state: "on fire", by: "Mo" }]);
    const cleared = again.apply({ kind: "setObjectState", address: "Tiny:Home A:room:bed", state: "idle", by: "Mo" });
    expect(cleared.ok && cleared.events).toEqual([{ kind: "objectChanged", address: "Tiny:Home A:room:bed", state: "", by: "Mo" }]);
    expect(again.objectStates()).toEqual([]);
  });
});
