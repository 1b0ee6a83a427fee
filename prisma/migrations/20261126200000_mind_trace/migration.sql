-- CreateTable
CREATE TABLE "MindTrace" (
    "townId" TEXT,
    "recordingId" TEXT,
    "id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "agentId" TEXT NOT NULL,
    "time" DOUBLE PRECISION NOT NULL,
    "n" INTEGER NOT NULL,
    "step" INTEGER,
    "prompt" TEXT NOT NULL,
    "entry" JSON NOT NULL,

    CONSTRAINT "MindTrace_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MindTrace_townId_agentId_time_idx" ON "MindTrace"("townId", "agentId", "time");

-- CreateIndex
CREATE INDEX "MindTrace_recordingId_agentId_time_idx" ON "MindTrace"("recordingId", "agentId", "time");

-- CreateIndex
CREATE INDEX "MindTrace_townId_seq_idx" ON "MindTrace"("townId", "seq");

-- AddForeignKey
ALTER TABLE "MindTrace" ADD CONSTRAINT "MindTrace_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MindTrace" ADD CONSTRAINT "MindTrace_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;
