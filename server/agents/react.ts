// React (§3.3 C): when an agent notices another, gates in code come first, as in the original:
// not asleep, not 11 pm, neither already talking or waiting, the pair's cooldown (800 steps after
// a conversation) over, and a recent "no" to the same situation not repeated. Only then one call
// decides: talk, wait (both want the same object and the other is using it), or carry on.
// Talking starts a conversation (converse.ts); waiting is an action until the other is done.
import { minuteOfDay } from "../../shared/time.ts";
import type { PerceivedEvent } from "../world/perception.ts";
import { arenaOf } from "../world/perception.ts";
import { claim, startConversation, doing, unionPlaces } from "./converse.ts";
import type { Approach, MindInput, MindOutput } from "../world/mind.ts";
import { personReactionPrompt } from "./prompts/personReaction.ts";
import { startOfDay } from "../world/clock.ts";
import { Address } from "../../shared/address.ts";
import { isSleep } from "../../shared/activity.ts";
import { isPrivateDoing } from "./language/privacy.ts";
import { flushObservations } from "./perceive.ts";
import { objectReactionPrompt } from "./prompts/objectReaction.ts";
import { reactionPrompt } from "./prompts/reaction.ts";
import { insertAppointment } from "./schedule.ts";
import {
  briefOf,
  datedFrom,
  lines,
  peopleFor,
  placeNames,
  rememberOne,
  retrieve,
  type AgentState,
  type MindContext,
} from "./state.ts";

export type ReactOption = "talk" | "wait" | "join";

/** The options the gates leave for reacting to `other`, seen doing `e`. */
export function reactionOptions(
  _ctx: MindContext,
  s: AgentState,
  other: AgentState,
  e: PerceivedEvent,
  input: MindInput,
): ReactOption[] {
  const now = input.now;
  if (
    input.agent.talkingTo ||
    s.engagedWith ||
    other.engagedWith ||
    s.current?.waiting ||
    other.current?.waiting
  )
    return [];
  if (isSleep(doing(s) || input.agent.action) || isSleep(e.description)) return [];
  // Nobody starts a talk from the shower, nor with someone in it (body care is private); one may
  // still wait for what they use.
  const inPrivate =
    isPrivateDoing(doing(s) || input.agent.action) || isPrivateDoing(e.doing ?? e.description);
  const hour = Math.floor(minuteOfDay(now) / 60);
  // Someone talking with people, in a group anyone near may join.
  if (e.predicate === "chat with") return e.joinable && hour !== 23 && !inPrivate ? ["join"] : [];
  const options: ReactOption[] = [];
  const declined = s.declined.get(other.id);
  const declinedNow = declined && now < declined.until;
  if (hour !== 23 && now >= (s.chatCooldown.get(other.id) ?? 0) && !declinedNow && !inPrivate)
    options.push("talk");
  // Wait: the other is at the object this agent is heading for, and this agent is not there yet.
  const target = input.agent.address;
  const atTarget = input.agent.x === e.x && input.agent.y === e.y;
  if (
    Address.isObject(target) &&
    e.address === target &&
    !atTarget &&
    (other.current?.until ?? 0) > now &&
    !declinedNow
  )
    options.push("wait");
  return options;
}

/** Reacts to an object a person changed, else to the first newly perceived agent the gates let
 *  through; null when nothing happens. */
export async function react(
  ctx: MindContext,
  s: AgentState,
  input: MindInput,
  fresh: readonly PerceivedEvent[],
): Promise<MindOutput | null> {
  const now = input.now;
  for (const e of fresh) {
    if (!remarkableObject(e)) continue;
    const out = await reactToObject(ctx, s, input, e);
    if (out) return out;
  }
  for (const e of fresh) {
    if (e.actor?.kind !== "agent" || e.actor.id === s.id) continue;
    const other = ctx.agents.get(e.actor.id);
    if (!other) continue;
    if (now - s.lastReaction < ctx.settings.reactionMinMinutes * 60_000) return null;
    const options = reactionOptions(ctx, s, other, e, input);
    if (options.length === 0) continue;
    s.lastReaction = now;
    // Claim the pair before any await, so neither starts something else meanwhile.
    if (options.includes("talk")) {
      claim(s, other, now);
    }
    let decision: ReactOption | "continue" = "continue";
    try {
      const mems = await retrieve(
        ctx,
        s,
        [other.persona.name, e.description],
        now,
        10,
        ctx.settings.retrieveForReaction,
      );
      const last = s.lastChat.get(other.id);
      const answer = await ctx.gateway.ask(reactionPrompt, {
        ...situation(s, input.agent, now),
        other: {
          name: other.persona.name,
          doing: e.description.replace(`${other.persona.name} is `, ""),
        },
        options,
        memories: lines(mems),
        ...(last
          ? { lastChat: { minutesAgo: Math.round((now - last.ended) / 60_000), topic: last.topic } }
          : {}),
        ...(options.includes("wait") ? { sharedObject: Address.last(e.address) } : {}),
        places: unionPlaces(placeNames(s)),
        people: peopleFor(ctx, s),
        chatsToday: [...s.lastChat.values()].filter((c) => c.ended >= startOfDay(now)).length,
        ...datedFrom(ctx, now),
      });
      decision = options.includes(answer.decision as ReactOption) ? answer.decision : "continue";
    } finally {
      if (decision !== "talk" && options.includes("talk")) {
        if (s.engagedWith === other.id) s.engagedWith = "";
        if (other.engagedWith === s.id) other.engagedWith = "";
      }
    }
    if (decision === "talk") {
      const place = describePlace(e.address);
      const plan = await startConversation(ctx, s, other, now, place);
      if (plan) return { conversation: plan };
      continue;
    }
    if (decision === "join") return { join: { with: other.id } };
    if (decision === "wait") {
      const until = Math.min(other.current?.until ?? now + 10 * 60_000, now + 30 * 60_000);
      const task = s.current?.action ?? input.agent.action;
      const address = arenaOf(e.address);
      s.current = {
        task: undefined,
        action: `waiting to start ${task.replace(/^waiting to start /, "")}`,
        address,
        until,
        waiting: true,
      };
      return {
        action: {
          action: s.current.action,
          emoji: "⌛",
          address,
          until,
          predicate: "waiting to start",
          object: task,
        },
      };
    }
    s.declined.set(other.id, {
      until: now + ctx.settings.declineCooldownMinutes * 60_000,
      doing: e.description,
    });
    return null;
  }
  return null;
}

/**
 * A person walks up to the resident or speaks to it: it decides, with what it remembers of them,
 * whether to stop and turn to them. Says true when it does.
 */
export async function reactToPerson(
  ctx: MindContext,
  s: AgentState,
  input: Approach,
): Promise<boolean> {
  const now = input.now;
  const mems = await retrieve(
    ctx,
    s,
    [input.person.name, ...input.words],
    now,
    8,
    ctx.settings.retrieveForReaction,
  );
  const answer = await ctx.gateway.ask(personReactionPrompt, {
    ...situation(s, input.agent, now),
    person: { name: input.person.name, role: input.person.role },
    how: input.how,
    words: [...input.words],
    company: [...input.company],
    memories: lines(mems),
  });
  return answer.decision === "talk";
}

/** Who is reacting, where, and to what end: what both reaction prompts (to a resident, to a person) start with. */
function situation(s: AgentState, agent: { address: string; action: string }, now: number) {
  return {
    name: s.persona.name,
    brief: briefOf(s),
    now,
    place: describePlace(agent.address || s.persona.home),
    doing: doing(s) || agent.action || "idle",
  };
}

/** "dining room of Copper Kettle cafe" from an address. */
export function describePlace(address: string): string {
  const { sector, arena } = Address.parse(address);
  return arena ? `${arena} of ${sector}` : (sector ?? address);
}

/** An object whose state a person set (a moderator's "on fire"), unlike the states residents'
 *  own use gives objects ("bed is being slept in"). */
export function remarkableObject(e: PerceivedEvent): boolean {
  return Address.isObject(e.subject) && e.byPerson === true && !!e.object;
}

/** Whether a sector is the agent's own: its home, or a place its days revolve around (work). */
function ownSector(s: AgentState, sector: string): boolean {
  if (Address.parse(s.persona.home).sector === sector) return true;
  return s.persona.schedule.filter((h) => Address.parse(h.address).sector === sector).length >= 2;
}

/** Somewhere away from a sector: home, else a habitual place elsewhere. */
function elsewhere(s: AgentState, sector: string): Address {
  if (Address.parse(s.persona.home).sector !== sector) return s.persona.home;
  const habit = s.persona.schedule.find((h) => Address.parse(h.address).sector !== sector);
  return habit ? arenaOf(habit.address) : s.persona.home;
}

const REACTION_MINUTES = { help: 20, leave: 30, tell: 30 } as const;
const REACTION_EMOJI = { leave: "🏃", tell: "📣" } as const;

/**
 * Reacts once to an object state a person set: remembers what it saw (and what it does about it),
 * and unless it carries on, starts the reaction now and puts it into today's schedule, so the plan
 * resumes around it. Null when it carries on.
 */
export async function reactToObject(
  ctx: MindContext,
  s: AgentState,
  input: MindInput,
  e: PerceivedEvent,
): Promise<MindOutput | null> {
  const now = input.now;
  if (s.objectReactions.get(e.subject) === e.object) return null;
  s.objectReactions.set(e.subject, e.object);
  if (s.objectReactions.size > 200)
    s.objectReactions.delete(s.objectReactions.keys().next().value!);
  const sector = Address.parse(e.subject).sector!; // an object's address has every level
  const object = Address.last(e.subject);
  const place = describePlace(e.subject);
  const name = s.persona.name;
  const asleep = isSleep(doing(s) || input.agent.action);
  await flushObservations(ctx, s);
  const mems = await retrieve(
    ctx,
    s,
    [e.description, place],
    now,
    10,
    ctx.settings.retrieveForReaction,
  );
  const answer = await ctx.gateway.ask(objectReactionPrompt, {
    name,
    brief: briefOf(s),
    now,
    doing: doing(s) || input.agent.action,
    object,
    place,
    state: e.object,
    ownPlace: ownSector(s, sector),
    asleep,
    memories: lines(mems),
    ...datedFrom(ctx, now),
  });
  const seen = `${name} saw that the ${object} in the ${place} is ${e.object}`;
  // A change to something at one's own place weighs more than one elsewhere.
  const importance = ownSector(s, sector) ? 8 : 6;
  const reaction = answer.reaction;
  const action = answer.action.trim().replace(/[.!]+$/, "");
  if (reaction === "continue" || !action) {
    await rememberOne(ctx, s, "thought", now, `${seen}.`, importance, { predicate: "saw", object });
    return null;
  }
  await rememberOne(ctx, s, "thought", now, `${seen}, and is ${action}.`, importance, {
    predicate: "saw",
    object,
  });
  if (reaction === "tell" || reaction === "leave") {
    await rememberOne(
      ctx,
      s,
      "thought",
      now,
      `${name} wants to tell everyone that the ${object} in the ${place} is ${e.object}.`,
      Math.max(7, importance),
      { predicate: "plans", object },
    );
  }
  const address = reaction === "help" ? e.subject : elsewhere(s, sector);
  const minutes = REACTION_MINUTES[reaction];
  const until = now + minutes * 60_000;
  const emoji = reaction === "help" ? "🛠️" : REACTION_EMOJI[reaction];
  // The plan is revised: the reaction goes into today's schedule and what it displaces resumes after it.
  const schedule = s.schedule;
  if (schedule && schedule.day === startOfDay(now)) {
    const minute = minuteOfDay(now);
    insertAppointment(schedule, minute, Math.min(1440, minute + minutes), action, address);
  }
  s.current = { task: undefined, action, address, until };
  return {
    action: {
      action,
      emoji,
      address,
      until,
      predicate: reaction === "help" ? "is dealing with" : "is reacting to",
      object,
    },
  };
}
