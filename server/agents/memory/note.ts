// What a memory the engine writes after a talk is, as values kept with its row (issue 29): news
// heard (who told whom what), a plan (whose, what, when and where, with whom) and a talk's record
// (with whom, about what). The text stays for a model and for display; the offline readers take
// these values and never read the engine's own English back. With a model, or in a save made
// before them, a memory has none: `noteOf` reads one from the text the engine used to write, once
// per memory (stream.ts), so the readers have a single form to take.
import { z } from "zod";

export const HeardNote = z.object({
  kind: z.literal("heard"),
  /** Who told it, and who heard it (names). */
  by: z.string().max(120),
  to: z.string().max(120),
  /** What was told, one clause in the third person ("Kenji is holding a pool tournament"). */
  what: z.string().max(1000),
});

export const PlanNote = z.object({
  kind: z.literal("plan"),
  /** Whose plan (a name). */
  owner: z.string().max(120),
  /** What, as the note says it ("a visit to Bob at the park on February 13 at 3:00 pm", or
   *  "Kenji is holding a pool tournament"). */
  what: z.string().max(1000),
  /** Whether its owner means to go there ("go") or to be there for the other ("be there"). */
  means: z.enum(["go", "be there"]).optional(),
  /** When (game time) and where (an address, and the name it was said by), when known. */
  at: z.number().optional(),
  place: z.string().max(300).optional(),
  placeName: z.string().max(200).optional(),
  /** A meeting's other side. */
  with: z.string().max(120).optional(),
  /** The event it means to go to, as read when it was heard (language/events.ts EventMention). */
  event: z
    .object({
      what: z.string().max(200),
      month: z.number().int().optional(),
      day: z.number().int().optional(),
      start: z.number().optional(),
      end: z.number().optional(),
      place: z.object({ name: z.string().max(200), address: z.string().max(300) }).optional(),
      host: z.string().max(120).optional(),
    })
    .optional(),
});

export const TalkNote = z.object({
  kind: z.literal("talk"),
  /** Whom the talk was with (names). */
  with: z.array(z.string().max(200)).max(20),
  /** What it was about, as "about ..." ("" when it is not known). */
  about: z.string().max(1000),
});

export const MemoryNote = z.discriminatedUnion("kind", [HeardNote, PlanNote, TalkNote]);
export type MemoryNote = z.infer<typeof MemoryNote>;
export type HeardNote = z.infer<typeof HeardNote>;
export type PlanNote = z.infer<typeof PlanNote>;
export type TalkNote = z.infer<typeof TalkNote>;

// The forms memories were written in before they kept their values (and a model may write).
const PLANNING = /^For ([^:]{1,60})'s planning:\s*(.+?)(?:;\s*(\S+) means to (go|be there))?[.!]?$/;
const HEARD = /^(.+?) heard from (.+?) that (.+?)[.!]?$/;

/** The note a memory's text reads as, in the forms the engine writes (a memory without its values:
 *  a save made before them, a model's memo); undefined for any other text. */
export function noteOf(text: string): MemoryNote | undefined {
  const t = text.trim();
  const plan = PLANNING.exec(t);
  if (plan) {
    const [, owner, what, , means] = plan;
    return {
      kind: "plan",
      owner,
      what: what.replace(/[.!]+$/, ""),
      ...(means ? { means: means as "go" | "be there" } : {}),
    };
  }
  const heard = HEARD.exec(t);
  if (heard) return { kind: "heard", to: heard[1], by: heard[2], what: heard[3] };
  return undefined;
}

/** A memory's note: the one it keeps, else what its text reads as. */
export const noteOfMemory = (m: { text: string; note?: MemoryNote }): MemoryNote | undefined =>
  m.note ?? noteOf(m.text);
