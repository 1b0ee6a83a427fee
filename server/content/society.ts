// The people of a generated town (npm run make-town), drawn from a seed: households (singles,
// couples, families, flatmates), the workplaces a town of that size has (a cafe, a bar, shops, a
// school, a college, a clinic, a park and a town hall per so many residents, offices for the
// rest), who works where and as what, and who is friends or at odds with whom. Names come from a
// maintained library (faker's English names); everything else is drawn from the seed, so the same
// seed makes the same town. The map (townLayout.ts) and the persona texts (townPersonas.ts) are
// made from this plan.
import { Faker, en } from "@faker-js/faker";
import { Random } from "../world/random.ts";

export type WorkplaceKind =
  | "cafe"
  | "bar"
  | "grocery"
  | "clinic"
  | "school"
  | "college"
  | "town hall"
  | "park"
  | "workshop"
  | "office";

export interface Workplace {
  kind: WorkplaceKind;
  /** Its name on the map (a sector): "Baker's Cup cafe". */
  name: string;
  /** The jobs it has, first the one who runs it. */
  jobs: string[];
}

export interface Resident {
  id: string;
  first: string;
  last: string;
  sex: "female" | "male";
  age: number;
  household: number;
  /** Spouse, parent, child, flatmate: ids in the same household with how they are related. */
  family: { id: string; relation: string }[];
  /** Index into the plan's workplaces, with the job; students attend one; retired: none. */
  work?: { place: number; job: string };
  study?: { place: number };
  friends: string[];
  rivals: string[];
}

export interface Household {
  /** The house's name on the map: "Wolff house". */
  name: string;
  members: string[];
  /** Bedrooms: who sleeps in each (1 or 2 rooms). */
  bedrooms: string[][];
}

export interface TownPlan {
  seed: number;
  /** The town's name (the map's world): a city name from the library. */
  world: string;
  residents: Resident[];
  households: Household[];
  workplaces: Workplace[];
}

/**
 * The kinds of workplace: a town of at least `from` residents has one per `per` residents (at
 * least one), with who runs it (`head`), the jobs of the rest of its staff in turn, and how many
 * work there (`staff`, drawn). A cafe or a clinic has the same staff in a village as in a city,
 * so how many workmates a resident has does not depend on the town's size: a small town has fewer
 * kinds of workplace, not emptier ones. A cafe, a bar and a park every town has.
 */
const KINDS: {
  kind: WorkplaceKind;
  from: number;
  per: number;
  head: string;
  jobs: string[];
  staff: [number, number];
}[] = [
  { kind: "cafe", from: 0, per: 70, head: "cafe owner", jobs: ["barista", "baker"], staff: [4, 8] },
  { kind: "bar", from: 0, per: 90, head: "bar owner", jobs: ["bartender", "cook"], staff: [4, 8] },
  { kind: "park", from: 0, per: 150, head: "head gardener", jobs: ["gardener"], staff: [2, 4] },
  {
    kind: "grocery",
    from: 40,
    per: 80,
    head: "shopkeeper",
    jobs: ["shop assistant"],
    staff: [4, 8],
  },
  {
    kind: "town hall",
    from: 40,
    per: 100000,
    head: "mayor",
    jobs: ["town clerk", "archivist", "town clerk"],
    staff: [4, 7],
  },
  {
    kind: "workshop",
    from: 70,
    per: 140,
    head: "carpenter",
    jobs: ["carpenter", "apprentice"],
    staff: [4, 7],
  },
  {
    kind: "clinic",
    from: 100,
    per: 220,
    head: "doctor",
    jobs: ["nurse", "receptionist", "nurse", "doctor"],
    staff: [5, 9],
  },
  {
    kind: "college",
    from: 150,
    per: 450,
    head: "professor",
    jobs: ["lecturer", "librarian", "professor"],
    staff: [5, 8],
  },
];
/** Pupils a school takes (one class), and pupils per teacher. */
const CLASS_SIZE = 24;
const PUPILS_PER_TEACHER = 8;
/** Offices take whoever the town's other workplaces have no job for, 5 to 10 to an office. */
const OFFICE_STAFF: [number, number] = [5, 10];
const OFFICE_JOBS = ["manager", "accountant", "designer", "clerk", "engineer", "writer"];

function pick<T>(r: Random, list: readonly T[]): T {
  return list[r.int(list.length)];
}

/** The town's plan for `count` residents (10 to 2,000) from `seed`. */
export function planTown(count: number, seed: number): TownPlan {
  if (!Number.isInteger(count) || count < 10 || count > 2000)
    throw new Error(`a generated town has 10 to 2,000 residents (asked for ${count})`);
  const r = new Random(seed);
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const world = faker.location.city().replaceAll(":", " ");

  const residents: Resident[] = [];
  const households: Household[] = [];
  const usedNames = new Set<string>();
  const usedHouses = new Set<string>();
  const ids = new Set<string>();
  const person = (last: string, sex: Resident["sex"], age: number, household: number) => {
    let first = faker.person.firstName(sex);
    for (let k = 0; usedNames.has(`${first} ${last}`) && k < 20; k++)
      first = faker.person.firstName(sex);
    usedNames.add(`${first} ${last}`);
    let id = `${first}-${last}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    for (let n = 2; ids.has(id); n++) id = `${first}-${last}-${n}`.toLowerCase();
    ids.add(id);
    const p: Resident = {
      id,
      first,
      last,
      sex,
      age,
      household,
      family: [],
      friends: [],
      rivals: [],
    };
    residents.push(p);
    return p;
  };
  const relate = (a: Resident, b: Resident, ab: string, ba: string) => {
    a.family.push({ id: b.id, relation: ab });
    b.family.push({ id: a.id, relation: ba });
  };
  const sexOf = (): Resident["sex"] => (r.next() < 0.5 ? "female" : "male");
  const child = (parent: Resident) => (parent.sex === "female" ? "daughter" : "son");

  // Households until the town is full: a fifth alone, a third couples, the rest families and flatmates.
  while (residents.length < count) {
    const left = count - residents.length;
    const h = households.length;
    let last = faker.person.lastName();
    for (let k = 0; usedHouses.has(last) && k < 10; k++) last = faker.person.lastName();
    const house = usedHouses.has(last) ? `${last} house ${h + 1}` : `${last} house`;
    usedHouses.add(last);
    const draw = r.next();
    const members: Resident[] = [];
    const bedrooms: string[][] = [];
    if (draw < 0.22 || left === 1) {
      const p = person(last, sexOf(), 22 + r.int(60), h);
      members.push(p);
      bedrooms.push([p.id]);
    } else if (draw < 0.55 || left === 2) {
      const a = person(last, sexOf(), 24 + r.int(55), h);
      const b = person(last, a.sex === "female" ? "male" : "female", a.age - 4 + r.int(9), h);
      const word = (p: Resident) => (p.sex === "female" ? "wife" : "husband");
      relate(a, b, word(b), word(a));
      members.push(a, b);
      bedrooms.push([a.id, b.id]);
    } else if (draw < 0.88) {
      const a = person(last, sexOf(), 32 + r.int(20), h);
      const b = person(last, a.sex === "female" ? "male" : "female", a.age - 3 + r.int(7), h);
      const word = (p: Resident) => (p.sex === "female" ? "wife" : "husband");
      relate(a, b, word(b), word(a));
      members.push(a, b);
      bedrooms.push([a.id, b.id]);
      const kids = Math.min(left - 2, 1 + r.int(2));
      const room: string[] = [];
      for (let k = 0; k < kids; k++) {
        const c = person(last, sexOf(), 6 + r.int(Math.max(1, Math.min(18, a.age - 22))), h);
        for (const parent of [a, b]) {
          const pw = parent.sex === "female" ? "mother" : "father";
          relate(parent, c, child(c), pw);
        }
        for (const sib of room.map((id) => residents.find((x) => x.id === id)!)) {
          relate(
            sib,
            c,
            c.sex === "female" ? "sister" : "brother",
            sib.sex === "female" ? "sister" : "brother",
          );
        }
        room.push(c.id);
        members.push(c);
      }
      bedrooms.push(room);
    } else {
      // Flatmates: two young adults, each a room, names of their own.
      const a = person(last, sexOf(), 19 + r.int(12), h);
      const b = person(faker.person.lastName(), sexOf(), 19 + r.int(12), h);
      relate(a, b, "flatmate", "flatmate");
      members.push(a, b);
      bedrooms.push([a.id], [b.id]);
    }
    households.push({ name: house, members: members.map((m) => m.id), bedrooms });
  }

  // Who goes to school or college, who is retired, who works.
  const placesOf = (k: (typeof KINDS)[number]) =>
    count >= k.from ? Math.max(1, Math.round(count / k.per)) : 0;
  const colleges = placesOf(KINDS.find((k) => k.kind === "college")!);
  const pupils: Resident[] = [];
  const students: Resident[] = [];
  const workers: Resident[] = [];
  for (const p of residents) {
    if (p.age < 18) pupils.push(p);
    else if (p.age <= 22 && colleges > 0 && r.next() < 0.6) students.push(p);
    else if (p.age < 67) workers.push(p);
  }
  // Workmates are drawn, not neighbours in the list (a household's members are adjacent there).
  for (let i = workers.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [workers[i], workers[j]] = [workers[j], workers[i]];
  }

  // Workplaces for a town of this size, each with its staff: the everyday kinds and schools first,
  // then the others while there are people to work in them, then offices for the rest.
  const workplaces: Workplace[] = [];
  const usedPlaces = new Set<string>();
  const placeName = (kind: WorkplaceKind): string => {
    for (let k = 0; k < 30; k++) {
      const surname = faker.person.lastName();
      const street = faker.location.street().replace(/\s+\S+$/, "");
      const candidates: Record<WorkplaceKind, string> = {
        "town hall": `${street} town hall`,
        cafe: `${surname}'s cafe`,
        bar: `The ${faker.color.human().replace(/^\w/, (c) => c.toUpperCase())} ${faker.animal.type().replace(/^\w/, (c) => c.toUpperCase())} pub`,
        grocery: `${surname}'s grocery`,
        park: `${street} Park`,
        school: `${street} School`,
        clinic: `${street} clinic`,
        workshop: `${surname} workshop`,
        college: `${street} College`,
        office: `${surname} & ${faker.person.lastName()} offices`,
      };
      const name = candidates[kind].replaceAll(":", " ");
      if (!usedPlaces.has(name)) {
        usedPlaces.add(name);
        return name;
      }
    }
    return `${kind} ${workplaces.length + 1}`;
  };
  const draw = ([lo, hi]: [number, number]) => lo + r.int(hi - lo + 1);
  const staffOf = (head: string, jobs: string[], n: number) =>
    Array.from({ length: n }, (_, i) => (i === 0 ? head : jobs[(i - 1) % jobs.length]));
  for (const k of KINDS) {
    for (let i = 0; i < placesOf(k); i++) {
      const place = workplaces.length;
      if (k.kind === "college")
        students.forEach((p, j) => j % colleges === i && (p.study = { place }));
      workplaces.push({
        kind: k.kind,
        name: placeName(k.kind),
        jobs: staffOf(k.head, k.jobs, draw(k.staff)),
      });
    }
  }
  const schools = pupils.length ? Math.max(1, Math.round(pupils.length / CLASS_SIZE)) : 0;
  for (let i = 0; i < schools; i++) {
    const place = workplaces.length;
    // Children of a household go to the same school.
    const here = pupils.filter((p) => p.household % schools === i);
    for (const p of here) p.study = { place };
    const teachers = Math.min(5, Math.max(2, 1 + Math.ceil(here.length / PUPILS_PER_TEACHER)));
    workplaces.push({
      kind: "school",
      name: placeName("school"),
      jobs: staffOf("head teacher", ["teacher"], teachers),
    });
  }
  // A small town may have fewer workers than its places have jobs: the last-made shrink first,
  // each keeping one; more workers than jobs, fewer than an office: the places take them on.
  let jobs = workplaces.reduce((s, w) => s + w.jobs.length, 0);
  for (let i = 0; jobs > workers.length && i < 10 * workplaces.length; i++) {
    const w = workplaces[workplaces.length - 1 - (i % workplaces.length)];
    if (w.jobs.length > 1) {
      w.jobs.pop();
      jobs--;
    }
  }
  for (let i = 0; workers.length - jobs > 0 && workers.length - jobs < OFFICE_STAFF[0]; i++) {
    const w = workplaces[i % workplaces.length];
    const k = KINDS.find((x) => x.kind === w.kind);
    w.jobs.push(k ? k.jobs[(w.jobs.length - 1) % k.jobs.length] : "teacher");
    jobs++;
  }
  const rest = workers.length - jobs;
  const offices =
    rest > 0 ? Math.max(1, Math.round((2 * rest) / (OFFICE_STAFF[0] + OFFICE_STAFF[1]))) : 0;
  for (let i = 0; i < offices; i++) {
    const n = Math.floor(rest / offices) + (i < rest % offices ? 1 : 0);
    const staff = Array.from({ length: n }, (_, j) =>
      j === 0 ? "manager" : pick(r, OFFICE_JOBS.slice(1)),
    );
    workplaces.push({ kind: "office", name: placeName("office"), jobs: staff });
  }
  let w = 0;
  workplaces.forEach((place, i) => {
    for (const job of place.jobs) if (w < workers.length) workers[w++].work = { place: i, job };
  });
  // Jobs nobody took are dropped, so no workplace names a job without a person.
  workplaces.forEach((place, i) => {
    place.jobs = residents.filter((p) => p.work?.place === i).map((p) => p.work!.job);
  });

  // Friends and rivals: mostly among those who work or study together and near neighbours.
  const byPlace = new Map<number, Resident[]>();
  for (const p of residents) {
    const place = p.work?.place ?? p.study?.place;
    if (place === undefined) continue;
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place)!.push(p);
  }
  const tie = (a: Resident, b: Resident, kind: "friends" | "rivals") => {
    if (a === b || a.household === b.household) return;
    if (a.friends.includes(b.id) || a.rivals.includes(b.id)) return;
    if (Math.abs(a.age - b.age) > 25 && (a.age < 18 || b.age < 18)) return;
    a[kind].push(b.id);
    b[kind].push(a.id);
  };
  for (const p of residents) {
    const want = 1 + r.int(3);
    for (let k = 0; k < 6 && p.friends.length < want; k++) {
      const place = p.work?.place ?? p.study?.place;
      const mates = place === undefined ? [] : byPlace.get(place)!;
      const other =
        mates.length > 1 && r.next() < 0.5
          ? pick(r, mates)
          : residents[
              Math.min(residents.length - 1, Math.max(0, residents.indexOf(p) + r.int(21) - 10))
            ];
      tie(p, other, "friends");
    }
    if (r.next() < 0.12) tie(p, pick(r, residents), "rivals");
  }
  return { seed, world, residents, households, workplaces };
}
