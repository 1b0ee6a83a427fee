// The 25 residents of Oakmere (base-25), of our own writing in the spirit of the paper's
// Smallville: a cafe owner planning a Valentine's party, a mayor and the lawyer about to run
// against him, students, artists, shop keepers, a family or two. Addresses here leave out the
// world ("Delgado house:kitchen:stove"); make-base-25.ts adds it. Every resident has a sprite of
// its own (rows of assets/sprites/characters.png, see characters.ts).

type Item = { at: string; action: string; emoji: string; address: string };

export interface Resident {
  id: string;
  name: string;
  age: number;
  innate: string;
  learned: string;
  currently: string;
  lifestyle: string;
  /** "sector:arena" of the home, without the world. */
  home: string;
  /** "sector:arena" key of the bed the resident sleeps in (make-base-25.ts places the spawn by it). */
  homeKey: string;
  /** The second sleeper of a shared bed starts one tile further down. */
  bedSide?: number;
  sprite: number;
  schedule: Item[];
}

/** [at, emoji, action, address] rows → schedule items. */
const day = (rows: [string, string, string, string][]): Item[] =>
  rows.map(([at, emoji, action, address]) => ({ at, action, emoji, address }));

const CAFE = "Hearth & Crumb cafe";
const BAR = "The Tipsy Heron";
const HALL = "Oakmere town hall";
const MARKET = "Oakmere Market and Pharmacy";
const SUPPLY = "Cobb's Supply Store";
const COLLEGE = "Oakmere College";
const DORM = "College dorm";
const LOFT = "Artists' loft";
const PARK = "Larkspur Park";
const FLATS = "Maple Court apartments";

export const residents: Resident[] = [
  {
    id: "rosa",
    name: "Rosa Delgado",
    age: 46,
    sprite: 0,
    innate: "warm, energetic, generous, a born host",
    learned:
      "Rosa Delgado owns the Hearth & Crumb, the cafe on Main Street she opened twelve years ago with her savings from a bakery job in the city. She bakes before dawn, remembers every regular's order, and believes that a town is held together by the places where people sit down together. She is married to Marco, a carpenter.",
    currently:
      "Rosa is planning a Valentine's Day party at the Hearth & Crumb tomorrow evening, from 5 to 7 pm, and is inviting everyone who comes through the door. She wants Felix to play the piano at it.",
    lifestyle:
      "Rosa goes to bed around 9:30 pm, wakes up at 5 am, bakes before opening at 7, and eats a late lunch at the counter.",
    home: "Delgado house:bedroom",
    homeKey: "Delgado house:bedroom",
    schedule: day([
      ["05:00", "🚿", "washing up and getting dressed", "Delgado house:bathroom:sink"],
      ["05:20", "☕", "drinking a quick coffee", "Delgado house:kitchen:kitchen table"],
      ["05:40", "🥐", "baking bread and pastries", `${CAFE}:kitchen:oven`],
      ["07:00", "☕", "serving coffee at the counter", `${CAFE}:dining room:behind the counter`],
      [
        "11:30",
        "📝",
        "writing invitations for the Valentine's party",
        `${CAFE}:dining room:long table`,
      ],
      ["12:00", "🍵", "serving the lunch crowd", `${CAFE}:dining room:behind the counter`],
      ["14:30", "🥪", "eating a late lunch in the cafe kitchen", `${CAFE}:kitchen:baking counter`],
      [
        "15:00",
        "🛒",
        "buying flour and candles for the party",
        `${MARKET}:grocery:grocery counter`,
      ],
      ["16:00", "💬", "asking Felix to play at the party", `${FLATS}:hallway`],
      ["17:00", "🍳", "cooking dinner with Marco", "Delgado house:kitchen:stove"],
      ["18:30", "🍽️", "eating dinner", "Delgado house:kitchen:kitchen table"],
      ["19:30", "🎨", "painting a sign for the party", "Delgado house:bedroom:easel"],
      ["21:30", "😴", "sleeping", "Delgado house:bedroom:bed"],
    ]),
  },
  {
    id: "marco",
    name: "Marco Delgado",
    age: 49,
    sprite: 6,
    bedSide: 1,
    innate: "steady, quiet, practical, fond of bad puns",
    learned:
      "Marco Delgado is a carpenter who builds furniture in the workshop behind Cobb's Supply Store. He made every table in his wife Rosa's cafe and repairs half the chairs in Oakmere. He coaches nobody and plays no instrument, but whistles while he works.",
    currently:
      "Marco is building a set of bookshelves for the college library and wants them finished by the end of the week.",
    lifestyle: "Marco goes to bed at 10 pm, wakes up at 6 am, and likes a long breakfast.",
    home: "Delgado house:bedroom",
    homeKey: "Delgado house:bedroom",
    schedule: day([
      ["06:00", "🚿", "washing and shaving", "Delgado house:bathroom:sink"],
      ["06:30", "🍳", "making eggs for breakfast", "Delgado house:kitchen:stove"],
      [
        "07:00",
        "🍽️",
        "eating breakfast and reading the paper",
        "Delgado house:kitchen:kitchen table",
      ],
      [
        "07:45",
        "🪚",
        "building bookshelves for the college library",
        `${SUPPLY}:workshop:workbench`,
      ],
      ["12:00", "🥪", "having lunch at his wife's cafe", `${CAFE}:dining room:window table`],
      ["13:00", "🔨", "fixing a customer's chair", `${SUPPLY}:workshop:workbench`],
      ["16:30", "🍺", "having a beer with Daniel", `${BAR}:bar room:bar stools`],
      ["17:30", "🍳", "cooking dinner with Rosa", "Delgado house:kitchen:stove"],
      ["18:30", "🍽️", "eating dinner", "Delgado house:kitchen:kitchen table"],
      ["19:30", "📺", "watching football", "Delgado house:living room:television"],
      ["22:00", "😴", "sleeping", "Delgado house:bedroom:bed"],
    ]),
  },
  {
    id: "grace",
    name: "Grace Okafor",
    age: 45,
    sprite: 10,
    innate: "careful, kind, dry, quietly funny",
    learned:
      "Grace Okafor is Oakmere's pharmacist; she runs the pharmacy counter inside Nadia Petrova's market. People bring her their worries as often as their prescriptions. She is married to Samuel, a history professor, and their daughter Ada studies at the college.",
    currently:
      "Grace is worried that Ada works too late, and is quietly thinking of taking up the piano again after twenty years.",
    lifestyle: "Grace goes to bed at 10:30 pm, wakes up at 6:30 am, and walks to work.",
    home: "Okafor house:Grace and Samuel's bedroom",
    homeKey: "Okafor house:Grace and Samuel's bedroom",
    schedule: day([
      ["06:30", "🚿", "taking a shower", "Okafor house:bathroom:bathtub"],
      ["07:00", "🍳", "making breakfast for the family", "Okafor house:kitchen:stove"],
      ["07:30", "🍽️", "having breakfast with Samuel and Ada", "Okafor house:kitchen:kitchen table"],
      [
        "08:15",
        "💊",
        "filling prescriptions at the pharmacy",
        `${MARKET}:pharmacy:behind the pharmacy counter`,
      ],
      ["12:30", "🥗", "having lunch at the cafe", `${CAFE}:dining room:corner table`],
      [
        "13:15",
        "💊",
        "advising customers at the pharmacy",
        `${MARKET}:pharmacy:behind the pharmacy counter`,
      ],
      ["17:30", "🍲", "cooking dinner", "Okafor house:kitchen:stove"],
      ["18:30", "🍽️", "eating dinner with the family", "Okafor house:kitchen:kitchen table"],
      ["19:30", "📖", "reading a novel by the fire", "Okafor house:living room:sofa"],
      ["22:30", "😴", "sleeping", "Okafor house:Grace and Samuel's bedroom:bed"],
    ]),
  },
  {
    id: "samuel",
    name: "Samuel Okafor",
    age: 48,
    sprite: 16,
    bedSide: 1,
    innate: "thoughtful, talkative, absent-minded, patient",
    learned:
      "Samuel Okafor teaches history at Oakmere College and is writing a history of the town from its founding as a mill village. He collects old photographs and letters from anyone who will lend them. He plays the piano at home, not well.",
    currently:
      "Samuel is writing the chapter on the flood of 1952 and is looking for people who remember it; he has asked Henrik Lindqvist for an interview. His student Sofia Alvarez helps him sort the archive.",
    lifestyle:
      "Samuel goes to bed at 11 pm, wakes up at 6:30 am, and takes long walks in the park after lunch.",
    home: "Okafor house:Grace and Samuel's bedroom",
    homeKey: "Okafor house:Grace and Samuel's bedroom",
    schedule: day([
      ["06:45", "🚿", "washing up", "Okafor house:bathroom:sink"],
      ["07:30", "🍽️", "having breakfast with the family", "Okafor house:kitchen:kitchen table"],
      ["08:15", "📚", "preparing his lecture", `${COLLEGE}:professors' office:office desk`],
      ["09:00", "👨‍🏫", "teaching a history class", `${COLLEGE}:classroom:lectern`],
      ["11:00", "🗂️", "sorting the town archive with Sofia", `${COLLEGE}:library:reading table`],
      [
        "12:30",
        "🥪",
        "having lunch in the student lounge",
        `${COLLEGE}:student lounge:lounge table`,
      ],
      ["13:15", "🚶", "walking around the pond", `${PARK}:pond:pond bench`],
      ["14:00", "✍️", "writing his book on Oakmere", `${COLLEGE}:professors' office:office desk`],
      ["16:30", "🎙️", "interviewing Henrik about the flood", "Lindqvist cottage:living room:sofa"],
      ["18:30", "🍽️", "eating dinner with the family", "Okafor house:kitchen:kitchen table"],
      ["19:30", "🎹", "playing the piano badly", "Okafor house:living room:piano"],
      ["21:00", "✍️", "writing at his desk", "Okafor house:Grace and Samuel's bedroom:desk"],
      ["23:00", "😴", "sleeping", "Okafor house:Grace and Samuel's bedroom:bed"],
    ]),
  },
  {
    id: "ada",
    name: "Ada Okafor",
    age: 19,
    sprite: 4,
    innate: "bright, stubborn, restless, funny",
    learned:
      "Ada Okafor is a first-year biology student at Oakmere College who still lives with her parents, Grace and Samuel. She keeps a notebook of every bird she sees in Larkspur Park and wants to become a field ecologist. Her best friend is Kenji Mori.",
    currently:
      "Ada is counting the ducks on the park pond for a class project and wants to move into the dorm next year, which she has not yet told her parents.",
    lifestyle:
      "Ada goes to bed after midnight, wakes up at 7:30 am, and never eats breakfast sitting down.",
    home: "Okafor house:Ada's bedroom",
    homeKey: "Okafor house:Ada's bedroom",
    schedule: day([
      ["07:30", "🚿", "washing her face", "Okafor house:bathroom:sink"],
      ["07:45", "🍞", "grabbing toast in the kitchen", "Okafor house:kitchen:kitchen table"],
      ["08:15", "🦆", "counting ducks at the pond", `${PARK}:pond:pond`],
      ["09:00", "📝", "attending a history class", `${COLLEGE}:classroom:student desks`],
      ["11:00", "🔬", "writing up her bird counts", `${COLLEGE}:library:computers`],
      ["12:30", "🥪", "having lunch with Kenji", `${COLLEGE}:student lounge:corner table`],
      ["13:30", "📚", "studying in the library", `${COLLEGE}:library:study table`],
      [
        "16:00",
        "🌱",
        "helping in the community garden",
        `${PARK}:community garden:vegetable patch`,
      ],
      ["18:30", "🍽️", "eating dinner with her parents", "Okafor house:kitchen:kitchen table"],
      ["19:30", "🎱", "playing pool at the dorm", `${DORM}:common room:pool table`],
      ["21:30", "📖", "reading at her desk", "Okafor house:Ada's bedroom:desk"],
      ["00:30", "😴", "sleeping", "Okafor house:Ada's bedroom:bed"],
    ]),
  },
  {
    id: "henrik",
    name: "Henrik Lindqvist",
    age: 71,
    sprite: 2,
    innate: "patient, gruff, gentle, a storyteller",
    learned:
      "Henrik Lindqvist ran the ferry on the lake for forty years and now looks after Larkspur Park's community garden. He grows more cabbages than he can eat and gives them to anyone who stops to talk. He remembers the flood of 1952, when he was a boy.",
    currently:
      "Henrik is getting the garden beds ready for spring and has agreed to tell Professor Okafor about the flood this afternoon.",
    lifestyle: "Henrik goes to bed at 9 pm, wakes up at 5 am, and naps after lunch.",
    home: "Lindqvist cottage:bedroom",
    homeKey: "Lindqvist cottage:bedroom",
    schedule: day([
      ["05:00", "🫖", "making tea in the kitchen", "Lindqvist cottage:kitchen:stove"],
      [
        "05:30",
        "📻",
        "listening to the radio with his tea",
        "Lindqvist cottage:kitchen:kitchen table",
      ],
      [
        "06:30",
        "🌱",
        "turning over the vegetable beds",
        `${PARK}:community garden:vegetable patch`,
      ],
      ["09:00", "☕", "having breakfast at the cafe", `${CAFE}:dining room:window table`],
      ["10:00", "🌷", "pruning the flower beds", `${PARK}:community garden:flower beds`],
      ["12:00", "🍲", "eating soup at home", "Lindqvist cottage:kitchen:kitchen table"],
      ["12:45", "😴", "napping in the armchair", "Lindqvist cottage:living room:armchair"],
      ["14:00", "🛠️", "buying seeds and twine", `${SUPPLY}:shop floor:supply store counter`],
      ["15:00", "🦆", "feeding the ducks", `${PARK}:pond:pond bench`],
      [
        "16:30",
        "🎙️",
        "telling Samuel about the flood of 1952",
        "Lindqvist cottage:living room:sofa",
      ],
      ["18:00", "🍽️", "eating dinner with Margit", "Lindqvist cottage:kitchen:kitchen table"],
      ["21:00", "😴", "sleeping", "Lindqvist cottage:bedroom:bed"],
    ]),
  },
  {
    id: "margit",
    name: "Margit Lindqvist",
    age: 68,
    sprite: 17,
    bedSide: 1,
    innate: "sharp, organised, warm, a little bossy",
    learned:
      "Margit Lindqvist was the college librarian for thirty-one years and still volunteers there three mornings a week. She runs Oakmere's book club, which meets at the cafe on Thursdays. She has been married to Henrik for forty-five years.",
    currently:
      "Margit is choosing the book club's next novel and is helping Samuel Okafor find old newspapers about the flood.",
    lifestyle: "Margit goes to bed at 10 pm, wakes up at 6 am, and reads in bed.",
    home: "Lindqvist cottage:bedroom",
    homeKey: "Lindqvist cottage:bedroom",
    schedule: day([
      ["06:00", "🚿", "getting ready for the day", "Lindqvist cottage:bathroom:sink"],
      ["06:30", "🥣", "having porridge with Henrik", "Lindqvist cottage:kitchen:kitchen table"],
      ["08:00", "📚", "shelving books at the college library", `${COLLEGE}:library:bookshelves`],
      [
        "11:00",
        "📰",
        "looking for old newspapers about the flood",
        `${COLLEGE}:library:reading table`,
      ],
      ["12:30", "☕", "having lunch with her book club friends", `${CAFE}:dining room:long table`],
      ["14:00", "📖", "reading the next book club novel", "Lindqvist cottage:living room:sofa"],
      ["16:00", "🛒", "buying groceries", `${MARKET}:grocery:grocery shelves`],
      ["17:00", "🍲", "cooking dinner", "Lindqvist cottage:kitchen:stove"],
      ["18:00", "🍽️", "eating dinner with Henrik", "Lindqvist cottage:kitchen:kitchen table"],
      ["19:00", "📺", "watching a quiz show", "Lindqvist cottage:living room:television"],
      ["22:00", "😴", "sleeping", "Lindqvist cottage:bedroom:bed"],
    ]),
  },
  {
    id: "eleanor",
    name: "Eleanor Marlowe",
    age: 54,
    sprite: 18,
    innate: "determined, articulate, impatient, principled",
    learned:
      "Eleanor Marlowe is a lawyer who moved to Oakmere fifteen years ago and has sat on every committee in town since. She lives alone and paints watercolours to calm down. She believes the town hall has grown sleepy under Mayor Walter Pike.",
    currently:
      "Eleanor is running for mayor against Walter Pike in the election next month. She means to promise to reopen the old mill as a workshop space, and has told nobody yet.",
    lifestyle: "Eleanor goes to bed at 11 pm, wakes up at 5:30 am, and drinks too much coffee.",
    home: "Marlowe house:bedroom",
    homeKey: "Marlowe house:bedroom",
    schedule: day([
      ["05:30", "🏃", "stretching before a morning walk", "Marlowe house:living room"],
      ["06:00", "🚶", "walking around the park", `${PARK}:lawn:lawn bench`],
      ["06:45", "🚿", "showering", "Marlowe house:bathroom:bathtub"],
      ["07:15", "☕", "reading the news over coffee", "Marlowe house:kitchen:kitchen table"],
      ["08:00", "💼", "working on a client's case", "Marlowe house:bedroom:desk"],
      [
        "10:30",
        "📌",
        "pinning campaign posters on the board",
        `${HALL}:town square:campaign board`,
      ],
      ["11:00", "🗳️", "planning her campaign", `${CAFE}:dining room:round table`],
      ["13:00", "💼", "meeting a client at the town hall", `${HALL}:lobby:waiting bench`],
      [
        "14:30",
        "🚪",
        "talking with shop keepers on Main Street",
        `${SUPPLY}:shop floor:supply store counter`,
      ],
      ["15:30", "🛒", "talking with Nadia at the market", `${MARKET}:grocery:grocery counter`],
      [
        "17:00",
        "🎤",
        "speaking at the council's open session",
        `${HALL}:council chamber:public seating`,
      ],
      ["18:30", "🍝", "cooking dinner", "Marlowe house:kitchen:stove"],
      ["19:30", "🎨", "painting watercolours", "Marlowe house:bedroom:easel"],
      ["21:00", "✍️", "writing her campaign speech", "Marlowe house:bedroom:desk"],
      ["23:00", "😴", "sleeping", "Marlowe house:bedroom:bed"],
    ]),
  },
  {
    id: "daniel",
    name: "Daniel Hayes",
    age: 40,
    sprite: 9,
    innate: "easygoing, sociable, loyal, a bit lazy",
    learned:
      "Daniel Hayes owns The Tipsy Heron, the bar on Main Street, which he inherited from his father. He knows every rumour in town and keeps most of them to himself. He is married to Priya, the town clerk; her brother Arjun lives with them.",
    currently:
      "Daniel is organising a pool tournament at the bar on Saturday and is trying to find a second bartender for the weekends.",
    lifestyle: "Daniel goes to bed at 1 am, wakes up at 9 am, and eats lunch as breakfast.",
    home: "Hayes house:Daniel and Priya's bedroom",
    homeKey: "Hayes house:Daniel and Priya's bedroom",
    bedSide: 1,
    schedule: day([
      ["09:00", "🚿", "waking up and showering", "Hayes house:bathroom:bathtub"],
      ["09:30", "🍳", "cooking a big breakfast", "Hayes house:kitchen:stove"],
      ["10:00", "🍽️", "eating breakfast", "Hayes house:kitchen:kitchen table"],
      ["11:00", "📦", "taking in a delivery of beer", `${BAR}:back room:storage`],
      ["12:00", "🎸", "playing guitar at home", "Hayes house:Daniel and Priya's bedroom:guitar"],
      ["14:00", "🧹", "cleaning the bar before opening", `${BAR}:bar room:behind the bar`],
      ["16:00", "🍺", "pouring drinks", `${BAR}:bar room:behind the bar`],
      ["19:00", "🍔", "eating dinner in the back room", `${BAR}:back room:pool table`],
      ["19:30", "🍺", "running the bar on a busy night", `${BAR}:bar room:behind the bar`],
      ["00:30", "😴", "sleeping", "Hayes house:Daniel and Priya's bedroom:bed"],
    ]),
  },
  {
    id: "priya",
    name: "Priya Hayes",
    age: 38,
    sprite: 7,
    innate: "efficient, sociable, tactful, secretly ambitious",
    learned:
      "Priya Hayes is Oakmere's town clerk: she keeps the records, runs the council meetings and knows where every permit is. She is married to Daniel, who owns the bar, and shares her house with her younger brother Arjun.",
    currently:
      "Priya is preparing the town's spring budget and must keep every department happy, though she finds Mayor Pike's habits exhausting.",
    lifestyle: "Priya goes to bed at 10:30 pm, wakes up at 6 am, and runs before work.",
    home: "Hayes house:Daniel and Priya's bedroom",
    homeKey: "Hayes house:Daniel and Priya's bedroom",
    schedule: day([
      ["06:00", "🏃", "running around Larkspur Park", `${PARK}:picnic meadow:meadow bench`],
      ["06:45", "🚿", "showering", "Hayes house:bathroom:bathtub"],
      ["07:15", "🥣", "having breakfast", "Hayes house:kitchen:kitchen table"],
      ["08:00", "🗂️", "filing permits at the front desk", `${HALL}:lobby:behind the front desk`],
      ["10:00", "📋", "preparing the spring budget", `${HALL}:council chamber:council table`],
      ["12:30", "🥗", "having lunch at the cafe", `${CAFE}:dining room:corner table`],
      ["13:30", "🗂️", "helping residents at the front desk", `${HALL}:lobby:behind the front desk`],
      [
        "17:00",
        "📝",
        "taking minutes at the council's open session",
        `${HALL}:council chamber:council table`,
      ],
      ["18:30", "🍛", "cooking dinner with Arjun", "Hayes house:kitchen:stove"],
      ["19:30", "🍽️", "eating dinner", "Hayes house:kitchen:kitchen table"],
      ["20:30", "🍷", "visiting Daniel at the bar", `${BAR}:bar room:booth`],
      ["22:30", "😴", "sleeping", "Hayes house:Daniel and Priya's bedroom:bed"],
    ]),
  },
  {
    id: "arjun",
    name: "Arjun Rao",
    age: 24,
    sprite: 11,
    innate: "cheerful, dreamy, helpful, forgetful",
    learned:
      "Arjun Rao moved to Oakmere last year to live with his sister Priya and her husband Daniel. He works at Nadia Petrova's market stocking shelves and running the till, and studies accounting in the evenings. He plays the piano in the Hayes living room.",
    currently:
      "Arjun is studying for an accounting exam and has a crush on Lucy Tran, the barista, whom he sees every morning.",
    lifestyle:
      "Arjun goes to bed at midnight, wakes up at 6:30 am, and buys his coffee at the cafe every morning.",
    home: "Hayes house:Arjun's bedroom",
    homeKey: "Hayes house:Arjun's bedroom",
    schedule: day([
      ["06:30", "🚿", "washing up", "Hayes house:bathroom:sink"],
      ["06:50", "☕", "buying coffee from Lucy", `${CAFE}:dining room:cafe counter`],
      ["07:15", "📦", "stocking the grocery shelves", `${MARKET}:storeroom:stacked crates`],
      [
        "08:00",
        "🧾",
        "running the till at the market",
        `${MARKET}:grocery:behind the grocery counter`,
      ],
      ["12:30", "🥪", "eating lunch in the park", `${PARK}:picnic meadow:picnic tables`],
      [
        "13:15",
        "🧾",
        "running the till at the market",
        `${MARKET}:grocery:behind the grocery counter`,
      ],
      ["17:00", "🍎", "tidying the produce stand", `${MARKET}:grocery:produce stand`],
      ["18:30", "🍛", "cooking dinner with Priya", "Hayes house:kitchen:stove"],
      ["19:30", "🍽️", "eating dinner", "Hayes house:kitchen:kitchen table"],
      ["20:15", "🎹", "playing the piano", "Hayes house:living room:piano"],
      ["21:00", "📚", "studying accounting", "Hayes house:Arjun's bedroom:desk"],
      ["00:00", "😴", "sleeping", "Hayes house:Arjun's bedroom:bed"],
    ]),
  },
  {
    id: "walter",
    name: "Walter Pike",
    age: 64,
    sprite: 19,
    innate: "affable, proud, cautious, set in his ways",
    learned:
      "Walter Pike has been mayor of Oakmere for twelve years and owned the hardware store before Jonah Whitaker took it over. He shakes every hand, remembers every name, and dislikes change. He is married to Helen, who writes the town newsletter.",
    currently:
      "Walter is proud of the new street lamps on Main Street and is telling everyone the old mill would cost too much to reopen.",
    lifestyle:
      "Walter goes to bed at 10 pm, wakes up at 6 am, and has his lunch at the bar every day.",
    home: "Pike house:bedroom",
    homeKey: "Pike house:bedroom",
    schedule: day([
      ["06:00", "🚿", "shaving", "Pike house:bathroom:sink"],
      ["06:30", "🍳", "frying eggs", "Pike house:kitchen:stove"],
      [
        "07:00",
        "📰",
        "reading Helen's draft newsletter at breakfast",
        "Pike house:kitchen:kitchen table",
      ],
      ["08:00", "🏛️", "working in the mayor's office", `${HALL}:mayor's office:mayor's desk`],
      ["10:30", "🤝", "shaking hands on the town square", `${HALL}:town square:fountain`],
      ["12:00", "🍔", "having lunch at the bar", `${BAR}:bar room:table by the window`],
      ["13:00", "🏛️", "meeting shop keepers in his office", `${HALL}:mayor's office:armchairs`],
      [
        "15:00",
        "🛠️",
        "chatting with Jonah at the supply store",
        `${SUPPLY}:shop floor:supply store counter`,
      ],
      ["17:00", "🎤", "chairing the council's open session", `${HALL}:council chamber:podium`],
      ["18:30", "🍽️", "eating dinner with Helen", "Pike house:kitchen:kitchen table"],
      ["19:30", "📺", "watching the news", "Pike house:living room:television"],
      ["22:00", "😴", "sleeping", "Pike house:bedroom:bed"],
    ]),
  },
  {
    id: "helen",
    name: "Helen Pike",
    age: 62,
    sprite: 20,
    bedSide: 1,
    innate: "curious, chatty, observant, kind",
    learned:
      "Helen Pike writes, prints and delivers the Oakmere Gazette, the town's weekly newsletter, from her desk at home. She has been married to Walter for forty years and knows more about the town than he does.",
    currently:
      "Helen is writing profiles of the oldest shops on Main Street for the newsletter and wants to do it her own way, which Walter does not like.",
    lifestyle:
      "Helen goes to bed at 10:30 pm, wakes up at 6:30 am, and does the crossword at breakfast.",
    home: "Pike house:bedroom",
    homeKey: "Pike house:bedroom",
    schedule: day([
      ["06:30", "🚿", "getting ready", "Pike house:bathroom:bathtub"],
      ["07:00", "🧩", "doing the crossword at breakfast", "Pike house:kitchen:kitchen table"],
      ["08:00", "✍️", "writing the Gazette", "Pike house:bedroom:desk"],
      ["10:00", "🗞️", "interviewing Eleanor for the Gazette", `${CAFE}:dining room:round table`],
      [
        "11:30",
        "🗞️",
        "asking shoppers about their favourite shops",
        `${MARKET}:grocery:grocery shelves`,
      ],
      ["12:30", "🥗", "having lunch at home", "Pike house:kitchen:kitchen table"],
      ["13:30", "✍️", "writing the shop profiles", "Pike house:bedroom:desk"],
      ["16:00", "🌷", "walking in the park", `${PARK}:lawn:sunny bench`],
      ["17:30", "🍲", "cooking dinner", "Pike house:kitchen:stove"],
      ["18:30", "🍽️", "eating dinner with Walter", "Pike house:kitchen:kitchen table"],
      ["19:30", "📖", "reading by the fire", "Pike house:living room:sofa"],
      ["22:30", "😴", "sleeping", "Pike house:bedroom:bed"],
    ]),
  },
  {
    id: "felix",
    name: "Felix Moreau",
    age: 29,
    sprite: 21,
    innate: "charming, moody, talented, unreliable",
    learned:
      "Felix Moreau is a musician who came to Oakmere for a summer three years ago and stayed. He gives piano lessons to students at the college, plays at The Tipsy Heron on weekends, and writes songs he never finishes. He lives in flat 1 at Maple Court.",
    currently:
      "Felix is writing a new song, secretly for Iris Novak, and hopes to play it somewhere in public soon.",
    lifestyle: "Felix goes to bed at 2 am, wakes up at 10 am, and lives on coffee and toast.",
    home: `${FLATS}:flat 1`,
    homeKey: `${FLATS}:flat 1`,
    schedule: day([
      ["10:00", "🚿", "waking up slowly", `${FLATS}:flat 1:kitchenette`],
      ["10:30", "☕", "having coffee and toast", `${FLATS}:flat 1:table`],
      ["11:00", "🎹", "giving a piano lesson to Ben", `${COLLEGE}:student lounge:piano`],
      ["13:00", "🥪", "having lunch at the cafe", `${CAFE}:dining room:window table`],
      ["14:00", "🎹", "trying the cafe's piano", `${CAFE}:dining room:piano`],
      ["15:30", "🎼", "writing a song for Iris", `${FLATS}:flat 1:desk`],
      ["18:00", "🎨", "visiting Iris at the studio", `${LOFT}:studio:easels`],
      ["19:30", "🍔", "eating at the bar", `${BAR}:bar room:bar stools`],
      ["20:30", "🎸", "playing a set at the bar", `${BAR}:bar room:stage`],
      ["23:30", "🎼", "writing songs on the sofa", `${FLATS}:flat 1:sofa`],
      ["02:00", "😴", "sleeping", `${FLATS}:flat 1:bed`],
    ]),
  },
  {
    id: "nadia",
    name: "Nadia Petrova",
    age: 35,
    sprite: 8,
    innate: "shrewd, hard-working, blunt, generous in secret",
    learned:
      "Nadia Petrova owns the Oakmere Market, the town's grocery, and rents the pharmacy counter to Grace Okafor. She came to Oakmere from the city eight years ago to get away from an office job. She lives in flat 2 at Maple Court.",
    currently:
      "Nadia wants the town to fix the potholes on Main Street before the spring market and means to raise it with the mayor. She is thinking of selling Rosa's bread in her shop.",
    lifestyle: "Nadia goes to bed at 10 pm, wakes up at 5:30 am, and opens the market at 7.",
    home: `${FLATS}:flat 2`,
    homeKey: `${FLATS}:flat 2`,
    schedule: day([
      ["05:30", "🚿", "getting ready", `${FLATS}:flat 2:kitchenette`],
      ["05:50", "☕", "having a quick breakfast", `${FLATS}:flat 2:table`],
      ["06:15", "📦", "checking the morning delivery", `${MARKET}:storeroom:stacked crates`],
      ["07:00", "🍎", "setting out the produce stand", `${MARKET}:grocery:produce stand`],
      ["08:00", "🧾", "serving customers", `${MARKET}:grocery:grocery counter`],
      ["12:00", "🥪", "having lunch at the cafe", `${CAFE}:dining room:long table`],
      [
        "13:00",
        "🧾",
        "doing the market's accounts",
        `${MARKET}:grocery:behind the grocery counter`,
      ],
      ["17:30", "🍷", "having a drink at the bar", `${BAR}:bar room:table by the door`],
      ["19:00", "🍳", "cooking dinner", `${FLATS}:flat 2:kitchenette`],
      ["20:00", "📺", "watching a film on the sofa", `${FLATS}:flat 2:sofa`],
      ["22:00", "😴", "sleeping", `${FLATS}:flat 2:bed`],
    ]),
  },
  {
    id: "jonah",
    name: "Jonah Whitaker",
    age: 63,
    sprite: 13,
    innate: "gentle, methodical, lonely, handy",
    learned:
      "Jonah Whitaker runs Cobb's Supply Store, which he took over from his uncle Cobb and from Walter Pike before him. He can fix anything with a motor and lends tools to anyone who asks. He has been a widower for four years and lives in flat 3 at Maple Court.",
    currently:
      "Jonah is thinking about retiring and wonders whether Calum Reid would take over the store. He has not told his wife yet.",
    lifestyle:
      "Jonah goes to bed at 9:30 pm, wakes up at 5:30 am, and eats the same breakfast every day.",
    home: `${FLATS}:flat 3`,
    homeKey: `${FLATS}:flat 3`,
    schedule: day([
      ["05:30", "🥣", "eating oatmeal", `${FLATS}:flat 3:table`],
      ["06:00", "📖", "reading the Gazette", `${FLATS}:flat 3:sofa`],
      ["07:00", "🔧", "repairing a lawnmower in the workshop", `${SUPPLY}:workshop:tool wall`],
      [
        "08:30",
        "🧾",
        "serving customers at the counter",
        `${SUPPLY}:shop floor:behind the supply store counter`,
      ],
      ["12:00", "🥪", "having lunch at the cafe", `${CAFE}:dining room:long table`],
      [
        "12:45",
        "🧾",
        "serving customers at the counter",
        `${SUPPLY}:shop floor:behind the supply store counter`,
      ],
      ["16:00", "📦", "stocking the shelves", `${SUPPLY}:shop floor:product shelves`],
      ["17:30", "🍺", "having a beer at the bar", `${BAR}:bar room:bar stools`],
      ["19:00", "🍳", "cooking dinner", `${FLATS}:flat 3:kitchenette`],
      ["20:00", "📻", "listening to the radio", `${FLATS}:flat 3:sofa`],
      ["21:30", "😴", "sleeping", `${FLATS}:flat 3:bed`],
    ]),
  },
  {
    id: "lucy",
    name: "Lucy Tran",
    age: 26,
    sprite: 14,
    innate: "bubbly, creative, anxious, perfectionist",
    learned:
      "Lucy Tran is the barista at the Hearth & Crumb and wants to become a pastry chef; Rosa lets her try new recipes on the regulars. She grew up in Oakmere, left for culinary school, and came back. She lives in flat 4 at Maple Court.",
    currently:
      "Lucy is designing a wedding cake for a couple from the next town and is nervous about the piped hearts. She has noticed that Arjun buys a coffee every morning.",
    lifestyle: "Lucy goes to bed at 10 pm, wakes up at 5:30 am, and bakes at home on her days off.",
    home: `${FLATS}:flat 4`,
    homeKey: `${FLATS}:flat 4`,
    schedule: day([
      ["05:30", "🚿", "getting ready for work", `${FLATS}:flat 4:kitchenette`],
      ["06:00", "🥐", "helping Rosa bake", `${CAFE}:kitchen:baking counter`],
      ["07:00", "☕", "making coffee behind the counter", `${CAFE}:dining room:behind the counter`],
      [
        "12:30",
        "🍰",
        "practising piped hearts for the wedding cake",
        `${CAFE}:kitchen:baking counter`,
      ],
      ["13:30", "☕", "making coffee behind the counter", `${CAFE}:dining room:behind the counter`],
      ["15:30", "🛒", "buying strawberries for the cakes", `${MARKET}:grocery:produce stand`],
      ["16:30", "🌷", "sketching cake designs in the park", `${PARK}:lawn:lawn bench`],
      ["18:00", "🍜", "cooking noodles", `${FLATS}:flat 4:kitchenette`],
      ["19:00", "🍰", "baking a test cake", `${FLATS}:flat 4:kitchenette`],
      ["20:30", "📺", "watching a baking show", `${FLATS}:flat 4:sofa`],
      ["22:00", "😴", "sleeping", `${FLATS}:flat 4:bed`],
    ]),
  },
  {
    id: "omar",
    name: "Omar Haddad",
    age: 42,
    sprite: 15,
    innate: "calm, witty, observant, private",
    learned:
      "Omar Haddad tends the bar at The Tipsy Heron for Daniel Hayes and referees the pool tournaments. Before Oakmere he was a sailor for ten years and has stories from every port. He lives in flat 5 at Maple Court and grows herbs on his windowsill.",
    currently:
      "Omar is helping Daniel organise Saturday's pool tournament and is teaching himself to cook the dishes his mother made.",
    lifestyle: "Omar goes to bed at 1 am, wakes up at 9 am, and swims in the lake when it is warm.",
    home: `${FLATS}:flat 5`,
    homeKey: `${FLATS}:flat 5`,
    schedule: day([
      ["09:00", "🚿", "waking up", `${FLATS}:flat 5:kitchenette`],
      ["09:30", "🍳", "cooking his mother's recipe for breakfast", `${FLATS}:flat 5:kitchenette`],
      ["10:15", "🍽️", "eating breakfast", `${FLATS}:flat 5:table`],
      ["11:00", "🚶", "walking by the pond", `${PARK}:pond:pond bench`],
      ["12:00", "🛒", "buying spices at the market", `${MARKET}:grocery:grocery shelves`],
      ["13:00", "📖", "reading a sea novel", `${FLATS}:flat 5:sofa`],
      ["15:30", "🎱", "setting up the tournament table", `${BAR}:back room:pool table`],
      ["16:00", "🍸", "mixing drinks behind the bar", `${BAR}:bar room:behind the bar`],
      ["00:30", "😴", "sleeping", `${FLATS}:flat 5:bed`],
    ]),
  },
  {
    id: "kenji",
    name: "Kenji Mori",
    age: 20,
    sprite: 22,
    innate: "precise, shy, loyal, secretly competitive",
    learned:
      "Kenji Mori is a chemistry student at Oakmere College who lives in the dorm. He tutors other students, keeps a meticulous lab notebook, and plays pool every evening. His best friend is Ada Okafor.",
    currently:
      "Kenji is preparing for Saturday's pool tournament at The Tipsy Heron, which he intends to win, and is behind on a lab report.",
    lifestyle: "Kenji goes to bed at 1 am, wakes up at 8 am, and skips breakfast.",
    home: `${DORM}:Kenji's room`,
    homeKey: `${DORM}:Kenji's room`,
    schedule: day([
      ["08:00", "🚿", "showering", `${DORM}:bathroom:shower`],
      ["08:30", "📝", "writing his lab report", `${DORM}:Kenji's room:desk`],
      ["09:00", "📝", "attending a history class", `${COLLEGE}:classroom:student desks`],
      ["11:00", "🧪", "tutoring a student in the library", `${COLLEGE}:library:study table`],
      ["12:30", "🥪", "having lunch with Ada", `${COLLEGE}:student lounge:corner table`],
      ["13:30", "💻", "analysing data in the library", `${COLLEGE}:library:computers`],
      ["17:00", "🍜", "cooking instant noodles", `${DORM}:kitchen:stove`],
      ["17:30", "🍽️", "eating in the dorm kitchen", `${DORM}:kitchen:kitchen table`],
      ["18:30", "🎱", "practising pool", `${DORM}:common room:pool table`],
      ["21:00", "🍺", "practising pool at the bar", `${BAR}:back room:pool table`],
      ["23:00", "📝", "finishing the lab report", `${DORM}:Kenji's room:desk`],
      ["01:00", "😴", "sleeping", `${DORM}:Kenji's room:bed`],
    ]),
  },
  {
    id: "sofia",
    name: "Sofia Alvarez",
    age: 21,
    sprite: 5,
    innate: "curious, diligent, warm, talkative",
    learned:
      "Sofia Alvarez studies history at Oakmere College and works part-time for Professor Samuel Okafor sorting the town archive. She is writing her thesis on the founding of Oakmere's mill. She lives in the dorm.",
    currently:
      "Sofia is transcribing letters from the 1950s for Professor Okafor's book and has found a letter she thinks is about the old mill. She wonders whether Ben likes her.",
    lifestyle: "Sofia goes to bed at midnight, wakes up at 7 am, and works best in the library.",
    home: `${DORM}:Sofia's room`,
    homeKey: `${DORM}:Sofia's room`,
    schedule: day([
      ["07:00", "🚿", "getting ready", `${DORM}:bathroom:sink`],
      ["07:30", "🥣", "having cereal in the dorm kitchen", `${DORM}:kitchen:kitchen table`],
      ["08:00", "📚", "reading for her thesis", `${DORM}:Sofia's room:desk`],
      ["09:00", "📝", "attending a history class", `${COLLEGE}:classroom:student desks`],
      [
        "11:00",
        "🗂️",
        "sorting the town archive with Professor Okafor",
        `${COLLEGE}:library:reading table`,
      ],
      [
        "12:30",
        "🥪",
        "having lunch in the student lounge",
        `${COLLEGE}:student lounge:lounge table`,
      ],
      ["13:30", "✍️", "transcribing old letters", `${COLLEGE}:library:reading table`],
      ["16:30", "☕", "reading at the cafe", `${CAFE}:dining room:reading sofa`],
      ["18:00", "🍝", "cooking pasta with Mira", `${DORM}:kitchen:stove`],
      ["19:00", "📺", "watching a film in the common room", `${DORM}:common room:sofa`],
      ["21:00", "✍️", "writing her thesis", `${DORM}:Sofia's room:desk`],
      ["00:00", "😴", "sleeping", `${DORM}:Sofia's room:bed`],
    ]),
  },
  {
    id: "ben",
    name: "Ben Carter",
    age: 19,
    sprite: 1,
    innate: "earnest, absent-minded, musical, shy",
    learned:
      "Ben Carter is a music student at Oakmere College who lives in the dorm. He takes piano lessons from Felix Moreau and practises on the student lounge's piano for hours. He grew up on a farm south of town.",
    currently:
      "Ben is practising a duet he hopes to play with Felix one day, and is working up the courage to ask Sofia out for coffee.",
    lifestyle:
      "Ben goes to bed at midnight, wakes up at 7:30 am, and forgets to eat when he practises.",
    home: `${DORM}:Ben's room`,
    homeKey: `${DORM}:Ben's room`,
    schedule: day([
      ["07:30", "🚿", "washing his face", `${DORM}:bathroom:sink`],
      ["07:45", "🍞", "eating toast", `${DORM}:kitchen:kitchen table`],
      ["08:30", "🎹", "practising scales", `${COLLEGE}:student lounge:piano`],
      ["11:00", "🎹", "having a piano lesson with Felix", `${COLLEGE}:student lounge:piano`],
      ["12:30", "🥪", "having lunch in the lounge", `${COLLEGE}:student lounge:lounge sofa`],
      ["13:30", "📚", "studying music theory in the library", `${COLLEGE}:library:library sofa`],
      ["15:30", "🎹", "practising the duet", `${COLLEGE}:student lounge:piano`],
      ["17:30", "☕", "having a hot chocolate at the cafe", `${CAFE}:dining room:corner table`],
      ["18:30", "🍝", "eating dinner in the dorm", `${DORM}:kitchen:kitchen table`],
      ["19:30", "🎱", "watching Kenji play pool", `${DORM}:common room:pool table`],
      ["21:00", "🎼", "writing music at his desk", `${DORM}:Ben's room:desk`],
      ["00:00", "😴", "sleeping", `${DORM}:Ben's room:bed`],
    ]),
  },
  {
    id: "mira",
    name: "Mira Shah",
    age: 22,
    sprite: 12,
    innate: "passionate, organised, outspoken, idealistic",
    learned:
      "Mira Shah studies economics at Oakmere College and lives in the dorm. She works part-time in the town hall's archive, sorting old records. She wants to work in local government after graduating.",
    currently:
      "Mira is organising volunteers to knock on doors for Eleanor and is drafting a plan for reopening the old mill as workshops.",
    lifestyle:
      "Mira goes to bed at midnight, wakes up at 6:30 am, and schedules everything in a notebook.",
    home: `${DORM}:Mira's room`,
    homeKey: `${DORM}:Mira's room`,
    schedule: day([
      ["06:30", "🚿", "showering", `${DORM}:bathroom:shower`],
      ["07:00", "🥣", "having breakfast", `${DORM}:kitchen:kitchen table`],
      ["07:30", "📋", "drafting the mill plan", `${DORM}:Mira's room:desk`],
      ["09:00", "📝", "attending a history class", `${COLLEGE}:classroom:student desks`],
      ["11:00", "📚", "studying economics", `${CAFE}:dining room:round table`],
      ["12:30", "🥪", "having lunch in the lounge", `${COLLEGE}:student lounge:lounge table`],
      ["13:30", "📊", "studying economics in the library", `${COLLEGE}:library:study table`],
      [
        "15:30",
        "📌",
        "reading the notices on the town board",
        `${HALL}:town square:campaign board`,
      ],
      [
        "17:00",
        "🎤",
        "listening at the council's open session",
        `${HALL}:council chamber:public seating`,
      ],
      ["18:30", "🍝", "cooking dinner with Sofia", `${DORM}:kitchen:stove`],
      ["20:00", "📞", "calling volunteers", `${DORM}:common room:computer`],
      ["22:00", "📋", "planning tomorrow's canvassing", `${DORM}:Mira's room:desk`],
      ["00:00", "😴", "sleeping", `${DORM}:Mira's room:bed`],
    ]),
  },
  {
    id: "iris",
    name: "Iris Novak",
    age: 34,
    sprite: 3,
    innate: "dreamy, intense, generous, easily distracted",
    learned:
      "Iris Novak is a painter who lives in the Artists' loft with Calum Reid and Yuki Tanaka. She paints the lake and the people of Oakmere and sells her work at the Hearth & Crumb. She teaches a drawing class at the college on Fridays.",
    currently:
      "Iris is preparing an exhibition of her portraits of Oakmere's residents and is looking for a place to hang them. She has not noticed that Felix is writing a song for her.",
    lifestyle: "Iris goes to bed at 1 am, wakes up at 8 am, and paints in the morning light.",
    home: `${LOFT}:Iris's room`,
    homeKey: `${LOFT}:Iris's room`,
    schedule: day([
      ["08:00", "🚿", "washing up", `${LOFT}:bathroom:sink`],
      ["08:30", "☕", "drinking coffee in the loft kitchen", `${LOFT}:kitchen:kitchen table`],
      ["09:00", "🎨", "painting a portrait of Henrik", `${LOFT}:studio:easels`],
      ["12:00", "🥗", "having lunch with Yuki", `${LOFT}:kitchen:kitchen table`],
      [
        "13:00",
        "🖼️",
        "measuring the cafe's walls for the exhibition",
        `${CAFE}:dining room:long table`,
      ],
      ["14:30", "🌅", "sketching by the pond", `${PARK}:pond:pond bench`],
      ["16:30", "🎨", "varnishing finished canvases", `${LOFT}:studio:worktable`],
      ["18:00", "🗣️", "talking with Felix in the studio", `${LOFT}:studio:sofa`],
      ["19:30", "🍺", "hearing Felix play at the bar", `${BAR}:bar room:table by the window`],
      ["22:00", "🎨", "painting late", `${LOFT}:studio:easels`],
      ["01:00", "😴", "sleeping", `${LOFT}:Iris's room:bed`],
    ]),
  },
  {
    id: "calum",
    name: "Calum Reid",
    age: 31,
    sprite: 23,
    innate: "hands-on, sardonic, loyal, restless",
    learned:
      "Calum Reid is a sculptor and woodworker who lives in the Artists' loft. He earns his rent helping Jonah Whitaker at the supply store and Marco Delgado in the workshop. He carves birds out of driftwood from the lake.",
    currently:
      "Calum is helping Marco build bookshelves for the college library and is thinking about Jonah's hints that he should take over the store.",
    lifestyle:
      "Calum goes to bed at midnight, wakes up at 6:30 am, and swims in the lake year round.",
    home: `${LOFT}:Calum's room`,
    homeKey: `${LOFT}:Calum's room`,
    schedule: day([
      ["06:30", "🚿", "showering", `${LOFT}:bathroom:bathtub`],
      ["07:00", "🍳", "frying eggs for the loft", `${LOFT}:kitchen:stove`],
      ["07:30", "🪚", "helping Marco build the stage", `${SUPPLY}:workshop:workbench`],
      ["12:00", "🥪", "having lunch on the square", `${HALL}:town square:square bench`],
      [
        "12:45",
        "🧾",
        "minding the supply store counter for Jonah",
        `${SUPPLY}:shop floor:behind the supply store counter`,
      ],
      ["16:00", "🪵", "carving a heron from driftwood", `${LOFT}:studio:sculpting bench`],
      ["18:30", "🍲", "cooking stew for the loft", `${LOFT}:kitchen:stove`],
      ["19:30", "🍽️", "eating dinner with Iris and Yuki", `${LOFT}:kitchen:kitchen table`],
      ["20:30", "🍺", "having a drink at the bar", `${BAR}:bar room:bar stools`],
      ["22:30", "📖", "reading in bed", `${LOFT}:Calum's room:desk`],
      ["00:00", "😴", "sleeping", `${LOFT}:Calum's room:bed`],
    ]),
  },
  {
    id: "yuki",
    name: "Yuki Tanaka",
    age: 27,
    sprite: 24,
    innate: "observant, gentle, witty, solitary",
    learned:
      "Yuki Tanaka is a poet and illustrator who lives in the Artists' loft. She works mornings at the college library under Margit Lindqvist's old system, and illustrates children's books in the afternoons. Her poems are about small towns and weather.",
    currently:
      "Yuki is illustrating a children's book about the ducks of Larkspur Park and is writing a poem about the first day of spring.",
    lifestyle: "Yuki goes to bed at 11 pm, wakes up at 6 am, and writes before breakfast.",
    home: `${LOFT}:Yuki's room`,
    homeKey: `${LOFT}:Yuki's room`,
    schedule: day([
      ["06:00", "✍️", "writing a poem before breakfast", `${LOFT}:Yuki's room:desk`],
      ["07:00", "🍵", "having tea and rice", `${LOFT}:kitchen:kitchen table`],
      ["08:00", "📚", "checking books out at the library", `${COLLEGE}:library:bookshelves`],
      ["12:00", "🥗", "having lunch with Iris", `${LOFT}:kitchen:kitchen table`],
      ["13:00", "🦆", "drawing the ducks at the pond", `${PARK}:pond:pond`],
      ["15:00", "🖌️", "inking illustrations", `${LOFT}:studio:worktable`],
      ["17:30", "☕", "reading her poem to Rosa", `${CAFE}:dining room:reading sofa`],
      ["18:30", "🍽️", "eating dinner with Calum and Iris", `${LOFT}:kitchen:kitchen table`],
      ["20:00", "📖", "reading poetry", `${LOFT}:studio:sofa`],
      ["23:00", "😴", "sleeping", `${LOFT}:Yuki's room:bed`],
    ]),
  },
];
