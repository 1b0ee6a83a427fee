// A visitor's invitation heard by Bob of the tiny test town (test/fixtures/mind-fixtures.ts), his
// day planned first: what he answers, his state (its plan, for the visit entered in it) and what
// he remembers after, newest first. The fixtures' day is a Friday, February 13.
import { nextTask } from "../../server/agents/plan.ts";
import { at, countingGateway, tinyMind } from "../fixtures/mind-fixtures.ts";

export async function bobInvited(words: string, speaker = "Ilse Varga") {
  const mind = tinyMind(countingGateway());
  const bob = mind.agent("bob")!;
  await nextTask(mind.context(), bob, at("08:00"));
  const reply = await mind.hear({
    agent: { id: "bob", name: "Bob Birch" } as never,
    now: at("09:30"),
    speaker: { name: speaker, role: "visitor" } as never,
    words: [words],
    soFar: [] as never,
  });
  const notes = bob.memory.latest(50, () => true).map((m) => m.description);
  return { reply, bob, notes };
}
