-- AlterTable
ALTER TABLE "Snapshot" ADD COLUMN "mark" INTEGER;

-- CreateTable
CREATE TABLE "Memory" (
    "townId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "memId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "created" DOUBLE PRECISION NOT NULL,
    "lastAccessed" DOUBLE PRECISION NOT NULL,
    "description" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "predicate" TEXT NOT NULL,
    "object" TEXT NOT NULL,
    "importance" INTEGER NOT NULL,
    "keywords" TEXT[],
    "evidence" INTEGER[],
    "lines" JSON,
    "depth" INTEGER,
    "embedding" BYTEA NOT NULL,

    CONSTRAINT "Memory_pkey" PRIMARY KEY ("townId","agentId","memId")
);

-- CreateTable
CREATE TABLE "MemoryTouch" (
    "townId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "agentId" TEXT NOT NULL,
    "at" DOUBLE PRECISION NOT NULL,
    "ids" INTEGER[],

    CONSTRAINT "MemoryTouch_pkey" PRIMARY KEY ("townId","seq")
);

-- CreateTable
CREATE TABLE "MindPart" (
    "townId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "agentId" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "data" JSON NOT NULL,

    CONSTRAINT "MindPart_pkey" PRIMARY KEY ("townId","seq")
);

-- CreateIndex
CREATE INDEX "MindPart_townId_agentId_part_seq_idx" ON "MindPart"("townId", "agentId", "part", "seq");

-- CreateIndex
CREATE INDEX "Memory_townId_seq_idx" ON "Memory"("townId", "seq");

-- CreateIndex
CREATE INDEX "Memory_townId_agentId_created_idx" ON "Memory"("townId", "agentId", "created");

-- AddForeignKey
ALTER TABLE "Memory" ADD CONSTRAINT "Memory_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MemoryTouch" ADD CONSTRAINT "MemoryTouch_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MindPart" ADD CONSTRAINT "MindPart_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;
