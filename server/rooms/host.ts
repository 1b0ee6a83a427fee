// What a TownRoom is given by the process that hosts it: the Town and the services around it.
import type { Logger } from "pino";
import type { AgentInspection } from "../agents/generativeMind.ts";
import type { LlmMetrics } from "../llm/prompt.ts";
import type { TownEvent } from "../../shared/events.ts";
import type { Town } from "../world/town.ts";
import type { RateLimits } from "./rateLimit.ts";

export interface TownHost {
  /** Name of the running town (its save). */
  name: string;
  town: Town;
  /** The residents' minds, for the inspector (in this thread or on their own: see agents/mindThread.ts). */
  mind: {
    inspect(
      agentId: string,
      opts?: { limit?: number },
    ): AgentInspection | undefined | Promise<AgentInspection | undefined>;
  };
  /** The metrics of the LLM gateway the minds ask (the engine's health). */
  gateway: { metrics(): LlmMetrics };
  /** Language engine shown to clients: "offline" or a model name. */
  engine: string;
  stepsPerSecond: number;
  /** Per-client rate limits (default DEFAULT_RATE_LIMITS of rateLimit.ts). */
  rateLimits?: RateLimits;
  /** How many sessions' worth of those limits one address may use in all (default 4). */
  addressRateShare?: number;
  /** Seconds a dropped person's avatar waits for them to reconnect (default 20; 0: it leaves at once). */
  reconnectSeconds?: number;
  /** Token a moderator must present; undefined means nobody can be a moderator. */
  moderatorToken?: string;
  /** Token a reporter must present; undefined means anyone may join as a reporter. */
  reporterToken?: string;
  /** The town's model budget: whether it is spent (people's asks are then answered offline). */
  budget?: { exhausted(): boolean };
  /** Seats that may wait reserved (matchmade, not joined yet) per address and in all. */
  seats?: { perAddress: number; perTown: number };
  log: Logger;
  /** Called after every step with its events (autosave, recording). Must not throw. */
  afterStep(events: readonly TownEvent[]): Promise<void>;
  /** Records events that happen between steps (people's commands, avatars walking) for replays. */
  record?(events: readonly TownEvent[]): void;
  /** Saves the town now (shutdown). */
  save(): Promise<void>;
  /** Told how long each step took (wall and CPU ms), for the ops page. */
  stepTimed?(wallMs: number, cpuMs: number): void;
}
