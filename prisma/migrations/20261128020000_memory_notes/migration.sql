-- AlterTable: what a memory the engine wrote after a talk is, as values (agents/memory/note.ts);
-- older rows keep null.
ALTER TABLE "Memory" ADD COLUMN "note" JSON;
