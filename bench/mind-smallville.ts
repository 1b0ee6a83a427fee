// The original's 25 residents on the original's map (imported from ../shared/reference), for the
// mind's benchmark until assets/towns/base-25 exists: names, ages and roles from the paper's n25
// base (research/original-implementation.md §6.1), homes and spawns from the map, and a usual
// day per role made of the map's own addresses. Isabella is seeded with her party, Sam with his
// candidacy, as the paper's history file did.
import type { Persona, ScheduleItem } from "../shared/persona.ts";
import type { TownMap } from "../server/world/townMap.ts";
import { smallville } from "./smallville.ts";

const W = "the Ville";

type Role = "student" | "cafe" | "pub" | "market" | "supply" | "home";
const RESIDENTS: [string, number, string, string, Role][] = [
  [
    "Latoya Williams",
    25,
    "a digital photographer working on a photo series about her travels; curious about the mayor election",
    "artist's co-living space:Latoya Williams's room",
    "home",
  ],
  [
    "Rajiv Patel",
    27,
    "a painter preparing his first solo show who recently took up the guitar",
    "artist's co-living space:Rajiv Patel's room",
    "home",
  ],
  [
    "Abigail Chen",
    25,
    "a digital artist and animator working on a client animation",
    "artist's co-living space:Abigail Chen's room",
    "home",
  ],
  [
    "Francisco Lopez",
    23,
    "an actor and comedian making a web series about co-living",
    "artist's co-living space:Francisco Lopez's room",
    "home",
  ],
  [
    "Hailey Johnson",
    30,
    "a writer working on a novel about artists in a co-living space, planning a podcast",
    "artist's co-living space:Hailey Johnson's room",
    "home",
  ],
  [
    "Arthur Burton",
    42,
    "the bartender and owner of The Rose and Crown Pub",
    "Arthur Burton's apartment:main room",
    "pub",
  ],
  [
    "Ryan Park",
    29,
    "a software engineer building a mobile app",
    "Ryan Park's apartment:main room",
    "home",
  ],
  [
    "Isabella Rodriguez",
    34,
    "the owner of Hobbs Cafe, who loves to make people feel welcome",
    "Isabella Rodriguez's apartment:main room",
    "cafe",
  ],
  [
    "Giorgio Rossi",
    41,
    "a mathematician studying patterns in nature; curious about the election",
    "Giorgio Rossi's apartment:main room",
    "home",
  ],
  ["Carlos Gomez", 32, "a poet", "Carlos Gomez's apartment:main room", "home"],
  [
    "Klaus Mueller",
    20,
    "a sociology student at Oak Hill College writing a paper on gentrification",
    "Dorm for Oak Hill College:Klaus Mueller's room",
    "student",
  ],
  [
    "Maria Lopez",
    21,
    "a physics student at Oak Hill College and part-time Twitch streamer who studies at Hobbs Cafe",
    "Dorm for Oak Hill College:Maria Lopez's room",
    "student",
  ],
  [
    "Ayesha Khan",
    20,
    "a literature student writing her senior thesis on Shakespeare's language",
    "Dorm for Oak Hill College:Ayesha Khan's room",
    "student",
  ],
  [
    "Wolfgang Schulz",
    21,
    "a chemistry student and athlete",
    "Dorm for Oak Hill College:Wolfgang Schulz's room",
    "student",
  ],
  [
    "Mei Lin",
    44,
    "a philosophy professor at Oak Hill College and a mother",
    "Lin family's house:Mei and John Lin's bedroom",
    "home",
  ],
  [
    "John Lin",
    45,
    "the pharmacy shopkeeper at The Willows Market and Pharmacy",
    "Lin family's house:Mei and John Lin's bedroom",
    "market",
  ],
  [
    "Eddy Lin",
    19,
    "a music theory and composition student",
    "Lin family's house:Eddy Lin's bedroom",
    "student",
  ],
  [
    "Tom Moreno",
    52,
    "the grocery shopkeeper at The Willows Market; interested in the election",
    "Moreno family's house:Tom and Jane Moreno's bedroom",
    "market",
  ],
  [
    "Jane Moreno",
    46,
    "a homemaker, Tom's wife",
    "Moreno family's house:Tom and Jane Moreno's bedroom",
    "home",
  ],
  [
    "Tamara Taylor",
    30,
    "a children's book author who also writes a comic series for adults",
    "Tamara Taylor and Carmen Ortiz's house:Tamara Taylor's room",
    "home",
  ],
  [
    "Carmen Ortiz",
    33,
    "the shopkeeper at Harvey Oak Supply Store",
    "Tamara Taylor and Carmen Ortiz's house:Carmen Ortiz's room",
    "supply",
  ],
  [
    "Sam Moore",
    65,
    "a retired navy officer running for local mayor",
    "Moore family's house:main room",
    "home",
  ],
  [
    "Jennifer Moore",
    68,
    "a watercolour painter preparing an exhibition, Sam's wife",
    "Moore family's house:main room",
    "home",
  ],
  [
    "Yuriko Yamamoto",
    28,
    "a tax lawyer curious about the election",
    "Yuriko Yamamoto's house:main room",
    "home",
  ],
  [
    "Adam Smith",
    36,
    "a philosopher writing a book on creativity; curious about the election",
    "Adam Smith's house:main room",
    "home",
  ],
];

export const SMALLVILLE_HISTORY = [
  "Name,Whisper",
  `Isabella Rodriguez,"You are excited to be planning a Valentine's Day party at Hobbs Cafe on February 14th from 5pm to 7pm, and you are eager to tell everyone to come"`,
  `Sam Moore,"You are running for the local mayor election and want to tell your neighbours about it; You and Jennifer Moore are married"`,
  `Maria Lopez,"You and Klaus Mueller are close friends and classmates; You frequent Hobbs Cafe for studying"`,
  `Klaus Mueller,"You and Maria Lopez are close friends and classmates"`,
].join("\n");

function pick(map: TownMap, ...candidates: string[]): string {
  for (const c of candidates) if (map.hasAddress(`${W}:${c}`)) return `${W}:${c}`;
  throw new Error(`none of ${candidates.join(" | ")} is in the map`);
}

function day(map: TownMap, role: Role, home: string): ScheduleItem[] {
  const [sector, arena] = home.split(":");
  const h = (obj: string, ...alt: string[]) =>
    pick(
      map,
      `${sector}:${arena}:${obj}`,
      ...alt.map((a) => `${sector}:${a}`),
      `${sector}:${arena}`,
    );
  const kitchen = h(
    "cooking area",
    "kitchen:cooking area",
    "common room:common room table",
    "main room:cooking area",
  );
  const desk = h("desk", "main room:desk", "common room:common room table");
  const bed = h("bed");
  const item = (at: string, action: string, emoji: string, address: string): ScheduleItem => ({
    at,
    action,
    emoji,
    address,
  });
  const cafe = (at: string) =>
    item(
      at,
      "having lunch at Hobbs Cafe",
      "🥪",
      pick(map, "Hobbs Cafe:cafe:cafe customer seating"),
    );
  const park = (at: string) =>
    item(
      at,
      "taking a walk in Johnson Park",
      "🌳",
      pick(map, "Johnson Park:park:park garden", "Johnson Park:park"),
    );
  switch (role) {
    case "student":
      return [
        item("07:30", "having breakfast", "🍳", kitchen),
        item(
          "09:00",
          "attending a class at Oak Hill College",
          "🎓",
          pick(map, "Oak Hill College:classroom:classroom student seating"),
        ),
        cafe("12:00"),
        item(
          "13:00",
          "studying in the college library",
          "📚",
          pick(map, "Oak Hill College:library:library table"),
        ),
        park("16:00"),
        item("18:00", "cooking dinner", "🍝", kitchen),
        item("19:00", "doing homework at the desk", "📝", desk),
        item("23:30", "sleeping", "😴", bed),
      ];
    case "cafe":
      return [
        item("06:00", "getting ready for the day", "🚿", kitchen),
        item(
          "07:30",
          "serving customers at Hobbs Cafe",
          "☕",
          pick(map, "Hobbs Cafe:cafe:behind the cafe counter"),
        ),
        item(
          "12:00",
          "cooking lunch for the cafe",
          "🍳",
          pick(map, "Hobbs Cafe:cafe:cooking area"),
        ),
        item(
          "13:00",
          "serving customers at Hobbs Cafe",
          "☕",
          pick(map, "Hobbs Cafe:cafe:behind the cafe counter"),
        ),
        item("20:00", "relaxing at home", "🛋️", desk),
        item("23:00", "sleeping", "😴", bed),
      ];
    case "pub":
      return [
        item("09:00", "having breakfast", "🍳", kitchen),
        item("10:00", "doing the pub's accounts", "📒", desk),
        cafe("12:00"),
        item(
          "13:00",
          "tending the bar at The Rose and Crown Pub",
          "🍺",
          pick(map, "The Rose and Crown Pub:pub:behind the bar counter"),
        ),
        item("23:30", "sleeping", "😴", bed),
      ];
    case "market":
    case "supply": {
      const counter =
        role === "market"
          ? pick(map, "The Willows Market and Pharmacy:store:behind the pharmacy counter")
          : pick(map, "Harvey Oak Supply Store:supply store:behind the supply store counter");
      return [
        item("07:00", "having breakfast", "🍳", kitchen),
        item("08:00", "working at the shop counter", "🛒", counter),
        cafe("12:00"),
        item("13:00", "working at the shop counter", "🛒", counter),
        item("18:00", "cooking dinner", "🍝", kitchen),
        item("19:30", "reading the news", "📰", desk),
        item("22:30", "sleeping", "😴", bed),
      ];
    }
    default:
      return [
        item("07:30", "having breakfast", "🍳", kitchen),
        item("09:00", "working on a project at the desk", "💻", desk),
        cafe("12:00"),
        item("13:00", "working on a project at the desk", "💻", desk),
        park("16:00"),
        item("18:00", "cooking dinner", "🍝", kitchen),
        item(
          "20:00",
          "having a drink at The Rose and Crown Pub",
          "🍺",
          pick(map, "The Rose and Crown Pub:pub:bar customer seating"),
        ),
        item("22:30", "sleeping", "😴", bed),
      ];
  }
}

export async function smallville25(): Promise<{ map: TownMap; personas: Persona[] }> {
  const map = await smallville();
  const spawns = [...map.spawns.keys()];
  const used = new Set<string>();
  const personas = RESIDENTS.map(([name, age, role, home, kind], i): Persona => {
    const spawn =
      spawns.find((s) => s.startsWith(`${home}:`) && !used.has(s)) ??
      spawns.find((s) => s.startsWith(`${home}:`))!;
    used.add(spawn);
    const schedule = day(map, kind, home);
    const wake = schedule[0].at;
    const bed = schedule.at(-1)!.at;
    return {
      id: name.toLowerCase().replace(/[^a-z]+/g, "-"),
      name,
      age,
      innate: "curious, friendly",
      learned: `${name} is ${role}.`,
      currently: `${name.split(" ")[0]} is busy with work these days.`,
      lifestyle: `${name.split(" ")[0]} goes to bed around ${bed}, wakes up at ${wake}.`,
      home: `${W}:${home}`,
      sprite: i % 16,
      spawn,
      schedule,
    };
  });
  return { map, personas };
}
