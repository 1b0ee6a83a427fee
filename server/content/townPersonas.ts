// The residents of a generated town as persona files (shared/persona.ts): for each person of the
// plan (society.ts) an identity in the paper's "identity stable set" — traits, who they are and
// whom they live, work and are friends with, what they are up to, their habits — and a scripted
// day (the schedule the scripted mind follows; the generative mind plans its own from the text).
// The phrases are the generator's own (like a person writing personas); the traits and pastimes
// are drawn from the seed.
import type { Persona, ScheduleItem } from "../../shared/persona.ts";
import { Random, hashString } from "../world/random.ts";
import type { Resident, TownPlan, Workplace } from "./society.ts";
import { postOf, visitOf } from "./workplaces.ts";

const TRAITS = [
  "warm",
  "curious",
  "patient",
  "stubborn",
  "cheerful",
  "shy",
  "talkative",
  "careful",
  "generous",
  "restless",
  "practical",
  "dreamy",
  "blunt",
  "kind",
  "ambitious",
  "easygoing",
  "thoughtful",
  "witty",
  "proud",
  "loyal",
  "nervous",
  "organised",
  "forgetful",
  "brave",
  "gentle",
  "sceptical",
  "playful",
  "serious",
  "hard-working",
  "sociable",
  "quiet",
  "honest",
  "impatient",
  "calm",
];

/** What someone is up to these days, as a verb phrase after "is". */
const PASTIMES = [
  "training for a long-distance run in the spring",
  "learning to play the guitar",
  "repainting the kitchen a brighter colour",
  "saving up for a trip to the coast",
  "writing down family recipes for a little book",
  "growing tomatoes on the windowsill",
  "teaching the dog next door a few tricks",
  "reading every mystery novel in the library",
  "knitting a scarf for a friend's birthday",
  "restoring an old bicycle",
  "learning to bake sourdough bread",
  "thinking about taking up painting",
  "practising chess problems every evening",
  "planning a vegetable garden behind the house",
  "trying to learn Spanish",
  "building a bookshelf from scrap wood",
  "keeping a diary of the birds seen from the window",
  "looking for a second-hand piano",
];

const CHILD_PASTIMES = [
  "collecting interesting stones",
  "learning to swim",
  "practising for the school play",
  "building a tree house with friends",
  "reading comics under the covers at night",
];

function pick<T>(r: Random, list: readonly T[]): T {
  return list[r.int(list.length)];
}

const full = (p: Resident) => `${p.first} ${p.last}`;
const they = (p: Resident) => (p.sex === "female" ? "She" : "He");
const their = (p: Resident) => (p.sex === "female" ? "her" : "his");
const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");

function listed(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function clock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

function spoken(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  if (m === 0) return "midnight";
  const h = Math.floor(m / 60);
  const mm = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${mm ? `:${String(mm).padStart(2, "0")}` : ""} ${h < 12 ? "am" : "pm"}`;
}

/** Working hours of a job (minutes of the day), by when such places are busy. */
function shift(w: Workplace, job: string): [number, number] {
  if (w.kind === "cafe") return job === "baker" ? [300, 780] : [390, 870];
  if (w.kind === "bar") return [960, 1380];
  if (w.kind === "school") return [480, 960];
  if (w.kind === "park") return [420, 900];
  return [540, 1020];
}

export function personasOf(plan: TownPlan, world: string, rooms: string[][]): Persona[] {
  const byId = new Map(plan.residents.map((p) => [p.id, p]));
  const cafes = plan.workplaces.flatMap((w, i) => (w.kind === "cafe" ? [i] : []));
  const bars = plan.workplaces.flatMap((w, i) => (w.kind === "bar" ? [i] : []));
  const parks = plan.workplaces.flatMap((w, i) => (w.kind === "park" ? [i] : []));
  const at = (place: number, spot: { arena: string; object: string }) =>
    `${world}:${plan.workplaces[place].name}:${spot.arena}:${spot.object}`;

  return plan.residents.map((p) => {
    const r = new Random(hashString(`${plan.seed}:${p.id}`));
    const h = plan.households[p.household];
    const room = rooms[p.household][h.bedrooms.findIndex((b) => b.includes(p.id))];
    const home = `${world}:${h.name}:${room}`;
    const house = `${world}:${h.name}`;
    const traits = new Set<string>();
    while (traits.size < 3) traits.add(pick(r, TRAITS));

    // Who they are: work or school, home and family, friends and rivals.
    const said: string[] = [];
    if (p.work) {
      const w = plan.workplaces[p.work.place];
      const runs =
        w.jobs[0] === p.work.job &&
        plan.residents.find((x) => x.work?.place === p.work!.place) === p;
      // Who runs the place says so: "owns X" for an owner, "is the mayor at X" for the first job.
      const job = p.work.job;
      said.push(
        runs && job.endsWith(" owner")
          ? `${full(p)} owns ${w.name} and works there every day.`
          : runs
            ? `${full(p)} is the ${job} at ${w.name}.`
            : `${full(p)} is ${article(job)} ${job} at ${w.name}.`,
      );
    } else if (p.study) {
      const w = plan.workplaces[p.study.place];
      said.push(`${full(p)} is ${p.age < 18 ? "a pupil" : "a student"} at ${w.name}.`);
    } else {
      said.push(`${full(p)} is retired and has time for the people and places of the town.`);
    }
    const family = p.family.map((f) => `${their(p)} ${f.relation} ${full(byId.get(f.id)!)}`);
    said.push(
      family.length
        ? `${they(p)} lives in ${h.name} with ${listed(family)}.`
        : `${they(p)} lives alone in ${h.name}.`,
    );
    const friends = p.friends.map((id) => {
      const f = byId.get(id)!;
      const where = f.work ? `, who works at ${plan.workplaces[f.work.place].name}` : "";
      return `${full(f)}${p.friends.length === 1 ? where : ""}`;
    });
    if (friends.length) said.push(`${they(p)} is good friends with ${listed(friends)}.`);
    if (p.rivals.length)
      said.push(
        `${they(p)} does not get along with ${listed(p.rivals.map((id) => full(byId.get(id)!)))}.`,
      );

    // The day: waking, work or school, lunch, an evening out or at home, bed.
    const job = p.work
      ? shift(plan.workplaces[p.work.place], p.work.job)
      : p.study
        ? [480, 930]
        : [600, 660];
    const wake = Math.min(job[0] - 60, 420 + r.int(4) * 15);
    const bed = p.age < 14 ? 1230 : job[1] >= 1380 ? 1440 : 1320 + r.int(5) * 15;
    const cafe = cafes[hashString(p.id) % cafes.length];
    const bar = bars[hashString(p.id) % bars.length];
    const park = parks[hashString(p.id) % parks.length];
    const items: ScheduleItem[] = [];
    const add = (m: number, action: string, emoji: string, address: string) =>
      items.push({ at: clock(m), action, emoji, address });
    add(0, "sleeping", "😴", `${home}:bed`);
    add(wake, "washing and getting dressed", "🚿", `${house}:bathroom:sink`);
    add(wake + 20, "having breakfast", "🍳", `${house}:kitchen:kitchen table`);
    const lunchAt = 750;
    if (p.work) {
      const w = plan.workplaces[p.work.place];
      const post = postOf(w.kind, p.work.job, w.jobs[0] === p.work.job);
      add(job[0], `working as ${article(p.work.job)} ${p.work.job}`, "💼", at(p.work.place, post));
      if (job[1] - job[0] > 300 && job[0] < 720 && job[1] > 780) {
        add(lunchAt, "eating lunch", "🥪", at(cafe, visitOf("cafe")));
        add(
          lunchAt + 45,
          `working as ${article(p.work.job)} ${p.work.job}`,
          "💼",
          at(p.work.place, post),
        );
      }
    } else if (p.study) {
      const w = plan.workplaces[p.study.place];
      add(
        job[0],
        p.age < 18 ? "in class" : "attending lectures",
        "📚",
        at(p.study.place, visitOf(w.kind)),
      );
    } else {
      add(540, "walking in the park", "🌳", at(park, visitOf("park")));
      add(lunchAt, "eating lunch with the regulars", "🥪", at(cafe, visitOf("cafe")));
    }
    const free = Math.max(job[1] + 30, 900);
    if (free < bed - 180) {
      const out = r.next();
      if (p.age >= 18 && out < 0.3 && !(p.work && plan.workplaces[p.work.place].kind === "bar"))
        add(free, "having a drink with friends", "🍺", at(bar, visitOf("bar")));
      else if (out < 0.65) add(free, "taking a walk in the park", "🌳", at(park, visitOf("park")));
      else add(free, "reading on the sofa", "📖", `${house}:living room:sofa`);
      add(Math.max(free + 90, 1110), "cooking and eating dinner", "🍲", `${house}:kitchen:stove`);
      add(
        Math.max(free + 150, 1170),
        "relaxing in the living room",
        "🛋️",
        `${house}:living room:armchair`,
      );
    }
    if (bed < 1440) add(bed, "sleeping", "😴", `${home}:bed`);
    items.sort((a, b) => a.at.localeCompare(b.at));
    const schedule = items.filter((it, i) => i === 0 || it.at !== items[i - 1].at);

    const lunchPlace = p.work || !p.study ? ` and eats lunch at ${plan.workplaces[cafe].name}` : "";
    const lifestyle = `${p.first} goes to bed around ${spoken(bed)}, wakes up at ${spoken(wake)}${lunchPlace}.`;
    const pastime = pick(r, p.age < 14 ? CHILD_PASTIMES : PASTIMES);
    return {
      id: p.id,
      name: full(p),
      age: p.age,
      sprite: [...Array(8).keys(), ...Array.from({ length: 16 }, (_, k) => 16 + k)][
        hashString(p.id) % 24
      ],
      innate: [...traits].join(", "),
      learned: said.join(" "),
      currently: `${p.first} is ${pastime}.`,
      lifestyle,
      home,
      spawn: p.id,
      schedule,
    } satisfies Persona;
  });
}
