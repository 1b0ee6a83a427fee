// Prisma CLI configuration. Only `prisma generate` runs here (offline, through
// scripts/prisma-generate.mjs); the server applies prisma/migrations itself at start-up
// (server/store/migrate.ts). The datasource is for a machine that can run the other commands
// (`prisma migrate deploy/status`, which need Prisma's native engine): DATABASE_URL, with the
// schema as `?schema=` the way the server reads it.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL },
});
