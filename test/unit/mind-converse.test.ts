import { describe, expect, it } from "vitest";
import { chatMinutes, conversationEnded, startConversation } from "../../server/agents/converse.ts";
import { planDay } from "../../server/agents/plan.ts";
import { rememberOne } from "../../server/agents/state.ts";
import {
  offlineReaction,
  offlineTakeaway,
  pickNews,
  tellNews,
  willAttend,
  type ChatSideInput,
} from "../../server/agents/offline/dialogue.ts";
import { at, countingGateway, inTheSquare, tinyMind } from "../fixtures/mind-fixtures.ts";

async function party(mind: ReturnType<typeof tinyMind>) {
  const ctx = mind.context();
  const ann = mind.agent("ann")!;
  const bob = mind.agent("bob")!;
  await rememberOne(
    ctx,
    ann,
    "thought",
    at("07:00"),
    "Ann Ash is excited to be hosting a party at the plaza of Square on February 13 from 7 pm to 9 pm",
    8,
  );
  inTheSquare(mind);
  return { ctx, ann, bob };
}

const ended = (
  plan: { lines: { speaker: string; name: string; text: string }[]; topic: string },
  withId: string,
  withName: string,
) => ({
  kind: "conversationEnded" as const,
  withId,
  withName,
  lines: plan.lines,
  topic: plan.topic,
  started: at("10:00"),
});

describe("converse", () => {
  it("turn by turn: each line from its speaker's own memories; news travels and both remember it", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const { ctx, ann, bob } = await party(mind);
    await planDay(ctx, bob, at("09:00"));
    gw.reset();
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza of Square"))!;
    // Neither remembers anything of the other yet: no relationship summary; one call per line.
    expect(gw.asks.get("relationship") ?? 0).toBe(0);
    expect(gw.asks.get("utterance")).toBe(plan.lines.length);
    expect(plan.lines[0]).toMatchObject({ speaker: "ann", name: "Ann Ash" });
    const text = plan.lines.map((l) => `${l.name}: ${l.text}`).join("\n");
    // She came over to tell it: her first line greets Bob and tells it.
    expect(plan.lines[0].text).toMatch(
      /^\S.*[.!?] I'm organising a party at plaza of Square on February 13 from 7 pm to 9 pm/,
    );
    expect(plan.topic).toBe(
      "conversing about the party at plaza of Square on February 13 from 7 pm to 9 pm",
    );
    expect(plan.until).toBe(at("10:00") + chatMinutes(plan.lines) * 60_000);
    // No line of Bob's was written with Ann's memories in view.
    const sent = gw.inputs
      .filter((i) => i.prompt === "utterance")
      .map((i) => i.input as { speaker: { name: string; memories: { text: string }[] } });
    expect(
      sent.some(
        (u) =>
          u.speaker.name === "Ann Ash" &&
          u.speaker.memories.some((m) => m.text.includes("hosting a party")),
      ),
    ).toBe(true);
    for (const u of sent.filter((x) => x.speaker.name === "Bob Birch"))
      expect(u.speaker.memories.some((m) => m.text.includes("hosting a party"))).toBe(false);

    await conversationEnded(ctx, bob, ended(plan, "ann", "Ann Ash"), at("10:03"));
    await conversationEnded(ctx, ann, ended(plan, "bob", "Bob Birch"), at("10:03"));
    expect(gw.asks.get("post-chat")).toBe(2);
    const all = bob.memory.latest(10).reverse();
    const bobs = all.slice(all.findIndex((m) => m.type === "chat"));
    expect(bobs[0].type).toBe("chat");
    expect(bobs[0].lines?.length).toBe(plan.lines.length);
    // Bob's memory names who told him.
    expect(bobs[1].description).toBe(
      "Bob Birch heard from Ann Ash that Ann Ash is organising a party at plaza of Square on February 13 from 7 pm to 9 pm.",
    );
    expect(bobs[1].evidence).toEqual([bobs[0].id]);
    // He plans to go exactly when he said he would, and then it is in his day.
    const said = /I'd like to come/.test(text);
    const note = bob.memory
      .latest(5)
      .find((m) =>
        m.description.startsWith("For Bob Birch's planning: Ann Ash is organising a party"),
      );
    expect(!!note).toBe(said);
    expect(
      !!bob.schedule!.blocks.find((b) => b.start === 19 * 60 && b.task === "going to the party"),
    ).toBe(said);
    expect(bob.chatCooldown.get("ann")).toBe(at("10:03") + 8000_000);
    expect(bob.relationships.get("ann")).toContain("They last talked about the party");
    expect(ann.engagedWith).toBe("");
    expect(bob.engagedWith).toBe("");

    // Next time they talk, each line knows when they last talked and about what.
    gw.reset();
    await startConversation(ctx, bob, ann, at("16:00"), "plaza of Square");
    const next = gw.inputs.find((i) => i.prompt === "utterance")!.input as {
      past?: { minutesAgo: number; topic: string };
    };
    expect(next.past).toEqual({
      minutesAgo: 357,
      topic: "conversing about the party at plaza of Square on February 13 from 7 pm to 9 pm",
    });
    // Nothing new about each other since the talk's takeaway: how each sees the other is reused.
    expect(gw.asks.get("relationship") ?? 0).toBe(0);
    const rel = next as unknown as { speaker: { relationship: string } };
    expect(rel.speaker.relationship).toContain("They last talked about the party");

    // Bob hears something about Ann from someone else: his side summarises again, hers does not.
    await rememberOne(
      ctx,
      bob,
      "thought",
      at("16:30"),
      "Bob Birch heard from Cy Cole that Ann Ash grows her own roses.",
      5,
    );
    gw.reset();
    await startConversation(ctx, bob, ann, at("17:00"), "plaza of Square");
    expect(gw.asks.get("relationship")).toBe(1);
    const asked = gw.inputs.find((i) => i.prompt === "relationship")!.input as {
      other: string;
      memories: { text: string }[];
    };
    expect(asked.other).toBe("Ann Ash");
    expect(asked.memories.some((m) => m.text.includes("grows her own roses"))).toBe(true);
  });

  it("the one who answers tells its own news in the same line; who has nothing left to tell says goodbye, and that ends it", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const { ctx, ann, bob } = await party(mind);
    await rememberOne(
      ctx,
      bob,
      "thought",
      at("08:00"),
      "Bob Birch is restoring an old map of the town that he found in the bakery cellar",
      7,
    );
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza of Square"))!;
    const [opener, answer] = plan.lines;
    const last = plan.lines.at(-1)!;
    expect(opener.text).toContain("I'm organising a party");
    // Bob answers the invitation and, in the same line, tells what he has to tell.
    expect(answer.speaker).toBe("bob");
    expect(answer.text).toMatch(
      /^(Yes, I heard about it!|Oh, I didn't know about that!|That's news to me!) (I'd like to come\.|I'm not sure I can make it)/,
    );
    // (After one of the engine's lead-ins, seeded: "By the way", "Before I forget", ...)
    expect(answer.text).toMatch(/, Ann: I am restoring an old map of the town/);
    // Ann thanks him for his news; the talk goes on (questions both ways) and ends with a goodbye
    // said back.
    expect(plan.lines[2].speaker).toBe("ann");
    expect(plan.lines[2].text).toMatch(/^(I didn't know that|Really\?|That's good to know)/);
    expect(plan.lines.length).toBeGreaterThan(3);
    expect(last.speaker).not.toBe(plan.lines.at(-2)!.speaker);
    expect(plan.lines.at(-1)!.text).toMatch(/\b(Bye|See you|Take care|Good to see you)\b/);
    // Each takes the other's news away, naming who told it.
    await conversationEnded(ctx, ann, ended(plan, "bob", "Bob Birch"), at("10:03"));
    await conversationEnded(ctx, bob, ended(plan, "ann", "Ann Ash"), at("10:03"));
    expect(ann.memory.latest(6).map((m) => m.description)).toContain(
      "Ann Ash heard from Bob Birch that Bob Birch is restoring an old map of the town that he found in the bakery cellar.",
    );
    expect(
      bob.memory
        .latest(6)
        .some((m) =>
          m.description.startsWith(
            "Bob Birch heard from Ann Ash that Ann Ash is organising a party",
          ),
        ),
    ).toBe(true);
  });

  it("a view of the other stays until something about them arrives (heard or thought), however many memories came since", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const { ctx, ann, bob } = await party(mind);
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza of Square"))!;
    await conversationEnded(ctx, bob, ended(plan, "ann", "Ann Ash"), at("10:03"));
    await conversationEnded(ctx, ann, ended(plan, "bob", "Bob Birch"), at("10:03"));
    // A long day of Bob's own: hundreds of memories, none about Ann.
    for (let k = 0; k < 260; k++)
      await rememberOne(
        ctx,
        bob,
        "thought",
        at("11:00") + k * 60_000,
        `Bob Birch kneaded batch ${k} of rye dough`,
        2,
      );
    // Nor is seeing people, or his own plan that names her, news about her.
    await rememberOne(
      ctx,
      bob,
      "observation",
      at("15:30"),
      "Cy Cole is buying roses from Ann Ash",
      3,
    );
    await rememberOne(
      ctx,
      bob,
      "plan",
      at("15:31"),
      "This is Bob Birch's plan for the evening: buying flowers from Ann at 6 pm",
      4,
    );
    gw.reset();
    await startConversation(ctx, bob, ann, at("16:00"), "plaza of Square");
    expect(gw.asks.get("relationship") ?? 0).toBe(0);
    // Then one memory about her: he sees her afresh.
    await rememberOne(
      ctx,
      bob,
      "thought",
      at("16:30"),
      "Bob Birch heard from Cy Cole that Ann Ash grows her own roses.",
      5,
    );
    gw.reset();
    await startConversation(ctx, bob, ann, at("19:00", 1), "plaza of Square");
    expect(gw.asks.get("relationship")).toBe(1);
  });

  it("with reuseRelationship off, each side summarises before every conversation", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw, { settings: { reuseRelationship: false } });
    const { ctx, ann, bob } = await party(mind);
    await startConversation(ctx, ann, bob, at("10:00"), "plaza of Square");
    expect(gw.asks.get("relationship")).toBe(2);
  });

  it("the speaker ends it, within maxChatRounds (16 lines)", async () => {
    const gw = countingGateway(undefined, (name, input) =>
      name === "utterance"
        ? {
            text: `line ${(input as { soFar: unknown[] }).soFar.length}`,
            end: false,
            topic: "weather",
          }
        : undefined,
    );
    const mind = tinyMind(gw);
    const { ctx, ann, bob } = await party(mind);
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza"))!;
    expect(plan.lines).toHaveLength(16);
    expect(plan.lines[1].speaker).toBe("bob");
    expect(plan.topic).toBe("conversing about weather");
    const ends = countingGateway(undefined, (name, input) =>
      name === "utterance"
        ? { text: "bye", end: (input as { soFar: unknown[] }).soFar.length === 2, topic: "weather" }
        : undefined,
    );
    const m2 = tinyMind(ends);
    const p2 = await party(m2);
    expect(
      (await startConversation(p2.ctx, p2.ann, p2.bob, at("10:00"), "plaza"))!.lines,
    ).toHaveLength(3);
  });

  it("brief mode: the same loop without the relationship calls, still each side's own memories", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw, { settings: { conversationMode: "brief" } });
    const { ctx, ann, bob } = await party(mind);
    const plan = (await startConversation(ctx, ann, bob, at("10:00"), "plaza of Square"))!;
    expect(gw.asks.get("relationship")).toBeUndefined();
    expect(gw.asks.get("utterance")).toBe(plan.lines.length);
    const sent = gw.inputs
      .filter((i) => i.prompt === "utterance")
      .map((i) => i.input as { speaker: { name: string; memories: { text: string }[] } });
    for (const u of sent.filter((x) => x.speaker.name === "Bob Birch"))
      expect(u.speaker.memories.some((m) => m.text.includes("hosting a party"))).toBe(false);
  });
});

describe("going to what one hears of", () => {
  const side = (over: Partial<ChatSideInput>): ChatSideInput => ({
    id: "x",
    name: "Cleo Moss",
    brief: "",
    action: "",
    relationship: "",
    memories: [],
    home: "T:Moss house:bedroom",
    usual: [],
    ...over,
  });
  const events = Array.from({ length: 60 }, (_, i) => ({
    what: `gathering number ${i}`,
    host: "Dara Quinn",
    month: 1,
    day: 20,
    start: 18 * 60,
  }));
  const rate = (s: ChatSideInput) => events.filter((e) => willAttend(s, e)).length / events.length;

  it("depends on the tie to the host and on the usual day, by a seeded draw", () => {
    const stranger = rate(side({}));
    const friend = rate(
      side({
        memories: [
          {
            text: "Cleo Moss and Dara Quinn grew up together",
            created: 0,
            importance: 6,
            kind: "thought",
          },
        ],
      }),
    );
    const busy = rate(side({ usual: [{ start: 17 * 60, place: "T:Bakery:shop" }] }));
    expect(friend).toBeGreaterThan(stranger + 0.15);
    // Told by someone one knows: likelier, whether or not the organiser is known.
    const toldByFriend = rate(side({ relationship: "Cleo Moss and Eli Park are old friends." }));
    const noHost = (s: ChatSideInput) =>
      events.filter((e) => willAttend(s, { ...e, host: undefined })).length / events.length;
    expect(toldByFriend).toBeGreaterThan(stranger + 0.15);
    expect(
      noHost(side({ relationship: "Cleo Moss and Eli Park are old friends." })),
    ).toBeGreaterThan(noHost(side({})) + 0.15);
    expect(busy).toBeLessThan(stranger - 0.15);
    expect(stranger).toBeGreaterThan(0.2);
    expect(stranger).toBeLessThan(0.8);
    // The same resident and event always give the same answer.
    expect(events.map((e) => willAttend(side({}), e))).toEqual(
      events.map((e) => willAttend(side({}), e)),
    );
    // One's own event always.
    expect(willAttend(side({}), { ...events[0], host: "Cleo Moss" })).toBe(true);
  });
});

describe("whether to talk (offline)", () => {
  const others = Array.from({ length: 80 }, (_, i) => `Person Number${i}`);
  const rate = (
    memories: { text: string; created: number; importance: number; kind?: string }[],
    extra: Partial<Parameters<typeof offlineReaction>[0]> = {},
  ) =>
    others.filter(
      (o) =>
        offlineReaction({
          name: "Cleo Moss",
          other: { name: o, doing: "walking" },
          options: ["talk"],
          now: at("10:00"),
          memories,
          places: [],
          people: [o],
          ...extra,
        }).decision === "talk",
    ).length / others.length;

  it("news to tell makes talking likelier; having talked today, or much today, less", () => {
    const none = rate([]);
    const news = rate([
      {
        text: "Cleo Moss is organising a quilting bee at noon on February 14",
        created: at("08:00"),
        importance: 7,
        kind: "thought",
      },
    ]);
    expect(news).toBeGreaterThan(none + 0.2);
    expect(rate([], { lastChat: { minutesAgo: 30, topic: "the weather" } })).toBeLessThan(none / 2);
    expect(rate([], { chatsToday: 3 })).toBeLessThan(none);
  });
});

describe("what a resident tells", () => {
  it("never tells the record of a talk as news, to the other side or to anyone else", () => {
    const memories = [
      {
        text: "Cleo Moss and Dara Quinn were conversing about Dara's new pottery studio by the river",
        created: at("09:00"),
        importance: 7,
        kind: "chat",
      },
    ];
    expect(
      pickNews(memories, at("10:00"), [], "Cleo Moss", ["Dara Quinn", "Eli Park"], "Dara Quinn"),
    ).toBeUndefined();
    expect(
      pickNews(memories, at("10:00"), [], "Cleo Moss", ["Dara Quinn", "Eli Park"], "Eli Park"),
    ).toBeUndefined();
  });

  it("retells what it heard as itself, with only who told it now: no chain of who told whom", () => {
    const people = ["Dara Quinn", "Eli Park", "Finn Lowe", "Gus Hale"];
    const heard = {
      text: "Cleo Moss heard from Eli Park that Finn told Eli that Gus Hale is selling his boat to pay for a new roof.",
      created: at("09:00"),
      importance: 6,
      kind: "memo",
    };
    const news = pickNews([heard], at("10:00"), [], "Cleo Moss", people, "Dara Quinn")!;
    const line = tellNews(news, "Cleo Moss", "Dara Quinn");
    expect(line).toBe("Eli told me that Gus Hale is selling his boat to pay for a new roof.");
    // And Dara keeps it as heard from Cleo, not as "Eli told Cleo that ...".
    const dara: ChatSideInput = {
      id: "dara",
      name: "Dara Quinn",
      brief: "",
      action: "",
      relationship: "",
      memories: [],
      people: ["Cleo Moss", "Eli Park", "Finn Lowe", "Gus Hale"],
    };
    const takeaway = offlineTakeaway(
      dara,
      "Cleo Moss",
      [
        { speaker: "Cleo Moss", text: `Hello Dara. ${line}` },
        { speaker: "Dara Quinn", text: "Really? I'll keep that in mind." },
      ],
      "conversing about Gus Hale selling his boat",
      at("10:00"),
      [],
    );
    expect(takeaway.memo).toBe(
      "Dara Quinn heard from Cleo Moss that Gus Hale is selling his boat to pay for a new roof.",
    );
  });

  it("sees a friend its persona names as that friend after a talk, not as someone from around town", async () => {
    const { loadTemplate } = await import("../../server/content/template.ts");
    const t = await loadTemplate("base-25");
    // Whoever's persona names a friend: the tie is read from the persona, not written here.
    const withFriend = t.personas
      .map((p) => ({ p, friend: /best friend is ([A-Z]\w+ [A-Z]\w+)/.exec(p.learned)?.[1] }))
      .find((x) => x.friend)!;
    const self: ChatSideInput = {
      id: "x",
      name: withFriend.p.name,
      brief: "",
      action: "",
      relationship: "",
      memories: [],
      knows: { persona: withFriend.p } as never,
    };
    const takeaway = offlineTakeaway(
      self,
      withFriend.friend!,
      [
        { speaker: withFriend.friend!, text: "Good morning! How are you?" },
        { speaker: withFriend.p.name, text: "Fine, thanks." },
      ],
      "conversing about the morning",
      at("10:00"),
      [],
    );
    expect(takeaway.relationship).not.toMatch(/from around town/);
    expect(takeaway.relationship).toContain(`best friend is ${withFriend.friend}`);
  });

  it("tells a sentence of its own persona that opens on 'She' as its own", () => {
    const mine = {
      text: "She has found a cracked bell in the clock tower.",
      created: at("06:00"),
      importance: 6,
      kind: "thought",
    };
    expect(
      tellNews(
        pickNews([mine], at("10:00"), [], "Cleo Moss", ["Dara Quinn"], "Dara Quinn")!,
        "Cleo Moss",
        "Dara Quinn",
      ),
    ).toBe("I keep thinking about this: I have found a cracked bell in the clock tower.");
  });

  it("tells what a talk left in its memo, not the record of the talk", () => {
    const people = ["Dara Quinn", "Eli Park", "Gus Hale"];
    const record = {
      text: "Cleo Moss and Eli Park were conversing about how Eli Park is building a kiln",
      created: at("09:00"),
      importance: 6,
      kind: "chat",
    };
    const memo = {
      text: "Cleo Moss heard from Eli Park that Eli Park is building a kiln behind the pottery.",
      created: at("09:00"),
      importance: 5,
      kind: "memo",
    };
    expect(pickNews([record, memo], at("10:00"), [], "Cleo Moss", people, "Dara Quinn")?.text).toBe(
      memo.text,
    );
    // A talk that left no memo of what was heard is no news: its record says only that it was.
    expect(pickNews([record], at("10:00"), [], "Cleo Moss", people, "Dara Quinn")).toBeUndefined();
  });

  // What Cleo heard of an event at a place she knows (the news of the next three tests).
  const heardOfDance = {
    text: "Cleo Moss heard from Eli Park that Gus Hale is organising a barn dance at the mill on February 15 at 8 pm.",
    created: at("08:00"),
    importance: 7,
    kind: "memo",
  };
  const places = [{ name: "the mill", address: "Town:the mill" }];

  it("does not tell someone again what they already talked of; tells the next thing instead", () => {
    const memories = [
      heardOfDance,
      {
        text: "Cleo Moss is restoring an old sailboat and hopes to launch it in the spring.",
        created: at("06:00"),
        importance: 6,
        kind: "thought",
      },
    ];
    const people = ["Dara Quinn", "Eli Park", "Gus Hale", "Finn Lowe"];
    expect(
      pickNews(memories, at("10:00"), places, "Cleo Moss", people, "Dara Quinn")?.event?.what,
    ).toBe("barn dance");
    // A day later, having talked of the dance with Dara already, Cleo tells her of the sailboat.
    const talked = {
      text: "Cleo Moss and Dara Quinn were conversing about the barn dance at the mill on February 15 at 8 pm",
      created: at("10:05"),
      importance: 4,
      kind: "chat",
    };
    expect(
      pickNews([talked, ...memories], at("10:00", 1), places, "Cleo Moss", people, "Dara Quinn"),
    ).toMatchObject({ kind: "plan", text: memories[1].text });
    // Someone she has not talked with still hears of the dance first.
    expect(
      pickNews([talked, ...memories], at("10:00", 1), places, "Cleo Moss", people, "Finn Lowe")
        ?.event?.what,
    ).toBe("barn dance");
  });

  it("does not tell back in a talk the news the other has just told", () => {
    const memories = [heardOfDance];
    const said = [
      "Good morning, Cleo. Gus Hale is organising a barn dance at the mill on February 15 at 8 pm. Had you heard?",
    ];
    expect(
      pickNews(
        memories,
        at("10:00"),
        places,
        "Cleo Moss",
        ["Dara Quinn", "Eli Park", "Gus Hale"],
        "Dara Quinn",
      )?.event?.what,
    ).toBe("barn dance");
    expect(
      pickNews(
        memories,
        at("10:00"),
        places,
        "Cleo Moss",
        ["Dara Quinn", "Eli Park", "Gus Hale"],
        "Dara Quinn",
        said,
      ),
    ).toBeUndefined();
  });

  it("tells its own weighty news before passing on an event it heard of, and the event next time", () => {
    const memories = [
      heardOfDance,
      {
        text: "Cleo Moss is standing for the town council in the election next month and wants people to know.",
        created: at("06:00"),
        importance: 8,
        kind: "thought",
      },
    ];
    const people = ["Dara Quinn", "Eli Park", "Gus Hale"];
    expect(
      pickNews(memories, at("10:00"), places, "Cleo Moss", people, "Dara Quinn"),
    ).toMatchObject({ kind: "plan", text: memories[1].text });
    const talked = {
      text: "Cleo Moss and Dara Quinn were conversing about Cleo Moss standing for the town council in the election next month",
      created: at("10:05"),
      importance: 4,
      kind: "chat",
    };
    expect(
      pickNews([talked, ...memories], at("10:00", 1), places, "Cleo Moss", people, "Dara Quinn")
        ?.event?.what,
    ).toBe("barn dance");
  });

  it("never retells a memory in its own words where its 'tomorrow' would name another day", () => {
    const plan = [
      {
        text: "Cleo Moss is planning a picnic by the river tomorrow at noon",
        created: at("08:00"),
        importance: 7,
        kind: "thought",
      },
    ];
    expect(pickNews(plan, at("10:00"), [], "Cleo Moss", ["Eli Park"], "Eli Park")).toMatchObject({
      kind: "event",
      host: true,
    });
    // On the day itself the event is told with its date; once it is over, not in "tomorrow" words.
    expect(
      tellNews(
        pickNews(plan, at("09:00", 1), [], "Cleo Moss", ["Eli Park"], "Eli Park")!,
        "Cleo Moss",
        "Eli Park",
      ),
    ).toContain("February 14");
    expect(
      pickNews(plan, at("15:00", 1), [], "Cleo Moss", ["Eli Park"], "Eli Park"),
    ).toBeUndefined();
    // What names its day outright may still be told after it.
    const fair = [
      {
        text: "Cleo Moss thinks Dara Quinn's fair on February 13 was the best in years",
        created: at("20:00"),
        importance: 6,
        kind: "thought",
      },
    ];
    expect(
      pickNews(fair, at("15:00", 1), [], "Cleo Moss", ["Dara Quinn", "Eli Park"], "Eli Park")?.text,
    ).toBe(fair[0].text);
  });
});
