// The inspector's Mind tab in Chromium (issue 31): a moderator opens a resident's asks of its
// mind, newest first, filters them by prompt and opens one: the prompt as sent, the memories
// retrieved with their scores as bars, the answer. A visitor (TRACE_PUBLIC off) is told the
// trace is for moderators. Screenshots in test/artifacts/ (docs/mind-tab.png is one of them).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artifact,
  ensureClientBuilt,
  joinTown,
  launchBrowser,
  ROOT,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "./helpers.ts";

const TOKEN = "e2e-mind-token";
let server: ServerProcess;
let browser: Browser;
const pageErrors: string[] = [];

const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-mind-"));

beforeAll(async () => {
  ensureClientBuilt();
  // Half a day of base-3 run headless (npm run sim): its trace holds plans, talks, reflections;
  // the server then hosts that save.
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "server/cli/sim.ts",
      "--from",
      "base-3",
      "--name",
      "day",
      "--steps",
      "4320",
      "--quiet",
    ],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir(), DATA_DIR: dataDir },
      stdio: "ignore",
    },
  );
  [server, browser] = await Promise.all([
    startServerProcess({ MODERATOR_TOKEN: TOKEN, TOWNS: "day" }, 90_000, { dataDir }),
    launchBrowser(),
  ]);
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(`${server.url}/?fps=30&daylight=12:00`);
  return page;
}

/** The first resident with a traced ask, by the API (as a moderator). */
async function tracedResident(): Promise<string> {
  const agents = (await (await fetch(`${server.url}/api/agents`)).json()) as { id: string }[];
  let found = "";
  await waitFor(
    "a resident's asks in the trace",
    async () => {
      for (const a of agents) {
        const res = await fetch(`${server.url}/api/agents/${a.id}/trace?town=day&limit=1`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        const page = (await res.json()) as { entries: unknown[] };
        if (page.entries.length) found = a.id;
      }
      return found !== "";
    },
    30_000,
  );
  return found;
}

describe("the inspector's Mind tab", () => {
  it("a moderator reads a resident's asks, filters them, and opens one", async () => {
    const id = await tracedResident();
    const page = await openPage();
    await joinTown(page, "Mod", "moderator", TOKEN);
    await page.click(`[data-inspect="${id}"]`);
    await page.waitForSelector("#inspector h2");
    await page.click("#inspector-tab-mind");
    await page.waitForSelector("#mind-asks li", { timeout: 15_000 });
    // Newest first.
    const times = await page.$$eval("#mind-asks .mind-line .t", (els) =>
      els.map((e) => e.textContent ?? ""),
    );
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort().reverse()).toEqual(times);
    // Filter by a prompt: only that prompt's asks are listed.
    const prompts = await page.$$eval("#mind-filter option", (os) =>
      os.map((o) => (o as HTMLOptionElement).value).filter(Boolean),
    );
    expect(prompts).toContain("day-plan");
    await page.selectOption("#mind-filter", "day-plan");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("#mind-asks .prompt")].every(
        (e) => e.textContent === "day-plan",
      ),
    );
    // One click opens it: the prompt text (its resident's name in it) and the answer.
    await page.click("#mind-asks li:first-child .mind-line");
    await page.waitForSelector("#mind-asks li:first-child .mind-open:not([hidden]) pre.answer");
    const name = (await page.textContent("#inspector h2"))!.trim();
    const prompt = await page.textContent("#mind-asks li:first-child .prompt-text[open] pre");
    expect(prompt).toContain(name);
    expect(await page.textContent("#mind-asks li:first-child pre.answer")).toMatch(/"schedule"|\{/);
    // The offline engine's answer comes with what it drew on: the plan's habits from the persona.
    const drew = await page.$$eval("#mind-asks li:first-child .mind-drew li .kind", (els) =>
      els.map((e) => e.textContent ?? ""),
    );
    expect(drew).toContain("plan");
    // An ask with retrieved memories shows them with three bars each.
    await page.selectOption("#mind-filter", "");
    await page.waitForFunction(
      () =>
        new Set([...document.querySelectorAll("#mind-asks .prompt")].map((e) => e.textContent))
          .size > 1,
      undefined,
      { timeout: 10_000 },
    );
    const lines = await page.$$("#mind-asks > li");
    let withMemories = -1;
    for (const [i, li] of lines.entries()) {
      await (await li.$(".mind-line"))!.click();
      if (await li.$(".mind-memories li")) {
        withMemories = i;
        break;
      }
      await (await li.$(".mind-line"))!.click();
    }
    expect(withMemories, "an ask with retrieved memories").toBeGreaterThanOrEqual(0);
    const bars = await lines[withMemories].$$eval(".mind-memories li:first-child .bar", (els) =>
      els.map((e) => e.getAttribute("title") ?? ""),
    );
    expect(bars.map((t) => t.split(" ")[0])).toEqual(["recency", "importance", "relevance"]);
    await page.screenshot({ path: artifact("mind-tab.png") });
    // The inspector alone, scrolled to the opened ask's memories (the README's picture).
    await lines[withMemories].evaluate((el) => el.scrollIntoView());
    await page.locator("#inspector").screenshot({ path: artifact("mind-inspector.png") });
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 120_000);

  it("a visitor is told the trace is for moderators", async () => {
    const page = await openPage();
    await joinTown(page, "Visitor");
    const first = await page.getAttribute("[data-inspect]", "data-inspect");
    await page.click(`[data-inspect="${first}"]`);
    await page.click("#inspector-tab-mind");
    await page.waitForFunction(() =>
      /for moderators/.test(document.querySelector("#inspector-mind")?.textContent ?? ""),
    );
    expect(await page.$$("#mind-asks li")).toHaveLength(0);
    await page.screenshot({ path: artifact("mind-tab-visitor.png") });
    // What was said is anyone's: the transcript downloads as Markdown, JSON lines and CSV.
    const links = await page.$$eval("#inspector-transcript a", (as) =>
      as.map((a) => [a.textContent ?? "", a.getAttribute("href") ?? ""]),
    );
    expect(links.map(([label]) => label)).toEqual(["MD", "JSONL", "CSV"]);
    const [md, jsonl, csv] = await Promise.all(
      links.map(async ([, href]) => {
        const res = await fetch(`${server.url}${href}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-disposition")).toMatch(/attachment/);
        return { type: res.headers.get("content-type") ?? "", text: await res.text() };
      }),
    );
    expect(md.type).toMatch(/markdown/);
    expect(jsonl.type).toMatch(/ndjson/);
    expect(csv.type).toMatch(/csv/);
    const rows = jsonl.text.trim().split("\n").filter(Boolean);
    expect(rows.length, "the resident said or heard something in half a day").toBeGreaterThan(0);
    for (const r of rows) expect(JSON.parse(r)).toHaveProperty("speaker");
    expect(csv.text.trim().split("\n")).toHaveLength(rows.length + 1);
    await page.close();
  }, 60_000);
});
