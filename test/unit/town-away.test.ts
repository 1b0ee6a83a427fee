// A person whose connection dropped, in the pure Town (issue 30): while the room holds their seat
// they are "away". Their avatar waits where it is, marked away for everyone; residents do not turn
// to them; a talk of theirs is paused (its silence does not count, nobody joins it) and goes on
// when they are back; if they never come back, leaving ends it.
import { describe, expect, it } from "vitest";
import { CHAT_IDLE_SECONDS } from "../../shared/constants.ts";
import type { Approach, HeardWords, MindInput, Reply } from "../../server/world/mind.ts";
import { ScriptedMind } from "../../server/agents/scriptedMind.ts";
import type { TownEvent } from "../../shared/events.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyPersonas, tinyTownJson } from "../fixtures/tinyTown.ts";

const map = TownMap.fromJson(tinyTownJson(), "tiny");

/** The scripted day, answering people at once; reaction steps as the test decides. */
class TalkingMind extends ScriptedMind {
  heard: HeardWords[] = [];
  ticks: MindInput[] = [];
  approached?: (a: Approach) => Promise<boolean>;
  override async tick(i: MindInput) {
    this.ticks.push(i);
    return super.tick(i);
  }
  hear(h: HeardWords): Promise<Reply> {
    this.heard.push(h);
    return Promise.resolve({ text: `You said: ${h.words.join(" / ")}`, end: false, topic: "" });
  }
}

function makeTown(mind = new TalkingMind()) {
  const town = new Town({
    template: "tiny",
    map,
    personas: tinyPersonas(),
    mind,
    mode: "lockstep",
    seed: 3,
  });
  // The visitors' spawn (4,5) is within talk range of Ann's spawn (1,2).
  expect(
    town.apply({ kind: "joinAvatar", avatarId: "jane", name: "Jane", role: "visitor" }).ok,
  ).toBe(true);
  return { town, mind };
}

/** One turn of the event loop: minds that answer at once have answered (not a wait for time). */
const flush = () => new Promise((r) => setTimeout(r, 0));
const away = (town: Town, yes: boolean) =>
  town.apply({ kind: "avatarAway", avatarId: "jane", away: yes });
const eventsOf = (r: ReturnType<Town["apply"]>): TownEvent[] => (r.ok ? r.events : []);

describe("a person away (their connection dropped)", () => {
  it("waits where they stood, marked away for everyone, and is back as they were", () => {
    const { town } = makeTown();
    // She had set off somewhere when the connection dropped: her avatar stops where it is.
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: 8, y: 5 }).ok).toBe(true);
    town.tickHumans(300);
    const at = town.avatarViews().find((a) => a.id === "jane")!;
    expect(eventsOf(away(town, true))).toEqual([
      { kind: "avatarAway", avatarId: "jane", away: true },
    ]);
    expect(town.tickHumans(3_000).filter((e) => e.kind === "avatarMoved")).toEqual([]);
    expect(town.avatarViews().find((a) => a.id === "jane")).toEqual({ ...at, away: true });
    // Saying it twice changes nothing; an unknown person is refused.
    expect(eventsOf(away(town, true))).toEqual([]);
    expect(town.apply({ kind: "avatarAway", avatarId: "ghost", away: true })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(eventsOf(away(town, false))).toEqual([
      { kind: "avatarAway", avatarId: "jane", away: false },
    ]);
    expect(town.avatarViews().find((a) => a.id === "jane")).toEqual({ ...at });
    expect(town.apply({ kind: "moveAvatar", avatarId: "jane", x: 8, y: 5 }).ok).toBe(true);
  });

  it("is not turned to: a resident deciding whether to talk with them does not, and their words are let go", async () => {
    const mind = new TalkingMind();
    let decide!: (yes: boolean) => void;
    mind.approached = () => new Promise<boolean>((r) => (decide = r));
    const { town } = makeTown(mind);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Excuse me, Ann?" });
    // Her connection drops while Ann thinks whether to stop for her.
    expect(eventsOf(away(town, true))).toContainEqual({
      kind: "chatEnded",
      agentId: "ann",
      avatarId: "jane",
    });
    decide(true);
    await flush();
    const after = town.tickHumans(50);
    expect(after.filter((e) => e.kind === "chatJoined")).toEqual([]);
    expect(town.agent("ann")!.talkingTo).toBe("");
    expect(mind.heard).toEqual([]);
    expect(town.chatsWithPeople()).toEqual([]);
  });

  it(`pauses their talk: no end after ${CHAT_IDLE_SECONDS} s of silence while away, and it goes on when they are back`, async () => {
    const { town, mind } = makeTown();
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" });
    await flush();
    town.tickHumans(50);
    const [talk] = town.chatsWithPeople();
    expect(talk).toMatchObject({ agentId: "ann", avatarId: "jane" });

    away(town, true);
    // Far longer than a talk's silence lasts: the talk waits for her, Ann with it.
    expect(
      town.tickHumans(CHAT_IDLE_SECONDS * 2_000).filter((e) => e.kind.startsWith("chat")),
    ).toEqual([]);
    expect(town.chatsWithPeople()).toEqual([expect.objectContaining({ chat: talk.chat })]);
    expect(town.agent("ann")).toMatchObject({ talkingTo: "jane", action: "talking with Jane" });

    away(town, false);
    const said = town.apply({
      kind: "say",
      avatarId: "jane",
      agentId: "ann",
      text: "Sorry, I'm back",
    });
    expect(said.ok).toBe(true);
    await flush();
    expect(town.tickHumans(50)).toContainEqual(
      expect.objectContaining({ kind: "said", speaker: "ann", listener: "jane", chat: talk.chat }),
    );
    expect(mind.heard.at(-1)).toMatchObject({ words: ["Sorry, I'm back"] });
    // Back, her silence counts again.
    const idle = town.tickHumans(CHAT_IDLE_SECONDS * 1_000 + 100);
    expect(idle).toContainEqual({ kind: "chatEnded", agentId: "ann", avatarId: "jane" });
  });

  it("keeps others out of their paused talk: a resident passing by sees it is not one to join", async () => {
    const mind = new TalkingMind();
    const { town } = makeTown(mind);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" });
    await flush();
    town.tickHumans(50);
    away(town, true);
    // Bob's day brings him where Ann waits for Jane (as in town-humans' group talk, where he joins).
    const bobSawAnn: boolean[] = [];
    for (let i = 0; i < 400; i++) {
      await town.advance();
      town.tickHumans(50);
      const last = mind.ticks.at(-1);
      if (last?.agent.id !== "bob") continue;
      const ann = last.perceived.find((e) => e.actor?.id === "ann");
      if (ann) bobSawAnn.push(ann.joinable === true);
    }
    expect(bobSawAnn.length, "Bob sees Ann").toBeGreaterThan(0);
    expect(bobSawAnn).not.toContain(true);
    expect(town.agent("ann")!.talkingTo).toBe("jane");
  });

  it("ends their talk when they do not come back (the room's leave), and only then", async () => {
    const { town } = makeTown();
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" });
    await flush();
    town.tickHumans(50);
    away(town, true);
    town.tickHumans(20_000);
    expect(town.agent("ann")!.talkingTo).toBe("jane");
    const left = eventsOf(town.apply({ kind: "leaveAvatar", avatarId: "jane" }));
    expect(left).toContainEqual({ kind: "chatEnded", agentId: "ann", avatarId: "jane" });
    expect(left).toContainEqual({ kind: "avatarLeft", avatarId: "jane" });
    expect(town.agent("ann")!.talkingTo).toBe("");
  });

  it("pauses a group talk only while all its people are away", async () => {
    const { town } = makeTown();
    town.apply({ kind: "joinAvatar", avatarId: "lee", name: "Lee", role: "visitor" });
    expect(town.apply({ kind: "moveAvatar", avatarId: "lee", x: 4, y: 5 }).ok).toBe(true);
    town.tickHumans(3000);
    town.apply({ kind: "say", avatarId: "jane", agentId: "ann", text: "Hello Ann" });
    town.apply({ kind: "say", avatarId: "lee", agentId: "ann", text: "Hi both" });
    await flush();
    town.tickHumans(50);
    expect(
      town
        .chatsWithPeople()
        .map((p) => p.avatarId)
        .sort(),
    ).toEqual(["jane", "lee"]);
    // Ann answers Lee too.
    await flush();
    town.tickHumans(50);
    away(town, true);
    // Lee is still there: the talk's silence counts, and it ends as any quiet talk does.
    const idle = town.tickHumans(CHAT_IDLE_SECONDS * 1_000 + 100);
    expect(idle).toContainEqual({ kind: "chatEnded", agentId: "ann", avatarId: "lee" });
    expect(idle).toContainEqual({ kind: "chatEnded", agentId: "ann", avatarId: "jane" });
  });
});
