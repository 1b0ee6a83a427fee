// The schemas a recording import checks are those of what the recorder writes: every kind of
// town event, encoded, passes them; what no recorder writes does not.
import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry, entryProblem, eventProblem } from "../../shared/replay/codec.ts";
import type { TownEvent, TownEventKind } from "../../shared/events.ts";

/** One event of every kind (the Record type makes a new kind a compile error here until added). */
const SAMPLES: Record<TownEventKind, TownEvent> = {
  clockTicked: { kind: "clockTicked", step: 4, time: 40_000 },
  agentMoved: { kind: "agentMoved", agentId: "ines", x: 3, y: 4 },
  actionStarted: {
    kind: "actionStarted",
    agentId: "ines",
    action: "baking bread",
    emoji: "🍞",
    address: "Willowbrook:cafe:kitchen:oven",
    talkingTo: "",
  },
  said: { kind: "said", speaker: "ines", listener: "theo", text: "Morning, Theo." },
  objectChanged: {
    kind: "objectChanged",
    address: "Willowbrook:cafe:kitchen:oven",
    state: "on fire",
    by: "Mod",
  },
  avatarJoined: {
    kind: "avatarJoined",
    avatarId: "abc",
    name: "Zoë 👩‍💻",
    role: "visitor",
    x: 5,
    y: 6,
    sprite: 3,
  },
  avatarMoved: { kind: "avatarMoved", avatarId: "abc", x: 6, y: 6 },
  avatarLeft: { kind: "avatarLeft", avatarId: "abc" },
  avatarAway: { kind: "avatarAway", avatarId: "abc", away: true },
  avatarSaid: { kind: "avatarSaid", avatarId: "abc", name: "Zoë", agentId: "ines", text: "Hello!" },
  chatEnded: { kind: "chatEnded", agentId: "ines", avatarId: "abc" },
  moderated: {
    kind: "moderated",
    by: "Mod",
    action: "whisper",
    agentId: "ines",
    text: "You smell smoke.",
    avatarId: "m1",
    thought: "I smell smoke.",
  },
  interviewed: {
    kind: "interviewed",
    by: "Ada (reporter)",
    agentId: "ines",
    question: "What are you planning?",
    answer: "A reading evening at the cafe.",
    avatarId: "abc",
  },
  unanswered: { kind: "unanswered", avatarId: "abc", agentId: "ines", asked: "interview" },
  agentFaced: { kind: "agentFaced", agentId: "ines", facing: "left" },
  chatJoined: { kind: "chatJoined", chat: "talk-1", id: "abc", name: "Zoë" },
  chatLeft: { kind: "chatLeft", chat: "talk-1", id: "abc", why: "goodbye" },
  residentAdded: {
    kind: "residentAdded",
    by: "Mod",
    agentId: "nora-vale",
    name: "Nora Vale",
    sprite: 4,
    x: 7,
    y: 9,
    home: "Willowbrook:house 2:bedroom",
  },
  residentRetired: { kind: "residentRetired", by: "Mod", agentId: "ines", name: "Ines Calloway" },
  residentLeft: { kind: "residentLeft", agentId: "ines", name: "Ines Calloway" },
  residentEdited: {
    kind: "residentEdited",
    by: "Mod",
    agentId: "ines",
    changes: { currently: "Ines is planning a bake sale." },
  },
  announced: {
    kind: "announced",
    by: "Mod",
    text: "A storm will hit tonight",
    place: "Willowbrook:cafe",
    agentIds: ["ines", "theo"],
  },
};

describe("the recorder's schemas", () => {
  it("accept every event the recorder writes", () => {
    const entry = encodeEntry({ step: 4, time: 40_000, events: Object.values(SAMPLES) });
    expect(entryProblem(JSON.parse(JSON.stringify(entry)))).toBeNull();
    expect(
      entryProblem(
        encodeEntry({
          step: 5,
          time: 50_000,
          events: [{ kind: "moderated", by: "Mod", action: "speed", value: 2.5 }],
        }),
      ),
    ).toBeNull();
  });

  it("keep the group talk a line was said in", () => {
    const events: TownEvent[] = [
      {
        kind: "said",
        speaker: "ines",
        listener: "abc",
        text: "Welcome, both of you.",
        chat: "talk-1",
      },
      {
        kind: "avatarSaid",
        avatarId: "abc",
        name: "Zoë",
        agentId: "ines",
        text: "Hello!",
        chat: "talk-1",
      },
      { kind: "said", speaker: "ines", listener: "theo", text: "Morning, Theo." },
    ];
    const entry = JSON.parse(
      JSON.stringify(encodeEntry({ step: 6, time: 60_000, events })),
    ) as unknown;
    expect(entryProblem(entry)).toBeNull();
    expect(decodeEntry(entry).events.slice(1)).toEqual(events);
    expect(eventProblem(["s", "ines", "abc", "hi", 5])).toMatch(/./);
    expect(eventProblem({ kind: "chatLeft", chat: "talk-1", id: "abc", why: "bored" })).toMatch(
      /field why/,
    );
  });

  it("refuse what no recorder writes", () => {
    expect(eventProblem(["m", "ines", "NaN", 4])).toMatch(/field 2/);
    expect(eventProblem(["m", "ines", 1.5, 4])).toMatch(/field 2/);
    expect(eventProblem(["m", "ines", 1])).toMatch(/too small/i);
    expect(eventProblem(["zz", 1])).toMatch(/not a recorded event/);
    expect(eventProblem({ kind: "agentMoved", agentId: "ines", x: "NaN", y: 1 })).toMatch(
      /not a recorded event/,
    );
    expect(
      eventProblem({ kind: "avatarSaid", avatarId: "a", name: "b", agentId: "c", text: 5 }),
    ).toMatch(/field text/);
    expect(eventProblem({ kind: "chatEnded", agentId: "a", avatarId: "b", extra: 1 })).toMatch(
      /event|extra/i,
    );
    expect(eventProblem(null)).toMatch(/not a recorded event/);
    expect(entryProblem([1, Number.NaN, []])).toMatch(/time/);
    expect(entryProblem([-1, 0, []])).toMatch(/step/);
  });
});
