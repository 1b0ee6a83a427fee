// News that is not an event (issue 29): a loss, a change of job or home, something seen, each told
// to one base-25 resident by a history whisper; two game days offline in lockstep; then who else
// knows it, and from whom. A resident counts as informed only when one of its memories (not an
// observation) both names a WORD OF THE NEWS ITSELF (`key`, the measure's, never the engine's) and
// says who told it ("... heard from <teller> ..."). Prints the share per scenario and, with
// --talks, the talks of the first day. `--seeds 1,2,3` runs each scenario under several town seeds.
import { stepsPerDay } from "../server/world/clock.ts";
import { offlineTownOf } from "../test/helpers/offlineTown.ts";

export interface NewsCase {
  name: string;
  host: string;
  whisper: string;
  /** Words of the news itself, any of which shows a memory holds it (lower case). */
  key: string[];
}

/** The three measured scenarios (assets/scenarios/news-*.json say the same in the eval's form). */
export const MEASURED: NewsCase[] = [
  {
    name: "loss",
    host: "Jonah Whitaker",
    whisper:
      "Your old spaniel Biscuit slipped his collar yesterday evening and has not come home, and you are worried sick about him.",
    key: ["spaniel", "biscuit"],
  },
  {
    name: "change",
    host: "Lucy Tran",
    whisper:
      "You have accepted a job as head pastry chef at a hotel in the city, and you will leave the Hearth & Crumb at the end of the month.",
    key: ["pastry chef", "hotel"],
  },
  {
    name: "seen",
    host: "Henrik Lindqvist",
    whisper:
      "Early this morning you saw thick smoke pouring from the roof of the old mill by the river.",
    key: ["smoke"],
  },
];

/** Other words, people and kinds, never tuned on: the mechanism must hold for these too. */
export const UNSEEN: NewsCase[] = [
  {
    name: "cat",
    host: "Yuki Tanaka",
    whisper: "Your grey cat went missing two nights ago.",
    key: ["cat"],
  },
  {
    name: "move",
    host: "Omar Haddad",
    whisper:
      "You are moving to a flat above the bakery in Fenwick next week, because your landlord is selling the house.",
    key: ["fenwick", "flat", "landlord"],
  },
  {
    name: "fall",
    host: "Margit Lindqvist",
    whisper:
      "Yesterday you watched an old oak tree crash down across the footpath in Larkspur Park during the storm.",
    key: ["oak", "tree"],
  },
];

export async function spread(c: NewsCase, seed: number, days = 2, talks = false) {
  const { t, mind, town } = await offlineTownOf("base-25", { seed });
  await mind.seedHistory(`Name,Whisper\n${c.host},"${c.whisper}"`, town.time);
  const steps = days * stepsPerDay(town.stepSeconds);
  for (let i = 0; i < steps; i++) await town.advance();
  const informed: string[] = [];
  const has = (d: string) => c.key.some((k) => d.toLowerCase().includes(k));
  for (const p of t.personas) {
    if (p.name === c.host) continue;
    const s = mind.agent(p.id)!;
    const mems = s.memory.latest(s.memory.size);
    const m = mems.find(
      (x) => x.type !== "observation" && has(x.description) && / heard from /.test(x.description),
    );
    if (m) informed.push(`${p.name}: ${m.description}`);
  }
  if (talks) {
    for (const p of t.personas) {
      const s = mind.agent(p.id)!;
      for (const m of s.memory.latest(s.memory.size).reverse())
        if (m.type === "chat" && m.lines && m.lines[0][0] === p.name && m.created < town.time)
          console.log(
            `\n[${new Date(m.created).toISOString().slice(5, 16)}] ${m.lines.map(([w, l]) => `${w.split(" ")[0]}: ${l}`).join("\n   ")}`,
          );
    }
  }
  const host = mind.agent(t.personas.find((p) => p.name === c.host)!.id)!;
  const hostKeeps = host.memory.latest(host.memory.size).some((m) => has(m.description));
  return {
    share: informed.length / (t.personas.length - 1),
    informed,
    hostKeeps,
    errors: town.mindErrors.length,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (k: string) => {
    const i = process.argv.indexOf(k);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const seeds = (arg("--seeds") ?? "1").split(",").map(Number);
  const which = arg("--only");
  const set = process.argv.includes("--unseen") ? UNSEEN : MEASURED;
  for (const c of set.filter((x) => !which || x.name === which)) {
    const shares: number[] = [];
    for (const seed of seeds) {
      const r = await spread(c, seed, 2, process.argv.includes("--talks"));
      shares.push(r.share);
      console.log(
        `${c.name} seed ${seed}: ${(r.share * 100).toFixed(0)}% informed (${r.informed.length}), host keeps it: ${r.hostKeeps}, mind errors: ${r.errors}`,
      );
      if (process.argv.includes("--who")) for (const w of r.informed) console.log(`   ${w}`);
    }
    console.log(
      `${c.name}: median ${(median(shares) * 100).toFixed(0)}% over seeds ${seeds.join(",")}`,
    );
  }
}
