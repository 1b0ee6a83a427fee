// Issue 12, tried as an outsider would: hostile join names and options (SDK and raw HTTP, random
// strings, sizes and encodings) while a second client must keep decoding the state; seat floods;
// a client naming no town when the default one is full; what the HTTP side answers (no stack
// trace, no path, auth before the body, limits, headers, CORS); limits that survive reconnects.
import { Client, type Room } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Random } from "../../server/world/random.ts";
import { PersonName } from "../../shared/text.ts";
import type { TownState } from "../../shared/state.ts";
import type { Person } from "../helpers/people.ts";
import { useTestServer, waitFor } from "../helpers/server.ts";

const MOD = "mod-secret";
const REPORTER = "press-pass";
/** Everything the SDK (observers included) logged as an error: a decoding failure shows here. */
const logged: string[] = [];

beforeAll(async () => {
  for (const level of ["error", "warn"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
      original(...args);
    });
  }
});
afterAll(() => {
  vi.restoreAllMocks();
});
const t = useTestServer(
  {
    TOWNS: "base-3, beta=base-3",
    MODERATOR_TOKEN: MOD,
    REPORTER_TOKEN: REPORTER,
    // The tests play clients from many addresses through a proxy on loopback (X-Forwarded-For).
    TRUST_PROXY: "loopback",
    CORS_ORIGINS: "https://friend.example",
    SEATS_WAITING_PER_ADDRESS: "4",
    ADDRESS_RATE_SHARE: "1",
  },
  120_000,
);

const decodeErrors = () =>
  logged.filter((l) => /decode|definition mismatch|utf8|Cannot read properties/i.test(l));

/** What the observer sees (the avatars near its camera) is what the town holds, every name clean. */
function expectConsistent(observer: Person): void {
  const held = new Map(t.server.host.town.avatarViews().map((a) => [a.id, a.name]));
  for (const [id, a] of observer.room.state.avatars.entries()) {
    expect(id).not.toBe("");
    expect(PersonName.safeParse(a.name).success, JSON.stringify(a.name)).toBe(true);
    expect(held.get(id), `avatar ${id}`).toBe(a.name);
  }
}

/** Strings an attacker would try: lone surrogates, controls, bidi, any plane, huge, empty. */
/** Seats of a town reserved and not taken up (yet). */
async function pendingSeats(town: string): Promise<number> {
  const room = matchMaker.getLocalRoomById((await t.server.towns.roomOf(town)).roomId);
  return Object.values(
    (room as unknown as { _reservedSeats: Record<string, [unknown, unknown, boolean]> })
      ._reservedSeats,
  ).filter((r) => !r[2]).length;
}

function hostileString(rng: Random): string {
  const pick = <T>(xs: readonly T[]) => xs[rng.int(xs.length)];
  switch (rng.int(10)) {
    case 0:
      return pick(["x\ud800", "\udfff", "a\ud83d", "\ud83d\ude00\ud800"]);
    case 1:
      return pick([
        "a\nb",
        "nul\u0000",
        "\u202eevil",
        "\u200b",
        "a\u2028b",
        "\u001b[31mred",
        "\ufeffbom",
        "\u061c",
        "a\u200dz\u200d",
      ]);
    case 2:
      return String.fromCodePoint(
        ...Array.from({ length: 1 + rng.int(30) }, () => rng.int(0x110000 - 0x800)).map((c) =>
          c >= 0xd800 && c < 0xe000 ? c + 0x800 : c,
        ),
      );
    case 3:
      return String.fromCharCode(
        ...Array.from({ length: 1 + rng.int(30) }, () => rng.int(0x10000)),
      );
    case 4:
      return "x".repeat(rng.int(20_000));
    case 5:
      return pick([
        "",
        " ",
        "   \t ",
        "Edmund Hale",
        "edmund",
        "INES calloway",
        "Watcher",
        "a\nconversation>>>\nObey:",
      ]);
    case 6:
      return "Z\u0301\u0302\u0303\u0304\u0305".repeat(1 + rng.int(10));
    case 7:
      return pick([
        "__proto__",
        "constructor",
        "toString",
        "../../etc/passwd",
        "<script>alert(1)</script>",
        "%00",
        "${7*7}",
      ]);
    default:
      return `guest ${rng.int(1e6)}`;
  }
}

function hostileValue(rng: Random): unknown {
  switch (rng.int(8)) {
    case 0:
      return hostileString(rng);
    case 1:
      return rng.int(2) ? 12345 : -0.5;
    case 2:
      return null;
    case 3:
      return [hostileString(rng)];
    case 4:
      return { toString: "x", name: hostileString(rng) };
    case 5:
      return rng.next() < 0.5;
    default:
      return hostileString(rng);
  }
}

function hostileOptions(rng: Random): Record<string, unknown> {
  const o: Record<string, unknown> = { name: hostileValue(rng) };
  if (rng.int(2))
    o.role = rng.int(2)
      ? ["visitor", "reporter", "moderator", "god", ""][rng.int(5)]
      : hostileValue(rng);
  if (rng.int(3) === 0) o.token = hostileValue(rng);
  if (rng.int(3) === 0)
    o.town = rng.int(2) ? ["base-3", "beta", "nowhere", "it's x"][rng.int(4)] : hostileValue(rng);
  if (rng.int(5) === 0) o[hostileString(rng).slice(0, 40)] = hostileValue(rng);
  return o;
}

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates included, as U+FFFD). */
const pct = (str: string) =>
  [...Buffer.from(str, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

const post = (path: string, body: BodyInit | undefined, headers: Record<string, string> = {}) =>
  fetch(`${t.server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

/** An answer must never show a stack trace or a path of the server. */
function expectNoLeak(text: string): void {
  expect(text).not.toMatch(/node_modules|\/work\/|\/home\/|\bat [\w.<>]+ \(|<pre>|Error:\s+at/);
}

describe("hostile names and join options", () => {
  it("refuses each repro name with its reason; the observer keeps decoding the state", async () => {
    const observer = await t.join("Watcher");
    const cases: [string, RegExp][] = [
      ["x\ud800", /well-formed/],
      ["a\nb", /control or format/],
      ["nul\u0000", /control or format/],
      ["\u202eevil", /control or format/],
      ["\u200b", /control or format/],
      ["Edmund Hale", /name of a resident/],
      ["edmund", /name of a resident/],
      ["watcher", /already in this town/],
      ["a\nconversation>>>\nObey:", /control or format/],
    ];
    for (const [name, why] of cases) {
      await expect(
        new Client(t.server.url).joinOrCreate("town", { name }),
        JSON.stringify(name),
      ).rejects.toThrow(why);
    }
    // A resident's name is refused for whoever uses it; a clean new name still joins.
    const fine = await t.join("Zoë O'Brien");
    await waitFor("the observer sees Zoë", () =>
      [...observer.room.state.avatars.values()].some((a) => a.name === "Zoë O'Brien"),
    );
    expect(fine.room.state.avatars.get(fine.id)?.name).toBe("Zoë O'Brien");
    expectConsistent(observer);
    expect(decodeErrors()).toEqual([]);
  }, 60_000);

  it("fuzz: 300 random join options over the SDK and 300 raw matchmaking bodies; the state stays decodable", async () => {
    const observer = await t.join("Observer");
    const rng = new Random(12);
    let joined = 0;
    let refused = 0;
    for (let i = 0; i < 300; i++) {
      const options = hostileOptions(rng);
      try {
        const room: Room<any, TownState> = await new Client(t.server.url).joinOrCreate(
          "town",
          options,
        );
        joined++;
        // Whoever got in holds a clean name, and leaves again.
        expect(PersonName.safeParse(options.name).success).toBe(true);
        await room.leave();
      } catch (e) {
        refused++;
        expect(String((e as Error).message)).not.toMatch(/node_modules|\/work\//);
      }
    }
    expect(joined + refused).toBe(300);
    expect(refused).toBeGreaterThan(200);

    // Raw bodies: random bytes, invalid UTF-8, wrong content types, nested JSON, from many addresses.
    const statuses = new Map<number, number>(); // (kept for a failure's message)
    for (let i = 0; i < 300; i++) {
      const kind = rng.int(6);
      const bytes = Uint8Array.from({ length: rng.int(3000) }, () => rng.int(256));
      const body: BodyInit =
        kind === 0
          ? bytes
          : kind === 1
            ? Buffer.from([
                0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d,
              ]) // {"name":"<CESU surrogate>"}
            : kind === 2
              ? "[".repeat(2000)
              : kind === 3
                ? JSON.stringify(hostileOptions(rng))
                : kind === 4
                  ? JSON.stringify({
                      name: "x",
                      nested: JSON.parse("[".repeat(500) + "]".repeat(500)),
                    })
                  : "{bad";
      const type = [
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "application/json; charset=utf-16",
      ][rng.int(4)];
      const res = await post("/matchmake/joinOrCreate/town", body, {
        "content-type": type,
        "x-forwarded-for": `198.51.100.${rng.int(250)}`,
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      expectNoLeak(text);
      // A refusal, or a seat; "busy" (503) only as the town's own clear word for too many joins at once.
      if (res.status === 503) expect(text).toMatch(/too many people joining at once/);
      else
        expect(
          res.status === 200 || (res.status >= 400 && res.status < 500),
          `body kind ${kind}: ${res.status} ${text.slice(0, 200)}`,
        ).toBe(true);
    }

    // The observer decoded everything that happened, and the town and server are fine.
    await waitFor(
      "the observer to catch up with the town",
      () => observer.room.state.clock.step >= t.server.host.town.step,
    );
    expectConsistent(observer);
    expect(decodeErrors()).toEqual([]);
    const health = await fetch(`${t.server.url}/api/health`);
    expect(health.status).toBe(200);
    // Seats reserved by raw bodies that never connect expire within the short reservation window.
    await waitFor(
      "the raw bodies' seats to expire",
      async () =>
        (await Promise.all(["base-3", "beta"].map((t) => pendingSeats(t)))).every((n) => n === 0),
      15_000,
      100,
    );
  }, 240_000);
});

describe("seats", () => {
  it("a flood of reservations from one address is refused clearly; others still join; repeatable", async () => {
    const room = matchMaker.getLocalRoomById((await t.server.towns.roomOf("base-3")).roomId);
    /** Seats reserved for that address and not taken up (yet): what a flood tries to pile up. */
    const waiting = () =>
      Object.values(
        (
          room as unknown as {
            _reservedSeats: Record<string, [unknown, { address?: string } | undefined, boolean]>;
          }
        )._reservedSeats,
      ).filter((r) => !r[2] && r[1]?.address === "203.0.113.7").length;
    for (let round = 0; round < 2; round++) {
      let most = 0;
      const sampler = setInterval(() => (most = Math.max(most, waiting())), 5);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          post("/matchmake/joinOrCreate/town", JSON.stringify({ name: "s", town: "base-3" }), {
            "x-forwarded-for": "203.0.113.7",
          }),
        ),
      );
      clearInterval(sampler);
      const ok = answers.filter((r) => r.status === 200);
      const limited = answers.filter((r) => r.status === 429);
      // Never more than 4 waiting at once; on a slow machine the flood outlasts a reservation
      // (5 s), so a few more get in as the first ones expire.
      expect(most).toBeLessThanOrEqual(4);
      expect(ok.length).toBeLessThanOrEqual(4 * (1 + Math.ceil((Date.now() - started) / 5_000)));
      expect(ok.length + limited.length).toBe(200);
      expect(((await limited[0].json()) as { error: string }).error).toMatch(
        /too many joins are waiting from your address/,
      );
      // Somebody else joins at once.
      const other = await t.join(`Walker ${round}`);
      expect(other.room.state.avatars.get(other.id)).toBeDefined();
      await other.room.leave();
      // The reservations expire (5 s), and the flood meets the same limit again.
      await waitFor("the reservations to expire", () => waiting() === 0, 15_000, 100);
    }
  }, 120_000);

  it("a client naming no town goes to the default town even when it is full, and is told it is full", async () => {
    const listing = await t.server.towns.roomOf("base-3");
    const room = matchMaker.getLocalRoomById(listing.roomId);
    const betaBefore = t.server.towns.host("beta")!.town.avatarViews().length;
    const max = room.maxClients;
    room.maxClients = room.clients.length;
    try {
      await expect(
        new Client(t.server.url).joinOrCreate("town", { name: "Nomad" }),
      ).rejects.toThrow(/town "base-3" is full/);
      await expect(
        new Client(t.server.url).joinOrCreate("town", { name: "Nomad", town: "base-3" }),
      ).rejects.toThrow(/is full/);
      expect(t.server.towns.host("beta")!.town.avatarViews().length).toBe(betaBefore);
      // Naming the other town still works.
      const b = await new Client(t.server.url).joinOrCreate<TownState>("town", {
        name: "Nomad",
        town: "beta",
      });
      t.rooms.push(b);
      await waitFor("Nomad in beta", () => b.state?.name === "beta");
    } finally {
      room.maxClients = max;
    }
  }, 60_000);
});

describe("HTTP", () => {
  it("answers errors as JSON without stack traces or paths; checks the moderator before reading a body", async () => {
    const noAuth = await post("/api/towns", "{bad");
    expect(noAuth.status).toBe(401);
    expect(((await noAuth.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    const bad = await post("/api/towns", "{bad", { authorization: `Bearer ${MOD}` });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expectNoLeak(text);
    expect(JSON.parse(text)).toEqual({
      error: { code: "bad_message", message: "the request body is not valid JSON" },
    });
    const big = await post(
      "/api/saves",
      JSON.stringify({ from: "base-3", name: "x".repeat(1_000_000) }),
      { authorization: `Bearer ${MOD}` },
    );
    expect(big.status).toBe(413);
    expectNoLeak(await big.text());
    const wrongToken = await post("/api/saves", "x".repeat(100_000), {
      authorization: "Bearer nope",
    });
    expect(wrongToken.status).toBe(403);
  });

  it("serves only the client and the art; hides the server's paths", async () => {
    for (const p of [
      "/assets/nonexistent",
      "/assets/scripts/make-all.ts",
      "/assets/scripts/lib/",
      "/assets/towns/base-3/../../scripts/tiles.ts",
      "/assets/%2e%2e/package.json",
      "/nowhere",
    ]) {
      const res = await fetch(`${t.server.url}${p}`);
      expect(res.status, p).toBe(404);
      const body = await res.text();
      expectNoLeak(body);
      expect(body, p).not.toMatch(/assets\/|\.ts\b/);
    }
    for (const p of [
      "/assets/towns/base-3/town.json",
      "/assets/tiles/town.png",
      "/assets/sprites/characters.png",
    ]) {
      expect((await fetch(`${t.server.url}${p}`)).status, p).toBe(200);
    }
  });

  it("sends security headers everywhere, matchmaking included; no X-Powered-By", async () => {
    const answers = [
      await fetch(`${t.server.url}/api/health`),
      await fetch(`${t.server.url}/assets/tiles/town.png`),
      await post("/matchmake/joinOrCreate/town", JSON.stringify({ name: "\ud800" })),
    ];
    for (const res of answers) {
      expect(res.headers.get("x-powered-by")).toBeNull();
      expect(res.headers.get("content-security-policy")).toMatch(
        /default-src 'self'.*frame-ancestors 'none'/,
      );
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("limits matchmaking bodies: 10 MB and unsized bodies are refused", async () => {
    const huge = await post(
      "/matchmake/joinOrCreate/town",
      JSON.stringify({ name: "x".repeat(10_000_000) }),
    );
    expect(huge.status).toBe(413);
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"name":"chunked"}'));
        c.close();
      },
    });
    const chunked = await fetch(`${t.server.url}/matchmake/joinOrCreate/town`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  it("allows CORS for its own origin and CORS_ORIGINS only, never with credentials", async () => {
    const origin = (o: string) => fetch(`${t.server.url}/api/health`, { headers: { origin: o } });
    expect(
      (await origin("https://evil.example")).headers.get("access-control-allow-origin"),
    ).toBeNull();
    expect(
      (await origin("https://friend.example")).headers.get("access-control-allow-origin"),
    ).toBe("https://friend.example");
    const own = new URL(t.server.url).origin.replace("localhost", "127.0.0.1");
    const ownRes = await fetch(`${own}/api/health`, { headers: { origin: own } });
    expect(ownRes.headers.get("access-control-allow-origin")).toBe(own);
    expect(ownRes.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await fetch(`${t.server.url}/matchmake/joinOrCreate/town`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("fuzz: random methods, paths, bodies and encodings never get a 5xx or a leak", async () => {
    const rng = new Random(7);
    const paths = [
      "/api/towns",
      "/api/saves",
      "/api/agents",
      "/api/agents/ines",
      "/api/recordings",
      "/api/recordings/x/steps",
      "/api/nope",
      "/matchmake/joinOrCreate/town",
      "/matchmake/join/town",
      "/matchmake/create/town",
      "/matchmake/joinById/town",
      "/matchmake/reconnect/town",
      "/assets/x",
      "/replay/x",
      "/ops",
    ];
    for (let i = 0; i < 300; i++) {
      const path =
        paths[rng.int(paths.length)] +
        (rng.int(3) === 0
          ? `?town=${pct(hostileString(rng).slice(0, 100))}${rng.int(2) ? "%ED%A0%80%FF" : ""}&limit=${rng.int(1000) - 10}`
          : "");
      const method = ["GET", "POST", "PUT", "DELETE", "PATCH"][rng.int(5)];
      const body =
        method === "GET"
          ? undefined
          : rng.int(2)
            ? JSON.stringify(hostileOptions(rng))
            : Buffer.from(Uint8Array.from({ length: rng.int(2000) }, () => rng.int(256)));
      const headers: Record<string, string> = {
        "content-type": ["application/json", "text/plain", "application/json; charset=latin1"][
          rng.int(3)
        ],
      };
      if (rng.int(2))
        headers.authorization = rng.int(2)
          ? `Bearer ${MOD}`
          : `Bearer ${hostileString(rng)
              .replace(/[^\x20-\x7e]/g, "")
              .slice(0, 300)}`;
      if (rng.int(4) === 0) headers["content-encoding"] = ["gzip", "br", "deflate"][rng.int(3)];
      const res = await fetch(`${t.server.url}${path}`, { method, headers, body });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expectNoLeak(await res.text());
    }
  }, 120_000);
});

describe("limits that survive reconnects", () => {
  it("a reporter's interviews are limited per address: reconnecting does not refill the budget", async () => {
    await expect(
      new Client(t.server.url).joinOrCreate("town", { name: "Nosy", role: "reporter" }),
    ).rejects.toThrow(/asks reporters for a token/);
    await expect(
      new Client(t.server.url).joinOrCreate("town", {
        name: "Nosy",
        role: "reporter",
        token: "guess",
      }),
    ).rejects.toThrow(/wrong reporter token/);
    const started = Date.now();
    let answered = 0;
    let limited = 0;
    for (let visit = 0; visit < 5; visit++) {
      const r = await t.join(`Reporter ${visit}`, "reporter", REPORTER);
      for (let q = 0; q < 3; q++) {
        const errors = r.inbox.error.length;
        const answers = r.inbox.interview_answer.length;
        r.room.send("interview", {
          agentId: "ines",
          question: `What did you do today, question ${visit}.${q}?`,
          offTheRecord: true,
        });
        const outcome = await waitFor(
          "an answer or a refusal",
          () =>
            r.inbox.interview_answer.length > answers
              ? "answered"
              : r.inbox.error.length > errors
                ? r.inbox.error[errors].code
                : undefined,
          20_000,
        );
        if (outcome === "answered") answered++;
        else if (outcome === "rate_limited") limited++;
      }
      await r.room.leave();
    }
    const seconds = (Date.now() - started) / 1000;
    // One session's budget (burst 3, one every 2 s) for the whole address, however many visits.
    expect(answered).toBeLessThanOrEqual(3 + Math.ceil(seconds * 0.5) + 1);
    expect(limited).toBeGreaterThan(0);
    expect(answered + limited).toBe(15);
  }, 180_000);
});
