// What can be seen of a town: its residents, the people's avatars, object states and the clock.
// Declared once here; the Town hands these views out, the room mirrors them into its schema state,
// recordings keep them in keyframes and the browser draws them. applyEvent() is the one place a
// Town event changes a view, whatever holds it (a replay frame, the room's state).
import { z } from "zod";
import type { TownEvent } from "./events.ts";

/** The four ways a sprite can look (the character sheet's rows of frames). */
export const FACINGS = ["down", "left", "right", "up"] as const;
export const Facing = z.enum(FACINGS);
export type Facing = z.infer<typeof Facing>;

/** A facing read from the wire or a save ("down" for anything else). */
export function asFacing(s: string | undefined): Facing {
  return (FACINGS as readonly string[]).includes(s ?? "") ? (s as Facing) : "down";
}

/** The way to look from one tile toward another: along the longer of the two axes. */
export function facingToward(from: { x: number; y: number }, to: { x: number; y: number }): Facing {
  const dx = to.x - from.x,
    dy = to.y - from.y;
  if (dx === 0 && dy === 0) return "down";
  return Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : dy > 0 ? "down" : "up";
}

/** The emoji of a resident who talks. */
export const TALK_EMOJI = "💬";

/** A resident's doing while it talks with someone (a person, or people) it has no topic with. */
export function talkingWith(name: string): string {
  return `talking with ${name}`;
}

export const AgentView = z.object({
  id: z.string(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  action: z.string(),
  emoji: z.string(),
  /** Where the action takes place: "world:sector:arena[:object]". */
  address: z.string(),
  /** Id of whom the resident is talking to, "" when nobody. */
  talkingTo: z.string(),
  sprite: z.number(),
  /** Which way the resident looks: where it walked last, or toward whom it turned to talk. */
  facing: Facing.default("down"),
});
export type AgentView = z.infer<typeof AgentView>;

export const AvatarView = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  x: z.number(),
  y: z.number(),
  sprite: z.number(),
  /** The person's connection dropped: the avatar waits for them (absent when they are there). */
  away: z.boolean().optional(),
});
export type AvatarView = z.infer<typeof AvatarView>;

export const ObjectView = z.object({ address: z.string(), state: z.string(), by: z.string() });
export type ObjectView = z.infer<typeof ObjectView>;

/** Something that holds views: applyEvent() writes through it. */
export interface ViewTarget {
  clock(step: number, time: number): void;
  /**
   * The resident's view to change in place, if it is there. A view without `address` does not
   * keep it (the room's state: shared/state.ts).
   */
  agent(id: string):
    | (Omit<AgentView, "id" | "name" | "sprite" | "facing" | "address"> & {
        facing: string;
        address?: string;
      })
    | undefined;
  avatar(id: string): Pick<AvatarView, "x" | "y" | "away"> | undefined;
  addAvatar(v: AvatarView): void;
  /** A resident who moved in while the town ran. */
  addAgent(v: AgentView): void;
  /** A resident who left town. */
  removeAgent(id: string): void;
  removeAvatar(id: string): void;
  /** Sets an object's state; an empty state clears it. */
  setObject(v: ObjectView): void;
}

/** Applies one event to a view. Events that change nothing visible (speech, chats) are ignored. */
export function applyEvent(target: ViewTarget, e: TownEvent): void {
  switch (e.kind) {
    case "clockTicked":
      target.clock(e.step, e.time);
      return;
    case "agentMoved": {
      const a = target.agent(e.agentId);
      if (a) {
        // A step turns the walker the way it goes (as the Town turns it).
        if (a.x !== e.x || a.y !== e.y) a.facing = facingToward(a, e);
        a.x = e.x;
        a.y = e.y;
      }
      return;
    }
    case "actionStarted": {
      const a = target.agent(e.agentId);
      if (a) {
        a.action = e.action;
        a.emoji = e.emoji;
        if (a.address !== undefined) a.address = e.address;
        a.talkingTo = e.talkingTo;
      }
      return;
    }
    case "agentFaced": {
      const a = target.agent(e.agentId);
      if (a) a.facing = e.facing;
      return;
    }
    case "objectChanged":
      target.setObject({ address: e.address, state: e.state, by: e.by });
      return;
    case "avatarJoined":
      target.removeAvatar(e.avatarId);
      target.addAvatar({
        id: e.avatarId,
        name: e.name,
        role: e.role,
        x: e.x,
        y: e.y,
        sprite: e.sprite,
      });
      return;
    case "avatarMoved": {
      const a = target.avatar(e.avatarId);
      if (a) {
        a.x = e.x;
        a.y = e.y;
      }
      return;
    }
    case "avatarLeft":
      target.removeAvatar(e.avatarId);
      return;
    case "avatarAway": {
      const a = target.avatar(e.avatarId);
      if (a) a.away = e.away;
      return;
    }
    case "residentAdded":
      if (target.agent(e.agentId)) return;
      target.addAgent({
        id: e.agentId,
        name: e.name,
        x: e.x,
        y: e.y,
        action: "",
        emoji: "",
        address: "",
        talkingTo: "",
        sprite: e.sprite,
        facing: "down",
      });
      return;
    case "residentLeft":
      target.removeAgent(e.agentId);
      return;
    default:
      return;
  }
}
