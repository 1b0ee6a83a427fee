import { describe, expect, it } from "vitest";
import { perceive, type WorldEvent } from "../../server/world/perception.ts";

const ev = (subject: string, x: number, y: number, address = "W:S:room"): WorldEvent => ({
  subject,
  predicate: "is",
  object: "here",
  description: `${subject} is here`,
  address,
  x,
  y,
});

describe("perception", () => {
  const vision = { x: 10, y: 10, arena: "W:S:room", radius: 8, bandwidth: 3 };

  it("sees only its own arena, within the vision square, nearest first, at most the bandwidth", () => {
    const events = [
      ev("far", 19, 10), // 9 tiles: outside the square
      ev("corner", 18, 18), // on the square's corner: inside
      ev("next door", 11, 10, "W:S:kitchen"),
      ev("near", 11, 11),
      ev("nearest", 10, 11),
      ev("object", 13, 10, "W:S:room:stove"),
      ev("mid", 14, 14),
    ];
    expect(perceive(vision, events).map((e) => e.subject)).toEqual(["nearest", "near", "object"]);
    expect(perceive({ ...vision, bandwidth: 10 }, events).map((e) => e.subject)).toEqual([
      "nearest",
      "near",
      "object",
      "mid",
      "corner",
    ]);
  });

  it("does not see itself, and sees nothing outside every arena", () => {
    expect(
      perceive(vision, [ev("me", 10, 10), ev("you", 10, 12)], "me").map((e) => e.subject),
    ).toEqual(["you"]);
    expect(perceive({ ...vision, arena: "" }, [ev("you", 10, 12)])).toEqual([]);
  });

  it("breaks distance ties by name, so the order never depends on the input order", () => {
    const a = [ev("b", 10, 12), ev("a", 12, 10)];
    expect(perceive(vision, a).map((e) => e.subject)).toEqual(
      perceive(vision, [...a].reverse()).map((e) => e.subject),
    );
  });
});
