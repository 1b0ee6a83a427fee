// One seed of a scenario: a lockstep town in a save of its own, recorded (server/sim's recorded
// run), the scenario's whispers given at their times, and every measure taken through the mind's
// public seams: off-the-record interviews, the memory stream's read API, the inspector's plan.
import type { Logger } from "pino";
import type { GenerativeMind } from "../agents/generativeMind.ts";
import type { Persona } from "../../shared/persona.ts";
import type { Gateway } from "../llm/prompt.ts";
import { startRecordedRun } from "../sim/recordedRun.ts";
import { MemoryJournal } from "../agents/memory/journal.ts";
import { runSteps } from "../sim/run.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { buildTown } from "../townFactory.ts";
import { startOfDay } from "../world/clock.ts";
import { Random } from "../world/random.ts";
import type { TownTemplate } from "../content/template.ts";
import type { Town } from "../world/town.ts";
import type { BatteryAnswer, Judgement, SeedResult } from "../../shared/evalReport.ts";
import { batteryQuestions, CONDITIONS, MASKS } from "./battery.ts";
import { coordination, Presence, type PlanAtEvent } from "./coordination.ts";
import { relationshipDensity, type KnowsPair } from "./density.ts";
import { diffusionPoint } from "./diffusion.ts";
import { hallucination } from "./hallucination.ts";
import { believabilityJudgePrompt } from "./prompts/believabilityJudge.ts";
import { knowsJudgePrompt, type KnowsJudgeInput } from "./prompts/knowsJudge.ts";
import type { Scenario, Study } from "./scenario.ts";
import { supporting, type Claim, type MemoryItem } from "./support.ts";
import { factTerms, termSet } from "./terms.ts";
import { rankConditions, type Match } from "./trueskill.ts";

export interface SeedOptions {
  scenario: Scenario;
  template: TownTemplate;
  seed: number;
  gateway: Gateway;
  /** Where the seed's save and recording go; none: a dry run (--estimate), nothing is kept. */
  store?: PrismaStore;
  /** The save this seed writes (must not exist). */
  saveName: string;
  autosaveSteps: number;
  log: Logger;
  /** Parallel interviews (a model serves several at once; offline it changes nothing). */
  concurrency?: number;
  /** Called as work is done; `total` is known from the start. */
  progress?: (done: number, total: number, phase: string) => void;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (x: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      out[k] = await fn(items[k]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** What the resident was born knowing (the persona), as a memory the support check can read. */
function seedMemory(p: Persona): MemoryItem {
  return {
    id: -1,
    type: "seed",
    created: -Infinity,
    description: `${p.name}. ${p.learned} ${p.currently}`,
    evidence: [],
  };
}

/** The resident's whole memory stream (read API), with its persona as the oldest memory. */
export function streamOf(mind: GenerativeMind, p: Persona): MemoryItem[] {
  const memory = mind.agent(p.id)?.memory;
  return [seedMemory(p), ...(memory ? memory.latest(memory.size) : [])];
}

/** "Name: the first sentence of who they are" (the judge's description of a person). */
function personAbout(p: Persona): string {
  return `${p.name}: ${p.learned.split(/(?<=[.!?])\s/)[0] ?? p.learned}`;
}

/** Work units of one seed, for the progress bar. */
export function plannedWork(s: Scenario, residents: number, steps: number): number {
  const checks = checkpoints(s, 0).length;
  const battery =
    s.battery.residents === undefined ? residents : Math.min(residents, s.battery.residents);
  return (
    steps +
    checks * residents * s.studies.length +
    (s.relationships ? 2 * residents * (residents - 1) : 0) +
    battery * (CONDITIONS.length * 25 + 6)
  );
}

/** Game times (from the start) at which diffusion is asked: the start, every checkEveryHours, the end. */
export function checkpoints(s: Scenario, start: number): number[] {
  const end = start + s.hours * HOUR;
  const out: number[] = [];
  for (let t = start; t < end; t += s.checkEveryHours * HOUR) out.push(t);
  out.push(end);
  return out;
}

export async function runSeed(o: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  const { scenario, template, gateway, store } = o;
  // With a store the memories are journaled and saved as rows, as the autosave of any town saves them.
  const journal = store ? new MemoryJournal() : undefined;
  const { town, mind } = buildTown(template, {
    gateway,
    mode: "lockstep",
    seed: o.seed,
    journal,
    settings: scenario.mind,
  });
  const personas = [...template.personas].sort((a, b) => a.id.localeCompare(b.id));
  const stepMs = town.stepSeconds * 1000;
  const start = town.time;
  const end = start + scenario.hours * HOUR;
  const steps = Math.round((end - start) / stepMs);
  const concurrency = o.concurrency ?? 8;
  const before = gateway.metrics();
  const judgements: Judgement[] = [];
  const totalWork = plannedWork(scenario, personas.length, steps);
  let done = 0;
  const tick = (n: number, phase: string) => {
    done += n;
    o.progress?.(Math.min(done, totalWork), totalWork, phase);
  };

  const run = store
    ? await startRecordedRun(store, town, await store.ensureTown(o.saveName, template.key), {
        autosaveSteps: o.autosaveSteps,
        log: o.log,
        rows: { journal: journal!, mark: null },
      })
    : null;

  const studies = scenario.studies.map((st) => ({ st, fact: factTerms(st.about, st.question) }));
  const judgeFact = async (
    p: Persona,
    st: Study,
    fact: ReturnType<typeof factTerms>,
    question: string,
    answer: string,
    before?: number,
  ) => {
    const claim: Claim = { kind: "fact", fact };
    const evidence = supporting(streamOf(mind, p), claim, { before })
      .slice(0, 5)
      .map((m) => m.description);
    return gateway.ask(knowsJudgePrompt, {
      resident: p.name,
      about: st.about,
      claim,
      question,
      answer,
      evidence,
      now: town.time,
    } satisfies KnowsJudgeInput);
  };

  // ---------------------------------------------------------------- diffusion, relationships
  const diffusion = studies.map(({ st }) => ({
    study: st.id,
    label: st.label,
    points: [] as SeedResult["diffusion"][number]["points"],
  }));
  const factJudged: { knows: boolean; supported: boolean }[] = [];
  const askDiffusion = async (final: boolean) => {
    for (const [k, { st, fact }] of studies.entries()) {
      const now = town.time;
      const asked = await mapLimit(personas, concurrency, async (p) => {
        const answer = await mind.interview(p.id, st.question, {
          offTheRecord: true,
          now: town.time,
        });
        const v = await judgeFact(p, st, fact, st.question, answer);
        judgements.push({
          kind: "diffusion",
          time: now,
          resident: p.id,
          subject: st.id,
          question: st.question,
          answer,
          knows: v.knows,
          supported: v.supported,
          reason: v.reason,
        });
        if (final) factJudged.push(v);
        tick(1, `asking about ${st.label}`);
        return { resident: p.id, knows: v.knows };
      });
      diffusion[k].points.push(diffusionPoint(now, asked));
    }
  };
  const relJudged: { knows: boolean; supported: boolean }[] = [];
  const askRelationships = async (final: boolean): Promise<KnowsPair[]> => {
    const now = town.time;
    const pairs = personas.flatMap((a) =>
      personas.filter((b) => b.id !== a.id).map((b) => [a, b] as const),
    );
    return mapLimit(pairs, concurrency, async ([a, b]) => {
      const question = `Do you know ${b.name}?`;
      const answer = await mind.interview(a.id, question, { offTheRecord: true, now });
      const claim: Claim = { kind: "person", name: b.name };
      const evidence = supporting(streamOf(mind, a), claim)
        .slice(0, 5)
        .map((m) => m.description);
      const v = await gateway.ask(knowsJudgePrompt, {
        resident: a.name,
        about: personAbout(b),
        claim,
        question,
        answer,
        evidence,
      });
      judgements.push({
        kind: "relationship",
        time: now,
        resident: a.id,
        subject: b.id,
        question,
        answer,
        knows: v.knows,
        supported: v.supported,
        reason: v.reason,
      });
      if (final) relJudged.push(v);
      tick(1, "asking who knows whom");
      return { from: a.id, to: b.id, knows: v.knows };
    });
  };

  // ---------------------------------------------------------------- whispers, then the run
  const whispers = [...scenario.whispers]
    .map((w) => ({ ...w, at: Math.max(w.at ?? start, start) }))
    .sort((a, b) => a.at - b.at);
  const giveWhispers = async () => {
    while (whispers.length && whispers[0].at <= town.time) {
      const w = whispers.shift()!;
      await mind.whisper(w.resident, w.text, town.time);
    }
  };
  await giveWhispers();

  await askDiffusion(false);
  const relStart = scenario.relationships ? await askRelationships(false) : [];

  // Coordination: minutes at each event's place while it runs, and each resident's plan then.
  const events = studies
    .filter(({ st }) => st.event)
    .map(({ st, fact }) => ({
      st,
      fact,
      ev: st.event!,
      presence: new Presence(st.event!),
      plans: new Map<string, PlanAtEvent>(),
      planned: false,
    }));
  const watch = (town: Town) => {
    const t = town.time;
    for (const e of events) {
      if (!e.planned && t >= e.ev.start) {
        e.planned = true;
        for (const p of personas) e.plans.set(p.id, planAt(mind, p, e.ev, e.fact, t));
      }
      if (t < e.ev.start || t >= e.ev.end) continue;
      e.presence.add(
        t,
        town.stepSeconds / 60,
        town.agentViews().map((a) => ({ id: a.id, address: town.map.addressAt(a.x, a.y) })),
      );
    }
  };

  const stops = [
    ...new Set([...checkpoints(scenario, start).slice(1, -1), ...whispers.map((w) => w.at)]),
  ]
    .filter((t) => t > start && t < end)
    .sort((a, b) => a - b);
  const checkTimes = new Set(checkpoints(scenario, start).slice(1, -1));
  // What the run itself costs, by game day (the interviews between its parts are left out).
  const days = new Map<number, SeedResult["days"][number]>();
  let mark = gateway.metrics();
  let markDay = startOfDay(town.time);
  const charge = () => {
    const m = gateway.metrics();
    const d = days.get(markDay) ?? {
      day: new Date(markDay).toISOString().slice(0, 10),
      calls: 0,
      tokensIn: 0,
      tokensOut: 0,
      byPrompt: {},
    };
    const byPrompt = { ...d.byPrompt };
    for (const [name, p] of Object.entries(m.byPrompt)) {
      const was = mark.byPrompt[name] ?? { calls: 0, tokensIn: 0 };
      if (p.calls === was.calls && p.tokensIn === was.tokensIn) continue;
      const sum = byPrompt[name] ?? { calls: 0, tokensIn: 0 };
      byPrompt[name] = {
        calls: sum.calls + p.calls - was.calls,
        tokensIn: sum.tokensIn + p.tokensIn - was.tokensIn,
      };
    }
    days.set(markDay, {
      ...d,
      calls: d.calls + m.calls - mark.calls,
      tokensIn: d.tokensIn + m.tokensIn - mark.tokensIn,
      tokensOut: d.tokensOut + m.tokensOut - mark.tokensOut,
      byPrompt,
    });
    mark = m;
  };
  for (const stop of [...stops, end]) {
    const n = Math.max(0, Math.round((stop - town.time) / stepMs));
    mark = gateway.metrics();
    markDay = startOfDay(town.time + stepMs);
    await runSteps(town, n, {
      afterStep: async (evs) => {
        // The next step is a new day's: what the minds asked until now was the day's before.
        if (startOfDay(town.time + stepMs) !== markDay) {
          charge();
          markDay = startOfDay(town.time + stepMs);
        }
        watch(town);
        await run?.afterStep(evs);
        tick(1, "running the town");
      },
    });
    charge();
    await giveWhispers();
    if (checkTimes.has(stop)) await askDiffusion(false);
  }
  await run?.close();

  // ---------------------------------------------------------------- the end
  await askDiffusion(true);
  const relEnd = scenario.relationships ? await askRelationships(true) : [];
  const ids = personas.map((p) => p.id);
  const density = scenario.relationships
    ? { start: relationshipDensity(ids, relStart), end: relationshipDensity(ids, relEnd) }
    : null;

  const coord = events.map((e) => {
    const invited = new Set(
      personas
        .filter(
          (p) =>
            supporting(
              streamOf(mind, p).filter((m) => m.id !== -1),
              { kind: "fact", fact: e.fact },
              { before: e.ev.start },
            ).length > 0,
        )
        .map((p) => p.id),
    );
    return coordination(e.st.id, {
      residents: ids,
      hosts: e.st.sources,
      invited,
      minutesAt: e.presence.minutes,
      minMinutes: e.ev.minMinutes,
      plans: e.plans,
    });
  });

  const battery = await runBattery(o, mind, personas, judgements, (phase) => tick(1, phase));
  const after = gateway.metrics();
  const asks = after.asks - before.asks;
  const fallbacks = after.fallbacks - before.fallbacks;
  return {
    seed: o.seed,
    save: run ? o.saveName : "",
    recording: run?.recordingId ?? "",
    steps,
    wallSeconds: (performance.now() - t0) / 1000,
    diffusion,
    density,
    coordination: coord,
    hallucination: { facts: hallucination(factJudged), relationships: hallucination(relJudged) },
    battery,
    judgements,
    asks,
    fallbacks,
    fallbackRate: asks ? fallbacks / asks : 0,
    days: [...days.values()],
  };
}

/** The resident's plan while the event runs (the inspector's decomposed tasks), and whether it goes there. */
function planAt(
  mind: GenerativeMind,
  p: Persona,
  ev: NonNullable<Study["event"]>,
  fact: ReturnType<typeof factTerms>,
  now: number,
): PlanAtEvent {
  const plan = mind.inspect(p.id, { limit: 0 })?.plan;
  const day = startOfDay(now);
  const from = (ev.start - day) / MINUTE;
  const to = (ev.end - day) / MINUTE;
  const minute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const tasks = (plan?.next ?? [])
    .filter((t) => minute(t.start) < to && minute(t.end) > from)
    .map((t) => ({ task: t.task, place: t.address }));
  const plans = (mind.agent(p.id)?.memory.latest(200, (m) => m.type === "plan") ?? []).map(
    (m) => m.description,
  );
  const goes =
    tasks.some((t) => t.place.startsWith(ev.place)) ||
    plans.some(
      (d) =>
        supporting([{ id: 0, type: "plan", created: 0, description: d, evidence: [] }], {
          kind: "fact",
          fact,
        }).length > 0,
    );
  return { tasks, goes };
}

/** The interview battery under the four conditions, judged pairwise, ranked with TrueSkill. */
async function runBattery(
  o: SeedOptions,
  mind: GenerativeMind,
  personas: Persona[],
  judgements: Judgement[],
  tick: (phase: string) => void,
): Promise<SeedResult["battery"]> {
  const limit = o.scenario.battery.residents ?? personas.length;
  if (limit === 0) return null;
  const rng = new Random(o.seed * 7919 + 17);
  const shuffled = [...personas];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  const chosen = shuffled.slice(0, limit).sort((a, b) => a.id.localeCompare(b.id));
  const answers: BatteryAnswer[] = [];
  const matches: Match[] = [];
  const studyQuestions = o.scenario.studies.map((s) => s.question);
  const concurrency = o.concurrency ?? 8;
  for (const p of chosen) {
    const now = mind.agent(p.id)?.now ?? 0;
    // Acquaintances (named in the persona) first, then others in a seeded order.
    const own = `${p.learned} ${p.currently}`;
    const others = personas.filter((x) => x.id !== p.id);
    const neighbours = [
      ...others.filter((x) => own.includes(x.name.split(" ")[0])),
      ...others.filter((x) => !own.includes(x.name.split(" ")[0])),
    ].map((x) => x.name);
    const questions = batteryQuestions(neighbours, studyQuestions);
    const byCondition = new Map<string, { question: string; answer: string }[]>();
    for (const condition of CONDITIONS) {
      const got = await mapLimit(questions, concurrency, async (q) => {
        const answer = await mind.interview(p.id, q.question, {
          offTheRecord: true,
          mask: MASKS[condition],
        });
        tick("interview battery");
        return { ...q, answer };
      });
      for (const g of got)
        answers.push({
          resident: p.id,
          condition,
          category: g.category,
          question: g.question,
          answer: g.answer,
        });
      byCondition.set(
        condition,
        got.map(({ question, answer }) => ({ question, answer })),
      );
    }
    const stream = streamOf(mind, p);
    const grounding = new Set<string>();
    for (const m of stream)
      for (const t of termSet(m.lines?.length ? m.lines.map((l) => l[1]).join(" ") : m.description))
        grounding.add(t);
    const memories = stream
      .slice(1)
      .sort((a, b) => b.created - a.created)
      .slice(0, 30)
      .map((m) => m.description);
    const profile = `${p.age}. ${p.innate}. ${p.learned} ${p.currently}`;
    const pairs = CONDITIONS.flatMap((a, i) => CONDITIONS.slice(i + 1).map((b) => [a, b] as const));
    for (const [a, b] of pairs) {
      // Which side each condition is shown on is drawn, so a judge's bias to A or B washes out.
      const flip = rng.next() < 0.5;
      const [x, y] = flip ? [b, a] : [a, b];
      const v = await o.gateway.ask(believabilityJudgePrompt, {
        resident: p.name,
        profile,
        memories,
        grounding,
        a: byCondition.get(x)!,
        b: byCondition.get(y)!,
      });
      judgements.push({
        kind: "battery",
        time: now,
        resident: p.id,
        subject: `${x} vs ${y}`,
        better: v.better,
        reason: v.reason,
      });
      matches.push({ a: x, b: y, better: v.better });
      tick("judging the battery");
    }
  }
  // The matches in a seeded order: TrueSkill's result depends a little on it.
  for (let i = matches.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [matches[i], matches[j]] = [matches[j], matches[i]];
  }
  return { ratings: rankConditions(CONDITIONS, matches), residents: chosen.length, answers };
}
