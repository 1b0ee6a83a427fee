// What a client is sent, in bytes, of other people's avatars and of the residents: the room's state,
// its mirror of the town's events and its interest management, through the real schema encoder,
// decoded as a client decodes its patches (bench/view-bytes.ts measures the same in a base-25 day).
import { Decoder, Encoder, Reflection, type StateView } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import { Interest, type ViewClient } from "../../server/rooms/interest.ts";
import { agentState, mirror } from "../../server/rooms/mirror.ts";
import type { TownEvent } from "../../shared/events.ts";
import {
  COARSE_TILES,
  DEFAULT_VIEW_HALF,
  NEAR_HALF,
  RESIDENTS_ALL_SENT,
  VIEW_MARGIN,
} from "../../shared/interest.ts";
import { objectStates } from "../../shared/objectStates.ts";
import { avatarAt, doingOf, facingOf, talkingToOf, TownState } from "../../shared/state.ts";

const MAP = { width: 160, height: 120 };

class Client implements ViewClient {
  view?: StateView;
  decoder?: Decoder<TownState>;
  constructor(readonly sessionId: string) {}
}

function room(residents: number) {
  const state = new TownState();
  Object.assign(state.clock, { step: 1, time: 0, running: true, speed: 1 });
  for (let i = 0; i < residents; i++)
    state.agents.set(
      `r${i}`,
      agentState({
        id: `r${i}`,
        name: `Resident ${i}`,
        // In a column at the town's west edge, and one far east.
        x: i === residents - 1 ? 150 : 2,
        y: i % MAP.height,
        action: "reading",
        emoji: "📖",
        address: "Brackwater:Lindqvist house:study:armchair",
        talkingTo: "",
        sprite: i % 8,
        facing: "down",
      }),
    );
  const interest = new Interest<Client>(state, MAP);
  const encoder = new Encoder(state);
  const clients: Client[] = [];
  return {
    state,
    interest,
    /** A person joins at (x, y) and gets the full state a client gets on joining. */
    join(id: string, name: string, x: number, y: number): Client {
      mirror(state, [
        { kind: "avatarJoined", avatarId: id, name, role: "visitor", x, y, sprite: 3 },
      ]);
      const c = new Client(id);
      interest.join(c, id);
      c.decoder = Reflection.decode<TownState>(Reflection.encode(encoder));
      const it = { offset: 0 };
      encoder.encodeAll(it);
      c.decoder.decode(encoder.encodeAllView(c.view!, it.offset, it));
      clients.push(c);
      this.patch([]); // the room patches on: what was new is sent and done with
      return c;
    },
    /** Events mirrored, then one patch as the room sends it: what each client got, in bytes. */
    patch(events: TownEvent[]): Map<Client, Uint8Array> {
      mirror(state, events);
      interest.update();
      const it = { offset: 0 };
      encoder.encode(it);
      const shared = it.offset;
      const out = new Map<Client, Uint8Array>();
      for (const c of clients) {
        const bytes = encoder.encodeView(c.view!, shared, it).slice();
        c.decoder!.decode(bytes);
        out.set(c, bytes);
      }
      encoder.discardChanges();
      return out;
    },
  };
}

const walked = (id: string, x: number, y: number): TownEvent => ({
  kind: "avatarMoved",
  avatarId: id,
  x,
  y,
});

describe("bytes a client is sent", () => {
  it("an avatar walking into view costs its position, not its whole entry again; out of view it costs nothing", () => {
    const r = room(3);
    const ines = r.join("sessionIN", "Ines Calloway", 60, 50);
    r.join("sessionTM", "Theodora Marchetti-Quayle", 110, 50);
    const seen = () => avatarAt(ines.decoder!.state.avatars.get("sessionTM"));
    expect(seen()).toBeUndefined();
    expect(ines.decoder!.state.avatars.get("sessionTM")?.name).toBe("Theodora Marchetti-Quayle");

    const cost: { x: number; bytes: number; near: boolean; seen?: { x: number; y: number } }[] = [];
    const walk = (from: number, to: number) => {
      for (let x = from; to < from ? x >= to : x <= to; x += to < from ? -1 : 1) {
        const bytes = r.patch([walked("sessionTM", x, 50)]).get(ines)!.length;
        const at = seen();
        const near = Math.abs(x - 60) <= NEAR_HALF.width;
        cost.push({ x, bytes, near, seen: at && { x: at.x, y: at.y } });
      }
    };
    walk(109, 20); // west past Ines and on, out of her view
    walk(21, 60); // and back to her
    const entries = cost.filter((c, i) => c.seen && !cost[i - 1]?.seen);
    const exits = cost.filter((c, i) => !c.seen && cost[i - 1]?.seen);
    const hidden = cost.filter((c, i) => !c.seen && !cost[i - 1]?.seen);
    const inView = cost.filter((c, i) => c.seen && cost[i - 1]?.seen);
    expect(entries).toHaveLength(2);
    expect(exits).toHaveLength(1);
    // Far from her, Theodora's walk sends Ines nothing.
    expect(Math.max(...hidden.map((c) => c.bytes))).toBe(0);
    // Coming into view: where she is (a few bytes of structure and x, y), not her id, name, role
    // and sprite again (which made it 45 bytes and more), nor the root's field of the avatars
    // (4 bytes while the root had a view-filtered field).
    // Her position is fields of her own avatar (under a view tag each), not a child: no reference
    // to it and no switch to it besides (14 bytes with the child).
    for (const e of entries) expect(e.bytes, `entering at x ${e.x}`).toBeLessThanOrEqual(10);
    // A tile's walk costs a change of x; coming near the middle of her view or going from it,
    // her place is sent the other way (exactly, or coarsely): x, y or their coarse pair, and the
    // deletion of the exact ones when she goes (15 bytes with children: a reference and both
    // children's fields again).
    const switches = inView.filter((c) => c.bytes > 6);
    expect(switches.length).toBeLessThanOrEqual(3); // into the middle, out, and in again
    for (const c of switches) expect(c.bytes).toBeLessThanOrEqual(12);
    expect(switches.reduce((n, c) => n + c.bytes, 0)).toBeLessThanOrEqual(32);
    for (const c of exits) expect(c.bytes).toBeLessThanOrEqual(4);
    // And what Ines decodes is where Theodora is near her, and a tile or two behind further out.
    for (const c of cost)
      if (c.seen) {
        expect(c.seen.y).toBe(50);
        if (c.near) expect(c.seen.x).toBe(c.x);
        else expect(Math.abs(c.seen.x - c.x)).toBeLessThan(COARSE_TILES);
      }
    expect(seen()).toMatchObject({ x: 60, y: 50 });
  });

  it("an avatar walking across the far part of a client's view costs a change every few tiles, not every tile", () => {
    const r = room(3);
    const ines = r.join("sessionIN", "Ines Calloway", 60, 50);
    const top = 50 - NEAR_HALF.height - 2; // in her view, not near its middle
    const edge = DEFAULT_VIEW_HALF.width + VIEW_MARGIN;
    r.join("sessionTM", "Theodora Marchetti-Quayle", 60 + edge, top);
    let bytes = 0;
    for (let x = 60 + edge - 1; x >= 60 - edge; x--) {
      bytes += r.patch([walked("sessionTM", x, top)]).get(ines)!.length;
      const seen = avatarAt(ines.decoder!.state.avatars.get("sessionTM"))!;
      expect(Math.abs(seen.x - x)).toBeLessThan(COARSE_TILES);
    }
    // 28 tiles: 4 bytes each when every tile was sent (112), now a change every third tile.
    expect(bytes).toBeLessThanOrEqual(4 * Math.ceil((2 * edge) / COARSE_TILES));
  });

  it(`a resident's new doing (a town of at most ${RESIDENTS_ALL_SENT}: to everyone) sends what a client shows, not its address`, () => {
    const r = room(25);
    const ines = r.join("sessionIN", "Ines Calloway", 60, 50);
    const address = "Brackwater:Ferreira bakery:kitchen:bread oven";
    const sent = r.patch([
      {
        kind: "actionStarted",
        agentId: "r4",
        action: "baking rye loaves",
        emoji: "🍞",
        address,
        talkingTo: "",
      },
    ]);
    const bytes = sent.get(ines)!;
    const seen = ines.decoder!.state.agents.get("r4")!;
    expect([seen.action, seen.emoji]).toEqual(["baking rye loaves", "🍞"]);
    expect(Buffer.from(bytes).includes(Buffer.from("Ferreira bakery"))).toBe(false);
    expect(bytes.length).toBeLessThanOrEqual(
      Buffer.byteLength("baking rye loaves") + Buffer.byteLength("🍞") + 8,
    );
    // Walking on to another object of the same doing changes nothing a client shows: nothing sent.
    const moved = r.patch([
      {
        kind: "actionStarted",
        agentId: "r4",
        action: "baking rye loaves",
        emoji: "🍞",
        address: "Brackwater:Ferreira bakery:kitchen:counter",
        talkingTo: "",
      },
    ]);
    expect(moved.get(ines)!.length).toBe(0);
  });

  it("a far resident in a large town costs a client nothing when it walks or changes its doing", () => {
    const r = room(RESIDENTS_ALL_SENT + 10);
    const far = `r${RESIDENTS_ALL_SENT + 9}`; // at x 150
    const ines = r.join("sessionIN", "Ines Calloway", 60, 50);
    expect(r.interest.residentsSentTo("sessionIN")).toEqual([]);
    const sent = r.patch([
      { kind: "agentMoved", agentId: far, x: 149, y: 50 },
      {
        kind: "actionStarted",
        agentId: far,
        action: "mending a fence",
        emoji: "🔨",
        address: "Brackwater:Okafor farm:yard",
        talkingTo: "",
      },
    ]);
    expect(sent.get(ines)!.length).toBe(0);
    expect(ines.decoder!.state.agents.get(far)?.x).toBeUndefined();
  });

  it("a person's talk with a resident sends whom it talks with, and the client writes 'talking with <name>' itself", () => {
    const r = room(25);
    const ines = r.join("sessionIN", "Ines Calloway", 60, 50);
    const oskar = r.join("sessionOS", "Oskar Brandvold", 4, 7);
    const doing = (c: Client) => {
      const s = c.decoder!.state;
      const { action, emoji } = doingOf(s, s.agents.get("r7")!);
      return `${emoji} ${action}`;
    };
    const talk = {
      kind: "actionStarted",
      agentId: "r7",
      action: "talking with Oskar Brandvold",
      emoji: "💬",
      address: "Brackwater:Lindqvist house:study",
    } as const;
    // Oskar walks up to the resident reading in its study: it turns to him.
    const started = r.patch([{ ...talk, talkingTo: "sessionOS" }]);
    for (const c of [ines, oskar]) {
      expect(doing(c)).toBe("💬 talking with Oskar Brandvold");
      const s = c.decoder!.state;
      expect(talkingToOf(s, s.agents.get("r7")!)).toBe("sessionOS");
      // Whom it talks with (his seat in the room and a few bytes of structure), not the words
      // "talking with Oskar Brandvold" and 💬 besides (49 bytes on the old state), nor his
      // session id (18 bytes with it).
      expect(started.get(c)!.length, c.sessionId).toBeLessThanOrEqual(8);
      expect(Buffer.from(started.get(c)!).includes(Buffer.from("Oskar"))).toBe(false);
    }
    // It turns to him: a byte for the way it looks (9 bytes with the word "right").
    const turned = r.patch([{ kind: "agentFaced", agentId: "r7", facing: "right" }]);
    expect(turned.get(ines)!.length).toBeLessThanOrEqual(4);
    expect(facingOf(ines.decoder!.state.agents.get("r7")!)).toBe("right");
    // The talk ends: the resident is free, choosing what next, and shown so (not still talking).
    const ended = r.patch([{ ...talk, talkingTo: "" }]);
    expect(ended.get(ines)!.length).toBeLessThanOrEqual(4);
    expect(talkingToOf(ines.decoder!.state, ines.decoder!.state.agents.get("r7")!)).toBe("");
    expect(doing(ines)).toBe(" ");
    r.patch([
      {
        kind: "actionStarted",
        agentId: "r7",
        action: "reading",
        emoji: "📖",
        address: "Brackwater:Lindqvist house:study:armchair",
        talkingTo: "",
      },
    ]);
    expect(doing(ines)).toBe("📖 reading");
    // A talk on a topic (two residents) is sent as it is: the client cannot write it.
    r.patch([{ ...talk, action: "the harvest fair", talkingTo: "r8" }]);
    expect(doing(oskar)).toBe("💬 the harvest fair");
  });
  it("a person who joins again under their id is still the one a resident talks with", () => {
    const r = room(3);
    r.join("sessionIN", "Ines Calloway", 4, 5);
    r.join("sessionOS", "Oskar Brandvold", 4, 6);
    r.join("sessionUL", "Ulla Marsh", 4, 7);
    r.patch([{ kind: "avatarLeft", avatarId: "sessionIN" }]);
    r.patch([
      {
        kind: "actionStarted",
        agentId: "r1",
        action: "talking with Ulla Marsh",
        emoji: "💬",
        address: "Brackwater:Lindqvist house:study",
        talkingTo: "sessionUL",
      },
    ]);
    // Ulla's avatar joins again (the same id): the resident still talks with her, not with
    // whoever took the seat Ines left.
    r.patch([
      {
        kind: "avatarJoined",
        avatarId: "sessionUL",
        name: "Ulla Marsh",
        role: "visitor",
        x: 4,
        y: 7,
        sprite: 3,
      },
    ]);
    const s = r.state;
    expect(talkingToOf(s, s.agents.get("r1")!)).toBe("sessionUL");
  });
  it("a group talk with people costs a client a few bytes at each arrival, not every name in it again", () => {
    const r = room(25);
    const ines = r.join("sessionIN", "Ines Calloway", 60, 50);
    // Twelve people walk up to the resident reading in its study, one after another.
    const people = Array.from({ length: 12 }, (_, i) => `Visitor ${i + 1}`);
    people.forEach((name, i) => r.join(`session${i}`, name, 4 + (i % 3), 6 + Math.floor(i / 3)));
    const doing = () => {
      const s = ines.decoder!.state;
      const { action, emoji } = doingOf(s, s.agents.get("r7")!);
      return `${emoji} ${action}`;
    };
    const talk = (n: number, to: number) =>
      r.patch([
        {
          kind: "actionStarted",
          agentId: "r7",
          action: `talking with ${people.slice(0, n).join(" and ")}`,
          emoji: "💬",
          address: "Brackwater:Lindqvist house:study",
          talkingTo: `session${to}`,
        },
      ]);
    const sizes: number[] = [];
    for (let n = 1; n <= people.length; n++) sizes.push(talk(n, n - 1).get(ines)!.length);
    // Each arrival: whom it talks with now and how many others (every name, 200 bytes at twelve;
    // 18 with the session id of whom it talks with).
    expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
    expect(doing()).toBe("💬 talking with Visitor 12 and 11 others");
    // One leaves; it answers the first again.
    const left = talk(11, 0).get(ines)!.length;
    expect(left).toBeLessThanOrEqual(8);
    expect(doing()).toBe("💬 talking with Visitor 1 and 10 others");
    talk(2, 1);
    expect(doing()).toBe("💬 talking with Visitor 2 and one other");
    // A doing naming someone not in the room is sent as it is.
    r.patch([
      {
        kind: "actionStarted",
        agentId: "r7",
        action: "talking with Visitor 1 and a stranger",
        emoji: "💬",
        address: "Brackwater:Lindqvist house:study",
        talkingTo: "session0",
      },
    ]);
    expect(doing()).toBe("💬 talking with Visitor 1 and a stranger");
  });
  it("an object a resident takes up costs a client its address once, with its state and who set it", () => {
    const r = room(25);
    const ines = r.join("sessionIN", "Ines Calloway", 60, 50);
    const address = "Brackwater:Ferreira bakery:kitchen:bread oven";
    const sent = r
      .patch([{ kind: "objectChanged", address, state: "baking bread", by: "Resident 4" }])
      .get(ines)!;
    expect(objectStates(ines.decoder!.state)).toEqual([
      { address, state: "baking bread", by: "Resident 4" },
    ]);
    const text = Buffer.from(sent).toString("latin1");
    expect(text.split(address).length - 1).toBe(1); // twice before: the map's key and a field
    expect(sent.length).toBeLessThanOrEqual(
      Buffer.byteLength(address) +
        Buffer.byteLength("baking bread") +
        Buffer.byteLength("Resident 4") +
        16,
    );
    // The resident leaves it: idle again, gone from the client's list.
    r.patch([{ kind: "objectChanged", address, state: "", by: "Resident 4" }]);
    expect(objectStates(ines.decoder!.state)).toEqual([]);
  });
});
