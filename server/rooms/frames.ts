// How a room's frames reach its clients' sockets. Two things the room's thread gains from:
//
// - A patch with nothing in it for a client is not sent. With interest management Colyseus
//   encodes a patch for every client whenever anything changed anywhere (an avatar across town
//   took a step), and a client whose view saw none of it got a frame holding only the patch's
//   code: with 200 people, thousands of empty frames a second, each a socket write.
// - A client's frames are written together, a moment later, and the room's clients a share at a
//   time. A socket write is a system call (on loopback it also does the receiver's work), and it
//   was most of a patch's time: 200 clients were 200 writes in one go, plus one more per message
//   (speech, talk members), each a slice of the loop no timer could cut into. Now every frame is
//   held on its socket (corked) and the held sockets are written out WRITES_PER_TURN at a time,
//   one turn of the event loop each (setImmediate), so timers and input run between them. All a
//   client was sent since its last write (a patch and the lines said meanwhile) goes out in one
//   write, in the order it was sent.
import { Protocol } from "@colyseus/core";
import type { Socket } from "node:net";

/** Sockets written out in one turn of the event loop. */
export const WRITES_PER_TURN = 40;

type Raw = (data: Uint8Array, ...rest: unknown[]) => void;
/** What a Colyseus websocket client is underneath: `raw` writes a frame, `ref` is its ws socket. */
interface RawClient {
  raw: Raw;
  ref?: { _socket?: Socket };
}

/** Sockets holding frames, in the order they were first held. */
const held: Socket[] = [];
let scheduled = false;

function writeSome(): void {
  scheduled = false;
  const n = Math.min(WRITES_PER_TURN, held.length);
  for (let i = 0; i < n; i++) {
    const socket = held[i];
    // Corked once by hold(); ws's own cork/uncork around each frame nests inside it.
    while (socket.writableCorked > 0) socket.uncork();
  }
  held.splice(0, n);
  if (held.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(writeSome);
}

function hold(socket: Socket): void {
  if (socket.writableCorked > 0) return; // already held (or written by ws this very moment)
  socket.cork();
  held.push(socket);
  schedule();
}

/**
 * Sends a client's frames as this module says: empty patches dropped, the rest held and written
 * together a moment later. A frame that is not a patch is copied first: some of Colyseus's
 * encoders hand out a view of a buffer they reuse (a patch is always a fresh array).
 */
export function batchFrames(client: unknown): void {
  const c = client as RawClient;
  const raw: Raw = c.raw.bind(c);
  c.raw = (data, ...rest) => {
    const patch = data[0] === Protocol.ROOM_STATE_PATCH;
    if (patch && data.length === 1) return;
    const socket = c.ref?._socket;
    if (!socket || socket.destroyed || !socket.writable) return raw(data, ...rest);
    hold(socket);
    raw(patch ? data : new Uint8Array(data), ...rest);
  };
}

/** Frames still held (for tests and the ops page): sockets waiting for their write. */
export function framesHeld(): number {
  return held.length;
}
