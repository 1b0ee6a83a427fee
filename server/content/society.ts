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

/** Workplaces per resident, and what each kind employs (its first job runs it). */
const KINDS: { kind: WorkplaceKind; per: number; jobs: string[] }[] = [
  { kind: "town hall", per: 100000, jobs: ["mayor", "town clerk", "town clerk", "archivist"] },
  { kind: "cafe", per: 70, jobs: ["cafe owner", "barista", "baker"] },
  { kind: "bar", per: 90, jobs: ["bar owner", "bartender", "cook"] },
  { kind: "grocery", per: 80, jobs: ["shopkeeper", "shop assistant", "shop assistant"] },
  { kind: "park", per: 150, jobs: ["head gardener", "gardener"] },
  { kind: "school", per: 160, jobs: ["head teacher", "teacher", "teacher", "teacher"] },
  { kind: "clinic", per: 220, jobs: ["doctor", "nurse", "nurse", "receptionist"] },
  { kind: "workshop", per: 140, jobs: ["carpenter", "carpenter", "apprentice"] },
  { kind: "college", per: 450, jobs: ["professor", "professor", "lecturer", "librarian"] },
];
/** People an office employs: offices take whoever the town's other workplaces have no job for. */
const OFFICE_SIZE = 16;
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

  // Workplaces for a town of this size: at least one of each everyday kind.
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
  for (const k of KINDS) {
    const n = Math.max(k.kind === "college" && count < 150 ? 0 : 1, Math.round(count / k.per));
    for (let i = 0; i < n; i++)
      workplaces.push({ kind: k.kind, name: placeName(k.kind), jobs: [...k.jobs] });
  }

  // Jobs: every adult under 67 who is not a student works; open jobs first, then offices.
  const open: { place: number; job: string }[] = [];
  workplaces.forEach((w, place) => w.jobs.forEach((job) => open.push({ place, job })));
  const college = workplaces.findIndex((w) => w.kind === "college");
  const schools = workplaces.flatMap((w, i) => (w.kind === "school" ? [i] : []));
  let office = -1;
  let officeJobs = 0;
  for (const p of residents) {
    if (p.age < 18) {
      p.study = { place: schools[p.household % schools.length] };
      continue;
    }
    if (p.age <= 22 && college >= 0 && r.next() < 0.6) {
      p.study = { place: college };
      continue;
    }
    if (p.age >= 67) continue;
    if (open.length) {
      p.work = open.shift()!;
      continue;
    }
    if (office < 0 || officeJobs >= OFFICE_SIZE) {
      workplaces.push({ kind: "office", name: placeName("office"), jobs: [] });
      office = workplaces.length - 1;
      officeJobs = 0;
    }
    const job = officeJobs === 0 ? "manager" : pick(r, OFFICE_JOBS.slice(1));
    workplaces[office].jobs.push(job);
    p.work = { place: office, job };
    officeJobs++;
  }
  // Jobs nobody took are dropped, so no workplace names a job without a person.
  workplaces.forEach((w, i) => {
    w.jobs = residents.filter((p) => p.work?.place === i).map((p) => p.work!.job);
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
