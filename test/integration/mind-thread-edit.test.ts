// Residents changed while the town runs, with the minds on a thread of their own (issue 32): the
// worker puts back into each input the persona the Town has now (an edited "currently", lifestyle
// or traits; a newcomer), never the one it was started with, and the threaded town runs the edit
// exactly as the town with its minds in the caller's thread (and a retirement too).
import { afterEach, describe, expect, it } from "vitest";
import { HeldPersonas } from "../../server/agents/mindThread.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { makeGateway, readLlmConfig } from "../../server/llm/index.ts";
import { buildThreadedTown, buildTown } from "../../server/townFactory.ts";
import { self } from "../../server/world/town/residents.ts";
import { bodyOf } from "../../server/world/town/body.ts";

const threads: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
});

const json = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (x instanceof Float32Array ? Array.from(x) : x));

describe("an edited resident with the minds on a thread", () => {
  it("reaches the worker's inputs as edited", async () => {
    const t = await loadTemplate("base-3");
    const held = new HeldPersonas(t.personas);
    const ines = t.personas.find((p) => p.id === "ines")!;
    const edited = {
      ...ines,
      currently: "Ines is getting ready to open a bakery in the old mill.",
    };
    // The main thread sends an input without the persona the worker holds.
    const { persona: _p, ...lean } = self(bodyOf(edited, { x: 1, y: 1 }));
    const input = { agent: lean as ReturnType<typeof self>, now: 0 };
    expect(held.full(input).agent.persona.currently).toBe(ines.currently);
    held.changed(edited);
    expect(held.full(input).agent.persona.currently).toMatch(/bakery in the old mill/);
  });

  it("runs the edit as the town with its minds in this thread does", async () => {
    const t = await loadTemplate("base-3");
    const here = buildTown(t, {
      gateway: makeGateway(readLlmConfig({})),
      mode: "lockstep",
      seed: 5,
    });
    const there = await buildThreadedTown(t, {
      mode: "lockstep",
      seed: 5,
      minds: { env: {}, journal: false },
    });
    threads.push(there.mind);
    const edit = {
      kind: "editResident",
      by: "Mo",
      agentId: "ines",
      changes: {
        currently: "Ines is getting ready to open a bakery in the old mill.",
        traits: "restless, bold",
      },
    } as const;
    const retire = { kind: "retireResident", by: "Mo", agentId: "theo" } as const;
    for (let step = 1; step <= 1400; step++) {
      if (step === 1300) expect(there.town.apply(edit)).toEqual(here.town.apply(edit));
      // A retired resident leaves both the same way; the others hear of it through their ticks.
      if (step === 1310) expect(there.town.apply(retire)).toEqual(here.town.apply(retire));
      const a = await here.town.advance();
      const b = await there.town.advance();
      expect(b.map(json), `events of step ${step}`).toEqual(a.map(json));
    }
    const seen = await there.mind.inspect("ines", { limit: 500 });
    expect(seen!.persona.currently).toMatch(/bakery in the old mill/);
    expect(seen!.persona.innate).toBe("restless, bold");
    expect(there.town.agent("theo"), "Theo left").toBeUndefined();
    const inHere = here.mind.inspect("ines", { limit: 500 })!;
    expect(inHere.memories.some((m) => m.description === "Theo Brandt has left town")).toBe(true);
    expect(seen!.memories).toEqual(inHere.memories);
  }, 120_000);
});
