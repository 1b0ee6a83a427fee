// Talking with people (issue 5): a person's words are remembered at once as chat memories said by
// that named person (quoted, so no prompt mistakes them for instructions), then the resident
// answers from the memories retrieved for them. When the Town ends the talk, converse.ts writes the
// same summary, memo and planning note as after a resident's conversation, so what a visitor said
// comes up in later conversations, plans and interviews.
import type { HeardWords, Overheard, Reply } from "../world/mind.ts";
import { importanceOf } from "./offline/importance.ts";
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
import { doing } from "./converse.ts";

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
  const focal = [words.join(" "), speaker.name, `${s.persona.name}'s plans and upcoming events`];
  const mems = await retrieve(ctx, s, focal, now, 15, ctx.settings.retrieveForChat);
  const arena = (s.current?.address ?? s.persona.home).split(":").slice(0, 3).join(":");
  const answer = await ctx.gateway.ask(visitorReplyPrompt, {
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
  const topic = answer.topic.trim() || `conversing with ${speaker.name}`;
  return {
    text: answer.text.trim(),
    end: answer.end || input.soFar.length + words.length + 1 >= MAX_LINES,
    topic: /^conversing/i.test(topic) ? topic : `conversing about ${topic}`,
  };
}
