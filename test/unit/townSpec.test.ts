// The TOWNS setting: which towns a server hosts, the default first.
import { describe, expect, it } from "vitest";
import { TownSpec, templateExists, townsOfConfig } from "../../server/hosting/townSpec.ts";

describe("townsOfConfig", () => {
  it("without TOWNS hosts one town: TOWN_NAME (or the template's name) made from TOWN", () => {
    expect(townsOfConfig({ TOWN: "base-3" })).toEqual([{ name: "base-3", template: "base-3" }]);
    expect(townsOfConfig({ TOWN: "base-25", TOWN_NAME: "oak" })).toEqual([
      { name: "oak", template: "base-25" },
    ]);
  });

  it("reads saves, templates and name=template entries, the first the default", () => {
    expect(townsOfConfig({ TOWN: "base-3", TOWNS: " oak=base-25 , base-3,my-fork " })).toEqual([
      { name: "oak", template: "base-25" },
      { name: "base-3" },
      { name: "my-fork" },
    ]);
  });

  it("refuses a malformed list with the entry at fault", () => {
    expect(() => townsOfConfig({ TOWN: "base-3", TOWNS: "a=b=c" })).toThrow(
      /TOWNS: "a=b=c" is not a town/,
    );
    expect(() => townsOfConfig({ TOWN: "base-3", TOWNS: "two words" })).toThrow(/"two words"/);
    expect(() => townsOfConfig({ TOWN: "base-3", TOWNS: "a, b, a=base-3" })).toThrow(
      /"a" is listed twice/,
    );
    expect(() => townsOfConfig({ TOWN: "base-3", TOWNS: " , " })).toThrow(/no town listed/);
  });
});

describe("TownSpec (POST /api/towns)", () => {
  it("takes a name and an optional template, nothing else", () => {
    expect(TownSpec.parse({ name: "oak", template: "base-25" })).toEqual({
      name: "oak",
      template: "base-25",
    });
    expect(TownSpec.safeParse({ name: "../etc" }).success).toBe(false);
    expect(TownSpec.safeParse({ name: "oak", extra: 1 }).success).toBe(false);
    expect(TownSpec.safeParse({}).success).toBe(false);
  });

  it("knows the templates of assets/towns", () => {
    expect(templateExists("base-3")).toBe(true);
    expect(templateExists("base-25")).toBe(true);
    expect(templateExists("nope")).toBe(false);
    expect(templateExists("../base-3")).toBe(false);
  });
});
