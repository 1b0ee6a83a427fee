// End to end in headless Chromium (issue 32, parts 2 and 3): a moderator opens "New resident",
// fills it in, is told what is wrong (a name taken), fixes it, and the new resident appears at home
// in everyone's town and walks off to its day (the panel says it moved in); then the moderator
// changes what it is up to, and retires it from the inspector: it walks home and leaves town. An
// SDK observer checks what the server shows.
// Screenshots: test/artifacts/new-resident-form.png, new-resident-walks.png,
// retire-walks-home.png, retire-left.png.
import type { Room } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TownState } from "../../shared/state.ts";
import {
  artifact,
  ensureClientBuilt,
  joinObserver,
  joinTown,
  launchBrowser,
  leaveObserver,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "./helpers.ts";

const TOKEN = "e2e-moderator-token";
let server: ServerProcess;
let browser: Browser;
let observer: Room<any, TownState>;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([
    // Nine in the morning: residents are up, a newcomer goes out to work.
    startServerProcess({ MODERATOR_TOKEN: TOKEN, START_TIME: "09:00", STEPS_PER_SECOND: "5" }),
    launchBrowser(),
  ]);
  observer = await joinObserver(server.url);
  await waitFor("the observer to see residents", () => observer.state.agents?.size >= 3);
}, 60_000);

afterAll(async () => {
  await leaveObserver(observer);
  await browser?.close().catch(() => {});
  await server?.stop();
});

const feedback = (page: Page, re: RegExp) =>
  page.waitForFunction(
    (src) => new RegExp(src).test(document.querySelector("#mod-feedback")?.textContent ?? ""),
    re.source,
    { timeout: 15_000 },
  );

describe("a new resident from the browser", () => {
  it("a moderator adds a resident, told first what is wrong; it appears at home and walks", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/?fps=30`);
    await joinTown(page, "Mona", "moderator", TOKEN);
    await page.waitForSelector("#moderator-panel");
    await page.click("#mod-new-resident summary");
    await page.waitForSelector("#mod-new-workplace option", { state: "attached" });

    // A name taken: the server's reason is shown, nobody is added.
    await page.fill("#mod-new-name", "Ines Calloway");
    await page.fill("#mod-new-age", "31");
    await page.fill("#mod-new-traits", "curious, patient, warm");
    await page.fill("#mod-new-occupation", "baker");
    await page.selectOption("#mod-new-workplace", { label: "Copper Kettle cafe" });
    await page.selectOption("#mod-new-home", { label: "With Ines Calloway" });
    await page.fill("#mod-new-currently", "She has just moved here and wants to bake bread.");
    await page.fill("#mod-new-lifestyle", "She goes to bed around 10 pm and wakes up at 6 am.");
    await page.fill("#mod-new-sprite", "2");
    await page.click("#mod-new-add");
    await feedback(page, /already lives in this town/);
    expect(observer.state.agents.size).toBe(3);
    await page.locator("#moderator-panel").screenshot({ path: artifact("new-resident-form.png") });

    await page.fill("#mod-new-name", "Nora Vale");
    await page.click("#mod-new-add");
    const nora = await waitFor("Nora to appear", () => observer.state.agents.get("nora-vale"));
    // "Adding Nora Vale…" gives way to what happened, and the form is ready for the next one.
    await feedback(page, /^Nora Vale moved in\.$/);
    expect(await page.inputValue("#mod-new-name")).toBe("");
    const home = { x: nora.x, y: nora.y };
    // Follow her with the camera (the resident list), and see her walk.
    await page.click(`[data-resident="nora-vale"]`);
    await waitFor(
      "Nora to walk",
      () => {
        const a = observer.state.agents.get("nora-vale")!;
        return Math.abs(a.x - home.x) + Math.abs(a.y - home.y) >= 3;
      },
      60_000,
    );
    await page.waitForFunction(
      () =>
        !!(window as unknown as { __simulacra: { render: { residents: Record<string, unknown> } } })
          .__simulacra.render.residents["nora-vale"],
    );
    await page.screenshot({ path: artifact("new-resident-walks.png") });
    expect(observer.state.agents.get("nora-vale")!.action).not.toBe("");

    // The moderator changes what she is up to: she thinks it as her own.
    await page.selectOption("#mod-edit-agent", "nora-vale");
    await page.selectOption("#mod-edit-what", "currently");
    await page.fill("#mod-edit-text", "Nora wants to open a bakery in the old mill.");
    await page.click("#mod-edit-send");
    await waitFor(
      "Nora to think of the mill",
      async () => {
        const res = await fetch(`${server.url}/api/agents/nora-vale?limit=50`);
        const { memories } = (await res.json()) as {
          memories: { type: string; description: string }[];
        };
        return memories.some((m) => m.type === "thought" && /old mill/.test(m.description));
      },
      20_000,
    );

    // Retired from the inspector: she stops, walks home and leaves town.
    await waitFor(
      "Nora to be away from home",
      () => {
        const a = observer.state.agents.get("nora-vale")!;
        return Math.abs(a.x - home.x) + Math.abs(a.y - home.y) >= 6;
      },
      60_000,
    );
    const away = { ...observer.state.agents.get("nora-vale")! };
    await page.click(`[data-inspect="nora-vale"]`);
    await page.waitForSelector("#inspector-retire");
    await page.click("#inspector-retire");
    await page.waitForFunction(() =>
      /Click again/.test(document.querySelector("#inspector-retire")?.textContent ?? ""),
    );
    await page.click("#inspector-retire");
    await feedback(page, /Nora Vale is walking home to leave town/).catch(async (e: unknown) => {
      const [said, button] = await Promise.all([
        page.textContent("#mod-feedback"),
        page.textContent("#inspector-retire"),
      ]);
      throw new Error(`feedback "${said}", button "${button}": ${String(e)}`);
    });
    await waitFor(
      "Nora to head home",
      () => observer.state.agents.get("nora-vale")?.action === "leaving town",
      // (A bound, as the waits around it: an observer's patches come late on a loaded machine.)
      30_000,
    );
    const distance = (a: { x: number; y: number }) =>
      Math.abs(a.x - home.x) + Math.abs(a.y - home.y);
    await waitFor(
      "Nora to be nearer home",
      () => {
        const a = observer.state.agents.get("nora-vale");
        return !a || distance(a) <= distance(away) - 3;
      },
      30_000,
    );
    await page.screenshot({ path: artifact("retire-walks-home.png") });
    await waitFor("Nora to leave town", () => !observer.state.agents.get("nora-vale"), 60_000);
    await feedback(page, /^Nora Vale has left town\.$/);
    // Gone from everyone's town, and from the page's.
    await page.waitForFunction(
      () =>
        !(window as unknown as { __simulacra: { render: { residents: Record<string, unknown> } } })
          .__simulacra.render.residents["nora-vale"],
    );
    expect(observer.state.agents.size).toBe(3);
    // The inspector says so; the moderator's lists hold only those in town.
    await page.waitForSelector("#inspector-gone", { timeout: 15_000 });
    expect(await page.textContent("#inspector-gone")).toBe("Nora Vale has left town.");
    expect(await page.inputValue("#mod-edit-agent")).not.toBe("");
    await page.screenshot({ path: artifact("retire-left.png") });
    // Retiring her again is refused with the reason.
    const again = await fetch(
      `${server.url}/api/towns/${observer.state.name}/residents/nora-vale`,
      {
        method: "DELETE",
        headers: { authorization: `Bearer ${TOKEN}` },
      },
    );
    expect(again.status).toBe(409);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 180_000);
});
