// What a memory the engine writes after a talk is, kept as values with its row (issue 29,
// memory/note.ts): the news heard (who told whom what) and a meeting agreed (whose, with whom,
// when, where) survive a save and a restore, snapshot or row, and are read from those values, never
// from the note's words: a meeting with someone whose name reads as a day or a month ("May Lin",
// "Sunday Okoye") stays in the plan; the news is retold naming who told it.
import { describe, expect, it } from "vitest";
import { MemoryStream } from "../../server/agents/memory/stream.ts";
import { rowFields } from "../../server/agents/memory/journal.ts";
import type { MemoryRecord, NewMemory } from "../../server/agents/memory/port.ts";
import { hashEmbed } from "../../server/llm/hashEmbedding.ts";
import {
  offlineTakeaway,
  pickNews,
  tellNews,
  type ChatSideInput,
} from "../../server/agents/offline/dialogue.ts";
import { promisesOn } from "../../server/agents/offline/planner.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

const at = (hhmm: string, day = 13) => Date.parse(`2026-02-${day}T${hhmm}:00Z`);
const PLACES = [
  { name: "Willow Green", address: "Oakmere:Willow Green" },
  { name: "Hearth & Crumb", address: "Oakmere:Hearth & Crumb" },
];
const side = (name: string): ChatSideInput => ({
  id: name,
  name,
  brief: "",
  action: "",
  relationship: "",
  memories: [],
  people: ["Ada Okafor", "Tomas Berg"],
});

/** What a talk leaves `self` (converse.ts writes it so): its memo and notes, as new memories. */
function leftBy(self: string, other: string, lines: { speaker: string; text: string }[]) {
  const t = offlineTakeaway(
    side(self),
    other,
    lines,
    "conversing about their day",
    at("10:00"),
    PLACES,
    lines.map(() => null),
    lines.map((_, i) => (i === 0 ? "day" : null)),
    {
      proposer: other,
      accepter: self,
      at: at("15:00", 14),
      place: "Oakmere:Willow Green",
      placeName: "Willow Green",
      line: 1,
    },
  );
  const notes = t.notes ?? {};
  return [
    { text: t.memo, note: notes.memo },
    { text: t.meeting ?? "", note: notes.meeting },
  ].map((x): NewMemory => ({
    type: "thought",
    created: at("10:00"),
    description: x.text,
    subject: self,
    predicate: "thinks",
    object: other,
    importance: 5,
    embedding: hashEmbed(x.text),
    ...(x.note ? { note: x.note } : {}),
  }));
}

/** A stream saved and restored both ways: as a snapshot, and as the rows a store writes. */
function restored(memories: NewMemory[]): MemoryRecord[][] {
  const a = new MemoryStream();
  for (const m of memories) a.add(m);
  const fromSnapshot = new MemoryStream();
  fromSnapshot.load(JSON.parse(JSON.stringify(a.snapshot())));
  const rows = a
    .latest(a.size)
    .reverse()
    .map((m) =>
      JSON.parse(`{${rowFields({ kind: "add", agent: "x", memory: m, lastAccessed: 0 }).fields}}`),
    );
  const fromRows = new MemoryStream();
  fromRows.load({
    v: 1,
    next: a.size + 1,
    sinceReflection: 0,
    embeddings: rows.map((r) => r.embedding),
    memories: rows.map((r, e) => ({
      id: r.memId,
      type: r.type,
      created: r.created,
      lastAccessed: r.lastAccessed,
      description: r.description,
      subject: r.subject,
      predicate: r.predicate,
      object: r.object,
      importance: r.importance,
      ...(r.facts ? { facts: r.facts } : {}),
      ...(r.note ? { note: r.note } : {}),
      e,
    })),
  });
  return [fromSnapshot, fromRows].map((s) => s.latest(s.size).reverse());
}

const asLine = (m: MemoryRecord): MemoryLine => ({
  text: m.description,
  created: m.created,
  importance: m.importance,
  kind: "memo",
  ...(m.note ? { note: m.note } : {}),
});

describe("a talk's notes are kept as values through a save and a restore", () => {
  for (const visitor of ["May Lin", "Sunday Okoye"])
    it(`a visit agreed with ${visitor} keeps its hour and place in the plan`, () => {
      const lines = [
        { speaker: visitor, text: "How has your day been so far?" },
        { speaker: "Tomas Berg", text: "Busy: I mended the jetty." },
      ];
      for (const stream of restored(leftBy("Tomas Berg", visitor, lines))) {
        const meeting = stream.find((m) => m.note?.kind === "plan")!;
        expect(meeting.note).toMatchObject({ owner: "Tomas Berg", with: visitor, means: "go" });
        const promised = promisesOn(
          stream.map((m) => ({ text: m.description, created: m.created, note: m.note })),
          Date.parse("2026-02-14T00:00:00Z"),
          PLACES,
          "Tomas Berg",
          ["Ada Okafor", "Tomas Berg"],
        );
        expect(promised).toEqual([
          expect.objectContaining({
            other: visitor,
            start: 15 * 60,
            address: "Oakmere:Willow Green",
          }),
        ]);
      }
    });

  it("news heard is kept as who told whom what, and retold naming the teller", () => {
    const lines = [
      { speaker: "Ada Okafor", text: "How has your day been so far?" },
      { speaker: "Tomas Berg", text: "My rowing boat was swept off the jetty last night." },
    ];
    for (const stream of restored(leftBy("Ada Okafor", "Tomas Berg", lines))) {
      const memo = stream.find((m) => m.note?.kind === "heard")!;
      expect(memo.note).toEqual({
        kind: "heard",
        by: "Tomas Berg",
        to: "Ada Okafor",
        what: expect.stringMatching(/^Tomas(?: Berg)?'s rowing boat was swept off the jetty/),
      });
      const news = pickNews(stream.map(asLine), at("11:00"), PLACES, "Ada Okafor", [
        "Tomas Berg",
        "Lena Marsh",
      ]);
      expect(tellNews(news!, "Ada Okafor", "Lena Marsh")).toMatch(
        /^Tomas told me that (?:his|Tomas(?: Berg)?'s) rowing boat was swept off the jetty/,
      );
    }
  });
});
