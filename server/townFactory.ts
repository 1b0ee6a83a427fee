// Puts a Town together with its mind: the one place that knows the world core and the agent
// mind exist side by side (the server, the headless CLI and the tests all build towns here).
import { GenerativeMind } from "./agents/generativeMind.ts";
import type { MemoryJournal } from "./agents/memory/journal.ts";
import type { MindSettings } from "./agents/settings.ts";
import { MindPool, type StartMember } from "./agents/mindPool.ts";
import { MindThread, type MindThreadInit } from "./agents/mindThread.ts";
import type { Gateway } from "./llm/prompt.ts";
import type { TownTemplate } from "./content/template.ts";
import { Town, type StepMode } from "./world/town.ts";
import { townLayout } from "./world/layout.ts";

export interface BuiltTown {
  town: Town;
  mind: GenerativeMind;
}

/** `journal`: the residents' memories are journaled, for a store that keeps them as rows (store/memoryRows.ts). */
export function buildTown(
  template: TownTemplate,
  opts: {
    gateway: Gateway;
    mode: StepMode;
    seed?: number;
    journal?: MemoryJournal;
    settings?: Partial<MindSettings>;
  },
): BuiltTown {
  const mind = new GenerativeMind({
    gateway: opts.gateway,
    personas: template.personas,
    addresses: template.map.addresses(),
    layout: townLayout(template.map),
    journal: opts.journal,
    settings: opts.settings,
  });
  const town = new Town({
    template: template.key,
    map: template.map,
    personas: template.personas,
    mind,
    mode: opts.mode,
    seed: opts.seed,
  });
  return { town, mind };
}

/**
 * The same town with its minds on a worker thread of their own (agents/mindThread.ts), or with
 * `threads` > 1 over a pool of them (agents/mindPool.ts): each worker makes its gateway from
 * `minds.env` as makeGateway does; `minds.journal` journals the memories for rows (read them from
 * `mind.journal`). Close the mind when done with the town.
 */
export async function buildThreadedTown(
  template: TownTemplate,
  opts: {
    mode: StepMode;
    seed?: number;
    /** Town.mindTimeoutMs (a lockstep bench that gives up on answers as a live town does). */
    mindTimeoutMs?: number;
    minds: Omit<MindThreadInit, "personas" | "addresses">;
    threads?: number;
    /** How each of the pool's members starts (default: a worker thread; scale/mindQueue.ts: a worker process's). */
    startMember?: StartMember;
  },
): Promise<{ town: Town; mind: MindThread | MindPool }> {
  const init = {
    ...opts.minds,
    personas: template.personas,
    addresses: template.map.addresses(),
    layout: townLayout(template.map),
  };
  const mind =
    (opts.threads ?? 1) > 1 || opts.startMember
      ? await MindPool.start(init, opts.threads ?? 1, opts.startMember)
      : await MindThread.start(init);
  const town = new Town({
    template: template.key,
    map: template.map,
    personas: template.personas,
    mind,
    mode: opts.mode,
    seed: opts.seed,
    mindTimeoutMs: opts.mindTimeoutMs,
  });
  return { town, mind };
}
