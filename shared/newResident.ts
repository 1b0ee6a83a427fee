// The fields of a resident a moderator adds to a running town (the "New resident" form, the
// add_resident message and POST /api/towns/:town/residents): checked here for form, and against
// the town (names taken, places that exist, free beds) by server/world/town/newResident.ts.
import { z } from "zod";
import { CleanText, FreeText, PersonName } from "./text.ts";

const Address = z.string().trim().min(1).max(200);

export const NewResidentFields = z
  .object({
    name: PersonName,
    age: z.number().int().min(1).max(120),
    /** Innate traits: "curious, stubborn, kind". */
    traits: CleanText(200),
    occupation: CleanText(80),
    /** Where it works: an address of the town ("world:sector" or "world:sector:arena"). */
    workplace: Address,
    /** Its home: an arena with a free bed (unless it shares a home: `shareWith`). */
    home: Address.optional(),
    /** Names of the residents whose home it shares. */
    shareWith: z.array(PersonName).max(8).optional(),
    currently: FreeText,
    lifestyle: FreeText,
    /** Row of the character sprite sheet. */
    sprite: z.number().int().min(0).max(63),
  })
  .strict();
export type NewResidentSpec = z.infer<typeof NewResidentFields>;

/** A moderator's change to a resident: what it is up to, its habits, its traits (one at least). */
export const ResidentChanges = z
  .object({
    currently: FreeText.optional(),
    lifestyle: FreeText.optional(),
    traits: CleanText(200).optional(),
  })
  .strict()
  .refine((c) => c.currently ?? c.lifestyle ?? c.traits, {
    message: "change at least one of currently, lifestyle, traits",
  });
export type ResidentChanges = z.infer<typeof ResidentChanges>;
