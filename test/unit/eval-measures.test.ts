// The eval harness's measures on a hand-made memory stream and town history whose answers are
// known: support and hallucination, diffusion, density, coordination, the offline judges'
// rubrics, TrueSkill ranking, spread, the estimate, and scenario files.
import { describe, expect, it } from "vitest";
import { coordination, noShowReason, Presence } from "../../server/eval/coordination.ts";
import { relationshipDensity } from "../../server/eval/density.ts";
import { diffusionPoint } from "../../server/eval/diffusion.ts";
import { estimate, pricesFromEnv } from "../../server/eval/estimate.ts";
import { hallucination } from "../../server/eval/hallucination.ts";
import { rubricBelievability } from "../../server/eval/prompts/believabilityJudge.ts";
import { rubricKnows } from "../../server/eval/prompts/knowsJudge.ts";
import {
  checkAgainstTown,
  parseMindFlag,
  parseScenario,
  ScenarioError,
} from "../../server/eval/scenario.ts";
import { spread } from "../../server/eval/stats.ts";
import { supporting, unsupportedReflections, type MemoryItem } from "../../server/eval/support.ts";
import { factTerms, terms } from "../../server/eval/terms.ts";
import { rankConditions } from "../../server/eval/trueskill.ts";
import { emptyLlmMetrics } from "../../server/llm/metrics.ts";

const H = 3_600_000;
// A fact none of the harness's code has seen: a chess match at the library.
const about =
  "Bruno Keller is holding a chess match at the old library on March 3, from 2 to 4 pm.";
const question = "Have you heard about a chess match?";
const fact = factTerms(about, question);

// Nadia's stream: she heard it in a conversation, reflected on it, and one reflection rests on nothing.
const stream: MemoryItem[] = [
  {
    id: 1,
    type: "observation",
    created: 1 * H,
    description: "Bruno Keller is reading at the old library",
    evidence: [],
  },
  {
    id: 2,
    type: "chat",
    created: 2 * H,
    description: "conversing about the weather",
    evidence: [],
    lines: [
      ["Bruno Keller", "Come to my chess match at the old library on March 3!"],
      ["Nadia Brun", "I will."],
    ],
  },
  {
    id: 3,
    type: "thought",
    created: 3 * H,
    description: "Nadia wants to go to Bruno's chess match at the library",
    evidence: [2],
  },
  {
    id: 4,
    type: "thought",
    created: 4 * H,
    description: "Nadia thinks the chess match at the library will be crowded",
    evidence: [3],
  },
  {
    id: 5,
    type: "thought",
    created: 5 * H,
    description: "Nadia believes Bruno's chess match at the old library is cancelled",
    evidence: [1],
  },
  { id: 6, type: "observation", created: 6 * H, description: "the stove is idle", evidence: [] },
];

describe("support: which memories back a claim", () => {
  it("a conversation whose lines carry the fact supports it, and so does a reflection whose evidence reaches it, even through another reflection", () => {
    expect(supporting(stream, { kind: "fact", fact }).map((m) => m.id)).toEqual([2, 3, 4]);
  });
  it("a reflection that carries the fact on evidence that does not is unsupported", () => {
    expect(unsupportedReflections(stream, { kind: "fact", fact }).map((m) => m.id)).toEqual([5]);
  });
  it("only memories from before a time count when asked so (invitations before an event)", () => {
    expect(
      supporting(stream, { kind: "fact", fact }, { before: 2.5 * H }).map((m) => m.id),
    ).toEqual([2]);
    expect(supporting(stream, { kind: "fact", fact }, { before: 2 * H })).toEqual([]);
  });
  it("a person is supported by any memory naming them; a cycle of evidence supports nothing", () => {
    expect(supporting(stream, { kind: "person", name: "Bruno Keller" }).map((m) => m.id)).toContain(
      1,
    );
    const cycle: MemoryItem[] = [
      {
        id: 1,
        type: "thought",
        created: 0,
        description: "the chess match at the library is on March 3",
        evidence: [2],
      },
      {
        id: 2,
        type: "thought",
        created: 0,
        description: "the chess match at the library is full",
        evidence: [1],
      },
    ];
    expect(supporting(cycle, { kind: "fact", fact })).toEqual([]);
  });
  it("terms are stemmed content words without stop words", () => {
    expect(terms("The parties were hosted at the Libraries")).toEqual(["parti", "host", "librari"]);
  });
});

describe("the offline knows-judge (rubric)", () => {
  const judge = (answer: string, evidence: string[] = []) =>
    rubricKnows({
      resident: "Nadia Brun",
      about,
      claim: { kind: "fact", fact },
      question,
      answer,
      evidence,
    });
  it("knows when the answer states what happens and where, beyond the question", () => {
    const v = judge("Yes, Bruno is holding a chess match at the old library.", [
      "Bruno Keller: Come to my chess match",
    ]);
    expect(v).toMatchObject({ knows: true, supported: true });
    expect(v.reason).toMatch(/librari/);
    // What happens without where or when, or a name with the place alone, is not the fact.
    expect(judge("Yes, Bruno is holding a chess match.").knows).toBe(false);
    expect(judge("Bruno Keller? He's at the old library all day.").knows).toBe(false);
  });
  it("does not know when the answer only echoes the question or talks of something else", () => {
    expect(judge("A chess match? I have not heard of one.").knows).toBe(false);
    expect(judge("I saw Bruno Keller at the old library.").knows).toBe(false);
    expect(judge("I'm not sure.").knows).toBe(false);
  });
  it("knowing with no memory behind it is a hallucination", () => {
    const claims = [
      judge("Bruno's chess match at the library, yes.", ["x"]),
      judge("Bruno's chess match at the library, yes."),
      judge("No idea."),
    ];
    expect(hallucination(claims)).toEqual({ claims: 2, unsupported: 1, rate: 0.5 });
    expect(hallucination([])).toEqual({ claims: 0, unsupported: 0, rate: 0 });
  });
  it("a person is known when the answer names them and says something of them", () => {
    const p = (answer: string) =>
      rubricKnows({
        resident: "Nadia Brun",
        about: "Bruno Keller: a retired watchmaker",
        claim: { kind: "person", name: "Bruno Keller" },
        question: "Do you know Bruno Keller?",
        answer,
        evidence: [],
      });
    expect(p("Bruno? He repairs clocks and plays chess at the library.").knows).toBe(true);
    expect(p("Bruno Keller?").knows).toBe(false);
    expect(p("I don't remember anyone like that.").knows).toBe(false);
  });
});

describe("information diffusion and relationship density", () => {
  it("counts the informed share at a time", () => {
    const p = diffusionPoint(5, [
      { resident: "b", knows: true },
      { resident: "a", knows: false },
      { resident: "c", knows: true },
      { resident: "d", knows: false },
    ]);
    expect(p).toEqual({ time: 5, informed: 2, total: 4, share: 0.5, residents: ["b", "c"] });
  });
  it("η = 2|E| / (|V|(|V|−1)) over mutual knowing", () => {
    const k = (from: string, to: string, knows = true) => ({ from, to, knows });
    // a<->b mutual, a->c one-sided, c<->d mutual: 2 edges of 6 possible.
    const d = relationshipDensity(
      ["a", "b", "c", "d"],
      [k("a", "b"), k("b", "a"), k("a", "c"), k("c", "a", false), k("c", "d"), k("d", "c")],
    );
    expect(d.edges).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(d.eta).toBeCloseTo(2 / 6);
    expect(d.oneSided).toBe(5);
    expect(relationshipDensity(["a"], []).eta).toBe(0);
  });
});

describe("coordination", () => {
  const ev = { place: "Town:Library", start: 14 * H, end: 16 * H };
  it("adds up minutes at the place while the event runs, from the town's history", () => {
    const p = new Presence(ev);
    const at = (id: string, address: string) => ({ id, address });
    // Before the event, nothing counts.
    p.add(13 * H, 10, [at("ann", "Town:Library:reading room")]);
    // Ann stays 3 steps of 10 minutes; Bob passes for one; Cy is next door (a prefix that is not the place).
    for (const t of [14, 14.2, 14.4])
      p.add(t * H, 10, [at("ann", "Town:Library:reading room"), at("cy", "Town:Library annex")]);
    p.add(15 * H, 5, [at("bob", "Town:Library")]);
    p.add(16 * H, 10, [at("bob", "Town:Library")]); // the event is over
    expect(Object.fromEntries(p.minutes)).toEqual({ ann: 30, bob: 5 });
  });
  it("counts invited and attended, and classifies the no-shows", () => {
    const c = coordination("chess", {
      residents: ["host", "ann", "bob", "cy", "dee", "eve"],
      hosts: ["host"],
      invited: new Set(["ann", "bob", "cy", "dee"]),
      minutesAt: new Map([
        ["ann", 30],
        ["bob", 5],
        ["eve", 20],
        ["host", 120],
      ]),
      minMinutes: 10,
      plans: new Map([
        [
          "bob",
          { tasks: [{ task: "going to the chess match", place: "Town:Library" }], goes: true },
        ],
        ["cy", { tasks: [{ task: "working at the mill", place: "Town:Mill" }], goes: false }],
      ]),
    });
    expect(c).toMatchObject({
      study: "chess",
      invited: 4,
      attendedInvited: 1,
      attendedUninvited: 1,
      noShows: { forgot: 1, "conflicting plan": 1, "no plan made": 1 },
    });
    expect(c.rows.find((r) => r.resident === "dee")?.reason).toBe("no plan made");
    expect(c.rows.some((r) => r.resident === "host")).toBe(false);
    expect(noShowReason(undefined)).toBe("no plan made");
  });
});

describe("the interview battery's judge and TrueSkill", () => {
  const grounding = new Set(
    terms(
      "Nadia Brun runs the bakery on Mill Street and lives with her sister Ola. Bruno Keller plays chess.",
    ),
  );
  it("the rubric prefers answers grounded in what the resident is and remembers", () => {
    const q = "Who do you live with?";
    const v = rubricBelievability({
      resident: "Nadia",
      profile: "",
      memories: [],
      grounding,
      a: [{ question: q, answer: "I'm not sure." }],
      b: [{ question: q, answer: "With my sister Ola, above the bakery." }],
    });
    expect(v.better).toBe("B");
    expect(v.reason).toMatch(/score/);
    const same = [{ question: q, answer: "With my sister Ola." }];
    expect(
      rubricBelievability({
        resident: "Nadia",
        profile: "",
        memories: [],
        grounding,
        a: same,
        b: same,
      }).better,
    ).toBe("tie");
  });
  it("ranks conditions that win more higher, with the library's default μ 25", () => {
    const conds = ["full", "partial", "none"];
    const matches = Array.from({ length: 10 }, () => [
      { a: "full", b: "partial", better: "A" as const },
      { a: "none", b: "partial", better: "B" as const },
      { a: "full", b: "none", better: "A" as const },
    ]).flat();
    const r = rankConditions(conds, matches);
    expect(r.map((x) => x.condition)).toEqual(["full", "partial", "none"]);
    expect(r[0].mu).toBeGreaterThan(25);
    expect(r[2].mu).toBeLessThan(25);
    expect(r[0]).toMatchObject({ wins: 20, losses: 0 });
    const flat = rankConditions(conds, []);
    expect(flat.every((x) => x.mu === 25)).toBe(true);
    expect(() => rankConditions(conds, [{ a: "full", b: "other", better: "A" }])).toThrow(
      /unknown condition/,
    );
  });
  it("mean and spread over seeds", () => {
    expect(spread([0.4, 0.5, 0.6])).toMatchObject({ mean: 0.5, min: 0.4, max: 0.6, n: 3 });
    expect(spread([0.4, 0.5, 0.6]).sd).toBeCloseTo(0.1);
    expect(spread([2]).sd).toBe(0);
  });
});

describe("the estimate", () => {
  it("prices a dry run's tokens per tier, times the seeds; a missing price says so", () => {
    const m = emptyLlmMetrics("offline");
    const row = (calls: number, tokensIn: number, tokensOut: number) =>
      ({
        ...m,
        calls,
        tokensIn,
        tokensOut,
        latencyMs: { total: 0, max: 0, count: 0 },
        costUsd: 0,
        asks: calls,
        invalid: 0,
      }) as never;
    m.byPrompt = { plan: row(10, 1_000_000, 100_000), judge: row(2, 500_000, 10_000) };
    const tiers = new Map([
      ["plan", "cheap" as const],
      ["judge", "strong" as const],
    ]);
    const e = estimate(
      m,
      tiers,
      3,
      pricesFromEnv({
        LLM_PRICE_IN: "0.15",
        LLM_PRICE_OUT: "0.6",
        LLM_PRICE_STRONG_IN: "2.5",
        LLM_PRICE_STRONG_OUT: "10",
      }),
    );
    expect(e.calls).toBe(36);
    expect(e.byTier.cheap.costUsd).toBeCloseTo(3 * (0.15 + 0.06));
    expect(e.byTier.strong.costUsd).toBeCloseTo(3 * (1.25 + 0.1));
    expect(e.costUsd).toBeCloseTo(3 * (0.21 + 1.35));
    expect(estimate(m, tiers, 1, pricesFromEnv({})).costUsd).toBeNull();
  });
});

describe("scenario files", () => {
  const ok = {
    name: "t",
    town: "base-3",
    hours: 2,
    studies: [
      {
        id: "s",
        label: "x",
        about: "A fact.",
        question: "Q?",
        sources: ["ines"],
        event: {
          place: "Willowbrook:Willow Green",
          start: "2026-02-13T08:00:00Z",
          end: "2026-02-13T09:00:00Z",
        },
      },
    ],
  };
  it("parses with defaults", () => {
    const s = parseScenario(JSON.stringify(ok));
    expect(s).toMatchObject({ checkEveryHours: 12, relationships: true, whispers: [] });
    expect(s.studies[0].event).toMatchObject({
      minMinutes: 10,
      start: Date.parse("2026-02-13T08:00:00Z"),
    });
  });
  it("says what is wrong, and where", () => {
    expect(() => parseScenario("{", "f.json")).toThrow(/f\.json: not valid JSON/);
    expect(() => parseScenario(JSON.stringify({ ...ok, hours: -1 }))).toThrow(/hours/);
    expect(() =>
      parseScenario(
        JSON.stringify({
          ...ok,
          studies: [
            { ...ok.studies[0], event: { ...ok.studies[0].event, end: "2026-02-13T07:00:00Z" } },
          ],
        }),
      ),
    ).toThrow(/after event.start/);
    const s = parseScenario(JSON.stringify(ok));
    expect(() => checkAgainstTown(s, ["theo"], () => true)).toThrow(ScenarioError);
    expect(() => checkAgainstTown(s, ["ines"], () => false)).toThrow(/no place/);
  });
  it("changes the minds' settings it names, and only those it may", () => {
    expect(parseScenario(JSON.stringify(ok)).mind).toEqual({});
    expect(
      parseScenario(
        JSON.stringify({ ...ok, mind: { reusePlans: true, conversationMode: "brief" } }),
      ).mind,
    ).toEqual({ reusePlans: true, conversationMode: "brief" });
    expect(() => parseScenario(JSON.stringify({ ...ok, mind: { stepSeconds: 1 } }))).toThrow(
      /mind/,
    );
    expect(() => parseScenario(JSON.stringify({ ...ok, mind: { reusePlans: "yes" } }))).toThrow(
      /mind\.reusePlans/,
    );
    expect(parseMindFlag("reusePlans=true, restWhileAsleep=off,replanImportance=8")).toEqual({
      reusePlans: true,
      restWhileAsleep: false,
      replanImportance: 8,
    });
    expect(parseMindFlag("insightsInOneCall=false")).toEqual({ insightsInOneCall: false });
    expect(parseMindFlag("flushBeforeChat=true")).toEqual({ flushBeforeChat: true });
    expect(() => parseMindFlag("reusePlans")).toThrow(/key=value/);
    expect(() => parseMindFlag("retrieveForChat=3")).toThrow(ScenarioError);
    expect(() => parseMindFlag("replanImportance=11")).toThrow(/replanImportance/);
  });
});
