import { townAt, visitorTalk } from "./visitorTalk.ts";
const t = await townAt("base-25", "14:00");
const talk = visitorTalk(t.mind, () => t.town.time, { id: "eleanor", name: "Eleanor Marlowe" });
for (const q of ["What are you working on these days?", "What keeps you busy lately?", "Anything exciting coming up for you?", "Do you have any secrets?", "What do you think of the mayor?"]) console.log(q, "→", await talk.say(q));
