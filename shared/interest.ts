// Interest management, the part both sides agree on. A client is sent the town itself (clock,
// objects), the list of residents and of people in it (ids, names, roles, sprites), but where
// they are and what they do only within an area around what its camera shows: its own avatar
// always, other avatars and residents once they come within the area (and until they are a little
// beyond it); in a town of up to RESIDENTS_ALL_SENT residents, every resident always. Outside, an avatar has no position in the client's state (avatarAt() is undefined),
// nor a resident its position, action, emoji, talk or facing; neither is drawn. For the
// minimap the state's `crowd` says, coarsely, how many residents are where in the whole town
// (encodeCrowd / decodeCrowd below), refreshed every CROWD_SECONDS.
//
// Other avatars in the view but not near its middle (NEAR_HALF) are sent coarsely: their place
// every few tiles, not every tile (AvatarState.fx, fy).
//
// Objects in such a town go the same way: the states residents' uses give them (hundreds in a
// town of a thousand) are in the state's `objectsInUse`, sent near the camera like residents; the
// states people set (a moderator's fire) stay in `objects`, sent to everyone, so announcements,
// the minimap's alerts and "Follow the action" find them wherever they are.
//
// The client tells the server what its camera shows with the `view` message: whom the camera
// follows ("" for its own avatar, else a resident's id) and half the size of the camera's view,
// in tiles. The server keeps the area centred on that person, as the camera is; a camera that
// follows nobody (it looks at a place) says the tile it is centred on (x, y).
//
// What is said (agent_said, avatar_said) goes the same way: to the clients that see the speaker
// or the one spoken to, and always to the person spoken to. The end of a person's talk
// (chat_ended) goes to that person alone.
import { z } from "zod";

/** Message type of a client's camera report (client → server; no answer unless it is malformed). */
export const VIEW_MESSAGE = "view";

/**
 * Half the camera's view, in tiles, assumed until a client reports its own: a 16:10 window at
 * the default zoom (the client zooms so that about 24 tiles fit across).
 */
export const DEFAULT_VIEW_HALF = { width: 12, height: 7.5 } as const;
/**
 * Largest half view the server honours, in tiles: the client does not zoom out further than
 * this (at 1920 × 1080 pixels, a zoom of about 0.6).
 */
export const MAX_VIEW_HALF = { width: 48, height: 32 } as const;
/**
 * A town of at most this many residents sends every one of them to every client (where they are
 * and what they do): a few dozen cost little, and its minimap and list show each exactly. A larger
 * town (a generated town of hundreds or a thousand) sends a client only those near its camera.
 */
export const RESIDENTS_ALL_SENT = 50;
/** Tiles beyond the camera's view within which avatars are already sent (the camera lags a little behind whom it follows). */
export const VIEW_MARGIN = 2;
/** Tiles further out before an avatar that was sent stops being sent: walking along the edge does not make it flicker in and out. */
export const VIEW_HYSTERESIS = 2;

/**
 * Half the area around the middle of a client's view, in tiles, in which other avatars are sent
 * exactly, every tile they walk (AvatarState.x, y). Beyond it, in the rest of the view, an avatar is
 * sent coarsely (AvatarState.fx, fy): where it was when it got COARSE_TILES from its last sent place,
 * or stood still COARSE_SETTLE_MS; the client walks it there. In a crowd that is most of the moves
 * a client is sent, and the far part of the view is most of its area.
 */
export const NEAR_HALF = { width: 5, height: 4 } as const;
/** Tiles further out before an avatar sent exactly is sent coarsely again. */
export const NEAR_HYSTERESIS = 1;
/** Tiles (across plus down) an avatar walks before its coarse place follows it. */
export const COARSE_TILES = 4;
/** Milliseconds an avatar stands still before its coarse place is where it stands. */
export const COARSE_SETTLE_MS = 400;

export const ViewRequest = z
  .object({
    /** "" follows one's own avatar; otherwise a resident's id. */
    follow: z.string().max(64),
    halfWidth: z.number().finite().min(0),
    halfHeight: z.number().finite().min(0),
    /** The tile the camera is centred on when it follows nobody (it looks at a place). */
    x: z.number().finite().optional(),
    y: z.number().finite().optional(),
  })
  .strict();
export type ViewRequest = z.infer<typeof ViewRequest>;

/** How often the server refreshes the state's `crowd` (the minimap's residents out of view). */
export const CROWD_SECONDS = 10;
/** At most this many cells of the crowd's grid along a side. */
const CROWD_CELLS = 48;
/** Digits of the crowd's text: one character each for a cell's column, row and count. */
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
const TALKING = 32;

/** A cell of the crowd: its top-left tile, side in tiles, residents in it, and whether any talks. */
export interface CrowdCell {
  x: number;
  y: number;
  size: number;
  count: number;
  talking: boolean;
}

/** Side of the crowd's cells, in tiles, for a map of this size. */
export function crowdCellSize(map: { width: number; height: number }): number {
  return Math.max(1, Math.ceil(Math.max(map.width, map.height) / CROWD_CELLS));
}

/**
 * Where the residents are, coarsely, as a short text: "size;" then three characters per occupied
 * cell (column, row, count up to 31, plus 32 when one there talks). About a kilobyte for a
 * thousand residents, sent to everyone every CROWD_SECONDS instead of each one's position.
 */
export function encodeCrowd(
  map: { width: number; height: number },
  residents: Iterable<{ x: number; y: number; talking: boolean }>,
): string {
  const size = crowdCellSize(map);
  const cells = new Map<number, number>();
  for (const r of residents) {
    const cx = Math.min(CROWD_CELLS - 1, Math.max(0, Math.floor(r.x / size)));
    const cy = Math.min(CROWD_CELLS - 1, Math.max(0, Math.floor(r.y / size)));
    const key = cy * CROWD_CELLS + cx;
    const v = cells.get(key) ?? 0;
    cells.set(
      key,
      Math.min(TALKING - 1, (v & (TALKING - 1)) + 1) | (v & TALKING) | (r.talking ? TALKING : 0),
    );
  }
  let out = `${size};`;
  for (const key of [...cells.keys()].sort((a, b) => a - b))
    out +=
      DIGITS[key % CROWD_CELLS] + DIGITS[Math.floor(key / CROWD_CELLS)] + DIGITS[cells.get(key)!];
  return out;
}

/** The cells of a crowd text (encodeCrowd); none for a malformed or empty one. */
export function decodeCrowd(text: string | undefined): CrowdCell[] {
  const m = /^(\d+);(.*)$/.exec(text ?? "");
  if (!m || m[2].length % 3 !== 0) return [];
  const size = Number(m[1]);
  const out: CrowdCell[] = [];
  for (let i = 0; i < m[2].length; i += 3) {
    const [cx, cy, v] = [0, 1, 2].map((k) => DIGITS.indexOf(m[2][i + k]));
    if (cx < 0 || cy < 0 || v < 0) return [];
    out.push({
      x: cx * size,
      y: cy * size,
      size,
      count: v & (TALKING - 1),
      talking: !!(v & TALKING),
    });
  }
  return out;
}
