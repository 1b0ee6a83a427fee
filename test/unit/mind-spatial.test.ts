import { describe, expect, it } from "vitest";
import { resolveAddress } from "../../server/agents/execute.ts";
import { SpatialMemory } from "../../server/agents/memory/spatial.ts";

const town = [
  "W:Calloway house:bedroom:bed",
  "W:Calloway house:kitchen:stove",
  "W:Brandt house:bedroom:bed",
  "W:Brandt house:bedroom:desk",
  "W:Copper Kettle cafe:dining room:piano",
  "W:Copper Kettle cafe:dining room:window table",
  "W:Copper Kettle cafe:kitchen:oven",
  "W:Willow Green:pond:pond bench",
];

describe("spatial memory", () => {
  it("grows from addresses of any depth and knows what it holds", () => {
    const m = new SpatialMemory();
    expect(m.add("W:Copper Kettle cafe")).toBe(true);
    expect(m.add("W:Copper Kettle cafe:dining room:piano")).toBe(true);
    expect(m.add("W:Copper Kettle cafe:dining room:piano")).toBe(false);
    expect(m.has("W:Copper Kettle cafe:dining room")).toBe(true);
    expect(m.has("W:Copper Kettle cafe:kitchen")).toBe(false);
    expect(m.objects("Copper Kettle cafe", "dining room")).toEqual(["piano"]);
  });

  it("hands a save the same list of places until a new place is learned, then a list with it", () => {
    const m = SpatialMemory.from(town.slice(0, 4));
    const saved = m.addressesKept();
    expect(saved).toEqual(m.addresses());
    expect(Object.isFrozen(saved)).toBe(true);
    m.add("W:Calloway house:kitchen:stove"); // known already: nothing new to write
    expect(m.addressesKept()).toBe(saved);
    m.add("W:Copper Kettle cafe:kitchen:oven");
    const grown = m.addressesKept();
    expect(grown).not.toBe(saved);
    expect(grown).toContain("W:Copper Kettle cafe:kitchen:oven");
    expect(grown).toEqual(m.addresses());
  });

  it("outlines the places an agent may go: its home and public places, not other people's homes", () => {
    const m = SpatialMemory.from(town);
    const text = m.outline({ home: "W:Calloway house:bedroom", lastName: "Calloway" });
    expect(text).toContain("Calloway house: bedroom (bed); kitchen (stove)");
    expect(text).toContain("Copper Kettle cafe: dining room (piano, window table); kitchen (oven)");
    expect(text).not.toContain("Brandt house");
    // Objects of far sectors go first when the outline is too long.
    const short = m.outline({ home: "W:Calloway house:bedroom", maxChars: 90 });
    expect(short).toContain("Calloway house: bedroom (bed)");
    expect(short).toContain("Willow Green: pond");
    expect(short).not.toContain("pond bench");
    // As decompose asks: objects only in the focus sectors (and home), whatever the length.
    const focused = m.outline({
      home: "W:Calloway house:bedroom",
      lastName: "Calloway",
      focus: ["Copper Kettle cafe"],
      maxChars: 0,
    });
    expect(focused).toContain(
      "Copper Kettle cafe: dining room (piano, window table); kitchen (oven)",
    );
    expect(focused).toContain("Calloway house: bedroom (bed)");
    expect(focused).toContain("Willow Green: pond");
    expect(focused).not.toContain("pond bench");
  });

  it("resolves what a model names to a known address, never to an unknown one", () => {
    const m = SpatialMemory.from(town);
    expect(m.resolve("Copper Kettle cafe:dining room:piano")).toBe(
      "W:Copper Kettle cafe:dining room:piano",
    );
    expect(m.resolve("W:Copper Kettle cafe:dining room:Piano")).toBe(
      "W:Copper Kettle cafe:dining room:piano",
    );
    expect(m.resolve("the piano in the cafe dining room")).toBe(
      "W:Copper Kettle cafe:dining room:piano",
    );
    expect(m.resolve("Copper Kettle cafe:ballroom")).toBe("W:Copper Kettle cafe");
    expect(m.resolve("the moon")).toBeUndefined();
    const opts = { home: "W:Calloway house:bedroom" };
    expect(
      resolveAddress(m, "Copper Kettle cafe:dining room:piano", "playing the piano", opts),
    ).toBe("W:Copper Kettle cafe:dining room:piano");
    // An arena gets the object the task uses; a sector a public arena; nonsense goes home.
    expect(resolveAddress(m, "Copper Kettle cafe:kitchen", "baking bread", opts)).toBe(
      "W:Copper Kettle cafe:kitchen:oven",
    );
    expect(resolveAddress(m, "Copper Kettle cafe", "going to the party", opts)).toMatch(
      /^W:Copper Kettle cafe:dining room:/,
    );
    expect(resolveAddress(m, "Atlantis:deck", "sleeping", opts)).toBe(
      "W:Calloway house:bedroom:bed",
    );
    // Other people's homes are not allowed when the caller says so.
    expect(
      resolveAddress(m, "Brandt house:bedroom:desk", "writing", {
        ...opts,
        allowed: ["Calloway house", "Copper Kettle cafe"],
      }),
    ).not.toContain("Brandt");
  });
});
