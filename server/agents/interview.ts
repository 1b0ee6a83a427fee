// Interview (the paper's evaluation interface, §3.6): any question answered in character from the
// memories retrieved for it (50, as the original), the day's and yesterday's plans and the
// identity block. Waiting observations are stored first, so the answer knows what the resident
// just saw. On the record, the resident remembers being interviewed (a reporter's visit is part
// of its life); off the record nothing is written, not even last-access times.
import { Address } from "../../shared/address.ts";
import { importanceOf } from "./language/importance.ts";
import { flushObservations } from "./perceive.ts";
import { interviewPrompt } from "./prompts/interview.ts";
import {
  datedFrom,
  identity,
  lines,
  placeNames,
  rememberOne,
  retrieve,
  type AgentState,
  type MindContext,
} from "./state.ts";
import type { MemoryRecord } from "./memory/port.ts";
import { knowledgeOf } from "./knowing.ts";

/**
 * What the interview may not use (the paper's ablations, §6.1, for the eval harness): no
 * reflections; no reflections and no plans; no memory at all (only who the agent is).
 */
export interface InterviewMask {
  reflection?: boolean;
  planning?: boolean;
  memory?: boolean;
}

const isReflection = (m: MemoryRecord) => m.type === "thought" && m.evidence.length > 0;

export interface InterviewOptions {
  /** Write nothing: no memory of the interview, no change to what was retrieved. */
  offTheRecord?: boolean;
  /** Who asks (default "An interviewer"). */
  interviewer?: string;
  /** Game time of the interview (default: the agent's last step). */
  now?: number;
  /** Parts of the mind hidden from this answer (see InterviewMask). */
  mask?: InterviewMask;
}

/** Where the resident's observations place it: the sector of each thing it saw, and when. */
function presence(s: AgentState, since: number): { sector: string; at: number }[] {
  return s.memory
    .latest(
      5000,
      (m) => m.type === "observation" && m.created >= since && Address.depth(m.subject) >= 3,
    )
    .map((m) => ({ sector: Address.levels(m.subject)[1], at: m.created }));
}

export async function interview(
  ctx: MindContext,
  s: AgentState,
  question: string,
  opts: InterviewOptions = {},
): Promise<string> {
  const now = opts.now ?? s.now;
  const interviewer = opts.interviewer ?? "An interviewer";
  const record = !opts.offTheRecord;
  // Off the record, what waits is scored but stays waiting (nothing is written).
  if (record) await flushObservations(ctx, s);
  // People the question names: the agent's view of them goes into the answer, and into the focus.
  const named = [...ctx.agents.values()].filter((a) =>
    new RegExp(`\\b(${a.persona.name}|${a.persona.name.split(" ")[0]})\\b`, "i").test(question),
  );
  const mask = opts.mask ?? {};
  const viewed = named.length
    ? named
    : [...ctx.agents.values()].filter((a) => s.relationships.has(a.id));
  const people = viewed.map((a) => ({
    name: a.persona.name,
    relationship: a.id === s.id || mask.memory ? "" : (s.relationships.get(a.id) ?? ""),
  }));
  const focal = [
    question,
    ...named.filter((a) => a.id !== s.id).map((a) => `${s.persona.name} and ${a.persona.name}`),
  ];
  const n = ctx.settings.retrieveForInterview;
  // Masked kinds are left out after retrieval, from a pool large enough to still fill n.
  const hidden = (m: MemoryRecord) =>
    (mask.reflection === true && isReflection(m)) || (mask.planning === true && m.type === "plan");
  const memories = mask.memory
    ? []
    : (await retrieve(ctx, s, focal, now, n, mask.reflection || mask.planning ? 2 * n : n, record))
        .filter((m) => !hidden(m))
        .slice(0, n);
  // Its own recent thoughts about itself (its plans, what it was told of its own life) are always
  // at hand: a resident does not forget its own plan because other memories crowd it out.
  const own = mask.memory
    ? []
    : s.memory.latest(
        3000,
        (m) =>
          m.type === "thought" &&
          !m.depth &&
          m.evidence.length === 0 &&
          m.subject === s.persona.name &&
          m.created > now - 3 * 86_400_000,
      );
  for (const m of own.slice(0, 10)) if (!memories.includes(m)) memories.push(m);
  // What it already answered this interviewer in this sitting (the last hour) is not said again.
  const sitting = s.memory
    .latest(
      20,
      (m) =>
        m.type === "chat" &&
        m.predicate === "was interviewed by" &&
        m.object === interviewer &&
        m.created > now - 3_600_000,
    )
    .flatMap((m) => m.lines ?? []);
  const said = sitting.filter(([who]) => who === s.persona.name).map(([, t]) => t);
  // (With the questions they answered, in the same order, when each had its answer.)
  const asked = sitting.filter(([who]) => who !== s.persona.name).map(([, t]) => t);
  const pairs = asked.length === said.length;
  const { answer } = await ctx.gateway.ask(interviewPrompt, {
    ...(mask.memory || mask.planning
      ? {}
      : {
          knows: knowledgeOf(ctx, s, now, interviewer),
          said,
          ...(pairs ? { asked } : {}),
        }),
    identity: identity(s),
    now,
    interviewer,
    question,
    memories: lines(memories),
    plan: mask.planning || mask.memory ? [] : (s.schedule?.items ?? []),
    yesterday: mask.planning || mask.memory ? [] : s.yesterday,
    people,
    presence: mask.memory ? [] : presence(s, now - 3 * 86_400_000),
    places: placeNames(s),
    residents: ctx.people(),
    ...datedFrom(ctx, now),
  });
  if (record) {
    const text = `${interviewer} interviewed ${s.persona.name}, asking "${question.replace(/"/g, "'")}"; ${s.persona.name} answered "${answer.replace(/"/g, "'")}"`;
    await rememberOne(ctx, s, "chat", now, text, Math.max(4, importanceOf(question, { at: now })), {
      predicate: "was interviewed by",
      object: interviewer,
      lines: [
        [interviewer, question],
        [s.persona.name, answer],
      ],
    });
  }
  return answer;
}
