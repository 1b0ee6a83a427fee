import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HistoryFormatError, loadHistory } from "../../server/agents/whisper.ts";

const REFERENCE = new URL(
  "../../../shared/reference/the_ville/agent_history_init_n3.csv",
  import.meta.url,
);

describe("history files (Name,Whisper)", () => {
  it("reads the original's n3 file: one row per resident, statements split on ';'", () => {
    const rows = loadHistory(readFileSync(REFERENCE, "utf8"));
    expect(rows.map((r) => r.name)).toEqual(["Maria Lopez", "Klaus Mueller", "Isabella Rodriguez"]);
    const isabella = rows[2];
    expect(isabella.statements[0]).toContain(
      "Valentine's Day party at *Hobbs Cafe on February 14th from 5pm*",
    );
    expect(isabella.statements).toHaveLength(5);
    expect(rows[0].statements[0]).toBe(
      "This is very important -- you have a secret crush on Klaus Mueller",
    );
    // An unquoted comma belongs to the whisper (the original's loader cut the statement there).
    expect(rows[0].statements.at(-1)).toBe("For planning, you frequent Hobbs Cafe for studying");
  });

  it("reads quoted whispers with commas and doubled quotes", () => {
    const rows = loadHistory(
      'Name,Whisper\r\nAnn Ash,"you like tea, coffee and ""cake""; you are kind"\r\n',
    );
    expect(rows).toEqual([
      { name: "Ann Ash", statements: ['you like tea, coffee and "cake"', "you are kind"], line: 2 },
    ]);
  });

  it("names the line and the problem of a malformed file", () => {
    const bad = (text: string) => {
      try {
        loadHistory(text);
      } catch (e) {
        expect(e).toBeInstanceOf(HistoryFormatError);
        return (e as Error).message;
      }
      throw new Error("no error");
    };
    expect(bad("")).toMatch(/line 1: the file is empty/);
    expect(bad("Person,Text\nAnn,hi")).toMatch(/line 1: expected the header "Name,Whisper"/);
    expect(bad("Name,Whisper\nAnn Ash")).toMatch(
      /line 2: expected a name, a comma and the whisper, found "Ann Ash"/,
    );
    expect(bad('Name,Whisper\nAnn Ash,"you like" tea')).toMatch(
      /line 2: text after a closing quote/,
    );
    expect(bad('Name,Whisper\nAnn Ash,"you like tea')).toMatch(
      /line 2: a quoted field is never closed/,
    );
    expect(bad("Name,Whisper\n,you like tea")).toMatch(/line 2: the name is empty/);
    expect(bad("Name,Whisper\nAnn Ash,  ;  ")).toMatch(/line 2: no statements for "Ann Ash"/);
    expect(bad("Name,Whisper\nAnn Ash,a\nBob,b\nAnn Ash,c")).toMatch(
      /line 4: "Ann Ash" appears twice/,
    );
  });
});
