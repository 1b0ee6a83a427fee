// Talking with people (issue 5): a person's words are remembered at once as chat memories said by
// that named person (quoted, so no prompt mistakes them for instructions), then the resident
// answers from the memories retrieved for them. When the Town ends the talk, converse.ts writes the
// same summary, memo and planning note as after a resident's conversation, so what a visitor said
// comes up in later conversations, plans and interviews.
import { Address } from "../../shared/address.ts";
import type { HeardWords, Overheard, Reply } from "../world/mind.ts";
import { importanceOf } from "./language/importance.ts";
import { personLabel, visitorReplyPrompt } from "./prompts/visitorReply.ts";
import { describePlace } from "./react.ts";
import {
  briefOf,
  datedFrom,
  identity,
  lines,
  peopleFor,
  placeNames,
  remember,
  retrieve,
  type AgentState,
  type MindContext,
} from "./state.ts";
import { doing, keepPromise } from "./converse.ts";
import { startOfDay } from "../world/clock.ts";
import { knowledgeOf } from "./knowing.ts";
import { proposal, understand } from "./language/understand.ts";
import { parsed } from "./language/parse.ts";
import { iToThirdPerson, youToThirdPerson } from "./language/person.ts";
import { absoluteDays } from "./language/news.ts";
import { placeMeant } from "./language/events.ts";
import { formatTime12 } from "./language/time.ts";

/** Relationships with people are kept by name: a person's avatar id changes every visit. */
export const visitorKey = (name: string) => `person:${name.trim().toLowerCase()}`;

/** Lines of a talk with a person after which the resident wraps up. */
const MAX_LINES = 24;

/** What a person said, as the resident remembers it. */
export function heardDescription(
  s: AgentState,
  speaker: { name: string; role: string },
  text: string,
): string {
  return `${personLabel(speaker)} said to ${s.persona.name}: "${text.replace(/\s+/g, " ").replace(/"/g, "'").trim()}"`;
}

/** Words said to someone else in a group talk the resident is in: remembered with who said them. */
export async function overhear(ctx: MindContext, s: AgentState, input: Overheard): Promise<void> {
  const text = input.text.trim();
  if (!text) return;
  const speaker = ctx.isResident(input.speaker.name)
    ? input.speaker.name
    : personLabel(input.speaker);
  const to = input.to === s.persona.name ? s.persona.name : input.to;
  await remember(ctx, s, [
    {
      type: "chat",
      created: input.now,
      description: `${speaker} said to ${to}: "${text.replace(/\s+/g, " ").replace(/"/g, "'")}"`,
      subject: input.speaker.name,
      predicate: "said to",
      object: input.to,
      keywords: [input.speaker.name.toLowerCase(), input.to.toLowerCase()],
      importance: Math.max(2, importanceOf(text, { at: input.now })),
      lines: [[input.speaker.name, text] as [string, string]],
    },
  ]);
}

export async function hear(ctx: MindContext, s: AgentState, input: HeardWords): Promise<Reply> {
  const now = input.now;
  const speaker = input.speaker;
  const words = input.words.map((w) => w.trim()).filter(Boolean);
  if (words.length === 0) return { text: "", end: false, topic: "" };
  await remember(
    ctx,
    s,
    words.map((w) => ({
      type: "chat" as const,
      created: now,
      description: heardDescription(s, speaker, w),
      subject: speaker.name,
      predicate: "said to",
      object: s.persona.name,
      keywords: [speaker.name.toLowerCase(), speaker.role],
      importance: Math.max(3, importanceOf(w, { at: now })),
      lines: [[speaker.name, w] as [string, string]],
    })),
  );
  // What was said, remembered as what it is: news told, or an invitation, by that person.
  const said = words.join(" ");
  const heard = understand(said, {
    now,
    residents: ctx.people(),
    listener: s.persona.name,
    speaker: speaker.name,
  });
  if (heard.act === "statement" || heard.act === "invitation") {
    // (A suggestion is the invitation itself, not news: "Let's go for a walk" is no "told".)
    const told = reported(said, speaker.name, s.persona.name, (x) =>
      heard.act === "invitation" ? proposal(x) === undefined : true,
    );
    const to = heard.act === "invitation" ? proposal(said) : undefined;
    // (The invitation in the third person: "come to MY dinner with YOUR sister" is the speaker's
    // dinner and the resident's sister.)
    const meTo = (v: string) =>
      youToThirdPerson(
        iToThirdPerson(v, speaker.name)
          .replace(/\b(me|us)\b/gi, speaker.name.split(" ")[0])
          .replace(/\bour\b/gi, `${speaker.name.split(" ")[0]}'s`),
        s.persona.name,
      );
    if (told || heard.act === "invitation")
      await remember(ctx, s, [
        {
          type: "thought",
          created: now,
          description:
            heard.act === "invitation"
              ? `${speaker.name}, a ${speaker.role}, ${told ? `told ${s.persona.name} that ${told} and ` : ""}invited ${s.persona.name} ${to ? `to ${meTo(absoluteDays(to, now))}` : "to come by"}`
              : `${speaker.name}, a ${speaker.role}, told ${s.persona.name} that ${told}`,
          subject: speaker.name,
          predicate: heard.act === "invitation" ? "invited" : "told",
          object: s.persona.name,
          keywords: [speaker.name.toLowerCase(), ...heard.topic.slice(0, 5)],
          importance: Math.max(4, importanceOf(said, { at: now })),
        },
      ]);
  }
  const focal = [words.join(" "), speaker.name, `${s.persona.name}'s plans and upcoming events`];
  const mems = await retrieve(ctx, s, focal, now, 15, ctx.settings.retrieveForChat);
  const arena = Address.prefix(s.current?.address ?? s.persona.home, 3);
  const knows = knowledgeOf(ctx, s, now, speaker.name);
  const answer = await ctx.gateway.ask(visitorReplyPrompt, {
    knows,
    identity: identity(s),
    now,
    place: describePlace(arena),
    self: {
      id: s.id,
      name: s.persona.name,
      brief: briefOf(s),
      action: doing(s),
      relationship: s.relationships.get(visitorKey(speaker.name)) ?? "",
      memories: lines(mems),
      people: peopleFor(ctx, s),
    },
    visitor: { name: speaker.name, role: speaker.role },
    soFar: input.soFar.map((l) => ({
      speaker: l.name === s.persona.name ? s.persona.name : l.name,
      text: l.text,
    })),
    words,
    plan: s.schedule?.items ?? [],
    yesterday: s.yesterday,
    people: [...ctx.agents.values()]
      .filter((a) => s.relationships.has(a.id))
      .map((a) => ({ name: a.persona.name, relationship: s.relationships.get(a.id) ?? "" })),
    residents: ctx.people(),
    places: placeNames(s),
    maxLines: MAX_LINES,
    ...datedFrom(ctx, now),
  });
  await keepAppointment(ctx, s, {
    now,
    speaker,
    said,
    answer: answer.text,
    accepted: heard.act === "invitation" ? acceptedIn(answer.text, heard, now) : undefined,
  });
  const topic = answer.topic.trim() || `conversing with ${speaker.name}`;
  return {
    text: answer.text.trim(),
    end: answer.end || input.soFar.length + words.length + 1 >= MAX_LINES,
    topic: /^conversing/i.test(topic) ? topic : `conversing about ${topic}`,
    // (The world lets the person go with this answer: it reads no words itself.)
    ...(heard.act === "goodbye" ? { left: true } : {}),
  };
}

/** The person's own statements, the first person turned to them by name ("I've opened" → "Nora
 *  has opened"); the questions and the invitation itself left out. */
function reported(
  said: string,
  speaker: string,
  me: string,
  keep: (sentence: string) => boolean = () => true,
): string {
  const statements = said
    .split(/(?<=[.!?])\s+/)
    // (A statement said before the question in one sentence, a clause with its own verb: "WE'RE
    // HAVING A BARBECUE ON SUNDAY, fancy coming?")
    .flatMap((x) => {
      const at = x.lastIndexOf(",");
      const head = x.slice(0, at);
      return /\?\s*$/.test(x) && at > 0 && parsed(head).has("^#Noun+ #Verb") ? [head, x] : [x];
    })
    .filter((x) => !/\?\s*$/.test(x) && keep(x))
    .map((x) => x.replace(/[.!]+$/, "").trim())
    .filter(Boolean);
  return (
    statements
      .map((x) => iToThirdPerson(x, speaker.split(" ")[0]).replace(/\byou\b/gi, me.split(" ")[0]))
      // (The speaker and theirs, as told on: "WE'RE having a barbecue" → "they're having ...".)
      .map((x) =>
        x
          .replace(/\b[Ww]e\b/g, "they")
          .replace(/\b[Oo]ur\b/g, "their")
          .replace(/\bus\b/g, "them"),
      )
      .join("; ")
  );
}

/** An accepted invitation's time: the clock time the answer names (chrono-node, in understand()),
 *  else the one the person asked for. */
function acceptedIn(
  text: string,
  heard: ReturnType<typeof understand>,
  now: number,
): { at: number } | undefined {
  // Accepted when the answer names a clock time and says no "not".
  const u = understand(text, { now, residents: [], listener: "", speaker: "" });
  if (u.negative) return undefined;
  const DAY = 86_400_000;
  // On the day the answer names ("tomorrow", "on Saturday"), else the one asked for, else today;
  // a weekday read as past is next week's (a visit is to come).
  const days = u.days ?? heard.days ?? 0;
  const day = now - (now % DAY) + (days < 0 ? days + 7 : days) * DAY;
  const at = u.at;
  return at !== undefined ? { at: day + (at % DAY) } : undefined;
}

/** An accepted visit enters the plan: remembered as the resident's own plan for that day and
 *  hour, which the day planner reads like any dated plan. */
async function keepAppointment(
  ctx: MindContext,
  s: AgentState,
  a: {
    now: number;
    speaker: { name: string; role: string };
    said: string;
    answer: string;
    accepted: { at: number } | undefined;
  },
): Promise<void> {
  if (!a.accepted) return;
  const when = new Date(a.accepted.at);
  const day = when.toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
  const hour = when.toLocaleTimeString("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  const places = placeNames(s);
  const here = s.current?.address ? Address.prefix(s.current.address, 2) : undefined;
  const place =
    placeMeant(a.said, places) ?? places.find((p) => here !== undefined && p.address === here);
  await remember(ctx, s, [
    {
      type: "plan",
      created: a.now,
      description: `${s.persona.name} is going to visit ${a.speaker.name} on ${day} at ${hour}, as ${s.persona.name} told ${a.speaker.name}, a ${a.speaker.role}`,
      subject: s.persona.name,
      predicate: "is going to visit",
      object: a.speaker.name,
      keywords: [a.speaker.name.toLowerCase(), "visit"],
      importance: 6,
    },
    // The day planner's note (as for an event one means to go to): where and when, so the plan of
    // that day holds the visit at its hour and place. The place is the one the person's words
    // name ("by the park"), else where they met.
    ...(place
      ? [
          {
            type: "thought" as const,
            created: a.now,
            description: `For ${s.persona.name}'s planning: a visit to ${a.speaker.name} at ${place.name} on ${day} at ${formatTime12(when.getUTCHours() * 60 + when.getUTCMinutes())}; ${s.persona.name.split(" ")[0]} means to go.`,
            subject: s.persona.name,
            predicate: "plans",
            object: a.speaker.name,
            keywords: [a.speaker.name.toLowerCase(), "visit"],
            importance: 6,
          },
        ]
      : []),
  ]);
  // A visit later today enters today's plan at once (the day was planned before it was agreed),
  // never over a meeting promised before.
  const schedule = s.schedule;
  if (place && schedule && schedule.day === startOfDay(a.accepted.at) && a.accepted.at > a.now)
    keepPromise(ctx, s, {
      other: a.speaker.name,
      going: true,
      at: a.accepted.at,
      place: place.address,
      placeName: place.name,
    });
}
