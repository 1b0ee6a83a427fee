// The HTTP answers the browser reads, as zod schemas: the server's handlers are typed by them and
// the client parses what it receives with them, so the two cannot drift apart.
import { z } from "zod";
import { Persona } from "./persona.ts";
import { AgentView } from "./view.ts";

/** GET /api/agents/:id — a resident as the inspector shows it. */
export const AgentDetails = AgentView.extend({
  persona: Persona.nullable().optional(),
  currently: z.string(),
  plan: z
    .object({
      date: z.string(),
      wakeUp: z.string(),
      items: z.array(z.string()),
      schedule: z.array(
        z.object({
          start: z.string(),
          end: z.string(),
          task: z.string(),
          place: z.string().optional(),
        }),
      ),
      /** Decomposed tasks from now on (the next hour or two). */
      next: z.array(
        z.object({
          start: z.string(),
          end: z.string(),
          task: z.string(),
          address: z.string(),
          emoji: z.string(),
        }),
      ),
    })
    .nullable(),
  /** Newest first. */
  memories: z.array(
    z.object({
      type: z.enum(["observation", "thought", "chat", "plan"]),
      description: z.string(),
      importance: z.number(),
      created: z.number(),
    }),
  ),
});
export type AgentDetails = z.infer<typeof AgentDetails>;

/** GET /api/towns — one town of the list. */
export const TownListing = z.object({
  name: z.string(),
  template: z.string(),
  residents: z.number(),
  /** The town clients join when they name none. */
  primary: z.boolean(),
  /** People in it now (its room's clients, whichever process hosts it). */
  clients: z.number(),
  /** Whether this process hosts it. */
  here: z.boolean(),
  /** Its step and game time when hosted here (another process's clock is not known here). */
  step: z.number().nullable(),
  time: z.string().nullable(),
  /** What is going on, when hosted here: residents awake, conversations under way (else null). */
  awake: z.number().nullable(),
  conversations: z.number().nullable(),
});
export type TownListing = z.infer<typeof TownListing>;
export const TownList = z.array(TownListing);

/** GET /api/recordings (a list) and /api/recordings/:id — a recording. */
export const RecordingInfo = z.object({
  id: z.string(),
  /** Name of the save it recorded. */
  save: z.string(),
  template: z.string(),
  startedAt: z.string(),
  /** Steps recorded (toStep - fromStep). */
  steps: z.number(),
  fromStep: z.number(),
  toStep: z.number(),
  bytes: z.number(),
  /**
   * Steps not recorded (the database was down longer than the recording's memory bound lasted),
   * in order; the frame at each gap's `to` is exact again. Given for one recording, not the list.
   */
  gaps: z.array(z.object({ from: z.number(), to: z.number() })).optional(),
});
export type RecordingInfo = z.infer<typeof RecordingInfo>;

/** GET /api/recordings/:id/frame?step= — what could be seen after a step. */
export const ReplayFrameAnswer = z.object({
  step: z.number(),
  time: z.number(),
  agents: z.array(AgentView),
  avatars: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.string(),
      x: z.number(),
      y: z.number(),
      sprite: z.number(),
    }),
  ),
  objects: z.array(z.object({ address: z.string(), state: z.string(), by: z.string() })),
});

/** Step times of one town over its last steps, ms (wall and CPU). */
const StepTimes = z.object({
  /** The town's step now (null: not hosted here). */
  current: z.number().nullable(),
  count: z.number(),
  window: z.number(),
  medianMs: z.number(),
  p99Ms: z.number(),
  maxMs: z.number(),
  cpuMedianMs: z.number(),
  cpuP99Ms: z.number(),
});

/** GET /api/ops — what an operator watches: step times, bytes per client, the model's load, the process. */
export const OpsReport = z.object({
  /** The default town, whose step times are `step`; every town hosted here is in `towns`. */
  town: z.string(),
  presence: z.enum(["local", "redis"]),
  process: z.object({
    id: z.string(),
    publicAddress: z.string().nullable(),
    uptimeSeconds: z.number(),
    cpuPercent: z.number(),
    /** Event-loop delay, worst per-second p99 and the max, over the last 10 s. */
    loopLagP99Ms: z.number(),
    loopLagMaxMs: z.number(),
    /**
     * The loop's slices in the server thread's own CPU time (Linux; 0 elsewhere), worst per-second
     * p99 over the last 10 s: what the delay would be without other processes taking the cores.
     */
    loopCpuP99Ms: z.number(),
    cpuUserMicros: z.number(),
    cpuSystemMicros: z.number(),
    rssMB: z.number(),
    heapUsedMB: z.number(),
  }),
  step: StepTimes,
  towns: z.array(z.object({ name: z.string(), step: StepTimes })),
  clients: z.object({
    /** Websockets open on this process. */
    here: z.number(),
    /** Clients in the towns' rooms, whichever process hosts them. */
    inRooms: z.number(),
    rooms: z.array(
      z.object({
        roomId: z.string(),
        town: z.string().nullable(),
        processId: z.string(),
        clients: z.number(),
        publicAddress: z.string().nullable(),
      }),
    ),
  }),
  network: z.object({ bytesPerSecond: z.number(), bytesPerClientPerSecond: z.number() }),
  llm: z.object({
    engine: z.string(),
    inFlight: z.number(),
    queued: z.number(),
    asks: z.number(),
    calls: z.number(),
    cacheHits: z.number(),
    cacheHitRate: z.number(),
    failures: z.number(),
    fallbacks: z.number(),
    embeddingCacheHits: z.number(),
    costUsd: z.number(),
  }),
});
export type OpsReport = z.infer<typeof OpsReport>;
