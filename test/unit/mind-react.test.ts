import { describe, expect, it } from "vitest";
import { react, reactionOptions } from "../../server/agents/react.ts";
import { rememberOne } from "../../server/agents/state.ts";
import {
  at,
  countingGateway,
  inTheSquare,
  input,
  seen,
  selfOf,
  tinyMind,
} from "../fixtures/mind-fixtures.ts";

const bobSeen = (action = "walking around the plaza", over = {}) =>
  seen("Bob Birch", action, { actor: { kind: "agent", id: "bob" }, ...over });

function setup(decide?: "talk") {
  const gw = countingGateway(undefined, (name) =>
    decide && name === "reaction" ? { decision: decide, reason: "news to tell" } : undefined,
  );
  const mind = tinyMind(gw);
  const ctx = mind.context();
  const { ann, bob } = inTheSquare(mind);
  return { gw, mind, ctx, ann, bob };
}

describe("react: gates in code first", () => {
  it("lets an encounter through only when both are awake, free, not at 11 pm and past their cooldown", () => {
    const { mind, ctx, ann, bob } = setup();
    const now = at("10:00");
    const opts = (e = bobSeen(), over = {}, when = now) =>
      reactionOptions(
        ctx,
        ann,
        bob,
        e,
        input(mind, "ann", when, { agent: selfOf(mind, "ann", over) }),
      );
    expect(opts()).toEqual(["talk"]);
    expect(opts(bobSeen("sleeping"))).toEqual([]);
    expect(opts(bobSeen("chatting", { predicate: "chat with", object: "Ann Ash" }))).toEqual([]);
    expect(opts(undefined, { talkingTo: "bob" })).toEqual([]);
    expect(opts(undefined, {}, at("23:10"))).toEqual([]);
    ann.chatCooldown.set("bob", now + 1000);
    expect(opts()).toEqual([]);
    ann.chatCooldown.clear();
    ann.current = { ...ann.current!, action: "sleeping" };
    expect(opts()).toEqual([]);
    ann.current = {
      ...ann.current,
      action: "going to the bathroom",
      address: "Tiny:Square:plaza:fountain",
    };
    // Bob stands at the object Ann is heading for: she may wait.
    expect(
      opts(bobSeen("splashing", { address: "Tiny:Square:plaza:fountain", x: 5, y: 4 }), {
        address: "Tiny:Square:plaza:fountain",
      }),
    ).toEqual(["talk", "wait"]);
  });

  it("nobody starts a talk in the middle of body care (WordNet's grooming and dressing), whatever the words", () => {
    const { mind, ctx, ann, bob } = setup();
    const now = at("06:40");
    const opts = (e = bobSeen()) =>
      reactionOptions(ctx, ann, bob, e, input(mind, "ann", now, { agent: selfOf(mind, "ann") }));
    expect(opts()).toEqual(["talk"]);
    for (const private_ of [
      "taking a shower at home",
      "washing up and getting dressed",
      "shaving in the bathroom",
      "combing her hair",
      "having a bath",
    ])
      expect(opts(bobSeen(private_)), private_).toEqual([]);
    // Neither does one in the shower turn to talk with someone passing.
    ann.current = { ...ann.current!, action: "showering before work" };
    expect(opts()).toEqual([]);
    ann.current = { ...ann.current, action: "walking around the plaza" };
    // Washing what is not oneself, dressing a window, a walk: not private.
    for (const open of ["washing the dishes", "dressing the shop window", "taking a walk"])
      expect(opts(bobSeen(open)), open).toEqual(["talk"]);
  });

  it("asks one call when the gates pass; talking with news starts a conversation", async () => {
    // (The decision to talk is the model's; the offline one is a seeded draw, tested in mind-converse.)
    const { gw, mind, ctx, ann } = setup("talk");
    const now = at("10:00");
    await rememberOne(
      ctx,
      ann,
      "thought",
      at("07:00"),
      "Ann Ash is excited to be hosting a party at the plaza of Square on February 13 from 7 pm to 9 pm",
      8,
    );
    const out = await react(ctx, ann, input(mind, "ann", now), [bobSeen()]);
    expect(gw.asks.get("reaction")).toBe(1);
    expect(gw.asks.get("utterance")).toBe(out!.conversation!.lines.length);
    expect(out?.conversation?.with).toBe("bob");
    expect(out!.conversation!.lines.length).toBeLessThanOrEqual(16);
    expect(out!.conversation!.lines.map((l) => l.text).join(" ")).toContain(
      "party at plaza of Square on February 13 from 7 pm to 9 pm",
    );
    expect(ann.engagedWith).toBe("bob");
    // While engaged, no one else is asked.
    gw.reset();
    expect(await react(ctx, ann, input(mind, "ann", now), [bobSeen("sitting")])).toBeNull();
    expect(gw.total()).toBe(0);
  });

  it("a 'no' is not asked again for the same pair for a while, and one agent asks at most every 10 minutes", async () => {
    const gw = countingGateway(undefined, (name) =>
      name === "reaction" ? { decision: "continue", reason: "busy" } : undefined,
    );
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    expect(await react(ctx, ann, input(mind, "ann", at("10:00")), [bobSeen()])).toBeNull();
    expect(
      await react(ctx, ann, input(mind, "ann", at("10:20")), [bobSeen("sitting by the fountain")]),
    ).toBeNull();
    expect(gw.asks.get("reaction")).toBe(1);
    await react(ctx, ann, input(mind, "ann", at("11:31")), [bobSeen("sitting by the fountain")]);
    expect(gw.asks.get("reaction")).toBe(2);
    // Someone else within ten minutes of the last question: not asked either.
    const mia = mind.agent("bob")!;
    mia.declined.clear();
    ann.declined.clear();
    expect(await react(ctx, ann, input(mind, "ann", at("11:35")), [bobSeen("reading")])).toBeNull();
    expect(gw.asks.get("reaction")).toBe(2);
    expect(ann.engagedWith).toBe("");
  });

  it("waiting: an action until the other is done with the object", async () => {
    const gw = countingGateway(undefined, (name) =>
      name === "reaction" ? { decision: "wait", reason: "Bob is using it" } : undefined,
    );
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const bob = mind.agent("bob")!;
    ann.current = {
      task: undefined,
      action: "washing at the fountain",
      address: "Tiny:Square:plaza:fountain",
      until: at("11:00"),
    };
    bob.current = {
      task: undefined,
      action: "splashing",
      address: "Tiny:Square:plaza:fountain",
      until: at("10:20"),
    };
    const e = bobSeen("splashing", { address: "Tiny:Square:plaza:fountain", x: 5, y: 4 });
    const out = await react(
      ctx,
      ann,
      input(mind, "ann", at("10:00"), {
        agent: selfOf(mind, "ann", { address: "Tiny:Square:plaza:fountain" }),
      }),
      [e],
    );
    expect(out?.action).toMatchObject({
      action: "waiting to start washing at the fountain",
      emoji: "⌛",
      address: "Tiny:Square:plaza",
      until: at("10:20"),
    });
    expect(ann.current?.waiting).toBe(true);
  });
});
