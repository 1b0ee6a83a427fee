// The towns this process serves, each its own room `town` (filtered by the `town` option) with
// its own clock. A town is opened only where it is hosted: alone, here; with Redis, in the one
// process that owns it (the others matchmake clients into its room, and stand by to take it over).
import { matchMaker } from "@colyseus/core";
import type { TownListing } from "../../shared/api.ts";
import { TOWN_ROOM } from "../../shared/constants.ts";
import type { TownHost } from "../rooms/host.ts";
import type { TownRoomMetadata } from "../rooms/metadata.ts";
import type { Scale } from "../scale/scale.ts";
import { openHostedTown, resolveSpec, type HostedTown, type HostingDeps } from "./hostedTown.ts";
import { TownRefusal, type TownSpec } from "./townSpec.ts";
import { isSleep } from "../../shared/activity.ts";
import type { Town } from "../world/town.ts";
import { sumMetrics, type GatewayView } from "../llm/index.ts";

/** What the join dialog and GET /api/towns show of a town. */

export class Towns {
  private readonly hosted = new Map<string, HostedTown>();
  /** Towns this process serves: hosts now, or stands by for. */
  private readonly served = new Set<string>();

  constructor(
    private readonly deps: HostingDeps & { scale: Scale },
    /** The town of clients that name none: the first of the configuration. */
    readonly primary: string,
  ) {}

  /** The host of a town hosted here (the primary when no name is given). */
  host(name?: string): TownHost | undefined {
    return this.hosted.get(name ?? this.primary)?.host;
  }

  /** Whether this process serves the town (hosts it, or stands by for it). */
  serves(name: string): boolean {
    return this.served.has(name);
  }

  hostedTown(name: string): HostedTown | undefined {
    return this.hosted.get(name);
  }

  get hostedHere(): HostedTown[] {
    return [...this.hosted.values()];
  }

  /**
   * The process's language-model engine as its pages show it: the process's gateway with the
   * metrics and load of the towns whose minds have a gateway of their own (on their thread) added.
   */
  llmView(gateway: GatewayView): GatewayView {
    const own = () => this.hostedHere.flatMap((t) => (t.ownGateway ? [t.ownGateway] : []));
    return {
      engine: gateway.engine,
      metrics: () => sumMetrics(gateway.metrics(), ...own().map((g) => g.metrics())),
      get load() {
        const all = [gateway, ...own()].flatMap((g) => (g.load ? [g.load] : []));
        return all.length
          ? {
              inFlight: all.reduce((n, l) => n + l.inFlight, 0),
              queued: all.reduce((n, l) => n + l.queued, 0),
            }
          : undefined;
      },
    };
  }

  /**
   * Serves a town: opens it and creates its room if this process hosts it (now, or on a
   * takeover later). Resolves with the town when hosted here now, else undefined (with Redis,
   * another process owns it; this one stands by).
   */
  async serve(spec: TownSpec, opts: { standBy?: boolean } = {}): Promise<HostedTown | undefined> {
    const { store, scale } = this.deps;
    const full = await resolveSpec(spec, store);
    const name = full.name;
    if (this.served.has(name))
      throw new TownRefusal("conflict", `town "${name}" is already hosted here`);
    // At start-up a process may stand by for a town another one hosts; asked to add a town, it must be new.
    if (!opts.standBy && (await this.roomsOf(name)).length > 0)
      throw new TownRefusal("conflict", `town "${name}" is already hosted by another process`);
    this.served.add(name);
    try {
      await scale.hostTown(name, async () => {
        const existing = this.hosted.get(name);
        if (existing) await existing.catchUp();
        else this.hosted.set(name, await openHostedTown(full, this.deps));
        // Never a second room for the town in this process (oneRoom.ts refuses it as well).
        const here = (await this.roomsOf(name)).filter((r) => r.processId === matchMaker.processId);
        if (here.length === 0)
          await matchMaker.createRoom(TOWN_ROOM, {
            town: name,
            primary: name === this.primary ? 1 : 0,
          });
      });
    } catch (e) {
      this.served.delete(name);
      throw e;
    }
    return this.hosted.get(name);
  }

  /** Every town with a room anywhere (with Redis, on every process), and those opened here. */
  async list(): Promise<TownListing[]> {
    const rooms = await matchMaker.query({ name: TOWN_ROOM }).catch(() => []);
    const out = new Map<string, TownListing>();
    for (const r of rooms) {
      const m = r.metadata as Partial<TownRoomMetadata> | undefined;
      if (!m?.town) continue;
      const local = r.processId === matchMaker.processId ? this.hosted.get(m.town) : undefined;
      out.set(m.town, {
        name: m.town,
        template: m.template ?? "",
        residents: m.residents ?? 0,
        primary: m.primary === 1,
        clients: r.clients,
        here: local !== undefined,
        step: local ? local.host.town.step : null,
        time: local ? new Date(local.host.town.time).toISOString() : null,
        ...liveliness(local?.host.town),
      });
    }
    for (const t of this.hosted.values()) {
      if (out.has(t.name)) continue;
      out.set(t.name, {
        name: t.name,
        template: t.template,
        residents: t.residents,
        primary: t.name === this.primary,
        clients: 0,
        here: true,
        step: t.host.town.step,
        time: new Date(t.host.town.time).toISOString(),
        ...liveliness(t.host.town),
      });
    }
    return [...out.values()].sort(
      (a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name),
    );
  }

  /** Ends the recordings of the towns hosted here (their rooms, disposed first, saved them). */
  async close(): Promise<void> {
    await Promise.all([...this.hosted.values()].map((t) => t.close()));
  }

  /** The room of a town, wherever it runs (with Redis, maybe in another process). */
  async roomOf(name: string) {
    return (await this.roomsOf(name))[0];
  }

  private roomsOf(name: string) {
    return matchMaker.query({ name: TOWN_ROOM, town: name } as never).catch(() => []);
  }
}

/** Residents awake (doing something other than sleeping) and conversations under way (each pair once, people's talks included). */
export function liveliness(town: Town | undefined): {
  awake: number | null;
  conversations: number | null;
} {
  if (!town) return { awake: null, conversations: null };
  const agents = town.agentViews();
  const awake = agents.filter((a) => a.action !== "" && !isSleep(a.action)).length;
  const pairs = new Set(
    agents.filter((a) => a.talkingTo).map((a) => [a.id, a.talkingTo].sort().join("|")),
  );
  return { awake, conversations: pairs.size };
}
