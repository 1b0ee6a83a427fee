// Issue 29: questions about the town's places in everyday wordings. An invented resident of an
// invented harbour town is asked for somewhere to eat with no question word ("Any decent spots
// for ...?"), for a kind of place the town lacks whose head word one of its rooms shares (a post
// office, while the council house has a clerk's office), for the nicest spot (its own view, not
// the first building that scores), and for a meal no place names (supper, a kind of meal a cafe
// serves); where people go of an evening (where the town's doings are), and whether a name in a
// place's name (a physician's) makes it a doctor's.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { KnownPlace } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 9, 16, 0);
const place = (name: string, parts: string[], over: Partial<KnownPlace> = {}): KnownPlace => ({
  name,
  parts,
  dwelling: false,
  ...over,
});
const knows = knowledgeOf(
  {
    name: "Wynn Hollis",
    innate: "patient, dry",
    learned: "Wynn Hollis mends fishing nets on the quay at Saltmere.",
    currently: "Wynn is mending the nets of the Gannet, a trawler.",
    lifestyle: "Wynn goes to bed at 10 pm and wakes up at 5 am.",
  },
  {
    minute: 16 * 60,
    today: [
      { start: 6 * 60, end: 12 * 60, task: "mending nets", place: "net loft of Saltmere quay" },
      {
        start: 13 * 60,
        end: 15 * 60,
        task: "walking along the cliff path",
        place: "Gorse Head common",
      },
    ],
    home: "Hollis cottage",
    places: [
      place("Hollis cottage", ["kitchen", "bedroom"], { dwelling: true }),
      place("Saltmere quay", ["net loft", "slipway"], { things: ["coil of rope", "net rack"] }),
      place("Saltmere council house", ["clerk's office", "council chamber"], {
        things: ["filing cabinet", "long table"],
      }),
      place("Periwinkle cafe", ["tea room", "kitchen"], {
        things: ["teapot", "cake stand", "oven"],
        uses: ["eating a crab sandwich at the cafe"],
      }),
      place("Gorse Head common", ["cliff path", "bench"], { things: ["bench"] }),
      place("Gull & Anchor tavern", ["taproom"], {
        things: ["bar stools", "dartboard"],
        uses: ["playing darts", "having a pint with Ada", "singing shanties", "pouring ale"],
      }),
      place("Harvey chandlery", ["shop floor"], { things: ["lanterns", "rope"] }),
    ],
  },
);
const ask = (q: string) =>
  answerTo(q, {
    me: "Wynn Hollis",
    residents: ["Wynn Hollis", "Ada Penrose"],
    now: NOW,
    knowledge: knows,
  }).text;

describe("places asked of in everyday wordings", () => {
  it("says where the town goes when nothing is asked for but going", () => {
    for (const q of ["Where do folks go on a Saturday evening?", "Where do the locals go?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/Gull & Anchor tavern/);
      expect(a, q).not.toMatch(/council house|cottage/);
    }
  });

  it("says a doing it knows no place for in the asker's person", () => {
    const a = ask("Where can I get my beard cut?");
    expect(a).toMatch(/your beard/);
    expect(a).not.toMatch(/my beard/);
  });

  it("reads a person's name in a place's name as whose it is, not what it is for", () => {
    // (WordNet's William Harvey was a physician: the chandlery is no doctor's.)
    const a = ask("Is there a doctor in town?");
    expect(a).not.toMatch(/Harvey chandlery/);
    expect(a).toMatch(/doctor/);
  });

  it("reads a place asked for with no question word as a place question", () => {
    for (const q of ["Any decent spots to eat near the harbour?", "Good places to eat?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/Periwinkle cafe/);
      expect(a, q).not.toMatch(/cottage|mend/i);
    }
  });

  it("says a kind of place the town lacks is not there, never a room that shares its head word", () => {
    const a = ask("Could you tell me where the post office is?");
    expect(a).toMatch(/no post office/);
    expect(a).not.toMatch(/clerk's office/);
  });

  it("finds a meal by what it is a kind of where no place names it", () => {
    expect(ask("Where could I get some supper?")).toMatch(/Periwinkle cafe/);
  });

  it("gives its own favourite for the nicest spot, not the first building that scores", () => {
    const a = ask("What's the loveliest spot hereabouts?");
    expect(a).toMatch(/Gorse Head common/);
    expect(a).not.toMatch(/council house|clerk/);
  });
});
