// The rules of a group talk on their own: who is in it, answers in the order people spoke,
// leaving by range (only after having come near), and what leaving takes with it.
import { describe, expect, it } from "vitest";
import { faceWhom, GroupTalk, outOfRange } from "../../server/world/groupTalk.ts";

function talk() {
  const t = new GroupTalk("talk-1", 0, "conversing with Ann");
  t.join({ id: "ann", name: "Ann Ash", kind: "agent", role: "resident" });
  t.join({ id: "jane", name: "Jane", kind: "avatar", role: "visitor", near: true });
  return t;
}

const line = (speaker: string, name: string, to: string, text: string) => ({
  speaker,
  name,
  to,
  text,
});

describe("a group talk", () => {
  it("needs a resident and a person, and takes anyone once", () => {
    const t = talk();
    expect(t.over).toBe(false);
    expect(t.join({ id: "jane", name: "Jane", kind: "avatar", role: "visitor" })).toBe(false);
    expect(t.join({ id: "kim", name: "Kim", kind: "avatar", role: "reporter" })).toBe(true);
    expect(t.people().map((m) => m.id)).toEqual(["jane", "kim"]);
    t.leave("ann");
    expect(t.over).toBe(true);
  });

  it("a resident answers the people who spoke to it in the order they spoke, each with all their words", () => {
    const t = talk();
    t.join({ id: "kim", name: "Kim", kind: "avatar", role: "visitor", near: true });
    t.join({ id: "bob", name: "Bob Birch", kind: "agent", role: "resident" });
    t.say(line("kim", "Kim", "ann", "Hello Ann"));
    t.say(line("jane", "Jane", "ann", "Morning!"));
    t.say(line("kim", "Kim", "ann", "How are you?"));
    t.say(line("jane", "Jane", "bob", "And you, Bob?"));
    expect(t.lines).toHaveLength(4);
    const first = t.nextTurn("ann")!;
    expect(first.speaker).toEqual({ id: "kim", name: "Kim", role: "visitor" });
    expect(first.words.map((w) => w.text)).toEqual(["Hello Ann", "How are you?"]);
    expect(t.nextTurn("ann")!.speaker.id).toBe("jane");
    expect(t.nextTurn("ann")).toBeUndefined();
    expect(t.owes("bob")).toBe(true);
    expect(t.nextTurn("bob")!.words.map((w) => w.text)).toEqual(["And you, Bob?"]);
  });

  it("nobody answers one who left, and a resident's own lines queue nothing", () => {
    const t = talk();
    t.join({ id: "kim", name: "Kim", kind: "avatar", role: "visitor", near: true });
    t.say(line("jane", "Jane", "ann", "Hi"));
    t.say(line("kim", "Kim", "ann", "Hey"));
    t.say(line("ann", "Ann Ash", "jane", "Hello Jane"));
    t.leave("jane");
    expect(t.nextTurn("ann")!.speaker.id).toBe("kim");
    expect(t.owes("ann")).toBe(false);
  });

  it("a person leaves by range only after having come near; one who left the town is gone", () => {
    const t = talk();
    t.join({ id: "kim", name: "Kim", kind: "avatar", role: "visitor", near: false });
    const at: Record<string, { x: number; y: number }> = {
      ann: { x: 5, y: 5 },
      jane: { x: 6, y: 5 },
      kim: { x: 20, y: 5 },
    };
    expect(outOfRange(t, (id) => at[id])).toEqual([]); // Kim is still on the way
    at.kim = { x: 8, y: 5 };
    expect(outOfRange(t, (id) => at[id])).toEqual([]);
    expect(t.members.get("kim")!.near).toBe(true);
    at.kim = { x: 9, y: 5 };
    at.jane = { x: 2, y: 2 };
    expect(outOfRange(t, (id) => at[id])).toEqual(["kim"]);
    delete at.jane;
    expect(outOfRange(t, (id) => at[id])).toEqual(["jane", "kim"]);
  });

  it("a resident faces the one it answers, else the nearest person", () => {
    const t = talk();
    t.join({ id: "kim", name: "Kim", kind: "avatar", role: "visitor", near: true });
    const at: Record<string, { x: number; y: number }> = {
      ann: { x: 5, y: 5 },
      jane: { x: 5, y: 8 },
      kim: { x: 3, y: 5 },
    };
    expect(faceWhom(t, at.ann, "", (id) => at[id])).toEqual(at.kim);
    expect(faceWhom(t, at.ann, "jane", (id) => at[id])).toEqual(at.jane);
  });
});
