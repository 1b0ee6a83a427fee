// A secret of a resident's persona stays with its friends when it is also in its day (issue 29,
// item 3): a doing of its plan that names the person a private fact is about and shares its
// content ("choosing a ring for Edmund" beside "secretly saving for a ring for Edmund") is told
// to a stranger and to that person without the person ("choosing a ring"), and "Do you know
// Edmund?" is not answered with it; a friend its persona names hears it whole.
import { describe, expect, it } from "vitest";
import { knowledgeOf } from "../../server/agents/knowing.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { offlineTown } from "../helpers/offlineTown.ts";

const base = await loadTemplate("base-3");
const t = { ...base, personas: structuredClone(base.personas) };
const ines = t.personas.find((p) => p.id === "ines")!;
const edmund = t.personas.find((p) => p.id === "edmund")!.name;
const [given] = edmund.split(" ");
const theo = t.personas.find((p) => p.id === "theo")!.name;
const friend = theo.split(" ")[0];
ines.currently = `Ines is secretly saving for a ring for ${given}, and has told nobody. Her oldest friend is ${friend}.`;
const at15 = ines.schedule.find((s) => s.at === "15:00")!;
at15.action = `choosing a ring for ${given}`;

const { mind, town } = offlineTown(t, { at: "14:00" });
await town.advance();
const agent = mind.agent("ines")!;
const ask = async (speaker: string, role: string, q: string) =>
  (
    await mind.hear({
      agent: { id: "ines", name: ines.name } as never,
      now: town.time,
      speaker: { name: speaker, role } as never,
      words: [q],
      soFar: [] as never,
    })
  ).text;

describe("a doing that carries a secret of one's persona", () => {
  it("is told to a stranger without the person it is about", async () => {
    const plans = await ask("Nora Vale", "visitor", "What are your plans for today?");
    expect(plans).toMatch(/ring/);
    expect(plans).not.toContain(given);
  });
  it("is not the answer to whether one knows that person", async () => {
    const knows = await ask("Nora Vale", "visitor", `Do you know ${given}?`);
    expect(knows).not.toMatch(/ring/);
  });
  it("is kept from the person it is about, and told whole to a friend", () => {
    const doings = (speaker: string) =>
      knowledgeOf(mind.context(), agent, town.time, speaker).today.map((b) => b.task);
    expect(doings(edmund).join("; ")).not.toContain(given);
    expect(doings(edmund).some((d) => /ring/.test(d))).toBe(true);
    expect(doings(theo)).toContain(`choosing a ring for ${given}`);
  });
});
