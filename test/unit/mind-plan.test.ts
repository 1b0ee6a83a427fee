import { describe, expect, it } from "vitest";
import { offlineDayPlan } from "../../server/agents/offline/planner.ts";
import { nextTask, planDay } from "../../server/agents/plan.ts";
import {
  blocksFrom,
  fitMinutes,
  insertAppointment,
  windowFrom,
  type DaySchedule,
} from "../../server/agents/schedule.ts";
import { placeNames, rememberOne } from "../../server/agents/state.ts";
import {
  at,
  countingGateway,
  input,
  mindPersonas,
  seen,
  tinyMind,
} from "../fixtures/mind-fixtures.ts";
import { bobInvited } from "../helpers/visitorInvites.ts";

const HOME = "Tiny:Home A:room:bed";

describe("schedules", () => {
  it("turns a plan's blocks into a day from 00:00 to 24:00, merging repeats", () => {
    const blocks = blocksFrom(
      [
        { start: "08:00", task: "work" },
        { start: "09:00", task: "work" },
        { start: "22:00", task: "sleeping" },
      ],
      7 * 60,
      HOME,
    );
    expect(blocks).toEqual([
      { start: 0, end: 420, task: "sleeping", place: HOME },
      { start: 420, end: 480, task: "waking up and getting ready for the day", place: HOME },
      { start: 480, end: 1320, task: "work" },
      { start: 1320, end: 1440, task: "sleeping" },
    ]);
  });

  it("decomposes a window of the next hours, never past sleep", () => {
    const s: DaySchedule = {
      day: 0,
      wake: 360,
      currently: "",
      items: [],
      tasks: [],
      blocks: blocksFrom(
        [
          { start: "00:00", task: "sleeping" },
          { start: "06:00", task: "breakfast" },
          { start: "06:30", task: "selling flowers" },
          { start: "21:00", task: "sleeping" },
        ],
        360,
        HOME,
      ),
    };
    expect(windowFrom(s, 6 * 60 + 10, 120)).toEqual([
      { start: 370, end: 390, task: "breakfast" },
      { start: 390, end: 490, task: "selling flowers" },
    ]);
    expect(windowFrom(s, 20 * 60, 120)).toEqual([
      { start: 1200, end: 1260, task: "selling flowers" },
    ]);
    expect(windowFrom(s, 22 * 60, 120)).toEqual([]);
    expect(fitMinutes([7, 13, 40], 45)).toEqual([5, 15, 25]);
    expect(fitMinutes([10], 45)).toEqual([45]);
    insertAppointment(s, 19 * 60, 20 * 60, "going to the party", "Tiny:Square:plaza");
    expect(s.blocks.map((b) => [b.start, b.task])).toEqual([
      [0, "sleeping"],
      [360, "breakfast"],
      [390, "selling flowers"],
      [1140, "going to the party"],
      [1200, "selling flowers"],
      [1260, "sleeping"],
    ]);
  });
});

describe("appointments around promises", () => {
  it("an appointment put into the day never takes an hour kept for a promise: it fills the rest of its time", () => {
    const s: DaySchedule = {
      day: 0,
      wake: 420,
      currently: "",
      items: [],
      tasks: [],
      blocks: blocksFrom(
        [
          { start: "00:00", task: "sleeping" },
          { start: "07:00", task: "mending nets", place: "Tiny:Harbour" },
          { start: "11:00", task: "visiting Iva Stone at Harbour", place: "Tiny:Harbour" },
          { start: "12:00", task: "mending nets", place: "Tiny:Harbour" },
          { start: "21:00", task: "sleeping" },
        ],
        420,
        HOME,
      ),
    };
    insertAppointment(s, 10 * 60, 13 * 60, "going to the fair", "Tiny:Square", [
      { start: 11 * 60, end: 12 * 60 },
    ]);
    expect(s.blocks.map((b) => [b.start, b.task])).toEqual([
      [0, "sleeping"],
      [420, "mending nets"],
      [600, "going to the fair"],
      [660, "visiting Iva Stone at Harbour"],
      [720, "going to the fair"],
      [780, "mending nets"],
      [1260, "sleeping"],
    ]);
  });
});

describe("day plan", () => {
  it("offline: wakes at the lifestyle's hour, follows habits, and puts a remembered event at its time and place", () => {
    const [ann] = mindPersonas();
    const places = [
      { name: "Square", address: "Tiny:Square" },
      { name: "plaza of Square", address: "Tiny:Square:plaza" },
    ];
    const plan = offlineDayPlan({
      persona: ann,
      day: at("00:00"),
      memories: [
        {
          text: "For Ann Ash's planning: Bob Birch is hosting a birthday party at the plaza of Square on February 13 from 7 pm to 9 pm",
          created: at("08:00"),
        },
      ],
      places,
    });
    expect(plan.wakeUp).toBe("06:00");
    expect(plan.plan.length).toBeGreaterThanOrEqual(5);
    expect(plan.plan.length).toBeLessThanOrEqual(8);
    expect(plan.schedule).toContainEqual({
      start: "19:00",
      task: "going to the birthday party",
      place: "Tiny:Square:plaza",
    });
    expect(plan.schedule).toContainEqual({
      start: "21:00",
      task: "reading at home",
      place: "Tiny:Home A:room",
    });
    expect(plan.schedule[0]).toMatchObject({ start: "00:00", task: "sleeping" });
    expect(plan.currently).toContain("Today Ann plans to go to the birthday party");
  });

  it("one call makes the day: status, wake-up hour, broad plan, schedule; remembered as a plan", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    await rememberOne(
      ctx,
      ann,
      "thought",
      at("00:00"),
      "Ann Ash is excited to be hosting a party at the plaza of Square on February 13 from 7 pm to 9 pm",
      8,
    );
    const s = await planDay(ctx, ann, at("05:00"));
    expect(gw.asks.get("day-plan")).toBe(1);
    expect(s.wake).toBe(360);
    expect(s.blocks.find((b) => b.start === 19 * 60)?.task).toBe("holding the party");
    expect(ann.memory.latest(1)[0]).toMatchObject({ type: "plan", importance: 5 });
    expect(ann.memory.latest(1)[0].description).toMatch(
      /^This is Ann Ash's plan for Friday, February 13: wake up/,
    );
    expect(placeNames(ann).map((p) => p.name)).toContain("Square");
  });

  it("decomposes just in time into 5-15 minute tasks at known addresses; sleep needs no call", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const sleeping = await nextTask(ctx, ann, at("03:00"));
    expect(sleeping).toMatchObject({
      task: "sleeping",
      address: "Tiny:Home A:room:bed",
      emoji: "😴",
      objectState: "being slept in",
    });
    expect(gw.asks.get("decompose")).toBeUndefined();
    const t = await nextTask(ctx, ann, at("08:05"));
    expect(gw.asks.get("decompose")).toBe(1);
    expect(t.address).toBe("Tiny:Square:plaza:fountain");
    // Objects are listed where the blocks go (mind-spatial: other places by their rooms only).
    const outline = (
      gw.inputs.find((i) => i.prompt === "decompose")!.input as { outline: string }
    ).outline.split("\n");
    expect(outline.find((l) => l.startsWith("Square:"))).toContain("fountain");
    const window = ann.schedule!.tasks.filter((x) => x.start >= 8 * 60);
    for (const x of window) {
      expect(x.end - x.start).toBeGreaterThanOrEqual(5);
      expect(ann.spatial.has(x.address)).toBe(true);
    }
    // The window, give or take the block it ends in.
    expect(window.at(-1)!.end).toBeLessThanOrEqual(
      8 * 60 + 5 + ctx.settings.decompositionWindowMinutes + 30,
    );
    // Within the window: no new call.
    await nextTask(ctx, ann, at("09:00"));
    expect(gw.asks.get("decompose")).toBe(1);
  });

  it("keeps a model's answer honest: unknown places resolve to known ones, durations fit the block", async () => {
    const gw = countingGateway(undefined, (name, input) => {
      if (name !== "decompose") return undefined;
      const blocks = (input as { blocks: unknown[] }).blocks;
      return {
        blocks: blocks.map(() => ({
          tasks: [
            {
              task: "arranging tulips",
              minutes: 7,
              address: "Square:plaza:fountain",
              emoji: "🌷",
              predicate: "is arranging",
              object: "tulips",
              objectState: "splashing",
            },
            {
              task: "flying to the moon",
              minutes: 200,
              address: "Moon:crater",
              emoji: "🚀",
              predicate: "is flying",
              object: "to the moon",
              objectState: "",
            },
          ],
        })),
      };
    });
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const t = await nextTask(ctx, ann, at("08:00"));
    expect(t).toMatchObject({
      task: "arranging tulips",
      address: "Tiny:Square:plaza:fountain",
      start: 480,
      end: 485,
    });
    const moon = ann.schedule!.tasks.find((x) => x.task === "flying to the moon")!;
    expect(ann.spatial.has(moon.address)).toBe(true);
    expect(moon.address.startsWith("Tiny:")).toBe(true);
  });

  it("offline: a meeting agreed with someone is met, not held: no event prepared for it", () => {
    const [ann] = mindPersonas();
    const places = [
      { name: "Square", address: "Tiny:Square" },
      { name: "plaza of Square", address: "Tiny:Square:plaza" },
    ];
    for (const [note, said] of [
      ["a visit from Bob Birch", "meeting Bob Birch at Square"],
      ["a visit to Bob Birch", "visiting Bob Birch at Square"],
    ]) {
      const plan = offlineDayPlan({
        persona: ann,
        day: at("00:00"),
        memories: [
          {
            text: `For Ann Ash's planning: ${note} at Square on February 13 at 3:00 pm; Ann means to be there.`,
            created: at("08:00"),
          },
        ],
        places,
        people: ["Ann Ash", "Bob Birch"],
      });
      const tasks = plan.schedule.map((b) => b.task);
      expect(tasks).toContain(said);
      expect(tasks.join("; ")).not.toMatch(/holding the|ready for the visit|going to the visit/);
      expect(plan.currently).toContain(`Today Ann is ${said.split(" at ")[0]}`);
    }
  });

  it("offline: a promise keeps its hour and place: each visit of the day is its own, a later one at that hour elsewhere is not kept", () => {
    const [ann] = mindPersonas();
    const places = [
      { name: "Square", address: "Tiny:Square" },
      { name: "Mill Yard", address: "Tiny:Mill Yard" },
      { name: "Home B", address: "Tiny:Home B" },
    ];
    const note = (what: string, made: string) => ({
      text: `For Ann Ash's planning: ${what}; Ann means to go.`,
      created: at(made),
    });
    // Best first (the latest first, as retrieval gives them): the promise to a visitor (a name
    // no resident has) was made first, the day before.
    const memories = [
      note("a visit to Cara Dunn at Mill Yard on February 13 at 2:30 pm", "12:00"),
      note("a visit from Bob Birch at Home B on February 13 at 10 am", "09:00"),
      note("a visit to Lena Marsh at Square on February 13 at 2 pm", "15:00"),
    ];
    memories[2].created -= 86_400_000;
    const plan = offlineDayPlan({
      persona: ann,
      day: at("00:00"),
      memories,
      places,
      people: ["Ann Ash", "Bob Birch", "Cara Dunn"],
    });
    const at2 = plan.schedule.find((b) => b.start === "14:00");
    // The promise: met at its hour, at its place, as a visit to her (not an event Ann holds).
    expect(at2).toMatchObject({ task: "visiting Lena Marsh at Square", place: "Tiny:Square" });
    // The other visit of the day keeps its own hour and place.
    expect(plan.schedule).toContainEqual(
      expect.objectContaining({ start: "10:00", place: "Tiny:Home B" }),
    );
    expect(plan.schedule.find((b) => b.start === "10:00")!.task).toContain("Bob Birch");
    // The later one, for a clashing hour elsewhere, never takes the promise's time.
    expect(plan.schedule.filter((b) => b.place === "Tiny:Mill Yard")).toEqual([]);
    expect(plan.schedule.map((b) => b.task).join("; ")).not.toMatch(/holding the|ready for the/);
  });
});

describe("promises", () => {
  it("an invitation for an hour promised to someone else is declined, whatever else the day holds", async () => {
    const mind = tinyMind(countingGateway());
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    // A visit promised the day before (to a visitor: a name no resident has), and a later one at
    // another hour and place (read first: the latest first).
    await rememberOne(
      ctx,
      ann,
      "thought",
      at("15:00", -1),
      "For Ann Ash's planning: a visit to Lena Marsh at Square on February 13 at 2 pm; Ann means to go.",
      6,
    );
    await rememberOne(
      ctx,
      ann,
      "thought",
      at("08:00"),
      "For Ann Ash's planning: a visit from Bob Birch at Home A on February 13 at 10 am; Ann means to be there.",
      6,
    );
    const ask = (words: string, now: string) =>
      mind.hear({
        agent: { id: "ann", name: "Ann Ash" } as never,
        now: at(now),
        speaker: { name: "Otto Reyes", role: "visitor" } as never,
        words: [words],
        soFar: [] as never,
      });
    const clash = await ask(
      "We're flying kites by the pond. Would you come today at 2 pm?",
      "09:00",
    );
    expect(clash.text).not.toMatch(/today (at|around) 2/);
    // (Declined by the promise, in either of its words: "I'm already ...", "I've promised ...".)
    expect(clash.text).toMatch(/already|promised/);
    // The other promise too.
    const morning = await ask(
      "We're flying kites by the pond. Would you come today at 10 am?",
      "09:01",
    );
    expect(morning.text).toMatch(/already|promised/);
  });
});

describe("a visit accepted for today", () => {
  it("enters today's plan at its hour and place (the day was planned before it was agreed)", async () => {
    const { reply, bob } = await bobInvited(
      "I'm painting a mural on the square. Would you come and see it today at 4 pm?",
      "Greta Holm",
    );
    expect(reply.text).toMatch(/today (at|around) 4( |:00 )pm/);
    const block = bob.schedule!.blocks.find((b) => b.start === 16 * 60);
    expect(
      block,
      bob.schedule!.blocks.map((b) => `${b.start} ${b.task} @ ${b.place}`).join("\n"),
    ).toBeDefined();
    expect(block!.task).toContain("Greta Holm");
    expect(block!.place?.split(":")[1]).toBe("Square");
  });
});

describe("cost levers", () => {
  const dayOf = async (mind: ReturnType<typeof tinyMind>, day: number) => {
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    for (const t of ["00:00", "08:05", "12:05", "16:05", "20:05"])
      await nextTask(ctx, ann, at(t, day));
    return ann;
  };

  it("reusePlans: a day like yesterday reuses its plan and tasks with no call; news dated on the day, or a time ahead heard since, brings a new plan", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw, { settings: { reusePlans: true } });
    const ctx = mind.context();
    const ann = await dayOf(mind, 0);
    expect(ann.schedule!.routine).toBe(true);
    const yesterday = ann.schedule!;
    gw.reset();
    await dayOf(mind, 1);
    expect(gw.asks.get("day-plan")).toBeUndefined();
    expect(gw.asks.get("decompose")).toBeUndefined();
    expect(ctx.stats.plansReused).toBe(1);
    expect(ann.schedule!.day).toBe(at("00:00", 1));
    expect(ann.schedule!.tasks.map((t) => [t.start, t.task, t.address])).toEqual(
      yesterday.tasks.map((t) => [t.start, t.task, t.address]),
    );
    // Remembered as the new day's plan (an interview about today's plan finds it).
    expect(ann.memory.latest(20, (m) => m.type === "plan")[0].description).toMatch(
      /plan for Saturday, February 14/,
    );

    // Something heard with a time ahead: the next day is planned anew.
    await rememberOne(
      ctx,
      ann,
      "chat",
      at("18:00", 1),
      "Ann Ash heard from Bob Birch that the library opens a reading room on March 3 at 10 am",
      4,
    );
    gw.reset();
    await dayOf(mind, 2);
    expect(gw.asks.get("day-plan")).toBe(1);

    // An appointment dated on a coming day, heard days before: that day is planned anew, and
    // the day after it (not a routine day's copy) too.
    gw.reset();
    await dayOf(mind, 3);
    expect(gw.asks.get("day-plan")).toBeUndefined();
    await rememberOne(
      ctx,
      ann,
      "thought",
      at("07:00", 3),
      "Ann Ash wants to see the dentist on February 18 at 3 pm",
      4,
    );
    gw.reset();
    await dayOf(mind, 4); // the 17th: the dentist's date was heard on the 16th, a time ahead
    expect(gw.asks.get("day-plan")).toBe(1);
    gw.reset();
    await dayOf(mind, 5); // the 18th itself
    expect(gw.asks.get("day-plan")).toBe(1);
    expect(ann.schedule!.routine).toBe(false);
    gw.reset();
    await dayOf(mind, 6);
    expect(gw.asks.get("day-plan")).toBe(1);
  });

  it("reusePlans: an event heard of again, or a talk that mattered but changes no plan, is not news for the day", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw, { settings: { reusePlans: true } });
    const ctx = mind.context();
    const ann = await dayOf(mind, 0);
    await rememberOne(
      ctx,
      ann,
      "thought",
      at("15:00"),
      "Ann Ash heard that the market holds a flower show on February 25 at noon",
      6,
    );
    gw.reset();
    await dayOf(mind, 1); // new: planned anew
    expect(gw.asks.get("day-plan")).toBe(1);
    await rememberOne(
      ctx,
      ann,
      "chat",
      at("10:00", 1),
      "Ann Ash and Bob Birch were conversing about the flower show on February 25",
      8,
    );
    await rememberOne(
      ctx,
      ann,
      "chat",
      at("11:00", 1),
      "Ann Ash and Bob Birch were conversing about their grandchildren",
      8,
    );
    gw.reset();
    await dayOf(mind, 2);
    expect(gw.asks.get("day-plan")).toBeUndefined();
    // A weighty thought of the resident's own (an inner voice) is news.
    await rememberOne(
      ctx,
      ann,
      "thought",
      at("10:00", 2),
      "Ann Ash has decided to sell her stall",
      8,
    );
    gw.reset();
    await dayOf(mind, 3);
    expect(gw.asks.get("day-plan")).toBe(1);
  });

  it("reusePlans off: every day is planned", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw, { settings: { reusePlans: false } });
    await dayOf(mind, 0);
    gw.reset();
    await dayOf(mind, 1);
    expect(gw.asks.get("day-plan")).toBe(1);
    expect(mind.context().stats.plansReused).toBe(0);
  });

  it("restWhileAsleep: a day that starts in one's sleep is planned at yesterday's waking hour, not at midnight", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw, { settings: { restWhileAsleep: true, reusePlans: false } });
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    await dayOf(mind, 0);
    const night = await nextTask(ctx, ann, at("23:00"));
    expect(night.task).toBe("sleeping");
    ann.current = {
      task: night,
      action: night.task,
      address: night.address,
      until: at("00:00", 1),
    };
    gw.reset();
    const midnight = await nextTask(ctx, ann, at("00:00", 1));
    expect(midnight).toMatchObject({ task: "sleeping", end: ann.schedule!.wake });
    expect(gw.total()).toBe(0);
    expect(ann.schedule!.day).toBe(at("00:00"));
    ann.current = {
      task: midnight,
      action: midnight.task,
      address: midnight.address,
      until: at("06:00", 1),
    };
    await nextTask(ctx, ann, at("06:00", 1));
    expect(gw.asks.get("day-plan")).toBe(1);
    expect(ann.schedule!.day).toBe(at("00:00", 1));
  });

  it("restWhileAsleep: a sleeper's night makes no call; what it perceived is scored when it wakes", async () => {
    const night = async (rest: boolean) => {
      const gw = countingGateway();
      const mind = tinyMind(gw, { settings: { restWhileAsleep: rest } });
      const ann = mind.agent("ann")!;
      ann.seeded = true;
      const bed = {
        start: 0,
        end: 360,
        task: "sleeping",
        address: HOME,
        emoji: "😴",
        predicate: "is sleeping",
        object: "bed",
        objectState: "being slept in",
      };
      ann.current = { task: bed, action: "sleeping", address: HOME, until: at("06:00") };
      for (let k = 0; k < 40; k++) {
        const e = seen("Bob Birch", `walking past with lantern number ${k}`, {
          actor: { kind: "agent", id: "bob" },
        });
        await mind.tick(input(mind, "ann", at("01:00") + k * 60_000, { perceived: [e] }));
      }
      return { gw, ann, mind };
    };
    const awake = await night(false);
    expect(awake.gw.asks.get("importance")).toBeGreaterThan(0);
    const { gw, ann, mind } = await night(true);
    expect(gw.total()).toBe(0);
    expect(ann.pending.length).toBeGreaterThanOrEqual(32);
    // Awake (the next task is not sleep): the observations are scored and kept.
    ann.current = {
      task: { ...ann.current!.task!, task: "making breakfast" },
      action: "making breakfast",
      address: HOME,
      until: at("07:00"),
    };
    await mind.tick(
      input(mind, "ann", at("06:01"), {
        perceived: [seen("Bob Birch", "waving", { actor: { kind: "agent", id: "bob" } })],
      }),
    );
    expect(gw.asks.get("importance")).toBeGreaterThan(0);
    expect(ann.pending.length).toBe(0);
  });
});
