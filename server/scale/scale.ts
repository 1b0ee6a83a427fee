// How this process takes part in serving towns. Without REDIS_URL: alone (Colyseus's local
// presence and driver, the in-memory LLM cache) and it hosts its town. With REDIS_URL: Colyseus's
// Redis presence and driver, so clients matchmake through any process into rooms on any other
// (each process announces its own public address for that); the LLM caches shared through Redis;
// and a town hosted by the one process that owns it (townOwner.ts).
import { matchMaker, type MatchMakerDriver, type Presence } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import { Redis } from "ioredis";
import net from "node:net";
import type { Logger } from "pino";
import { TOWN_ROOM } from "../../shared/constants.ts";
import type { OpenAIGatewayOptions } from "../llm/openaiGateway.ts";
import { redisEmbeddingCache, redisResponseCache } from "../llm/redisCache.ts";
import { describeRedisUrl, publicAddressFor, readScaleSettings } from "./settings.ts";
import { TownOwner } from "./townOwner.ts";
import { Dependency } from "../store/dependency.ts";

export interface Scale {
  kind: "local" | "redis";
  /** For defineServer. */
  serverOptions: {
    presence?: Presence;
    driver?: MatchMakerDriver;
    publicAddress?: string;
    selectProcessIdToCreateRoom?: (
      roomName: string,
      options: { town?: unknown },
    ) => Promise<string>;
  };
  /** The port to listen on: with Redis a free one is chosen up front for PORT=0, because the
   *  public address must be known before the server listens. */
  port: number;
  /** For makeGateway: the shared caches (none when local: the gateway keeps its own LRU). */
  caches: Pick<OpenAIGatewayOptions, "responseCache" | "embeddingCache">;
  /** Where those shared caches live, for a gateway on another thread to reach them too (none when local). */
  cacheRedis?: { url: string; prefix: string; ttlSeconds: number };
  /** Runs `host` (opens the town, creates its room) if this process owns the town: now, or on
   *  taking it over later. Resolves with whether it hosts the town now. The first town named
   *  is the one clients get when they name none. */
  hostTown(name: string, host: () => Promise<void>): Promise<boolean>;
  /** Whether this process may run the town's room now (it owns the town). */
  hostsTown(name: string): boolean;
  /** Redis as a dependency (its state for /api/health), when REDIS_URL is set. */
  redis?: Dependency;
  /** The start-up line after "presence: ". */
  describe(): string;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 3_000;

export async function setupScale(
  env: Record<string, string | undefined>,
  listen: { host: string; port: number },
  log: Logger,
): Promise<Scale> {
  const settings = readScaleSettings(env);
  if (!settings.REDIS_URL) return localScale(listen.port);

  const url = settings.REDIS_URL;
  const where = describeRedisUrl(url);
  const keyPrefix = settings.REDIS_PREFIX;
  // One connection for the caches and the ownership key. No offline queue: while Redis is away
  // a command fails at once (a cache miss) instead of waiting for the reconnect.
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  const dependency = new Dependency(
    "redis",
    "matchmaking across processes and the shared model cache wait; the towns here go on",
  );
  dependency.logTo(log);
  const watch = redisWatch(dependency);
  watch(redis);
  try {
    await Promise.race([
      redis.connect(),
      new Promise((_, reject) =>
        setTimeout(
          () => reject(new Error(`no answer in ${CONNECT_TIMEOUT_MS / 1000} s`)),
          CONNECT_TIMEOUT_MS,
        ).unref(),
      ),
    ]);
  } catch (e) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis at ${where}: ${(e as Error).message}`, {
      cause: e,
    });
  }

  const port = listen.port === 0 ? await freePort(listen.host) : listen.port;
  const publicAddress = publicAddressFor(settings, listen.host, port);
  const colyseusRedis = () => watch(new Redis(url, { keyPrefix }));
  const owners = new Map<string, TownOwner>();
  let primary: string | undefined;
  const ttlSeconds = settings.LLM_CACHE_TTL_SECONDS;
  const ownerOf = (town: string) =>
    (owners.get(town) ?? new TownOwner(redis, town, matchMaker.processId)).owner();

  return {
    kind: "redis",
    redis: dependency,
    port,
    serverOptions: {
      presence: quietPresence(new RedisPresence(colyseusRedis())),
      driver: new RedisDriver(colyseusRedis()),
      publicAddress,
      // A room for a town may only be made where the town lives, whichever process a client
      // matchmakes through.
      selectProcessIdToCreateRoom: async (_room: string, options: { town?: unknown } = {}) => {
        const town = typeof options.town === "string" ? options.town : primary;
        return (
          (town ? await ownerOf(town).catch(() => undefined) : undefined) ?? matchMaker.processId
        );
      },
    },
    caches: {
      responseCache: redisResponseCache(redis, { ttlSeconds }),
      embeddingCache: redisEmbeddingCache(redis, { ttlSeconds }),
    },
    cacheRedis: { url, prefix: keyPrefix, ttlSeconds },
    async hostTown(name, host) {
      primary ??= name;
      const owner = new TownOwner(redis, name, matchMaker.processId, {
        ttlMs: settings.TOWN_LEASE_SECONDS * 1000,
        // Another process may host the town by now: stop hosting it here (the room saves the
        // town as it closes), so there is never more than one; clients matchmake again.
        onLost: () => {
          log.error(
            { town: name },
            "lost the ownership of the town in Redis (was Redis unreachable?); closing its room here",
          );
          void closeLocalTownRooms(name).catch((err: unknown) =>
            log.error({ err }, "closing the town's room failed"),
          );
        },
        onError: (err) =>
          log.warn(
            { err: (err as Error).message },
            "could not renew the town's ownership in Redis",
          ),
      });
      owners.set(name, owner);
      return owner.claim(async (takeover) => {
        // On a takeover the dead owner's room is still listed: drop the listings of processes
        // that no longer answer, so matchmaking stops sending clients there.
        await matchMaker.healthCheckAllProcesses().catch(() => undefined);
        await host();
        if (takeover)
          log.warn(
            { town: name, publicAddress },
            "took the town over: its owner stopped renewing its claim",
          );
        else log.info({ town: name, publicAddress }, "this process hosts the town");
      });
    },
    hostsTown: (name) => owners.get(name)?.isOwner ?? false,
    describe() {
      const roles = [...owners].map(([town, o]) =>
        o.isOwner ? `hosts town ${town}` : `town ${town} hosted by another process`,
      );
      return `redis (${where}, prefix ${keyPrefix}, this process at ${publicAddress}${roles.map((r) => `, ${r}`).join("")})`;
    },
    async close() {
      await Promise.all([...owners.values()].map((o) => o.release()));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * Watches Redis connections (and the ones they duplicate, as the presence does for its
 * subscriber): each gets an error handler, so ioredis never reports an "Unhandled error event",
 * and the dependency is down while any is, up again when all are ready.
 */
function redisWatch(dependency: Dependency): (client: Redis) => Redis {
  const down = new Set<Redis>();
  const watch = (client: Redis): Redis => {
    const onError = (err: Error) => {
      down.add(client);
      dependency.failed("reconnect", err);
    };
    watchers.add(onError);
    client.on("error", onError);
    client.on("ready", () => {
      down.delete(client);
      if (down.size === 0) dependency.succeeded();
    });
    client.on("end", () => down.delete(client));
    const duplicate = client.duplicate.bind(client);
    client.duplicate = (...args: Parameters<Redis["duplicate"]>) => watch(duplicate(...args));
    return client;
  };
  return watch;
}

/**
 * The presence logs a line for every failed reconnection attempt of its two connections; the
 * watch (redisWatch) says it once, so the presence's own error listeners go.
 */
function quietPresence(presence: RedisPresence): RedisPresence {
  const { pub, sub } = presence as unknown as { pub: Redis; sub: Redis };
  for (const client of [pub, sub])
    for (const l of client.listeners("error"))
      if (!watchers.has(l)) client.off("error", l as (err: Error) => void);
  return presence;
}

/** The error listeners redisWatch added (the ones quietPresence keeps). */
const watchers = new WeakSet<object>();

async function closeLocalTownRooms(town: string): Promise<void> {
  for (const listing of await matchMaker.query({
    name: TOWN_ROOM,
    processId: matchMaker.processId,
    town,
  } as never)) {
    await matchMaker.getLocalRoomById(listing.roomId)?.disconnect();
  }
}

function localScale(port: number): Scale {
  return {
    kind: "local",
    port,
    serverOptions: {},
    caches: {},
    async hostTown(_name, host) {
      await host();
      return true;
    },
    hostsTown: () => true,
    describe: () => "local",
    async close() {},
  };
}

/** A port free right now on `host` (the OS picks it). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, host, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
