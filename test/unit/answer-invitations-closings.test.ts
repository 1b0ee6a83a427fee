// How a visitor invites and takes leave, in the ways people say it (issue 29): an invitation asked
// as a wish ("..., fancy coming along?"), a suggestion of the listener's doing ("How about joining
// us ...?"), a doing urged on the listener ("You must come to our ..."), an imperative that names
// a time or the listener's wish ("Pop round ... this afternoon if you fancy") is accepted or
// declined by the resident's day as "Would you like to come ...?" is, and the visit enters its
// plan; thanks or an apology said with a goodbye is met as the talk closes, and an apology that
// says no goodbye ("Sorry to keep you so long!") is only an apology.
import { describe, expect, it } from "vitest";
import { answerTo } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { understand } from "../../server/agents/language/understand.ts";
import { bobInvited } from "../helpers/visitorInvites.ts";

// A Tuesday morning.
const NOW = Date.UTC(2025, 8, 2, 10, 0);
const H = (h: number, m = 0) => h * 60 + m;
const ctx = { now: NOW, residents: ["Marta Kell"], listener: "Marta Kell", speaker: "Tobin Reyes" };

// A retired lighthouse keeper who naps after lunch (a nap is no bedtime).
const keeper: Knowledge = {
  persona: {
    name: "Marta Kell",
    innate: "cheerful, sociable, curious",
    learned: "Marta Kell kept the lighthouse for thirty years and now mends nets at the harbour.",
    currently: "Marta is mending the fishermen's nets before the autumn storms.",
    lifestyle: "Marta goes to bed at 10 pm, wakes up at 6 am, and naps after lunch.",
  },
  minute: H(10),
  today: [
    { start: 0, end: H(6), task: "sleeping", place: "bedroom of Kell cottage" },
    { start: H(6), end: H(7), task: "eating breakfast", place: "kitchen of Kell cottage" },
    { start: H(8), end: H(12), task: "mending nets", place: "quay of the harbour" },
    { start: H(12), end: H(13), task: "eating lunch", place: "kitchen of Kell cottage" },
    { start: H(13), end: H(14), task: "napping in the armchair", place: "Kell cottage" },
    { start: H(14), end: H(16), task: "mending nets", place: "quay of the harbour" },
    { start: H(22), end: H(24), task: "sleeping", place: "bedroom of Kell cottage" },
  ],
  yesterday: [],
  yesterdayItems: [],
  home: "Kell cottage",
  places: [
    { name: "Kell cottage", parts: ["kitchen", "bedroom"], dwelling: true },
    { name: "harbour", parts: ["quay"] },
  ],
  people: [],
  knowsSpeaker: false,
  doing: "mending nets",
};

const say = (text: string) =>
  answerTo(text, {
    me: "Marta Kell",
    residents: ["Marta Kell", "Ewan Pry"],
    now: NOW,
    knowledge: keeper,
    speaker: "Tobin Reyes",
    said: ["Hello, Tobin."],
    heard: ["Hello!"],
  });

describe("the other ways people invite", () => {
  it("are read as invitations, with their day and part of the day", () => {
    const read = (t: string) => understand(t, ctx);
    const party = read("We're throwing a little party on Thursday evening, fancy coming along?");
    expect(party.act).toBe("invitation");
    expect(party.days).toBe(2);
    expect(party.partHour).toBeGreaterThanOrEqual(17);
    const ceilidh = read("How about joining us for a ceilidh on Saturday night?");
    expect(ceilidh.act).toBe("invitation");
    expect(ceilidh.days).toBe(4);
    expect(read("You must come to our housewarming on Friday!")).toMatchObject({
      act: "invitation",
      days: 3,
    });
    expect(read("Do come over for supper tomorrow evening.")).toMatchObject({
      act: "invitation",
      days: 1,
    });
    expect(read("Pop round for a cup of tea this afternoon if you fancy.").act).toBe("invitation");
    expect(read("Do you fancy walking up to the lighthouse with me on Sunday?").act).toBe(
      "invitation",
    );
  });

  it("but a taste asked, a thing moved or a place recommended is no invitation", () => {
    for (const t of [
      "Do you like swimming?",
      "What about fishing?",
      "You should visit the museum.",
      "Leave the nets by the door, please.",
    ])
      expect(understand(t, ctx).act, t).not.toBe("invitation");
  });

  it("is answered by the resident's day as 'would you like to come' is, with a time", () => {
    for (const [other, plain] of [
      [
        "We're throwing a little party on Thursday evening, fancy coming along?",
        "Would you like to come to our little party on Thursday evening?",
      ],
      [
        "How about coming along to the pub quiz on Saturday night?",
        "Would you like to come along to the pub quiz on Saturday night?",
      ],
      [
        "You must come to our housewarming on Friday!",
        "Would you like to come to our housewarming on Friday?",
      ],
    ]) {
      const a = say(other);
      const b = say(plain);
      expect(a.source, other).toBe("invitation");
      expect(a.accepted, other).toEqual({ ...b.accepted, what: other });
      expect(a.text, other).toMatch(/\d+(:\d\d)? (am|pm)/);
      expect(a.text, other).toMatch(/\bon (thursday|saturday|friday)\b/i);
    }
  });

  it("a nap after lunch is no bedtime: a later day's afternoon is still free", () => {
    const a = say("We're having a clambake on Saturday afternoon, fancy coming?");
    expect(a.source).toBe("invitation");
    expect(a.text).not.toMatch(/days are full/);
    expect(a.accepted?.day).toBe(4);
    expect(a.accepted!.minute).toBeGreaterThanOrEqual(H(12));
  });

  it("an accepted visit enters the plan of its day", async () => {
    // (The fixtures' day is a Friday, February 13.)
    const { reply, notes } = await bobInvited(
      "We're lighting a bonfire on the green on Sunday afternoon, fancy coming?",
    );
    expect(reply.text).toMatch(/on Sunday/);
    expect(notes.join("\n")).toMatch(/going to visit Ilse Varga on February 15 at \d/);
  });
});

describe("a goodbye said with thanks or an apology", () => {
  it("closes the talk, and the thanks is met", () => {
    for (const t of ["Thanks ever so much, goodbye!", "Thank you, have a lovely evening!"]) {
      const a = say(t);
      expect(a.end, t).toBe(true);
      expect(a.text, t).toMatch(/welcome|any time/i);
    }
    for (const t of ["Cheers, catch you later!", "Many thanks, see you on Sunday!"])
      expect(say(t).end, t).toBe(true);
  });

  it("an apology with leaving closes the talk, the apology waved away", () => {
    for (const t of ["Sorry, I must dash.", "Apologies, I have to run now."]) {
      const a = say(t);
      expect(a.end, t).toBe(true);
      expect(a.text, t).toMatch(/no worries|all right/i);
    }
  });

  it("an apology alone keeps the talk open", () => {
    for (const t of ["Sorry for nattering on so long.", "Sorry to keep you so long!"]) {
      const a = say(t);
      expect(a.end, t).toBe(false);
      expect(a.text, t).toMatch(/not at all|no bother|don't worry/i);
    }
  });

  it("another's going or a thing left is no goodbye", () => {
    for (const t of [
      "You should go to the harvest fair.",
      "Leave the nets by the door, please.",
      "I have to run the stall on Saturday.",
    ])
      expect(understand(t, ctx).act, t).not.toBe("goodbye");
  });
});
