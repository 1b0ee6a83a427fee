// One town as this process hosts it: its Town and minds, resumed from its last autosave, the
// autosave and the recording around it, and the TownHost its room is given.
import type { Logger } from "pino";
import type { ServerConfig } from "../config.ts";
import { BudgetedGateway } from "../llm/budget.ts";
import type { Gateway } from "../llm/prompt.ts";
import type { TownHost } from "../rooms/host.ts";
import { Autosave } from "../store/autosave.ts";
import { MemoryRows } from "../store/memoryRows.ts";
import { MemoryJournal } from "../agents/memory/journal.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { Recorder } from "../store/recorder.ts";
import type { Scale } from "../scale/scale.ts";
import { buildThreadedTown, buildTown } from "../townFactory.ts";
import type { Town } from "../world/town.ts";
import type { JournalFeed } from "../agents/memory/journal.ts";
import { TownSnapshot } from "../world/snapshot.ts";
import { loadTemplate, type TownTemplate } from "../content/template.ts";
import { townWarnings } from "../content/townCheck.ts";
import type { GatewayView } from "../llm/prompt.ts";
import { startTownAt } from "./startTime.ts";
import { templateExists, TownRefusal, type TownSpec } from "./townSpec.ts";
import { redisMembers } from "../scale/mindQueue.ts";

export interface HostedTown {
  name: string;
  template: string;
  residents: number;
  host: TownHost;
  /** Step of the autosave it resumed from, or null for a new town. */
  resumedAt: number | null;
  recordingId: string;
  /** The gateway of its minds' own thread, if they run on one (its metrics add to the process's). */
  ownGateway?: GatewayView;
  /** Loads the latest autosave if it is newer than the town here (taking the town over). */
  catchUp(): Promise<void>;
  /** Ends its recording (its room, disposed first, has saved the town). */
  close(): Promise<void>;
}

export interface HostingDeps {
  config: Pick<ServerConfig, "SEED" | "AUTOSAVE_STEPS" | "STEPS_PER_SECOND" | "MODERATOR_TOKEN"> &
    Partial<
      Pick<
        ServerConfig,
        | "REPORTER_TOKEN"
        | "RECORDING_BUFFER_BYTES"
        | "ADDRESS_RATE_SHARE"
        | "RECONNECT_SECONDS"
        | "LLM_BUDGET_TOKENS_PER_HOUR"
        | "SEATS_WAITING_PER_ADDRESS"
        | "SEATS_WAITING_PER_TOWN"
        | "START_TIME"
        | "MIND_THREAD"
        | "MIND_THREADS"
        | "MIND_WORKERS"
        | "MIND_PARTITIONS"
        | "MIND_QUEUE_PREFIX"
        | "REDIS_URL"
        | "LOG_LEVEL"
        | "env"
      >
    >;
  store: PrismaStore;
  gateway: Gateway;
  /** Where step times go (the ops page's statistics). */
  ops: { recordStep(town: string, wallMs: number, cpuMs: number): void };
  log: Logger;
  /** Where the process's shared LLM caches live (a town's minds on their own thread use them too). */
  scale?: Pick<Scale, "cacheRedis">;
}

/** A spec without a template names a saved town, or else a template (a new town of its name). */
export async function resolveSpec(spec: TownSpec, store: PrismaStore): Promise<Required<TownSpec>> {
  if (spec.template) {
    if (!templateExists(spec.template))
      throw new TownRefusal(
        "not_found",
        `no template "${spec.template}" (templates are the folders of assets/towns and DATA_DIR/towns)`,
      );
    return { name: spec.name, template: spec.template };
  }
  const saved = await store.findTown(spec.name);
  if (saved) return { name: spec.name, template: saved.template };
  if (templateExists(spec.name)) return { name: spec.name, template: spec.name };
  throw new TownRefusal(
    "not_found",
    `no saved town and no template named "${spec.name}" (templates are the folders of assets/towns and DATA_DIR/towns)`,
  );
}

/** Continues the town from its latest autosave (or starts it), with its rows, autosave and recording. */
async function resumeTown(
  town: Town,
  minds: TownMinds,
  townId: string,
  name: string,
  deps: HostingDeps,
  /** The town's maker chose its start (made.json): START_TIME leaves it there. */
  startChosen: boolean,
) {
  const { config, store, log } = deps;
  const saved = await store.latestSnapshot(townId);
  if (saved) {
    town.restore(TownSnapshot.parse(saved.data));
    await town.restored();
  } else if (config.START_TIME && !startChosen) startTownAt(town, config.START_TIME);
  const rows = new MemoryRows(store, townId, minds.journal, saved?.mark ?? null, log);
  const autosave = new Autosave(town, store, townId, config.AUTOSAVE_STEPS, log, rows);
  // Every session is recorded; its chunks are written at least as often as the autosaves.
  const recorder = await Recorder.start(store, townId, town, {
    save: name,
    log,
    flushSteps: Math.min(30, config.AUTOSAVE_STEPS),
    maxBufferedBytes: config.RECORDING_BUFFER_BYTES,
  });

  return { saved, rows, autosave, recorder };
}

/** A town's minds as the room and the store see them, wherever they run. */
interface TownMinds {
  mind: TownHost["mind"];
  /** The gateway's engine and metrics for this town's minds. */
  gateway: GatewayView;
  budget: { exhausted(): boolean };
  journal: JournalFeed;
  /** The gateway is the minds' own (on their thread), not the process's. */
  ownGateway: boolean;
  close(): Promise<void>;
}

/**
 * The Town and its minds: on a worker thread of their own (MIND_THREAD=on), with a gateway made
 * there from the same settings under the town's budget; else in this thread over the process's
 * gateway. Either way what people ask runs under the town's budget (GenerativeMind.forPeople).
 */
async function buildMinds(
  template: TownTemplate,
  deps: HostingDeps,
): Promise<{ town: Town; minds: TownMinds }> {
  const { config, gateway } = deps;
  const tokensPerHour = config.LLM_BUDGET_TOKENS_PER_HOUR ?? 2_000_000;
  if (config.MIND_THREAD === "on") {
    const { town, mind } = await buildThreadedTown(template, {
      mode: "live",
      seed: template.made?.seed ?? config.SEED,
      ...(config.MIND_WORKERS === "redis"
        ? {
            threads: config.MIND_PARTITIONS ?? 4,
            startMember: redisMembers(config.REDIS_URL ?? "redis://127.0.0.1:6379", {
              prefix: config.MIND_QUEUE_PREFIX,
            }),
          }
        : { threads: config.MIND_THREADS }),
      minds: {
        env: config.env ?? {},
        journal: true,
        budgetTokensPerHour: tokensPerHour,
        redis: deps.scale?.cacheRedis,
        logLevel: config.LOG_LEVEL,
        // People's words before the residents' own thinking (llm/turns.ts), as in this thread.
        turns: true,
      },
    });
    return {
      town,
      minds: {
        mind,
        gateway: mind,
        budget: mind,
        journal: mind.journal,
        ownGateway: true,
        close: () => mind.close(),
      },
    };
  }
  const budget = new BudgetedGateway(gateway, tokensPerHour);
  const journal = new MemoryJournal();
  const { town, mind } = buildTown(template, {
    gateway: budget,
    mode: "live",
    seed: template.made?.seed ?? config.SEED,
    journal,
  });
  return {
    town,
    minds: { mind, gateway, budget, journal, ownGateway: false, close: () => Promise.resolve() },
  };
}

export async function openHostedTown(
  spec: Required<TownSpec>,
  deps: HostingDeps,
): Promise<HostedTown> {
  const { config, store, log } = deps;
  const template = await loadTemplate(spec.template);
  const name = spec.name;
  // A map with pockets cut off from the town still runs; its maker is told where they are.
  for (const warning of townWarnings(template.map, template.personas))
    log.warn({ town: name, template: template.key }, `town map: ${warning}`);
  const record = await store.ensureTown(name, template.key);
  if (record.template !== template.key) {
    throw new TownRefusal(
      "conflict",
      `town "${name}" was made from template "${record.template}", not "${template.key}": give the new town another name`,
    );
  }
  const { town, minds } = await buildMinds(template, deps);
  // A town that does not open leaves no thread behind.
  const opened = await resumeTown(
    town,
    minds,
    record.id,
    name,
    deps,
    template.made?.start !== undefined,
  ).catch(async (err: unknown) => {
    await minds.close();
    throw err;
  });
  const { saved, rows, autosave, recorder } = opened;
  const host: TownHost = {
    name,
    town,
    mind: minds.mind,
    gateway: minds.gateway,
    engine: minds.gateway.engine,
    stepsPerSecond: config.STEPS_PER_SECOND,
    moderatorToken: config.MODERATOR_TOKEN,
    reporterToken: config.REPORTER_TOKEN,
    budget: minds.budget,
    addressRateShare: config.ADDRESS_RATE_SHARE,
    reconnectSeconds: config.RECONNECT_SECONDS,
    seats: {
      perAddress: config.SEATS_WAITING_PER_ADDRESS ?? 8,
      perTown: config.SEATS_WAITING_PER_TOWN ?? 64,
    },
    log: log.child({ town: name }),
    afterStep: async (events) => {
      recorder.afterStep(events);
      // The recording reaches the step of every autosave (a crash loses the same steps from both).
      if (town.step - autosave.savedStep >= config.AUTOSAVE_STEPS) void recorder.flush();
      await autosave.afterStep();
    },
    record: (events) => recorder.record(events),
    save: () =>
      autosave.save().catch((err: unknown) => log.error({ err, town: name }, "save failed")),
    stepTimed: (wallMs, cpuMs) => deps.ops.recordStep(name, wallMs, cpuMs),
  };
  return {
    name,
    template: template.key,
    residents: template.personas.length,
    host,
    resumedAt: saved?.step ?? null,
    recordingId: recorder.id,
    async catchUp() {
      const latest = await store.latestSnapshot(record.id);
      if (latest && latest.step > town.step) {
        town.restore(TownSnapshot.parse(latest.data));
        await town.restored();
        rows.restart(latest.mark);
      }
    },
    ...(minds.ownGateway ? { ownGateway: minds.gateway } : {}),
    async close() {
      await recorder
        .close()
        .catch((err: unknown) => log.error({ err, town: name }, "recording flush failed"));
      await minds.close();
    },
  };
}
