import { understand } from "../server/agents/language/understand.ts";
for (const q of process.argv.slice(2)) console.log(q, JSON.stringify(understand(q, { now: Date.UTC(2024,1,13,14), residents: ["Eleanor Marlowe"], listener: "Eleanor Marlowe", speaker: "Nora Vale" })));
