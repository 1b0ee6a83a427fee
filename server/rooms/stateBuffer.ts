// The size of the buffer Colyseus encodes a room's state into, set before any room is made.
//
// Colyseus's default is 16 KB and it grows the buffer on overflow, but its serializer then encodes
// each joining client's view after the old buffer's bytes (core 0.18.17, schema 5.0.34,
// SchemaSerializer.getFullState keeps its first buffer): a newcomer to a room whose state is
// over 16 KB (about 450 people in base-25, or a few hundred objects with states) decoded a
// garbled state. A town's state stays well under this size: 500 people (TownRoom.maxClients), its
// residents, and a state of MAX_STATE_LENGTH on every object of a large town come to ~80 KB
// (test/unit/full-state-size.test.ts decodes such a state).
import { Encoder } from "@colyseus/schema";

export const STATE_BUFFER_BYTES = 512 * 1024;

if (Encoder.BUFFER_SIZE < STATE_BUFFER_BYTES) Encoder.BUFFER_SIZE = STATE_BUFFER_BYTES;
