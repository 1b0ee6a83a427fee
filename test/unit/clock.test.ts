import { describe, expect, it } from "vitest";
import { formatClock, formatDate, minuteOfDay, parseHourMinute } from "../../shared/time.ts";
import { scheduleAt } from "../../server/agents/scriptedMind.ts";
import { stepsPerDay, timeAtStep } from "../../server/world/clock.ts";

const start = Date.parse("2026-02-13T00:00:00Z");

describe("step clock", () => {
  it("advances 10 game seconds a step, 8,640 steps a day", () => {
    expect(timeAtStep(start, 0)).toBe(start);
    expect(timeAtStep(start, 6)).toBe(start + 60_000);
    expect(stepsPerDay()).toBe(8640);
    expect(formatDate(timeAtStep(start, stepsPerDay()))).toBe("Saturday, February 14");
  });

  it("formats and parses times of day in game time, whatever the machine's zone", () => {
    const t = timeAtStep(start, 6 * 60 * 7 + 6 * 5); // 07:05
    expect(formatClock(t)).toBe("07:05");
    expect(minuteOfDay(t)).toBe(425);
    expect(parseHourMinute("7:05")).toBe(425);
    expect(() => parseHourMinute("25:00")).toThrow(/not a time of day/);
    expect(() => parseHourMinute("noon")).toThrow(/not a time of day/);
  });
});

describe("scripted schedule", () => {
  const schedule = [
    { at: "22:00", action: "sleeping", emoji: "😴", address: "w:a" },
    { at: "07:00", action: "breakfast", emoji: "🍳", address: "w:b" },
    { at: "09:00", action: "work", emoji: "💼", address: "w:c" },
  ];
  it("picks the item running now and when the next begins, across midnight", () => {
    const at = (h: number, m = 0) => start + (h * 60 + m) * 60_000;
    expect(scheduleAt(schedule, at(8))).toEqual({ item: schedule[1], until: at(9) });
    expect(scheduleAt(schedule, at(3)).item.action).toBe("sleeping");
    expect(scheduleAt(schedule, at(3)).until).toBe(at(7));
    expect(scheduleAt(schedule, at(23)).until).toBe(at(24 + 7));
    expect(scheduleAt(schedule, at(9)).item.action).toBe("work");
  });
});
