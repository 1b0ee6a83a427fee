// What offline metering costs: an ask of the offline engine with and without counting the
// tokens a model would have been sent. Prompts are built like the mind's: a persona, a dozen
// memories drawn from a pool (so lines repeat from ask to ask, as they do in a town), a question.
// Also: the per-line count against a count of the whole text (accuracy), and the raw tokenizer.
import { countTokens } from "gpt-tokenizer";
import { z } from "zod";
import { OfflineGateway } from "../server/llm/offlineGateway.ts";
import type { Prompt } from "../server/llm/prompt.ts";
import { TokenCounter } from "../server/llm/tokens.ts";
import { Random } from "../server/world/random.ts";
import { fmt, machine, summarize } from "./stats.ts";

const ASKS = 5000;
const rng = new Random(7);
const names = ["Isabella Rodriguez", "Klaus Mueller", "Maria Lopez", "Tom Moreno", "Sam Moore"];
const places = [
  "Hobbs Cafe",
  "the library",
  "Oak Hill College",
  "the park",
  "Harvey Oak Supply Store",
  "her house",
];
const doing = [
  "reading a book about gentrification",
  "arranging flowers",
  "talking about the party",
  "studying for an exam",
  "buying paint",
  "writing a research paper",
];
const pool = Array.from(
  { length: 400 },
  () =>
    `${names[rng.int(names.length)]} is ${doing[rng.int(doing.length)]} at ${places[rng.int(places.length)]}`,
);

type In = { who: string; hour: number; memories: string[] };
const Answer = z.object({
  action: z.string(),
  emoji: z.string(),
  duration: z.number().int().min(5).max(60),
});
const prompt: Prompt<In, z.infer<typeof Answer>> = {
  name: "bench_action",
  tier: "cheap",
  answer: Answer,
  render: ({ who, hour, memories }) => [
    {
      role: "system",
      content:
        "You are simulating a resident of a small town. Stay in character. Be concrete and brief.",
    },
    {
      role: "user",
      content: [
        `Name: ${who}`,
        "Innate traits: friendly, outgoing, hospitable",
        `Learned traits: ${who} loves to make people feel welcome and is always looking for ways to make the town better.`,
        `Lifestyle: ${who} goes to bed around 11pm and wakes up around 6am.`,
        "",
        "Relevant memories:",
        ...memories.map((m, i) => `- ${i + 1} hours ago: ${m}`),
        "",
        `It is ${hour}:00. What does ${who} do for the next few minutes? Give the action, an emoji and a duration in minutes.`,
      ].join("\n"),
    },
  ],
  offline: ({ who, memories }) => ({
    action: `${who} thinks about ${memories[0] ?? "the day"}`,
    emoji: "🤔",
    duration: 15,
  }),
};

const inputs: In[] = Array.from({ length: ASKS }, (_, i) => ({
  who: names[i % names.length],
  hour: 6 + (i % 16),
  memories: Array.from({ length: 12 }, () => pool[rng.int(pool.length)]),
}));

async function perAsk(gw: OfflineGateway): Promise<number[]> {
  const samples: number[] = [];
  for (const input of inputs) {
    const t = performance.now();
    await gw.ask(prompt, input);
    samples.push(performance.now() - t);
  }
  return samples;
}

console.log(machine());
console.log(
  `${ASKS} asks, prompts of ~${prompt.render(inputs[0])[1].content.length} characters, 12 memories from a pool of ${pool.length}\n`,
);

// Warm up the JIT (and nothing else: each measured gateway has a fresh token cache).
await perAsk(new OfflineGateway({ meter: false }));

const off = summarize(await perAsk(new OfflineGateway({ meter: false })));
const meteredGw = new OfflineGateway();
const on = summarize(await perAsk(meteredGw));
const again = summarize(await perAsk(meteredGw)); // every line seen before
const raw: number[] = [];
for (const input of inputs.slice(0, 1000)) {
  const text = prompt
    .render(input)
    .map((m) => m.content)
    .join("\n");
  const t = performance.now();
  countTokens(text);
  raw.push(performance.now() - t);
}
const rawS = summarize(raw);

console.log("| offline ask | median | p99 | mean |");
console.log("|---|---|---|---|");
console.log(`| meter: false | ${fmt(off.median)} | ${fmt(off.p99)} | ${fmt(off.mean)} |`);
console.log(`| metered, fresh line cache | ${fmt(on.median)} | ${fmt(on.p99)} | ${fmt(on.mean)} |`);
console.log(
  `| metered, lines seen before | ${fmt(again.median)} | ${fmt(again.p99)} | ${fmt(again.mean)} |`,
);
console.log(
  `| (gpt-tokenizer on the whole prompt, no cache) | ${fmt(rawS.median)} | ${fmt(rawS.p99)} | ${fmt(rawS.mean)} |`,
);

// Accuracy of counting line by line.
let worst = 0;
let sumLines = 0;
let sumWhole = 0;
const counter = new TokenCounter();
for (const input of inputs.slice(0, 500)) {
  for (const m of prompt.render(input)) {
    const a = counter.text(m.content);
    const b = countTokens(m.content);
    sumLines += a;
    sumWhole += b;
    worst = Math.max(worst, Math.abs(a - b) / b);
  }
}
const m = meteredGw.metrics();
console.log(
  `\nline-by-line count vs whole text: total ${sumLines} vs ${sumWhole} (${(((sumLines - sumWhole) / sumWhole) * 100).toFixed(2)}%), worst message ${(worst * 100).toFixed(2)}%`,
);
console.log(
  `metered: ${m.calls} calls, ${m.tokensIn} tokens in (${(m.tokensIn / m.calls).toFixed(0)} per call), ${m.tokensOut} out (${(m.tokensOut / m.calls).toFixed(0)} per call)`,
);
