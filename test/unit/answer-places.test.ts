// Issue 29: a resident sends a visitor to the town's places, never to a home. Ada Okafor (base-25,
// 14:00 of the first day) has never been inside the Hearth & Crumb cafe, but as a resident of the
// town she knows it (the original seeds each persona's spatial memory with the town's public
// places), so asked for somewhere to eat she sends a visitor there; once a neighbour's news names
// a home (the Delgados'), that home is still never where she sends anyone, and no place is made up.
import { beforeAll, describe, expect, it } from "vitest";
import { townAt, visitorTalk } from "../../bench/visitorTalk.ts";
import { loadTemplate } from "../../server/content/template.ts";

const ADA = { id: "ada", name: "Ada Okafor" };

describe("places a resident has heard of", () => {
  let t: Awaited<ReturnType<typeof townAt>>;
  beforeAll(async () => {
    t = await townAt("base-25", "14:00");
  }, 60_000);
  const talk = (visitor?: string) => visitorTalk(t.mind, () => t.town.time, ADA, visitor);

  it("sends a visitor to a cafe it has not been in, never to a home it heard of", async () => {
    const before = await talk().say("Any idea where I could find some lunch?");
    expect(before).toMatch(/Hearth & Crumb cafe/);
    await talk("Tom Reed").say(
      "Rosa and Marco had friends over at the Delgado house, and tomorrow there's a party at the Hearth & Crumb.",
    );
    const after = await talk().say("Any idea where I could find some lunch?");
    expect(after).toMatch(/Hearth & Crumb cafe/);
    expect(after).not.toMatch(/Delgado house/);
    // A place the town does not have is never named.
    const named = [...after.matchAll(/(?:Try|or|of) (?:the [a-z' ]+ at )?([A-Z][^,.;]+)/g)].map(
      (m) => m[1],
    );
    const map = (await loadTemplate("base-25")).map.addresses();
    expect(named.length).toBeGreaterThan(0);
    for (const n of named) expect(map.some((a) => a.split(":")[1] === n)).toBe(true);
  }, 60_000);
});
