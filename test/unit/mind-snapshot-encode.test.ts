// A resident's save is encoded by an encoder made once from its schema (agents/snapshot.ts,
// encoderOf), not by zod's checked encode at every autosave: it must give what z.encode gives,
// key for key, for every resident of a town that has run (talks, plans, Maps, "never").
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AgentData, encoderOf } from "../../server/agents/snapshot.ts";
import type { AgentState } from "../../server/agents/state.ts";
import { offlineTownOf } from "../helpers/offlineTown.ts";

describe("encoderOf", () => {
  it("gives what z.encode gives: keys in the schema's order, unknown keys left out, codecs, Maps, unions", () => {
    const Note = z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("a"), x: z.number() }),
      z.object({ kind: z.literal("b"), y: z.string().optional() }),
    ]);
    const never = z.codec(
      z.number().nullable(),
      z.custom<number>((t) => typeof t === "number"),
      {
        decode: (t) => t ?? -Infinity,
        encode: (t) => (Number.isFinite(t) ? t : null),
      },
    );
    const Schema = z.object({
      b: z.string(),
      a: z.array(z.object({ q: z.number(), p: z.string().optional() })),
      pairs: z.codec(
        z.array(z.tuple([z.string(), z.object({ u: z.number() })])),
        z.map(z.string(), z.object({ u: z.number() })),
        {
          decode: (p) => new Map(p),
          encode: (m) => [...m],
        },
      ),
      at: never,
      note: Note.optional(),
      gone: z.string().optional(),
    });
    const value = {
      extra: "left out",
      note: { y: "z", kind: "b" as const, stray: 1 },
      at: -Infinity,
      pairs: new Map([["k", { u: 2, stray: true }]]),
      a: [{ p: "P", q: 1, stray: 0 }, { q: 2 }],
      b: "B",
      gone: undefined,
    };
    const fast = encoderOf(Schema)(value);
    expect(fast).toStrictEqual(z.encode(Schema, value as never));
    expect(JSON.stringify(fast)).toBe(JSON.stringify(z.encode(Schema, value as never)));
  });

  it("encodes every resident of a town that has run as z.encode does", async () => {
    const { mind, town } = await offlineTownOf("base-25", { at: "07:30" });
    const states = (mind as unknown as { agents: Map<string, AgentState> }).agents;
    const encode = encoderOf(AgentData);
    const seen = { chat: 0, relationships: 0, schedule: 0, pending: 0 };
    for (let i = 0; i < 240; i++) {
      await town.advance();
      if (i % 20 !== 19) continue;
      for (const s of states.values()) {
        const fast = encode(s);
        const checked = z.encode(AgentData, s);
        expect(fast).toStrictEqual(checked);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(checked));
        if (s.chat) seen.chat++;
        if (s.relationships.size) seen.relationships++;
        if (s.schedule) seen.schedule++;
        if (s.pending.length) seen.pending++;
      }
    }
    // The run reached every part: talks under way, relationships, plans and observations waiting.
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(0);
  }, 120_000);
});
