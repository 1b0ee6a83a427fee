import { describe, expect, it } from "vitest";
import { chatMinutes, conversationEnded, startConversation } from "../../server/agents/converse.ts";
import { planDay } from "../../server/agents/plan.ts";
import { rememberOne } from "../../server/agents/state.ts";
import { at, countingGateway, tinyMind } from "../fixtures/mind-fixtures.ts";

async function party(mind: ReturnType<typeof tinyMind>) {
  const ctx = mind.context();
  const ann = mind.agent("ann")!;
  const bob = mind.agent("bob")!;
  await rememberOne(ctx, ann, "thought", at("07:00"), "Ann Ash is excited to be hosting a party at the plaza of Square on February 13 from 7 pm to 9 pm", 8);
  ann.current = { task: undefined, action: "selling flowers by the fountain", address: "Tiny:Square:plaza:fountain", until: at("18:00") };
  bob.current = { task: undefined, action: "walking around the plaza", address: "Tiny:Square:plaza", until: at("12:00") };
  return { ctx, ann, bob };
}

const ended = (plan: { lines: { speaker: string; name: string; text: string }[]; topic: string }, withId: string, withName: string) =>
  ({ kind: "conversationEnded" as const, withId, withName, lines: plan.lines, topic: plan.topic, started: at("10:00") });

describe("converse", () => {
  it("one call writes the dialogue from both sides' memories; news travels and both remember it", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const { ctx, ann, bob } = await party(mind);
    await planDay(ctx, bob, at("09:00"));
    gw.reset();
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza of Square"))!;
    expect(gw.asks.get("conversation")).toBe(1);
    expect(plan.lines[0]).toMatchObject({ speaker: "ann", name: "Ann Ash" });
    const text = plan.lines.map((l) => `${l.name}: ${l.text}`).join("\n");
    expect(text).toContain("Ann Ash: I'm hosting a party at plaza of Square on February 13 from 7 pm to 9 pm!");
    expect(text).toMatch(/Bob Birch: .*I'll come/);
    expect(plan.topic).toBe("conversing about the party at plaza of Square on February 13 from 7 pm to 9 pm");
    expect(plan.until).toBe(at("10:00") + chatMinutes(plan.lines) * 60_000);
    // The conversation prompt saw each side's own memories.
    const sent = gw.inputs.find((i) => i.prompt === "conversation")!.input as { a: { memories: { text: string }[] }; b: { memories: { text: string }[] } };
    expect(sent.a.memories.some((m) => m.text.includes("hosting a party"))).toBe(true);
    expect(sent.b.memories.some((m) => m.text.includes("hosting a party"))).toBe(false);

    await conversationEnded(ctx, bob, ended(plan, "ann", "Ann Ash"), at("10:03"));
    await conversationEnded(ctx, ann, ended(plan, "bob", "Bob Birch"), at("10:03"));
    expect(gw.asks.get("post-chat")).toBeUndefined(); // the takeaways came with the dialogue
    const bobs = bob.memory.latest(3).reverse();
    expect(bobs.map((m) => m.type)).toEqual(["chat", "thought", "thought"]);
    expect(bobs[0].lines?.length).toBe(plan.lines.length);
    expect(bobs[1].evidence).toEqual([bobs[0].id]);
    expect(bobs[2].description).toBe("For Bob Birch's planning: Ann Ash is hosting a party at plaza of Square on February 13 from 7 pm to 9 pm, and Bob Birch said they would come.");
    // The appointment went into Bob's day, and they will not talk again for 800 steps.
    expect(bob.schedule!.blocks.find((b) => b.start === 19 * 60)).toMatchObject({ task: "going to the party", place: "Tiny:Square:plaza" });
    expect(bob.chatCooldown.get("ann")).toBe(at("10:03") + 8000_000);
    expect(bob.relationships.get("ann")).toContain("They last talked about the party");
    expect(ann.engagedWith).toBe("");
    expect(bob.engagedWith).toBe("");
  });

  it("caps a dialogue at 8 rounds (16 lines)", async () => {
    const long = Array.from({ length: 30 }, (_, i) => ({ speaker: i % 2 ? "Bob Birch" : "Ann Ash", text: `line ${i}` }));
    const take = { importance: 4, memo: "", planning: "", relationship: "" };
    const gw = countingGateway(undefined, (name) => (name === "conversation" ? { lines: long, topic: "weather", a: take, b: take } : undefined));
    const mind = tinyMind(gw);
    const { ctx, ann, bob } = await party(mind);
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza"))!;
    expect(plan.lines).toHaveLength(16);
    expect(plan.lines[1].speaker).toBe("bob");
    expect(plan.topic).toBe("conversing about weather");
  });

  it("turns mode: the paper's loop, one call per utterance from the speaker's own memories, then a takeaway each", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw, { settings: { conversationMode: "turns" } });
    const { ctx, ann, bob } = await party(mind);
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza of Square"))!;
    expect(gw.asks.get("utterance")).toBe(plan.lines.length);
    expect(plan.lines.map((l) => l.text).join(" ")).toContain("I'm hosting a party");
    const sent = gw.inputs.filter((i) => i.prompt === "utterance").map((i) => i.input as { speaker: { name: string; memories: { text: string }[] } });
    for (const u of sent.filter((x) => x.speaker.name === "Bob Birch")) expect(u.speaker.memories.some((m) => m.text.includes("hosting a party"))).toBe(false);
    await conversationEnded(ctx, bob, ended(plan, "ann", "Ann Ash"), at("10:03"));
    await conversationEnded(ctx, ann, ended(plan, "bob", "Bob Birch"), at("10:03"));
    expect(gw.asks.get("post-chat")).toBe(2);
    expect(bob.memory.latest(5).some((m) => m.description.startsWith("For Bob Birch's planning: Ann Ash is hosting a party"))).toBe(true);
  });
});
