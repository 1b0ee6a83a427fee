// A resident's offline reflection asks what it is planning when its memories name a time ahead of
// when they were made, in game time: the same questions whatever the date on the machine running
// the town (a town replayed a year later reflects as it did).
import { afterEach, describe, expect, it, vi } from "vitest";
import { offlineQuestions } from "../../server/agents/offline/reflection.ts";

const NOTED = Date.UTC(2024, 2, 4, 9, 0);
const statements = [
  { text: "Wren Hallam is getting the boat ready for the race on March 9.", created: NOTED },
  { text: "Wren Hallam is mending a sail at the boathouse.", created: NOTED + 60_000 },
];

const ask = () => offlineQuestions("Wren Hallam", statements, ["Wren Hallam", "Cass Ode"], [], 4);

describe("reflection questions in game time", () => {
  afterEach(() => vi.useRealTimers());

  it("are the same whatever the machine's clock says", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.UTC(2024, 2, 1)));
    const then = ask();
    vi.setSystemTime(new Date(Date.UTC(2024, 5, 1)));
    const later = ask();
    expect(later).toEqual(then);
    expect(then.some((q) => /planning or looking forward/.test(q))).toBe(true);
  });
});
