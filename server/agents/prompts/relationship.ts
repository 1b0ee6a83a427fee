// How a resident sees the one it is about to talk to, in a sentence or two, from the memories it
// holds about them (the original's summarize_chat_relationship over 50 memories retrieved for
// the other's name, asked before each line of its dialogue; here once per conversation and side).
import { z } from "zod";
import { offlineRelationship } from "../offline/dialogue.ts";
import {
  datedNote,
  definePrompt,
  firstName,
  iss,
  memories,
  type Identity,
  type MemoryLine,
} from "./builder.ts";

export interface RelationshipInput {
  identity: Identity;
  other: string;
  memories: MemoryLine[];
  /** The summary kept from their last conversation, if any. */
  before: string;
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
}

export const RelationshipAnswer = z.object({ relationship: z.string().min(1) });
export type RelationshipAnswer = z.infer<typeof RelationshipAnswer>;

export const relationshipPrompt = definePrompt<RelationshipInput, RelationshipAnswer>({
  name: "relationship",
  tier: "cheap",
  answer: RelationshipAnswer,
  maxTokens: 120,
  system: () =>
    "You summarise how a town resident sees another person, from the resident's own memories.",
  user: (i) => [
    iss(i.identity),
    `What ${firstName(i.identity.name)} remembers about ${i.other}:`,
    datedNote(i.today),
    memories(i.memories, 60, i.today, i.identity),
    i.before && `Last time: ${i.before}`,
    `Give "relationship": one or two sentences on how ${i.identity.name} sees ${i.other} and what they have to do with each other.`,
  ],
  offline: (i) => ({
    relationship: offlineRelationship(i.identity.name, i.other, i.memories, i.before),
  }),
});
