// Interest management, the part both sides agree on. A client is sent the town itself (clock,
// residents, objects) and the list of people in it (names, roles, sprites), but the positions of
// avatars only within an area around what its camera shows: its own avatar always, others once
// they come within the area (and until they are a little beyond it). Avatars outside have no
// position in the client's state (x and y are undefined) and are not drawn.
//
// The client tells the server what its camera shows with the `view` message: whom the camera
// follows ("" for its own avatar, else a resident's id) and half the size of the camera's view,
// in tiles. The server keeps the area centred on that person, as the camera is.
//
// What is said (agent_said, avatar_said, chat_ended) goes the same way: to the clients that see
// the speaker or the one spoken to, and always to the person spoken to.
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
/** Tiles beyond the camera's view within which avatars are already sent (the camera lags a little behind whom it follows). */
export const VIEW_MARGIN = 2;
/** Tiles further out before an avatar that was sent stops being sent: walking along the edge does not make it flicker in and out. */
export const VIEW_HYSTERESIS = 2;

export const ViewRequest = z
  .object({
    /** "" follows one's own avatar; otherwise a resident's id. */
    follow: z.string().max(64),
    halfWidth: z.number().finite().min(0),
    halfHeight: z.number().finite().min(0),
  })
  .strict();
export type ViewRequest = z.infer<typeof ViewRequest>;
