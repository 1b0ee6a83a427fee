// Issue 29: a resident knows its own town. At 09:00 on the first day Ada Okafor (base-25) has
// walked into none of the town's shops, yet, as the original seeds each persona's spatial memory
// with the town's public places, she knows them by name: asked for a cup of coffee she names the
// cafe, and asked the way she says where a place lies on the real map. The homes of others are
// not hers to know until she has seen them.
import { beforeAll, describe, expect, it } from "vitest";
import { townAt, visitorSays } from "../../bench/visitorTalk.ts";
import { knowledgeOf } from "../../server/agents/knowing.ts";

const ADA = { id: "ada", name: "Ada Okafor" };

describe("a resident of base-25 knows its town's public places", () => {
  let t: Awaited<ReturnType<typeof townAt>>;
  beforeAll(async () => {
    t = await townAt("base-25", "09:00");
  }, 60_000);
  const say = async (text: string) =>
    (await visitorSays(t.mind, t.town.time, ADA, text, [], "Ilse Marr")).text;

  it("knows the public places by name, not others' homes", () => {
    const ctx = t.mind.context();
    const k = knowledgeOf(ctx, ctx.agents.get("ada")!, t.town.time, "Ilse Marr");
    const names = k.places.map((p) => p.name);
    for (const p of [
      "Hearth & Crumb cafe",
      "The Tipsy Heron",
      "Oakmere town hall",
      "Larkspur Park",
    ])
      expect(names).toContain(p);
    for (const home of ["Pike house", "Marlowe house", "Delgado house"])
      expect(names).not.toContain(home);
  });

  it("names the cafe for a cup of coffee before she has been in it", async () => {
    const a = await say("Where could a person get a cup of coffee?");
    expect(a).toMatch(/Hearth & Crumb cafe/);
  });

  it("tells the way from the map: the part of town and what a place is by", async () => {
    const hall = await say("How would I get to the town hall?");
    expect(hall).toMatch(/Oakmere town hall is on the south side of town/);
    const pub = await say("Where's the pub?");
    expect(pub).toMatch(
      /The Tipsy Heron.* in the south-west of town, just east of Hearth & Crumb cafe/,
    );
  });
});
