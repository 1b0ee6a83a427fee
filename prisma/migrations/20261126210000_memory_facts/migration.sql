-- AlterTable: a memory's typed records (agents/memory/fact.ts); older rows keep null.
ALTER TABLE "Memory" ADD COLUMN "facts" JSON;
