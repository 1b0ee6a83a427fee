// Every prompt of the mind: its answer schema is accepted by the OpenAI SDK's strict structured-
// output converter (else the gateway silently drops to json_object), and its offline answer, on
// the inputs a real day gives it, passes its own schema. The inputs are gathered from a game day
// of base-3 (every prompt the mind asks) plus an interview, a whisper and a visitor's words.
import { zodResponseFormat } from "openai/helpers/zod";
import { describe, expect, it } from "vitest";
import type { Prompt } from "../../server/llm/prompt.ts";
import * as dayPlan from "../../server/agents/prompts/dayPlan.ts";
import * as decompose from "../../server/agents/prompts/decompose.ts";
import * as importance from "../../server/agents/prompts/importance.ts";
import * as interview from "../../server/agents/prompts/interview.ts";
import * as objectReaction from "../../server/agents/prompts/objectReaction.ts";
import * as postChat from "../../server/agents/prompts/postChat.ts";
import * as reaction from "../../server/agents/prompts/reaction.ts";
import * as reflectionInsights from "../../server/agents/prompts/reflectionInsights.ts";
import * as reflectionQuestions from "../../server/agents/prompts/reflectionQuestions.ts";
import * as relationship from "../../server/agents/prompts/relationship.ts";
import * as utterance from "../../server/agents/prompts/utterance.ts";
import * as visitorReply from "../../server/agents/prompts/visitorReply.ts";
import * as whisper from "../../server/agents/prompts/whisper.ts";
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import type { Gateway } from "../../server/llm/prompt.ts";
import { stepsPerDay } from "../../server/world/clock.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { Town } from "../../server/world/town.ts";

const modules = {
  dayPlan,
  decompose,
  importance,
  interview,
  objectReaction,
  postChat,
  reaction,
  reflectionInsights,
  reflectionQuestions,
  relationship,
  utterance,
  visitorReply,
  whisper,
};
const prompts: Prompt<unknown, unknown>[] = Object.values(modules).flatMap((m) =>
  Object.values(m).filter(
    (v): v is Prompt<unknown, unknown> =>
      !!v && typeof v === "object" && "render" in v && "offline" in v,
  ),
);

describe("every prompt", () => {
  it("is found (13 prompt files, one prompt each)", () => {
    expect(prompts.map((p) => p.name).sort()).toEqual([
      "day-plan",
      "decompose",
      "importance",
      "interview",
      "objectReaction",
      "post-chat",
      "reaction",
      "reflection-insights",
      "reflection-questions",
      "relationship",
      "utterance",
      "visitorReply",
      "whisper",
    ]);
  });

  it.each(prompts.map((p) => [p.name, p] as const))(
    "%s: its answer schema passes the SDK's strict converter",
    (_name, p) => {
      const format = zodResponseFormat(p.answer as never, p.name.replace(/[^a-zA-Z0-9_-]/g, "_"));
      expect(format.json_schema.strict).toBe(true);
    },
  );

  it("offline answers on a real day's inputs pass their own schemas", async () => {
    const t = await loadTemplate("base-3");
    const inner = new OfflineGateway({ meter: false });
    const seen = new Map<string, number>();
    const failures: string[] = [];
    const gateway: Gateway = {
      ...inner,
      engine: inner.engine,
      embed: (texts) => inner.embed(texts),
      metrics: () => inner.metrics(),
      async ask<In, Out>(p: Prompt<In, Out>, input: In): Promise<Out> {
        const answer = p.offline(input);
        const r = p.answer.safeParse(answer);
        if (!r.success && failures.length < 5)
          failures.push(`${p.name}: ${r.error.message.slice(0, 300)}`);
        seen.set(p.name, (seen.get(p.name) ?? 0) + 1);
        return answer;
      },
    } as Gateway;
    const mind = new GenerativeMind({
      gateway,
      personas: t.personas,
      addresses: t.map.addresses(),
    });
    const town = new Town({
      template: "base-3",
      map: t.map,
      personas: t.personas,
      mind,
      mode: "lockstep",
      seed: 1,
    });
    await mind.seedHistory(
      "Name,Whisper\nTheo Brandt,You are organising a chess evening at the Copper Kettle cafe tomorrow at 6 pm\nInes Calloway,You think Theo Brandt plays the piano beautifully\nEdmund Hale,You owe Ines Calloway a basket of apples",
      town.time,
    );
    for (let i = 0; i < stepsPerDay(town.stepSeconds); i++) await town.advance();
    await mind.interview("theo", "What are you planning?");
    await mind.hear({
      agent: {
        id: "ines",
        persona: t.personas[0],
        x: 0,
        y: 0,
        action: "",
        address: t.personas[0].home,
        talkingTo: "",
      },
      now: town.time,
      speaker: { id: "v1", name: "Jo", role: "visitor" },
      words: ["Hello! Who is your best friend?"],
      soFar: [],
    });
    expect(failures).toEqual([]);
    for (const name of [
      "day-plan",
      "decompose",
      "importance",
      "interview",
      "post-chat",
      "reaction",
      "relationship",
      "utterance",
      "visitorReply",
      "whisper",
    ])
      expect(seen.get(name), name).toBeGreaterThan(0);
  }, 120_000);
});

describe("a memory the identity block already says", () => {
  it("is not shown twice in a prompt that shows both: a line of dialogue shows the persona's 'currently' once", () => {
    const identity = {
      name: "Cleo Moss",
      age: 40,
      innate: "patient",
      learned: "Cleo Moss mends clocks.",
      currently: "Cleo Moss is restoring the church clock. She hopes to finish before the fair.",
      lifestyle: "Cleo goes to bed at 10 pm.",
    };
    const created = Date.parse("2026-02-13T06:00:00Z");
    const text = String(
      utterance.utterancePrompt
        .render({
          identity,
          now: created + 3_600_000,
          place: "clock shop",
          today: created,
          speaker: {
            id: "cleo",
            name: "Cleo Moss",
            brief: "",
            action: "oiling a clock",
            relationship: "",
            memories: [
              {
                text: "Cleo Moss is restoring the church clock.",
                created,
                importance: 6,
                kind: "thought",
              },
              {
                text: "Cleo Moss hopes to finish before the fair",
                created,
                importance: 5,
                kind: "thought",
              },
              {
                text: "Dara Quinn hopes to finish before the fair",
                created,
                importance: 5,
                kind: "thought",
              },
              {
                text: "Dara Quinn brought in a cuckoo clock that will not strike",
                created,
                importance: 4,
                kind: "observation",
              },
            ],
          },
          listener: { name: "Dara Quinn", action: "waiting" },
          soFar: [],
          maxLines: 16,
          places: [],
        })
        .at(-1)!.content,
    );
    expect(text.split("restoring the church clock").length - 1).toBe(1);
    // The persona's sentence, with the name for its "She"; the same words about someone else are another memory.
    expect(text.split("hopes to finish before the fair").length - 1).toBe(2);
    expect(text).toContain("- [06:00] Dara Quinn hopes to finish before the fair");
    expect(text).toContain("- [06:00] Dara Quinn brought in a cuckoo clock that will not strike");
  });
});
