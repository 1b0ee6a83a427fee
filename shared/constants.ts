// Numbers both sides agree on. Tuning that only the server needs lives in server/config.ts.

/** Pixel size of one map tile (the original's grid size). */
export const TILE_SIZE = 32;
/** Game seconds one step of the simulation covers. */
export const STEP_SECONDS = 10;
/** Name of the Colyseus room that hosts a town. */
export const TOWN_ROOM = "town";
/** Tiles per real second an avatar walks. */
export const AVATAR_TILES_PER_SECOND = 5;
/** Longest name a person may join with. */
export const MAX_NAME_LENGTH = 24;
/** Longest text a person may say, ask or whisper. */
export const MAX_TEXT_LENGTH = 500;
/** A person talks to a resident within this many tiles (Chebyshev distance: diagonals count 1). */
export const TALK_RANGE = 3;
/**
 * A person's talk with a resident ends after this many real seconds without words from either
 * side (people type in real time whatever the clock speed), when the person walks out of
 * TALK_RANGE, says goodbye, or leaves the town.
 */
export const CHAT_IDLE_SECONDS = 30;
/** Longest object state a moderator may set ("on fire", "out of coffee"). */
export const MAX_STATE_LENGTH = 80;
