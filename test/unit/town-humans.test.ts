// People in the pure Town: talking to residents (range, busy, answers that arrive later, the ends
// of a talk), object states a person sets, and what a save keeps of them.
import { describe, expect, it } from "vitest";
import { CHAT_IDLE_SECONDS } from "../../shared/constants.ts";
import type {
  Approach,
  HeardWords,
  InterviewQuestion,
  MindInput,
  Overheard,
  Reply,
  Whisper,
} from "../../server/world/mind.ts";
import { facingToward } from "../../shared/view.ts";
import { ScriptedMind } from "../../server/agents/scriptedMind.ts";
import { kept, type TownEvent } from "../../shared/events.ts";
import { TownSnapshot } from "../../server/world/snapshot.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyPersonas, tinyTownJson } from "../fixtures/tinyTown.ts";
import { sleep } from "../helpers/wait.ts";

const map = TownMap.fromJson(tinyTownJson(), "tiny");

/** The scripted day, plus answers to people that the test controls. */
class TalkingMind extends ScriptedMind {
  heard: HeardWords[] = [];
  ticks: MindInput[] = [];
  answer: (h: HeardWords) => Promise<Reply> = async (h) => ({
    text: `You said: ${h.words.join(" / ")}`,
    end: false,
    topic: "conversing about the weather",
  });
  override async tick(i: MindInput) {
    this.ticks.push(i);
    return super.tick(i);
  }
  hear(h: HeardWords): Promise<Reply> {
    this.heard.push(h);
    return this.answer(h);
  }
}

function makeTown(
  mind = new TalkingMind(),
  mode: "lockstep" | "live" = "lockstep",
  mindTimeoutMs?: number,
) {
  const town = new Town({
    template: "tiny",
    map,
    personas: tinyPersonas(),
    mind,
    mode,
    seed: 3,
    mindTimeoutMs,
  });
  // The visitors' spawn (4,5) is 3 tiles from Ann's spawn (1,2) and 4 from Bob's (8,2).
  const ok = town.apply({ kind: "joinAvatar", avatarId: "jane", name: "Jane", role: "visitor" });
  expect(ok.ok).toBe(true);
  return { town, mind };
}

const kinds = (events: readonly TownEvent[]) => events.map((e) => e.kind);
/** One turn of the event loop: minds that answer at once have answered (not a wait for time). */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("people talking to residents", () => {
  it("refuses unknown people and residents, residents out of range, and minds that cannot hear", () => {
    const { town } = makeTown();
    expect(
      town.apply({ kind: "say", avatarId: "ghost", agentId: "ann", text: "hi" }),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "zed", text: "hi" })).toMatchObject(
      { ok: false, code: "not_found" },
    );
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "bob", text: "hi" })).toMatchObject(
      { ok: false, code: "too_far", message: expect.stringContaining("Bob Birch") },
    );
    const deaf = new Town({
      template: "tiny",
      map,
      personas: tinyPersonas(),
      mind: new ScriptedMind(),
      mode: "lockstep",
    });
    deaf.apply({ kind: "joinAvatar", avatarId: "jane", name: "Jane", role: "visitor" });
    expect(deaf.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "hi" })).toMatchObject(
      { ok: false, code: "unavailable" },
    );
    expect(town.agent("bob")!.talkingTo).toBe("");
  });

  it("a resident retired while talking with a person ends the talk, hears nobody more and leaves", async () => {
    const { town } = makeTown();
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: 2, y: 2 }).ok).toBe(true);
    town.tickHumans(3000);
    expect(
      town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" }).ok,
    ).toBe(true);
    expect(town.agent("ann")!.talkingTo).toBe("jane");
    const r = town.apply({ kind: "retireResident", by: "Mo", agentId: "ann" });
    expect(r.ok).toBe(true);
    const events = r.ok ? r.events : [];
    expect(events).toContainEqual({ kind: "chatEnded", agentId: "ann", avatarId: "jane" });
    expect(events.at(-1)).toEqual({
      kind: "residentRetired",
      by: "Mo",
      agentId: "ann",
      name: "Ann Ash",
    });
    expect(town.agent("ann")).toMatchObject({ talkingTo: "", action: "leaving town" });
    expect(town.chatsWithPeople()).toEqual([]);
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Wait!" })).toEqual({
      ok: false,
      code: "busy",
      message: "Ann Ash is leaving town",
    });
    let left = false;
    for (let i = 0; i < 720 && !left; i++)
      // bound: two game hours
      left = (await town.advance()).some((e) => e.kind === "residentLeft" && e.agentId === "ann");
    expect(left).toBe(true);
    expect(town.agent("ann")).toBeUndefined();
  });

  it("the resident stops, turns to the person, answers, and stays while they talk", async () => {
    const { town, mind } = makeTown();
    // Jane walks into Ann's room and stands to her right.
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: 2, y: 2 }).ok).toBe(true);
    town.tickHumans(3000);
    const said = town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" });
    expect(said.ok).toBe(true);
    if (!said.ok) return;
    expect(said.events[0]).toEqual({
      kind: "avatarSaid",
      avatarId: "jane",
      name: "Jane",
      agentId: "ann",
      text: "Hello Ann",
    });
    const chat = said.events.find((e) => e.kind === "chatJoined")!;
    expect(said.events.filter((e) => e.kind === "chatJoined")).toEqual([
      { kind: "chatJoined", chat: (chat as { chat: string }).chat, id: "ann", name: "Ann Ash" },
      { kind: "chatJoined", chat: (chat as { chat: string }).chat, id: "jane", name: "Jane" },
    ]);
    expect(town.agent("ann")).toMatchObject({
      talkingTo: "jane",
      emoji: "💬",
      action: "talking with Jane",
    });
    // Ann turns to her.
    expect(said.events).toContainEqual({ kind: "agentFaced", agentId: "ann", facing: "right" });
    expect(town.agent("ann")!.facing).toBe("right");
    expect(mind.heard[0]).toMatchObject({
      speaker: { id: "jane", name: "Jane", role: "visitor" },
      words: ["Hello Ann"],
      soFar: [],
    });

    await flush();
    const events = town.tickHumans(50);
    expect(events).toContainEqual({
      kind: "said",
      speaker: "ann",
      listener: "jane",
      text: "You said: Hello Ann",
      chat: "talk-1",
    });

    // While talking she does not walk off to her schedule, however many steps pass.
    const at = { x: town.agent("ann")!.x, y: town.agent("ann")!.y };
    for (let i = 0; i < 30; i++) {
      await town.advance();
      town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: `Line ${i}` });
    }
    expect(town.agent("ann")).toMatchObject({ ...at, talkingTo: "jane" });
    expect(
      town
        .chatsWithPeople()[0]
        .lines.slice(0, 2)
        .map((l) => l.name),
    ).toEqual(["Jane", "Ann Ash"]);
  });

  it("answers are told as they come: the town's listener hears of them with no human tick, and takeAnswers says them once", async () => {
    const mind = new TalkingMind();
    let answer: ((r: Reply) => void) | undefined;
    mind.answer = () => new Promise<Reply>((resolve) => (answer = resolve));
    const { town } = makeTown(mind, "live");
    let told = 0;
    town.onAnswer(() => told++);
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: 2, y: 2 }).ok).toBe(true);
    town.tickHumans(3000);
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hi" }).ok).toBe(true);
    await flush();
    expect(told).toBe(0); // Ann is still thinking
    expect(town.takeAnswers()).toEqual([]);
    answer!({ text: "Hello Jane", end: false, topic: "conversing about the weather" });
    await flush();
    expect(told).toBe(1);
    expect(town.takeAnswers()).toContainEqual({
      kind: "said",
      speaker: "ann",
      listener: "jane",
      text: "Hello Jane",
      chat: "talk-1",
    });
    expect(town.takeAnswers()).toEqual([]);
    // A listener that stopped listening is not told.
    town.onAnswer(undefined);
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "And?" }).ok).toBe(
      true,
    );
    answer!({ text: "Nothing more", end: false, topic: "conversing about the weather" });
    await flush();
    expect(told).toBe(1);
  });

  it("nobody is locked out: a second person joins the talk, hears every line, and is answered in turn", async () => {
    const mind = new TalkingMind();
    const gates: (() => void)[] = [];
    mind.answer = async (h) => {
      await new Promise<void>((r) => gates.push(r));
      return { text: `Hello ${h.speaker.name}`, end: false, topic: "" };
    };
    const { town } = makeTown(mind);
    town.apply({ kind: "joinAvatar", avatarId: "kim", name: "Kim", role: "reporter" });
    expect(town.apply({ kind: "moveAvatar", avatarId: "kim", x: 4, y: 5 }).ok).toBe(true);
    town.tickHumans(3000);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hi Ann" });
    const kim = town.apply({
      kind: "say",
      avatarId: "kim",
      agentId: "ann",
      text: "Hello from Kim",
    });
    expect(kim.ok).toBe(true);
    if (!kim.ok) return;
    expect(kim.events).toContainEqual({
      kind: "chatJoined",
      chat: "talk-1",
      id: "kim",
      name: "Kim",
    });
    expect(kim.events).toContainEqual({
      kind: "avatarSaid",
      avatarId: "kim",
      name: "Kim",
      agentId: "ann",
      text: "Hello from Kim",
      chat: "talk-1",
    });
    expect(
      town
        .chatMembers("talk-1")
        .map((m) => m.id)
        .sort(),
    ).toEqual(["ann", "jane", "kim"]);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "And one more thing" });
    // Ann answers Jane first, then Kim, then Jane's later words: in the order they spoke.
    const answers: TownEvent[] = [];
    for (let i = 0; i < 3; i++) {
      await flush();
      expect(gates).toHaveLength(i + 1);
      gates[i]();
      await flush();
      answers.push(...town.tickHumans(50).filter((e) => e.kind === "said"));
    }
    expect(answers.map((e) => e.kind === "said" && e.listener)).toEqual(["jane", "kim", "jane"]);
    expect(mind.heard.map((h) => [h.speaker.name, h.words])).toEqual([
      ["Jane", ["Hi Ann"]],
      ["Kim", ["Hello from Kim"]],
      ["Jane", ["And one more thing"]],
    ]);
    // Kim's answer is made knowing what Jane said and was told (the whole group's lines).
    expect(mind.heard[1].soFar.map((l) => l.text)).toEqual([
      "Hi Ann",
      "And one more thing",
      "Hello Jane",
    ]);
    expect(mind.heard[1].others).toEqual(["Jane"]);
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
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Third" });
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) expect(kinds(await town.advance())).not.toContain("said");
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(mind.heard).toHaveLength(1);
    release();
    await flush();
    expect(town.tickHumans(50)).toContainEqual({
      kind: "said",
      speaker: "ann",
      listener: "jane",
      text: "Answering 1 line(s)",
      chat: "talk-1",
    });
    expect(mind.heard[1]).toMatchObject({ words: ["Second", "Third"] });
    expect(mind.heard[1].soFar.map((l) => l.text)).toEqual(["First", "Answering 1 line(s)"]);
  });

  it("live mode: an answer that never comes is given up on; the resident hears the person's next words", async () => {
    const mind = new TalkingMind();
    mind.answer = () => new Promise<Reply>(() => {});
    const { town } = makeTown(mind, "live", 30);
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello?" }).ok).toBe(
      true,
    );
    const t0 = Date.now();
    while (town.mindErrors.length === 0) {
      expect(town.tickHumans(10)).not.toContainEqual(expect.objectContaining({ kind: "said" }));
      await sleep(10); // time on purpose: the test measures the timeout in real time
    }
    expect(Date.now() - t0).toBeGreaterThanOrEqual(30);
    expect(town.mindErrors[0]).toMatchObject({ agentId: "ann", error: { name: "MindTimeout" } });
    // Still talking with Jane, and listening: her next words go to the mind at once.
    expect(town.chatsWithPeople()).toEqual([
      {
        agentId: "ann",
        avatarId: "jane",
        chat: expect.any(String),
        lines: [expect.objectContaining({ text: "Hello?" })],
      },
    ]);
    mind.answer = async (h) => ({
      text: `You said: ${h.words.join(" / ")}`,
      end: false,
      topic: "",
    });
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Are you there?" });
    expect(mind.heard.map((h) => h.words)).toEqual([["Hello?"], ["Are you there?"]]);
    await flush();
    expect(town.tickHumans(10)).toContainEqual(
      expect.objectContaining({
        kind: "said",
        speaker: "ann",
        listener: "jane",
        text: "You said: Are you there?",
      }),
    );
  });

  it("goodbye, as the mind reads the words, ends the talk after the answer; the mind hears it ended, as a talk with a person", async () => {
    const { town, mind } = makeTown();
    // (The mind reads the words; the world reads none: "Goodbye!" takes leave by the mind's say.)
    mind.answer = async (h) => ({
      text: `You said: ${h.words.join(" / ")}`,
      end: false,
      topic: "conversing about the weather",
      ...(h.words.includes("Goodbye!") ? { left: true } : {}),
    });
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Nice to meet you" });
    await flush();
    town.tickHumans(50);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Goodbye!" });
    await flush();
    const events = town.tickHumans(50);
    expect(kinds(events)).toEqual(["said", "chatLeft", "chatEnded", "chatLeft", "actionStarted"]);
    expect(events.filter((e) => e.kind === "chatLeft")).toEqual([
      { kind: "chatLeft", chat: "talk-1", id: "jane", why: "goodbye" },
      { kind: "chatLeft", chat: "talk-1", id: "ann", why: "ended" },
    ]);
    expect(events).toContainEqual({ kind: "chatEnded", agentId: "ann", avatarId: "jane" });
    expect(town.agent("ann")!.talkingTo).toBe("");
    await town.advance();
    const notice = mind.ticks.filter((t) => t.agent.id === "ann").at(-1)!.notices[0];
    expect(notice).toMatchObject({
      kind: "conversationEnded",
      withId: "jane",
      withName: "Jane",
      visitor: true,
      topic: "conversing about the weather",
    });
    expect(notice.kind === "conversationEnded" && notice.lines.map((l) => l.text)).toEqual([
      "Nice to meet you",
      "You said: Nice to meet you",
      "Goodbye!",
      "You said: Goodbye!",
    ]);
  });

  it("a resident's own goodbye parts it from that person", async () => {
    const mind = new TalkingMind();
    mind.answer = async () => ({ text: "I must go, bye!", end: true, topic: "" });
    const { town } = makeTown(mind);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello" });
    await flush();
    const events = town.tickHumans(50);
    expect(kinds(events)).toEqual(["said", "chatLeft", "chatEnded", "chatLeft", "actionStarted"]);
    expect(town.agent("ann")!.talkingTo).toBe("");
  });

  it(`ends after ${CHAT_IDLE_SECONDS} real seconds of silence, when the person walks away, or leaves`, async () => {
    const { town } = makeTown();
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello" });
    await flush();
    town.tickHumans(50);
    expect(kinds(town.tickHumans(CHAT_IDLE_SECONDS * 1000 - 500))).not.toContain("chatEnded");
    const idle = town.tickHumans(1_000);
    expect(idle).toContainEqual({ kind: "chatEnded", agentId: "ann", avatarId: "jane" });
    expect(
      idle.filter((e) => e.kind === "chatLeft").map((e) => e.kind === "chatLeft" && e.why),
    ).toEqual(["idle", "ended"]);

    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello again" });
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: 8, y: 5 }).ok).toBe(true);
    const walked: TownEvent[] = [];
    for (let i = 0; i < 40; i++) walked.push(...town.tickHumans(50));
    expect(walked).toContainEqual({ kind: "chatLeft", chat: "talk-2", id: "jane", why: "range" });
    expect(town.agent("ann")!.talkingTo).toBe("");

    town.apply({ kind: "joinAvatar", avatarId: "lee", name: "Lee", role: "visitor" });
    town.apply({ kind: "say", avatarId: "lee", agentId: "ann", text: "Hi" });
    const left = town.apply({ kind: "leaveAvatar", avatarId: "lee" });
    expect(left.ok && kinds(left.events)).toEqual([
      "chatLeft",
      "chatEnded",
      "chatLeft",
      "actionStarted",
      "avatarLeft",
    ]);
  });

  it("a person who leaves a group leaves the others talking; the resident faces whom it answers", async () => {
    const { town } = makeTown();
    town.apply({ kind: "joinAvatar", avatarId: "kim", name: "Kim", role: "visitor" });
    town.apply({ kind: "moveAvatar", avatarId: "kim", x: 1, y: 4 });
    town.tickHumans(3000);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hi" });
    town.apply({ kind: "say", avatarId: "kim", agentId: "ann", text: "Hi from below" });
    await flush();
    const first = town.tickHumans(50);
    expect(first).toContainEqual(expect.objectContaining({ kind: "said", listener: "jane" }));
    await flush();
    const second = town.tickHumans(50);
    expect(second).toContainEqual(expect.objectContaining({ kind: "said", listener: "kim" }));
    expect(town.agent("ann")!.facing).toBe("down");
    const left = town.apply({ kind: "leaveAvatar", avatarId: "jane" });
    expect(left.ok && left.events.filter((e) => e.kind === "chatLeft")).toEqual([
      { kind: "chatLeft", chat: "talk-1", id: "jane", why: "left" },
    ]);
    expect(town.agent("ann")).toMatchObject({ talkingTo: "kim", action: "talking with Kim" });
  });

  it("a resident sees a person walking up and decides (its reaction step) to stop and turn to them", async () => {
    const mind = new TalkingMind() as TalkingMind & {
      approached: (a: Approach) => Promise<boolean>;
    };
    const asked: Approach[] = [];
    let decide = true;
    mind.approached = async (a) => {
      asked.push(a);
      return decide;
    };
    const { town } = makeTown(mind);
    await town.advance(); // Ann's day begins: she has somewhere to be
    // Jane heads for the tile beside Ann: Ann notices her coming before a word is said.
    const ann = town.agent("ann")!;
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: ann.x + 1, y: ann.y }).ok).toBe(
      true,
    );
    town.tickHumans(50);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      person: { id: "jane", name: "Jane", role: "visitor" },
      how: "approaching",
      words: [],
      agent: { id: "ann" },
    });
    await flush();
    const turned = town.tickHumans(50);
    expect(turned).toContainEqual(expect.objectContaining({ kind: "chatJoined", id: "ann" }));
    expect(town.agent("ann")).toMatchObject({ talkingTo: "jane", action: "talking with Jane" });
    // She waits for Jane, looking at her as she comes, however her plan goes on.
    const at = { x: town.agent("ann")!.x, y: town.agent("ann")!.y };
    for (let i = 0; i < 20; i++) {
      town.tickHumans(100);
      await town.advance();
    }
    const jane = town.avatarViews().find((a) => a.id === "jane")!;
    expect(town.agent("ann")).toMatchObject({
      ...at,
      talkingTo: "jane",
      facing: facingToward(at, jane),
    });
    // Once she is there her words are heard: nothing is refused as too far.
    expect(
      town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Thanks for waiting" }).ok,
    ).toBe(true);
    await flush();
    expect(town.tickHumans(50)).toContainEqual(
      expect.objectContaining({ kind: "said", speaker: "ann", listener: "jane" }),
    );
    expect(asked).toHaveLength(1);

    // A resident whose reaction step says "carry on" is not stopped, and is not asked again at once.
    decide = false;
    town.apply({ kind: "joinAvatar", avatarId: "kim", name: "Kim", role: "visitor" });
    town.apply({ kind: "moveAvatar", avatarId: "kim", x: 7, y: 4 });
    for (let i = 0; i < 4; i++) {
      town.tickHumans(100);
      await flush();
    }
    expect(asked.map((a) => a.agent.id)).toEqual(["ann", "bob"]);
    expect(town.agent("bob")!.talkingTo).toBe("");
  });

  it("a person's words wait for the resident's reaction step, then are answered; a refusal ends it", async () => {
    const mind = new TalkingMind() as TalkingMind & {
      approached: (a: Approach) => Promise<boolean>;
    };
    let decide!: (yes: boolean) => void;
    mind.approached = () => new Promise<boolean>((r) => (decide = r));
    const { town } = makeTown(mind);
    const said = town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Excuse me!" });
    expect(said.ok && kinds(said.events)).toEqual(["avatarSaid"]);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Ann?" });
    expect(mind.heard).toHaveLength(0);
    decide(true);
    await flush();
    town.tickHumans(50);
    expect(mind.heard[0]).toMatchObject({ words: ["Excuse me!", "Ann?"] });
    town.apply({ kind: "leaveAvatar", avatarId: "jane" });

    town.apply({ kind: "joinAvatar", avatarId: "lee", name: "Lee", role: "visitor" });
    town.apply({ kind: "say", avatarId: "lee", agentId: "ann", text: "Hello?" });
    decide(false);
    await flush();
    expect(town.tickHumans(50)).toContainEqual({
      kind: "chatEnded",
      agentId: "ann",
      avatarId: "lee",
    });
    expect(town.agent("ann")!.talkingTo).toBe("");
  });

  it("a resident passing by joins a group talk by its reaction step, walks up, hears every line and answers who speaks to it", async () => {
    const mind = new TalkingMind() as TalkingMind & { overhear: (o: Overheard) => Promise<void> };
    const overheard: Overheard[] = [];
    mind.overhear = async (o) => void overheard.push(o);
    let joinAnn = false;
    const tick = mind.tick.bind(mind);
    mind.tick = async (i) => {
      // Bob's reaction step: he sees Ann talking with people (a talk anyone near may join) and joins.
      const seesGroup =
        i.agent.id === "bob" && i.perceived.some((e) => e.actor?.id === "ann" && e.joinable);
      if (joinAnn && seesGroup) return { join: { with: "ann" } };
      return tick(i);
    };
    const { town } = makeTown(mind);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" });
    await flush();
    town.tickHumans(50);
    joinAnn = true;
    // Bob sees the talk once his day brings him where Ann is.
    let joined: TownEvent | undefined;
    for (let i = 0; i < 400 && !joined; i++) {
      const events = await town.advance();
      town.tickHumans(50);
      joined = events.find((e) => e.kind === "chatJoined" && e.id === "bob");
      if (i % 20 === 0)
        town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: `Still here (${i})` });
    }
    expect(joined, "Bob joins Ann's talk").toBeTruthy();
    expect(
      town
        .chatMembers("talk-1")
        .map((m) => m.id)
        .sort(),
    ).toEqual(["ann", "bob", "jane"]);
    expect(town.agent("bob")!.talkingTo).toBe("jane");
    // He walks up beside Ann.
    for (let i = 0; i < 12; i++) await town.advance();
    const ann = town.agent("ann")!;
    const bob = town.agent("bob")!;
    expect(Math.max(Math.abs(ann.x - bob.x), Math.abs(ann.y - bob.y))).toBeLessThanOrEqual(1);
    // Jane's words to Ann are remembered by Bob as hers; Jane's words to Bob are his to answer.
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Bob is here too!" });
    await flush();
    expect(overheard.at(-1)).toMatchObject({
      agent: { id: "bob" },
      speaker: { id: "jane", name: "Jane" },
      to: "Ann Ash",
      text: "Bob is here too!",
    });
    expect(town.apply({ kind: "say", avatarId: "jane", agentId: "bob", text: "Hi Bob" }).ok).toBe(
      true,
    );
    await flush();
    const answers = town.tickHumans(50);
    expect(answers).toContainEqual(
      expect.objectContaining({ kind: "said", speaker: "bob", listener: "jane", chat: "talk-1" }),
    );
    // Ann hears Bob's answer to Jane.
    await flush();
    expect(overheard).toContainEqual(
      expect.objectContaining({
        agent: expect.objectContaining({ id: "ann" }),
        speaker: expect.objectContaining({ id: "bob", name: "Bob Birch" }),
        to: "Jane",
      }),
    );
  });

  it("a save does not keep talks with people, and a restored resident is free", async () => {
    const { town } = makeTown();
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello" });
    const snap = TownSnapshot.parse(JSON.parse(JSON.stringify(town.snapshot())));
    expect(snap.agents.find((a) => a.id === "ann")).toMatchObject({
      talkingTo: "",
      until: town.time,
    });
    // An older save whose resident talks to someone gone: restored free.
    snap.agents.find((a) => a.id === "ann")!.talkingTo = "someone-gone";
    const { town: again } = makeTown();
    again.restore(snap);
    expect(again.agent("ann")!.talkingTo).toBe("");
    await again.advance();
    expect(again.agent("ann")!.action).toBe("sleeping");
  });
});

describe("interviews and whispers, as Town commands", () => {
  /** A mind that answers interviews and takes whispers in (the real one is tested in test/integration/humans.test.ts). */
  class CandidMind extends TalkingMind {
    asked: (InterviewQuestion | Whisper)[] = [];
    async answerInterview(q: InterviewQuestion) {
      this.asked.push(q);
      if (q.question === "Why?") throw new Error("the model said nonsense");
      return `${q.agent.persona.name} is ${q.agent.action || "resting"}.`;
    }
    async takeWhisper(w: Whisper) {
      this.asked.push(w);
      return [`I think: ${w.text}`];
    }
  }

  it("answers come as events for the person who asked and for recordings; off the record is not kept", async () => {
    const mind = new CandidMind();
    const { town } = makeTown(mind, "live");
    await town.advance(); // Ann is sleeping, Bob reading
    expect(
      town.apply({
        kind: "interview",
        avatarId: "jane",
        agentId: "zed",
        question: "Who?",
        interviewer: "Jane (a reporter)",
        offTheRecord: false,
      }),
    ).toMatchObject({ ok: false, code: "not_found" });
    // From any distance: Bob is out of Jane's talk range.
    expect(
      town.apply({
        kind: "interview",
        avatarId: "jane",
        agentId: "bob",
        question: "What are you doing?",
        interviewer: "Jane (a reporter)",
        offTheRecord: false,
      }),
    ).toEqual({ ok: true, events: [] });
    expect(
      town.apply({
        kind: "interview",
        avatarId: "jane",
        agentId: "ann",
        question: "Secret?",
        interviewer: "Jane (a reporter)",
        offTheRecord: true,
      }).ok,
    ).toBe(true);
    expect(
      town.apply({
        kind: "whisper",
        avatarId: "mo",
        agentId: "ann",
        text: "You smell smoke",
        by: "Mo",
      }).ok,
    ).toBe(true);
    expect(
      town.apply({
        kind: "interview",
        avatarId: "jane",
        agentId: "ann",
        question: "Why?",
        interviewer: "Jane (a reporter)",
        offTheRecord: false,
      }).ok,
    ).toBe(true);
    expect(mind.asked.map((a) => a.agent.id)).toEqual(["bob", "ann", "ann", "ann"]);
    expect(mind.asked[0]).toMatchObject({
      question: "What are you doing?",
      interviewer: "Jane (a reporter)",
      offTheRecord: false,
      now: town.time,
    });
    await flush();
    const events = town.tickHumans(10);
    expect(events).toEqual([
      {
        kind: "interviewed",
        by: "Jane (a reporter)",
        agentId: "bob",
        question: "What are you doing?",
        answer: "Bob Birch is reading at home.",
        avatarId: "jane",
      },
      {
        kind: "interviewed",
        by: "Jane (a reporter)",
        agentId: "ann",
        question: "Secret?",
        answer: "Ann Ash is sleeping.",
        avatarId: "jane",
        offTheRecord: true,
      },
      {
        kind: "moderated",
        by: "Mo",
        action: "whisper",
        agentId: "ann",
        text: "You smell smoke",
        avatarId: "mo",
        thought: "I think: You smell smoke",
      },
      { kind: "unanswered", avatarId: "jane", agentId: "ann", asked: "interview" },
    ]);
    expect(events.filter(kept).map((e) => e.kind)).toEqual([
      "interviewed",
      "moderated",
      "unanswered",
    ]);
    expect(town.mindErrors).toEqual([
      { agentId: "ann", error: expect.objectContaining({ message: "the model said nonsense" }) },
    ]);
    expect(town.tickHumans(10)).toEqual([]);
  });

  it("a lockstep step waits for the answer; minds that cannot be interviewed refuse", async () => {
    const { town } = makeTown(new CandidMind());
    town.apply({
      kind: "whisper",
      avatarId: "mo",
      agentId: "bob",
      text: "Call your sister",
      by: "Mo",
    });
    expect(await town.advance()).toContainEqual(
      expect.objectContaining({
        kind: "moderated",
        agentId: "bob",
        thought: "I think: Call your sister",
      }),
    );
    const { town: plain } = makeTown();
    expect(
      plain.apply({
        kind: "interview",
        avatarId: "jane",
        agentId: "ann",
        question: "Hi?",
        interviewer: "Jane",
        offTheRecord: false,
      }),
    ).toMatchObject({ ok: false, code: "unavailable" });
    expect(
      plain.apply({ kind: "whisper", avatarId: "mo", agentId: "ann", text: "Hi", by: "Mo" }),
    ).toMatchObject({ ok: false, code: "unavailable" });
  });
});

describe("object states people set", () => {
  it("sets and clears a state on objects only, outranking residents' use, kept by a save", async () => {
    const { town } = makeTown();
    expect(
      town.apply({
        kind: "setObjectState",
        address: "Tiny:Square:plaza",
        state: "on fire",
        by: "Mo",
      }),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(
      town.apply({
        kind: "setObjectState",
        address: "Tiny:Square:plaza:rocket",
        state: "on fire",
        by: "Mo",
      }),
    ).toMatchObject({ ok: false, code: "not_found" });
    const set = town.apply({
      kind: "setObjectState",
      address: "Tiny:Home A:room:bed",
      state: "on fire",
      by: "Mo",
    });
    expect(set.ok && set.events).toEqual([
      { kind: "objectChanged", address: "Tiny:Home A:room:bed", state: "on fire", by: "Mo" },
    ]);
    // Ann goes to sleep in that bed: the fire stays.
    for (let i = 0; i < 5; i++) await town.advance();
    expect(town.objectStates()).toEqual([
      { address: "Tiny:Home A:room:bed", state: "on fire", by: "Mo" },
    ]);
    const snap = TownSnapshot.parse(JSON.parse(JSON.stringify(town.snapshot())));
    const { town: again } = makeTown();
    again.restore(snap);
    expect(again.objectStates()).toEqual([
      { address: "Tiny:Home A:room:bed", state: "on fire", by: "Mo" },
    ]);
    const cleared = again.apply({
      kind: "setObjectState",
      address: "Tiny:Home A:room:bed",
      state: "idle",
      by: "Mo",
    });
    expect(cleared.ok && cleared.events).toEqual([
      { kind: "objectChanged", address: "Tiny:Home A:room:bed", state: "", by: "Mo" },
    ]);
    expect(again.objectStates()).toEqual([]);
  });
});
