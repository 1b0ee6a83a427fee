// End to end: a server hosting two towns. The join dialog lists both (residents, people in each);
// a person picks the second town and plays there, seen by an SDK client in that town and not
// by one in the first. Screenshots: towns-join.png (the dialog), towns-joined.png (the town).
import { Client, type Room } from "@colyseus/sdk";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TownState } from "../../shared/state.ts";
import {
  artifact,
  ensureClientBuilt,
  launchBrowser,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "./helpers.ts";

let server: ServerProcess;
let browser: Browser;
const rooms: Room<any, TownState>[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([
    startServerProcess({ TOWNS: "harbor=base-3,riverside=base-25" }),
    launchBrowser(),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all(rooms.map((r) => r.leave().catch(() => {})));
  await browser?.close().catch(() => {});
  await server?.stop();
});

describe("several towns in a browser", () => {
  it("lists the towns in the join dialog and joins the one picked", async () => {
    expect(server.output()).toMatch(
      /town: harbor \(template base-3, 3 residents\) new, the default/,
    );
    expect(server.output()).toMatch(/town: riverside \(template base-25, 25 residents\) new/);
    const inHarbor = await new Client(server.url).joinOrCreate<TownState>("town", { name: "Hal" });
    const inRiverside = await new Client(server.url).joinOrCreate<TownState>("town", {
      name: "Oona",
      town: "riverside",
    });
    rooms.push(inHarbor, inRiverside);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(server.url);
    await page.waitForSelector("#join-town option[value=riverside]", { state: "attached" });
    const options = await page.$$eval("#join-town option", (os) =>
      os.map((o) => ({
        value: (o as HTMLOptionElement).value,
        text: o.textContent,
        selected: (o as HTMLOptionElement).selected,
      })),
    );
    expect(options).toEqual([
      { value: "harbor", text: "harbor · 3 residents", selected: true },
      { value: "riverside", text: "riverside · 25 residents", selected: false },
    ]);
    // What is going on in the town picked, under the list: its hour, who is awake, who is here.
    await page.waitForFunction(() =>
      / · 1 person here$/.test(document.querySelector("#join-town-now")?.textContent ?? ""),
    );
    await page.selectOption("#join-town", "riverside");
    await page.waitForFunction(() =>
      /awake · .* · 1 person here$/.test(
        document.querySelector("#join-town-now")?.textContent ?? "",
      ),
    );
    await page.fill("#join-name", "Wren");
    await page.screenshot({ path: artifact("towns-join.png") });
    await page.press("#join-name", "Enter");
    await page.waitForSelector("#game canvas", { timeout: 20_000 });
    await page.waitForFunction(
      () => (window as any).__simulacra?.render?.ready === true,
      undefined,
      { timeout: 20_000 },
    );

    const seen = await page.evaluate(() => (window as any).__simulacra.state());
    expect(seen).toMatchObject({ name: "riverside", template: "base-25" });
    expect(seen.agents).toHaveLength(25);
    const wren = await waitFor("Oona sees Wren in riverside", () =>
      [...inRiverside.state.avatars.values()].find((a) => a.name === "Wren"),
    );
    expect(wren.name).toBe("Wren");
    expect([...inHarbor.state.avatars.values()].map((a) => a.name)).toEqual(["Hal"]);
    // The HUD names the map's world and the town's own name.
    await page.waitForFunction(
      () =>
        /Oakmere · riverside/.test(document.querySelector("#hud-clock .town")?.textContent ?? ""),
      undefined,
      { timeout: 5_000 },
    );
    await page.waitForTimeout(1000);
    await page.screenshot({ path: artifact("towns-joined.png") });
    expect(pageErrors).toEqual([]);
  });
});
