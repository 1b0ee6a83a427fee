// The mind's side of talking with people in groups: the reaction step for a person (stop and turn
// to them, or carry on) goes through its prompt in the offline engine as with a model, and words
// said in a group to someone else are remembered with who said them and to whom.
import { describe, expect, it } from "vitest";
import type { Approach } from "../../server/world/mind.ts";
import { reactionOptions } from "../../server/agents/react.ts";
import { at, countingGateway, input, seen, selfOf, tinyMind } from "../fixtures/mind-fixtures.ts";

function setup(action = "selling flowers by the fountain") {
  const gw = countingGateway();
  const mind = tinyMind(gw);
  const ann = mind.agent("ann")!;
  ann.current = {
    task: undefined,
    action,
    address: "Tiny:Square:plaza:fountain",
    until: at("18:00"),
  };
  return { gw, mind, ann };
}

const approach = (
  mind: ReturnType<typeof tinyMind>,
  how: Approach["how"],
  words: string[] = [],
): Approach => ({
  agent: selfOf(mind, "ann"),
  now: at("10:00"),
  person: { id: "av1", name: "Jane", role: "visitor" },
  how,
  words,
  company: [],
});

describe("the reaction step for a person", () => {
  it("an awake resident turns to someone walking up, through the personReaction prompt", async () => {
    const { gw, mind } = setup();
    expect(await mind.approached(approach(mind, "approaching"))).toBe(true);
    expect(gw.asks.get("personReaction")).toBe(1);
  });

  it("a sleeper does not notice someone walking by, but one spoken to turns to the speaker", async () => {
    const { gw, mind } = setup("sleeping");
    expect(await mind.approached(approach(mind, "approaching"))).toBe(false);
    expect(await mind.approached(approach(mind, "addressing", ["Wake up, Ann!"]))).toBe(true);
    expect(gw.asks.get("personReaction")).toBe(2);
  });

  it("a model's answer decides, whatever the offline rule would say", async () => {
    const gw = countingGateway(undefined, (name) =>
      name === "personReaction" ? { decision: "continue", reason: "Ann is busy." } : undefined,
    );
    const mind = tinyMind(gw);
    mind.agent("ann")!.current = {
      task: undefined,
      action: "selling flowers",
      address: "Tiny:Square:plaza",
      until: at("18:00"),
    };
    expect(await mind.approached(approach(mind, "addressing", ["Hello"]))).toBe(false);
  });
});

describe("overhearing in a group talk", () => {
  it("remembers a line said to someone else as said by its speaker, to whom", async () => {
    const { mind, ann } = setup();
    await mind.overhear({
      agent: selfOf(mind, "ann"),
      now: at("10:00"),
      speaker: { id: "av1", name: "Jane", role: "visitor" },
      to: "Bob Birch",
      text: "The bakery closes early today.",
    });
    const m = ann.memory.latest(1)[0];
    expect(m).toMatchObject({
      type: "chat",
      subject: "Jane",
      predicate: "said to",
      object: "Bob Birch",
    });
    expect(m.description).toBe(
      'Jane (a visitor) said to Bob Birch: "The bakery closes early today."',
    );
    await mind.overhear({
      agent: selfOf(mind, "ann"),
      now: at("10:01"),
      speaker: { id: "bob", name: "Bob Birch", role: "resident" },
      to: "Jane",
      text: "Thanks for telling me.",
    });
    expect(ann.memory.latest(1)[0].description).toBe(
      'Bob Birch said to Jane: "Thanks for telling me."',
    );
  });
});

describe("joining a group talk by the reaction step", () => {
  const talking = (joinable: boolean) =>
    seen("Bob Birch", "talking with Jane", {
      predicate: "chat with",
      object: "Jane",
      actor: { kind: "agent", id: "bob" },
      joinable,
    });

  it("a talk with people is an option to join; a talk between residents is not", () => {
    const { mind, ann } = setup();
    const ctx = mind.context();
    const bob = mind.agent("bob")!;
    expect(reactionOptions(ctx, ann, bob, talking(true), input(mind, "ann", at("10:00")))).toEqual([
      "join",
    ]);
    expect(reactionOptions(ctx, ann, bob, talking(false), input(mind, "ann", at("10:00")))).toEqual(
      [],
    );
    expect(reactionOptions(ctx, ann, bob, talking(true), input(mind, "ann", at("23:10")))).toEqual(
      [],
    );
  });

  it("the reaction prompt decides; a join is the mind's answer", async () => {
    const gw = countingGateway(undefined, (name) =>
      name === "reaction" ? { decision: "join", reason: "Ann wants to hear." } : undefined,
    );
    const mind = tinyMind(gw);
    mind.agent("ann")!.current = {
      task: undefined,
      action: "walking around the plaza",
      address: "Tiny:Square:plaza",
      until: at("18:00"),
    };
    await mind.tick(input(mind, "ann", at("10:00"), { needsAction: false }));
    const out = await mind.tick(input(mind, "ann", at("10:01"), { perceived: [talking(true)] }));
    expect(out).toEqual({ join: { with: "bob" } });
    const asked = gw.inputs.filter((x) => x.prompt === "reaction").at(-1)!.input as {
      options: string[];
    };
    expect(asked.options).toEqual(["join"]);
  });
});
