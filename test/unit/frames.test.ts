// A room's frames reach their sockets a share of the clients at a time (server/rooms/frames.ts):
// a patch to many clients, and the lines said meanwhile, no longer write every socket in the
// patch's own slice of the loop; each client's frames go out together, in order, in one write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { Protocol } from "@colyseus/core";
import { batchFrames, WRITES_PER_TURN } from "../../server/rooms/frames.ts";
import { waitFor } from "../helpers/wait.ts";

const CLIENTS = 100;
const turn = () => new Promise<void>((r) => setImmediate(r));

interface Pair {
  /** Server side, as a Colyseus client over ws: raw() writes a frame the way ws does. */
  client: { raw(data: Uint8Array): void; ref: { _socket: net.Socket } };
  writes: number;
  received: Buffer[];
}

let server: net.Server;
const pairs: Pair[] = [];

beforeAll(async () => {
  const accepted: net.Socket[] = [];
  server = net.createServer((s) => accepted.push(s));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as net.AddressInfo).port;
  const remote: net.Socket[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const c = net.connect(port, "127.0.0.1");
    await new Promise<void>((r) => c.once("connect", r));
    remote.push(c);
  }
  await waitFor("every socket accepted", () => accepted.length >= CLIENTS);
  for (let i = 0; i < CLIENTS; i++) {
    const socket = accepted[i];
    const pair: Pair = {
      writes: 0,
      received: [],
      client: {
        ref: { _socket: socket },
        // As ws's sender: a header and the payload, corked around the two writes.
        raw(data) {
          socket.cork();
          socket.write(Buffer.from([data.length]));
          socket.write(data);
          socket.uncork();
        },
      },
    };
    // Every write that reaches the kernel (one writev for chunks written together).
    const writev = (socket as any)._writev.bind(socket);
    const write = (socket as any)._write.bind(socket);
    (socket as any)._writev = (...a: unknown[]) => (pair.writes++, writev(...a));
    (socket as any)._write = (...a: unknown[]) => (pair.writes++, write(...a));
    remote[i].on("data", (d: Buffer) => pair.received.push(d));
    batchFrames(pair.client);
    pairs.push(pair);
  }
});

afterAll(async () => {
  for (const p of pairs) p.client.ref._socket.destroy();
  await new Promise((r) => server.close(r));
});

describe("a room's frames", () => {
  it("go out a share of the clients each turn of the loop, a client's frames in one write, in order", async () => {
    const patch = (i: number) => Uint8Array.of(Protocol.ROOM_STATE_PATCH, i, 1, 2);
    const line = (i: number) => Uint8Array.of(Protocol.ROOM_DATA, i, 9);
    // A patch to everyone, then a line said to every client: nothing written in this slice.
    for (let i = 0; i < CLIENTS; i++) pairs[i].client.raw(patch(i));
    for (let i = 0; i < CLIENTS; i++) pairs[i].client.raw(line(i));
    // An empty patch is not sent at all.
    pairs[0].client.raw(Uint8Array.of(Protocol.ROOM_STATE_PATCH));
    expect(pairs.reduce((n, p) => n + p.writes, 0)).toBe(0);

    const written: number[] = [];
    for (let t = 0; t < 10 && written.reduce((a, b) => a + b, 0) < CLIENTS; t++) {
      const before = pairs.filter((p) => p.writes > 0).length;
      await turn();
      written.push(pairs.filter((p) => p.writes > 0).length - before);
    }
    expect(Math.max(...written)).toBeLessThanOrEqual(WRITES_PER_TURN);
    expect(written.length).toBeGreaterThan(1);
    // Every client: one write with both of its frames, the patch first.
    for (const [i, p] of pairs.entries()) expect(p.writes, `client ${i}`).toBe(1);
    const size = (i: number) => 1 + patch(i).length + 1 + line(i).length;
    await waitFor("every client's bytes", () =>
      pairs.every((p, i) => Buffer.concat(p.received).length >= size(i)),
    );
    for (const [i, p] of pairs.entries())
      expect([...Buffer.concat(p.received)], `client ${i}`).toEqual([
        4,
        ...patch(i),
        3,
        ...line(i),
      ]);
  });

  it("hold a frame that is not a patch as it was sent, even if its buffer is reused", async () => {
    const shared = new Uint8Array([Protocol.ROOM_DATA, 7, 7]);
    pairs[1].client.raw(shared);
    shared.fill(0);
    pairs[1].received.length = 0;
    await turn();
    await waitFor("the frame's bytes", () => Buffer.concat(pairs[1].received).length >= 4);
    expect([...Buffer.concat(pairs[1].received)]).toEqual([3, Protocol.ROOM_DATA, 7, 7]);
  });
});
