// chrono-node's reading, with the texts it finds no time in remembered per month: the same
// readings as chrono-node's own, minute after minute.
import * as chrono from "chrono-node";
import { describe, expect, it } from "vitest";
import { datesIn } from "../../server/agents/language/time.ts";

const texts = [
  "What are you working on these days?",
  "Are you coming to the lantern walk tomorrow evening?",
  "The quilt show is on Thursday at 3 pm.",
  "How has your morning been, Ingrid?",
  "",
];

describe("datesIn", () => {
  it("reads what chrono-node reads, at every minute, with or without a forward date", () => {
    const start = Date.UTC(2027, 2, 9, 7, 15);
    for (let k = 0; k < 30; k++) {
      const ref = new Date(start + k * 53 * 60_000);
      for (const t of texts)
        for (const opts of [undefined, { forwardDate: false }, { forwardDate: true }])
          expect(datesIn(t, ref, opts).map((r) => [r.text, r.start.date().getTime()])).toEqual(
            chrono.parse(t, ref, opts).map((r) => [r.text, r.start.date().getTime()]),
          );
    }
  });

  it("hands out a fresh list each time (a caller may add to it)", () => {
    const ref = new Date(Date.UTC(2027, 2, 9, 7, 15));
    datesIn("What are you working on these days?", ref).push(
      ...chrono.parse("tomorrow at noon", ref),
    );
    expect(datesIn("What are you working on these days?", ref)).toEqual([]);
  });
});
