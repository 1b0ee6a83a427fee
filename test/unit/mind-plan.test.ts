import { describe, expect, it } from "vitest";
import { offlineDayPlan } from "../../server/agents/offline/planner.ts";
import { nextTask, planDay } from "../../server/agents/plan.ts";
import { blocksFrom, fitMinutes, insertAppointment, windowFrom, type DaySchedule } from "../../server/agents/schedule.ts";
import { placeNames, rememberOne } from "../../server/agents/state.ts";
import { at, countingGateway, mindPersonas, tinyMind } from "../fixtures/mind-fixtures.ts";

const HOME = "Tiny:Home A:room:bed";

describe("schedules", () => {
  it("turns a plan's blocks into a day from 00:00 to 24:00, merging repeats", () => {
    const blocks = blocksFrom([{ start: "08:00", task: "work" }, { start: "09:00", task: "work" }, { start: "22:00", task: "sleeping" }], 7 * 60, HOME);
    expect(blocks).toEqual([
      { start: 0, end: 420, task: "sleeping", place: HOME },
      { start: 420, end: 480, task: "waking up and getting ready for the day", place: HOME },
      { start: 480, end: 1320, task: "work" },
      { start: 1320, end: 1440, task: "sleeping" },
    ]);
  });

  it("decomposes a window of the next hours, never past sleep", () => {
    const s: DaySchedule = { day: 0, wake: 360, currently: "", items: [], tasks: [], blocks: blocksFrom([{ start: "00:00", task: "sleeping" }, { start: "06:00", task: "breakfast" }, { start: "06:30", task: "selling flowers" }, { start: "21:00", task: "sleeping" }], 360, HOME) };
    expect(windowFrom(s, 6 * 60 + 10, 120)).toEqual([
      { start: 370, end: 390, task: "breakfast" },
      { start: 390, end: 490, task: "selling flowers" },
    ]);
    expect(windowFrom(s, 20 * 60, 120)).toEqual([{ start: 1200, end: 1260, task: "selling flowers" }]);
    expect(windowFrom(s, 22 * 60, 120)).toEqual([]);
    expect(fitMinutes([7, 13, 40], 45)).toEqual([5, 15, 25]);
    expect(fitMinutes([10], 45)).toEqual([45]);
    insertAppointment(s, 19 * 60, 20 * 60, "going to the party", "Tiny:Square:plaza");
    expect(s.blocks.map((b) => [b.start, b.task])).toEqual([[0, "sleeping"], [360, "breakfast"], [390, "selling flowers"], [1140, "going to the party"], [1200, "selling flowers"], [1260, "sleeping"]]);
  });
});

describe("day plan", () => {
  it("offline: wakes at the lifestyle's hour, follows habits, and puts a remembered event at its time and place", () => {
    const [ann] = mindPersonas();
    const places = [{ name: "Square", address: "Tiny:Square" }, { name: "plaza of Square", address: "Tiny:Square:plaza" }];
    const plan = offlineDayPlan({
      persona: ann,
      day: at("00:00"),
      memories: [{ text: "For Ann Ash's planning: Bob Birch is hosting a birthday party at the plaza of Square on February 13 from 7 pm to 9 pm", created: at("08:00") }],
      places,
    });
    expect(plan.wakeUp).toBe("06:00");
    expect(plan.plan.length).toBeGreaterThanOrEqual(5);
    expect(plan.plan.length).toBeLessThanOrEqual(8);
    expect(plan.schedule).toContainEqual({ start: "19:00", task: "going to the birthday party", place: "Tiny:Square:plaza" });
    expect(plan.schedule).toContainEqual({ start: "21:00", task: "reading at home", place: "Tiny:Home A:room" });
    expect(plan.schedule[0]).toMatchObject({ start: "00:00", task: "sleeping" });
    expect(plan.currently).toContain("Today Ann plans to go to the birthday party");
  });

  it("one call makes the day: status, wake-up hour, broad plan, schedule; remembered as a plan", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    await rememberOne(ctx, ann, "thought", at("00:00"), "Ann Ash is excited to be hosting a party at the plaza of Square on February 13 from 7 pm to 9 pm", 8);
    const s = await planDay(ctx, ann, at("05:00"));
    expect(gw.asks.get("day-plan")).toBe(1);
    expect(s.wake).toBe(360);
    expect(s.blocks.find((b) => b.start === 19 * 60)?.task).toBe("holding the party");
    expect(ann.memory.latest(1)[0]).toMatchObject({ type: "plan", importance: 5 });
    expect(ann.memory.latest(1)[0].description).toMatch(/^This is Ann Ash's plan for Friday, February 13: wake up/);
    expect(placeNames(ann).map((p) => p.name)).toContain("Square");
  });

  it("decomposes just in time into 5-15 minute tasks at known addresses; sleep needs no call", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const sleeping = await nextTask(ctx, ann, at("03:00"));
    expect(sleeping).toMatchObject({ task: "sleeping", address: "Tiny:Home A:room:bed", emoji: "😴", objectState: "being slept in" });
    expect(gw.asks.get("decompose")).toBeUndefined();
    const t = await nextTask(ctx, ann, at("08:05"));
    expect(gw.asks.get("decompose")).toBe(1);
    expect(t.address).toBe("Tiny:Square:plaza:fountain");
    const window = ann.schedule!.tasks.filter((x) => x.start >= 8 * 60);
    for (const x of window) {
      expect(x.end - x.start).toBeGreaterThanOrEqual(5);
      expect(ann.spatial.has(x.address)).toBe(true);
    }
    // The window, give or take the block it ends in.
    expect(window.at(-1)!.end).toBeLessThanOrEqual(8 * 60 + 5 + ctx.settings.decompositionWindowMinutes + 30);
    // Within the window: no new call.
    await nextTask(ctx, ann, at("09:00"));
    expect(gw.asks.get("decompose")).toBe(1);
  });

  it("keeps a model's answer honest: unknown places resolve to known ones, durations fit the block", async () => {
    const gw = countingGateway(undefined, (name, input) => {
      if (name !== "decompose") return undefined;
      const blocks = (input as { blocks: unknown[] }).blocks;
      return { blocks: blocks.map(() => ({ tasks: [
        { task: "arranging tulips", minutes: 7, address: "Square:plaza:fountain", emoji: "🌷", predicate: "is arranging", object: "tulips", objectState: "splashing" },
        { task: "flying to the moon", minutes: 200, address: "Moon:crater", emoji: "🚀", predicate: "is flying", object: "to the moon", objectState: "" },
      ] })) };
    });
    const mind = tinyMind(gw);
    const ctx = mind.context();
    const ann = mind.agent("ann")!;
    const t = await nextTask(ctx, ann, at("08:00"));
    expect(t).toMatchObject({ task: "arranging tulips", address: "Tiny:Square:plaza:fountain", start: 480, end: 485 });
    const moon = ann.schedule!.tasks.find((x) => x.task === "flying to the moon")!;
    expect(ann.spatial.has(moon.address)).toBe(true);
    expect(moon.address.startsWith("Tiny:")).toBe(true);
  });
});
