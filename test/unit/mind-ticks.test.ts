// A tick that repeats an agent's last one but for the time goes to the minds' thread as
// "tickAgain" (agents/mindThread.ts, TicksSent / TicksHeld): the mind there must get exactly the
// tick the town made, and any change in what the agent perceives or does must reach it.
import { describe, expect, it } from "vitest";
import { TicksHeld, TicksSent } from "../../server/agents/mindThread.ts";
import type { MindInput } from "../../server/world/mind.ts";
import type { PerceivedEvent } from "../../server/world/perception.ts";

/** An event with every field set: a field added to WorldEvent must be added here (tsc says so). */
const every: Required<PerceivedEvent> = {
  subject: "Bob Birch",
  predicate: "is",
  object: "reading",
  description: "Bob Birch is reading",
  doing: "reading",
  address: "Tiny:Square:plaza",
  x: 3,
  y: 4,
  by: "Bob Birch",
  byPerson: false,
  actor: { kind: "agent", id: "bob" },
  joinable: false,
  distance: 1,
};

const changed: Required<PerceivedEvent> = {
  subject: "Cat Cole",
  predicate: "is cooking",
  object: "writing",
  description: "Bob Birch is writing",
  doing: "writing",
  address: "Tiny:Square:plaza:fountain",
  x: 4,
  y: 5,
  by: "Milo",
  byPerson: true,
  actor: { kind: "avatar", id: "bob" },
  joinable: true,
  distance: 2,
};

function tick(
  now: number,
  perceived: PerceivedEvent[],
  more: Record<string, unknown> = {},
): MindInput {
  return {
    agent: {
      id: "ann",
      x: 1,
      y: 2,
      action: "standing",
      address: "Tiny:Square:plaza",
      talkingTo: "",
    },
    now,
    perceived,
    inView: [],
    needsAction: false,
    notices: [],
    ...more,
  } as unknown as MindInput; // as sent: without the persona the worker holds
}

/** The two sides with a copy across between (as a thread's message is). */
function channel() {
  const sent = new TicksSent();
  const held = new TicksHeld();
  return (input: MindInput): { again: boolean; got: MindInput } => {
    const again = sent.again(input);
    const got = again ? held.again(input.agent.id, input.now) : held.took(structuredClone(input));
    return { again, got };
  };
}

describe("ticks that repeat the last one", () => {
  it("go as 'again', and the minds' thread gets the very tick the town made", () => {
    const send = channel();
    const first = tick(1000, [{ ...every }]);
    expect(send(first)).toEqual({ again: false, got: first });
    const second = tick(2000, [{ ...every }]);
    expect(send(second)).toEqual({ again: true, got: second });
    // The mind's copy is its own: changing it does not change the next repeat.
    const third = send(tick(3000, [{ ...every }]));
    (third.got.perceived[0] as { object: string }).object = "scribbled on";
    expect(send(tick(4000, [{ ...every }])).got.perceived[0].object).toBe("reading");
  });

  it("go whole when any field of what the agent perceives changed", () => {
    for (const field of Object.keys(every) as (keyof PerceivedEvent)[]) {
      const send = channel();
      send(tick(1000, [{ ...every }]));
      const next = tick(2000, [{ ...every, [field]: changed[field] }]);
      const { again, got } = send(next);
      expect({ field, again }).toEqual({ field, again: false });
      expect(got).toEqual(next);
      // And the changed one is what a later repeat repeats.
      expect(send(tick(3000, [{ ...every, [field]: changed[field] }])).got).toEqual(
        tick(3000, [{ ...every, [field]: changed[field] }]),
      );
    }
  });

  it("go whole when the agent moved, did something else, has news, new views or must choose", () => {
    const variants: Record<string, unknown>[] = [
      {
        agent: {
          id: "ann",
          x: 2,
          y: 2,
          action: "standing",
          address: "Tiny:Square:plaza",
          talkingTo: "",
        },
      },
      {
        agent: {
          id: "ann",
          x: 1,
          y: 2,
          action: "waving",
          address: "Tiny:Square:plaza",
          talkingTo: "",
        },
      },
      {
        agent: { id: "ann", x: 1, y: 2, action: "standing", address: "Tiny:Home A", talkingTo: "" },
      },
      {
        agent: {
          id: "ann",
          x: 1,
          y: 2,
          action: "standing",
          address: "Tiny:Square:plaza",
          talkingTo: "bob",
        },
      },
      { needsAction: true },
      { inView: ["Tiny:Square:plaza:fountain"] },
      {
        notices: [
          { kind: "conversationRefused", withId: "bob", reason: "busy" },
        ] as MindInput["notices"],
      },
    ];
    for (const more of variants) {
      const send = channel();
      send(tick(1000, [{ ...every }]));
      const next = tick(2000, [{ ...every }], more);
      expect(send(next)).toEqual({ again: false, got: next });
    }
    // Fewer or more events, or none.
    for (const perceived of [[], [{ ...every }, { ...every, subject: "Cat Cole" }]]) {
      const send = channel();
      send(tick(1000, [{ ...every }]));
      expect(send(tick(2000, perceived)).again).toBe(false);
    }
  });

  it("a tick after news goes whole, and the repeat after it carries no news", () => {
    const send = channel();
    send(
      tick(1000, [{ ...every }], {
        notices: [
          { kind: "conversationRefused", withId: "bob", reason: "busy" },
        ] as MindInput["notices"],
      }),
    );
    // The tick after news is sent whole (the news is not repeated).
    expect(send(tick(2000, [{ ...every }])).again).toBe(false);
    expect(send(tick(3000, [{ ...every }]))).toEqual({
      again: true,
      got: tick(3000, [{ ...every }]),
    });
  });
});
