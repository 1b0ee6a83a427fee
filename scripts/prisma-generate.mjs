#!/usr/bin/env node
// `npm install` runs this (postinstall): generates the Prisma client into generated/prisma from
// prisma/schema.prisma, offline.
//
// Prisma 7's CLI wants to download its native schema engine at every command, which this network
// cannot reach, although `generate` never uses it (the client is made by bundled wasm). Pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing executable (this Node) skips the download.
// See /work/shared/research/stack-notes.md §4.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const schema = path.join(root, "prisma", "schema.prisma");
const output = path.join(root, "generated", "prisma", "client.ts");

function fail(message) {
  console.error(`\nprisma-generate: ${message}\n`);
  process.exit(1);
}

let cli;
try {
  cli = path.join(
    path.dirname(createRequire(path.join(root, "package.json")).resolve("prisma/package.json")),
    "build",
    "index.js",
  );
} catch {
  fail('the "prisma" package is not installed (it is a dependency: run `npm install`).');
}
if (!existsSync(cli)) fail(`the Prisma CLI is missing at ${cli}; reinstall the "prisma" package.`);
if (!existsSync(schema)) fail(`no schema at ${schema}.`);

const engine = process.env.PRISMA_SCHEMA_ENGINE_BINARY;
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: engine && existsSync(engine) ? engine : process.execPath,
  CHECKPOINT_DISABLE: "1", // no update check over the network
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};

const started = Date.now();
const result = spawnSync(process.execPath, [cli, "generate", "--schema", schema], {
  cwd: root,
  env,
  stdio: ["ignore", "pipe", "pipe"],
  encoding: "utf8",
  timeout: 120_000,
});
const log = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();

if (result.error || result.status !== 0) {
  const why = result.error
    ? result.error.code === "ETIMEDOUT"
      ? "timed out after 120 s"
      : result.error.message
    : `exited with code ${result.status}${result.signal ? ` (signal ${result.signal})` : ""}`;
  fail(
    `\`prisma generate\` failed: ${why}.${log ? `\n\n${log}` : ""}\n\nThe server cannot start without generated/prisma.`,
  );
}
if (!existsSync(output))
  fail(
    `\`prisma generate\` reported success but ${path.relative(root, output)} is missing.${log ? `\n\n${log}` : ""}`,
  );
console.log(
  `prisma-generate: generated/prisma from prisma/schema.prisma in ${Date.now() - started} ms`,
);
