import { townAt } from "./visitorTalk.ts";
import { knowledgeOf } from "../server/agents/knowing.ts";
import { answerTo } from "../test/helpers/askResident.ts";
const t = await townAt("base-25", "14:00");
const ctx = t.mind.context();
const k = knowledgeOf(ctx, ctx.agents.get("eleanor")!, t.town.time, "Nora Vale");
const residents = t.personas.map((p) => p.name);
for (const q of process.argv.slice(2)) {
  const a = answerTo(q, { me: "Eleanor Marlowe", residents, now: t.town.time, knowledge: k });
  console.log(q, "→", a.source, "|", a.text);
}
