// What a resident answers of its family, its marriage and a name it does not know is read from the
// town's residents: whose backstory marries them to it ("She is married to Edvin"), whether a
// name asked of is anyone's. In a town of a thousand every such question read the whole town
// (the family and the marriage read every resident's backstory, and searched the town again for
// each: a million reads a question), the cost of a line that grew with the town (bench/RESULTS.md,
// session 28). Now the town is read once a list (townsfolkIndex.ts), and the answers are the same.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { Townsperson } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 6, 9, 16, 0);
const ME = "Edvin Storm";
const FIRST = ["Orla", "Bastien", "Quilla", "Teodor", "Mirela", "Yannick", "Suvi", "Ilka"];
const FAMILY = ["Varga", "Lindqvist", "Ocampo", "Brannagh", "Kessel", "Duarte", "Ahl"];
const TRADE = ["mends nets", "smokes herring", "keeps bees", "paints boats", "bakes rye bread"];

const persona = (name: string, learned: string) => ({
  name,
  innate: "calm",
  learned,
  currently: "",
  lifestyle: "",
});

/** A thousand invented villagers (some married to each other), his wife among them. */
const villagers: Townsperson[] = Array.from({ length: 1000 }, (_, i) => {
  const name = `${FIRST[i % FIRST.length]}${i} ${FAMILY[i % FAMILY.length]}`;
  const spouse = i % 3 === 0 ? ` ${i % 2 ? "He" : "She"} is married to ${FIRST[(i + 1) % 8]}.` : "";
  return {
    persona: persona(name, `${name} ${TRADE[i % TRADE.length]} by the harbour.${spouse}`),
    home: `cottage ${i}`,
  };
});
villagers.splice(500, 0, {
  persona: persona(
    "Tilda Storm",
    "Tilda Storm smokes herring in the shed by the harbour. She is married to Edvin and keeps the tide tables.",
  ),
  home: "Storm cottage",
});

/** The town's lists as the minds hand them, counting how many of their entries are read. */
function counted<T>(list: T[]): { list: T[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list: proxy, reads: () => reads };
}

describe("family and names in a town of a thousand", () => {
  const townsfolk = counted(villagers);
  const residents = counted([ME, ...villagers.map((t) => t.persona.name)]);
  const knowledge = knowledgeOf(
    persona(ME, "Edvin Storm mends nets on the quay at Havsby and sings in the church choir."),
    { minute: 16 * 60, home: "Storm cottage", townsfolk: townsfolk.list },
  );
  const ask = (text: string) =>
    answerTo(text, { me: ME, residents: residents.list, now: NOW, knowledge }).text;

  it("finds its wife among them, and knows a stranger's name for one", () => {
    expect(ask("Are you married?")).toMatch(/^Yes\. Tilda is my wife/);
    expect(ask("Tell me about your family.")).toMatch(/Tilda is my wife/);
    expect(ask("Is Latoya working today?")).toMatch(/Latoya/);
    expect(ask("Is Latoya working today?")).toMatch(/don't know|not sure|never met|who/i);
  });

  it("reads the town at most once a list for a whole talk's questions", () => {
    const before = townsfolk.reads() + residents.reads();
    for (let i = 0; i < 10; i++) {
      ask("Are you married?");
      ask("Tell me about your family.");
      ask("Is Latoya working today?");
    }
    // (Before: each family or marriage question read every villager's name for each villager, a
    // million reads, and each question the whole list again: 10,170,270 reads here.)
    expect(townsfolk.reads() + residents.reads() - before).toBeLessThanOrEqual(
      2 * villagers.length,
    );
  });
});
