// The repository's documents lead only to things a clone has: every relative link of README.md
// and docs/*.md resolves to a file inside the repository (and an #anchor to a heading of it),
// every repository path a document names in code spans exists, and every code comment that cites
// a section of docs/ARCHITECTURE.md names a heading it has.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DOCS = [
  "README.md",
  ...readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Markdown without its fenced code blocks (a link or path there is an example, not a claim). */
const prose = (md: string) => md.replace(/^```[\s\S]*?^```/gm, "");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

function anchorsOf(file: string): Set<string> {
  const headings = prose(read(file)).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((h) => slug(h.replace(/^#+ /, ""))));
}

/** The targets of [text](target) and ![alt](target) links. */
function linksOf(md: string): string[] {
  return [...prose(md).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
}

/** Code spans that name a path of the repository: `server/world/town.ts`, `client/panels/`. */
function pathsOf(md: string): string[] {
  const spans = [...prose(md).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return spans.filter((s) =>
    /^(server|shared|client|test|bench|assets|prisma|scripts|tools|docs)\/[\w./-]*$/.test(s),
  );
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir))) {
    const rel = `${dir}/${entry}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|mts|mjs|cjs)$/.test(entry)) out.push(rel);
  }
  return out;
}

describe("the documents", () => {
  it.each(DOCS)("%s: every relative link resolves inside the repository", (doc) => {
    const problems: string[] = [];
    for (const target of linksOf(read(doc))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
        // An absolute URL: a web page, never a file of a neighbouring folder.
        if (/^file:/i.test(target)) problems.push(`${target}: a file URL`);
        continue;
      }
      const [file, anchor] = target.split("#");
      const resolved = file ? path.resolve(ROOT, path.dirname(doc), decodeURI(file)) : "";
      const rel = file ? path.relative(ROOT, resolved) : doc;
      if (rel.startsWith("..") || path.isAbsolute(rel)) {
        problems.push(`${target}: leaves the repository`);
        continue;
      }
      if (!existsSync(path.join(ROOT, rel))) {
        problems.push(`${target}: no such file`);
        continue;
      }
      if (anchor && rel.endsWith(".md") && !anchorsOf(rel).has(anchor))
        problems.push(`${target}: no heading "#${anchor}" in ${rel}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(DOCS)("%s: every repository path it names exists", (doc) => {
    const missing = pathsOf(read(doc)).filter((p) => !existsSync(path.join(ROOT, p)));
    expect(missing).toEqual([]);
  });

  it("ARCHITECTURE.md names the files of its walk-throughs", () => {
    // A walk-through that names no files would pass the check above while saying nothing.
    const md = read("docs/ARCHITECTURE.md");
    for (const section of [
      "A step, from the clock to the screen",
      "A person's line",
      "A moderator's change",
    ]) {
      const body = md.split(`## ${section}\n`)[1]?.split(/^## /m)[0] ?? "";
      expect(pathsOf(body).length, section).toBeGreaterThanOrEqual(5);
    }
  });

  it("code comments cite sections docs/ARCHITECTURE.md has, and no DESIGN.md outside it", () => {
    const anchors = anchorsOf("docs/ARCHITECTURE.md");
    const problems: string[] = [];
    for (const file of ["server", "shared", "client", "test", "bench", "tools"].flatMap(
      sourceFiles,
    )) {
      const text = read(file);
      for (const m of text.matchAll(/ARCHITECTURE\.md,? \\?"([^"\\]+)\\?"/g))
        if (!anchors.has(slug(m[1]))) problems.push(`${file}: no section "${m[1]}"`);
      if (/\bDESIGN\.md\b/.test(text) && file !== "test/unit/docs-links.test.ts")
        problems.push(`${file}: cites DESIGN.md, which the repository does not hold`);
    }
    expect(problems).toEqual([]);
  });
});
