// What a TownRoom is given by the process that hosts it: the Town and the services around it.
import type { Logger } from "pino";
import type { TownEvent } from "../world/events.ts";
import type { Town } from "../world/town.ts";

export interface TownHost {
  /** Name of the running town (its save). */
  name: string;
  town: Town;
  /** Language engine shown to clients: "offline" or a model name. */
  engine: string;
  stepsPerSecond: number;
  /** Token a moderator must present; undefined means nobody can be a moderator. */
  moderatorToken?: string;
  log: Logger;
  /** Called after every step with its events (autosave, recording). Must not throw. */
  afterStep(events: readonly TownEvent[]): Promise<void>;
  /** Saves the town now (shutdown). */
  save(): Promise<void>;
}
