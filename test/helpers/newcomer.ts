// The newcomer the tests move into base-3: a baker who shares Ines Calloway's home and works at
// the cafe (issue 32, part 2).
import type { Command } from "../../server/world/commands.ts";

/** What a moderator gives for her, as sent by POST /residents or the add_resident message. */
export const nora = {
  name: "Nora Vale",
  age: 31,
  traits: "curious, patient, warm",
  occupation: "baker",
  workplace: "Willowbrook:Copper Kettle cafe",
  shareWith: ["Ines Calloway"],
  currently: "Nora has just moved to Willowbrook and wants to bake bread for the cafe.",
  lifestyle: "Nora goes to bed around 10 pm and wakes up at 6 am.",
  sprite: 2,
};

/** The moderator Mo's command adding her, with any field changed. */
export const addNora = (over: Partial<Extract<Command, { kind: "addResident" }>> = {}) =>
  ({ kind: "addResident", by: "Mo", ...nora, ...over }) as const satisfies Command;
