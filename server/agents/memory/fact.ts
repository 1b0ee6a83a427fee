// A memory's typed record (issue 29): what it tells as values beside its text, so the offline
// engine never reads back English it wrote itself. Who it is about, what happened or will (one
// clause in the third person, its days made absolute when it was recorded), where and when, and
// who told it to whom. `id` names the piece of news wherever it travels (its first knower and when
// it was first known), so novelty ("has this listener heard it?") compares ids, not wordings.
// With a model, memories stay free text: the field is optional everywhere.
import { z } from "zod";

export const Fact = z.object({
  /** The news wherever it travels: its first knower and when it was first known. */
  id: z.string().min(1).max(200),
  /** Whom it is about (the sentence's subject), a full name when it names one. */
  who: z.string().max(120),
  /** The whole statement, third person, days absolute ("Jonah Whitaker's dog ran off on February 12"). */
  text: z.string().min(1).max(1000),
  /** Where it happens or happened, a known place's name. */
  where: z.string().max(200).optional(),
  /** Game time it happens or happened, when the statement names a day. */
  when: z.number().optional(),
  /** The name of the event, when the statement is one ("book club"): attendance and schedules use it. */
  event: z.string().max(200).optional(),
  /** Who first knew it (the resident whose life it is, or who saw it). */
  source: z.string().max(120),
  /** Who told it to whom, when it was heard rather than known first hand. */
  told: z.object({ by: z.string().max(120), to: z.string().max(120) }).optional(),
});
export type Fact = z.infer<typeof Fact>;

/** The same news heard: the record as the hearer keeps it, naming who told it. */
export const heard = (f: Fact, by: string, to: string): Fact => ({ ...f, told: { by, to } });
