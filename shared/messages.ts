// Every message that crosses the wire, as zod schemas. The server validates each client
// message with these before it touches the Town; the client builds its messages from the
// same types. See docs/ARCHITECTURE.md, "Protocol".
import { z } from "zod";
import { MAX_STATE_LENGTH } from "./constants.ts";
import { CleanText, FreeText, PersonName, TownName } from "./text.ts";
import { NewResidentFields, ResidentChanges } from "./newResident.ts";

export const Role = z.enum(["visitor", "reporter", "moderator"]);
export type Role = z.infer<typeof Role>;

const id = z.string().min(1).max(64);
const text = FreeText;
const tileCoord = z.number().int().min(0).max(10_000);

export const JoinOptions = z.object({
  name: PersonName,
  role: Role.default("visitor"),
  token: z.string().max(200).optional(),
  /** The town to join (its name, as GET /api/towns lists it); none: the server's default town. */
  town: TownName.optional(),
});
export type JoinOptions = z.infer<typeof JoinOptions>;

/** A per-client token bucket. */
export interface Bucket {
  /** Messages that may come at once. */
  burst: number;
  /** Messages per second refilled. */
  perSecond: number;
}

/** Everything the server needs to know of one client message. */
export interface ClientMessageSpec<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** Who may send it (docs/ARCHITECTURE.md, "Protocol"). */
  roles: readonly Role[];
  /** What a role that may not send it is told it cannot do: "a visitor cannot <refusal>". */
  refusal: string;
  /** The default rate limit per client (the room may be given others). */
  rate: Bucket;
}

const everyone: readonly Role[] = ["visitor", "reporter", "moderator"];

/**
 * Client → server messages, keyed by message type: the one registry. A new message is a new
 * entry here, a handler in the room's table (TownRoom.handlers), and usually a Town command.
 * Rates: generous for people, tight for what asks the model (say, interview, whisper).
 */
export const ClientMessages = {
  move: {
    schema: z.object({ x: tileCoord, y: tileCoord }).strict(),
    roles: everyone,
    refusal: "walk",
    rate: { burst: 20, perSecond: 10 },
  },
  say: {
    schema: z.object({ agentId: id, text }).strict(),
    roles: everyone,
    refusal: "talk to residents",
    rate: { burst: 5, perSecond: 1 },
  },
  /** Reporters (moderators too: they run the town), any distance. offTheRecord: nothing is written to memory. */
  interview: {
    schema: z
      .object({ agentId: id, question: text, offTheRecord: z.boolean().optional() })
      .strict(),
    roles: ["reporter", "moderator"],
    refusal: "interview residents (reporters do)",
    rate: { burst: 3, perSecond: 0.5 },
  },
  /** The state "idle" puts the object back to its idle state. */
  set_object_state: {
    schema: z
      .object({ address: z.string().min(1).max(200), state: CleanText(MAX_STATE_LENGTH) })
      .strict(),
    roles: ["moderator"],
    refusal: "change objects (moderators do)",
    rate: { burst: 10, perSecond: 2 },
  },
  whisper: {
    schema: z.object({ agentId: id, text }).strict(),
    roles: ["moderator"],
    refusal: "whisper to residents (moderators do)",
    rate: { burst: 5, perSecond: 1 },
  },
  /** News for everyone in town, or for those at a place (an address prefix: "the Ville:Hobbs Cafe"). */
  announce: {
    schema: z.object({ text, place: z.string().max(200).optional() }).strict(),
    roles: ["moderator"],
    refusal: "make announcements (moderators do)",
    rate: { burst: 3, perSecond: 0.5 },
  },
  /** A resident moves into the running town (shared/newResident.ts). */
  add_resident: {
    schema: NewResidentFields,
    roles: ["moderator"],
    refusal: "add residents (moderators do)",
    rate: { burst: 3, perSecond: 0.2 },
  },
  /** A moderator changes a resident: it takes the change in as its own thought and replans. */
  edit_resident: {
    schema: z.object({ agentId: id, changes: ResidentChanges }).strict(),
    roles: ["moderator"],
    refusal: "change residents (moderators do)",
    rate: { burst: 3, perSecond: 0.2 },
  },
  /** A moderator retires a resident: it ends its talk, walks home and leaves town. */
  retire_resident: {
    schema: z.object({ agentId: id }).strict(),
    roles: ["moderator"],
    refusal: "retire residents (moderators do)",
    rate: { burst: 3, perSecond: 0.2 },
  },
  control: {
    schema: z
      .object({
        action: z.enum(["pause", "resume", "speed"]),
        value: z.number().positive().max(100).optional(),
      })
      .strict()
      .refine((c) => c.action !== "speed" || c.value !== undefined, {
        message: "speed needs a value",
      }),
    roles: ["moderator"],
    refusal: "control the clock (moderators do)",
    rate: { burst: 10, perSecond: 4 },
  },
} as const satisfies Record<string, ClientMessageSpec>;
export type ClientMessageType = keyof typeof ClientMessages;
export type ClientMessage<K extends ClientMessageType> = z.infer<
  (typeof ClientMessages)[K]["schema"]
>;
/** A validated client message: its type and its payload, typed together. */
export type ParsedClientMessage<K extends ClientMessageType = ClientMessageType> = {
  [T in K]: { type: T; value: ClientMessage<T> };
}[K];

export const ErrorCode = z.enum([
  "bad_message", // the payload does not match the schema
  "unknown_message", // no such message type
  "forbidden", // the role may not do that
  "not_found", // no such agent, object or tile
  "unreachable", // no path to the tile
  "too_far", // out of talking range
  "busy", // the resident is talking with someone else
  "rate_limited", // too many messages
  "unavailable", // the feature is not available on this server yet
  "conflict", // taken already: a resident's name, a home's last bed
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** Someone in a group talk: a resident ("agent") or a person's avatar. */
export interface ChatMember {
  id: string;
  name: string;
  kind: "agent" | "avatar";
}

/** A line of a group talk: who said it (a resident's or avatar's id, and name), to whom. */
export interface ChatLine {
  speaker: string;
  name: string;
  to: string;
  text: string;
}

/** Server → client messages. */
export type ServerMessages = {
  /** Answer to a refused message; `type` names the client message it answers. */
  error: { code: ErrorCode; message: string; type?: string };
  /** Sent once to the joining client. */
  welcome: { avatarId: string; role: Role; engine: string };
  /**
   * A resident spoke; `to` is an avatar id or an agent id. To the clients that see the speaker or
   * the one spoken to (shared/interest.ts), and to the person spoken to: they show a bubble.
   */
  agent_said: { agentId: string; to: string; text: string; chat?: string };
  /**
   * A person spoke to a resident. To the clients that see the person or the resident, the person
   * included. `chat`: the group talk it was said in (every person in it is sent the line). The
   * person's name is not sent: every client has it in the state (`avatars`, whoever it sees).
   */
  avatar_said: { avatarId: string; to: string; text: string; chat?: string };
  /**
   * Who is in a group talk now: to every person in it, and to one who just left it (then without
   * them). A talk with nobody left is over. `lines`: its latest lines, for one who just joined.
   */
  chat_members: { chat: string; members: ChatMember[]; lines: ChatLine[] };
  /** To the asking client only. */
  interview_answer: { agentId: string; question: string; answer: string; offTheRecord: boolean };
  /** To the whispering moderator: the thought as the resident now remembers it. */
  whisper_done: { agentId: string; thought: string };
  /** Broadcast; also mirrored in state.objects. An empty state means the object is back to idle. */
  object_state_set: { address: string; state: string; by: string };
  /**
   * A person's conversation with a resident ended. To that person only: the others see it end in
   * the state (the resident's `talkingTo`), and the message was a tenth of the speech a crowd
   * was sent.
   */
  chat_ended: { agentId: string; avatarId: string };
  /**
   * Sent to everyone just before the server shuts down (the town is saved). `restarting`: it is
   * expected back (a deploy, SIGTERM), and a page may try to rejoin after `retryMs`.
   */
  server_closing: { reason: string; restarting: boolean; retryMs: number };
};

/**
 * Speech as it goes over the wire. A line goes to every client that sees the speaker (with 500
 * people in a room, a few hundred B/s a client), and as a named message it spent most of its
 * bytes on the frame: the type's name ("agent_said", 11 bytes), the payload's field names (about
 * 22) and a person's session id (10). So these are sent with a number for their type, their
 * payload as an array, and a person by their seat in the room (AvatarState.seat, a byte; a
 * resident by its id): `[agentId, to, text, chat?]` and `[seat, agentId, text, chat?]`, where
 * `to` is a resident's id or a person's seat. toWire() and fromWire() convert; the client's
 * link (client/link.ts) hands its handlers the named message, as before.
 */
export const WIRE_TYPES = { agent_said: 1, avatar_said: 2 } as const;
export type WireType = keyof typeof WIRE_TYPES;
/** A line on the wire: speaker, whom it is said to, its words and its group talk if any. */
export type WireLine =
  [string | number, string | number, string] | [string | number, string | number, string, string];

/** A line as sent: `seatOf` gives a person's seat (0 or none: not a person in the room). */
export function toWire<K extends WireType>(
  type: K,
  m: ServerMessages[K],
  seatOf: (avatarId: string) => number | undefined,
): WireLine {
  const who = (id: string) => seatOf(id) || id;
  const speaker =
    type === "agent_said"
      ? (m as ServerMessages["agent_said"]).agentId
      : who((m as ServerMessages["avatar_said"]).avatarId);
  const to = type === "agent_said" ? who(m.to) : m.to;
  return m.chat ? [speaker, to, m.text, m.chat] : [speaker, to, m.text];
}

/**
 * The named message of a line as sent (undefined when it is not one); `personAt` gives the session
 * id of the person at a seat ("" when none: the client does not know them, or they left).
 */
export function fromWire<K extends WireType>(
  type: K,
  w: unknown,
  personAt: (seat: number) => string,
): ServerMessages[K] | undefined {
  if (!Array.isArray(w) || w.length < 3 || typeof w[2] !== "string") return undefined;
  const id = (x: unknown) => (typeof x === "number" ? personAt(x) : String(x));
  const chat = typeof w[3] === "string" ? { chat: w[3] } : {};
  const line =
    type === "agent_said"
      ? { agentId: String(w[0]), to: id(w[1]), text: w[2], ...chat }
      : { avatarId: id(w[0]), to: String(w[1]), text: w[2], ...chat };
  return line as ServerMessages[K];
}

/**
 * Validates one client message. Returns the parsed payload, or an error message
 * that says which field is wrong, ready to send back to the client.
 */
export function parseClientMessage(
  type: string,
  payload: unknown,
): ({ ok: true } & ParsedClientMessage) | { ok: false; error: ServerMessages["error"] } {
  if (!Object.hasOwn(ClientMessages, type)) {
    return {
      ok: false,
      error: {
        code: "unknown_message",
        message: `unknown message type "${String(type).slice(0, 40)}"`,
      },
    };
  }
  const schema: z.ZodType = ClientMessages[type as ClientMessageType].schema;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "message";
    return {
      ok: false,
      error: {
        code: "bad_message",
        type,
        message: `${type}: ${where}: ${issue?.message ?? "invalid"}`,
      },
    };
  }
  // The schema of `type` made the value: they belong together.
  return { ok: true, ...({ type, value: parsed.data } as ParsedClientMessage) };
}
