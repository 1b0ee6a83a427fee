-- AlterTable
ALTER TABLE "Town" ADD COLUMN "forkOf" TEXT;

-- CreateTable
CREATE TABLE "Recording" (
    "id" TEXT NOT NULL,
    "townId" TEXT,
    "save" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "fromStep" INTEGER NOT NULL,
    "toStep" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Recording_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RecordingChunk" (
    "recordingId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "fromStep" INTEGER NOT NULL,
    "toStep" INTEGER NOT NULL,
    "events" JSON NOT NULL,

    CONSTRAINT "RecordingChunk_pkey" PRIMARY KEY ("recordingId","seq")
);

-- CreateTable
CREATE TABLE "RecordingKeyframe" (
    "recordingId" TEXT NOT NULL,
    "step" INTEGER NOT NULL,
    "frame" JSON NOT NULL,

    CONSTRAINT "RecordingKeyframe_pkey" PRIMARY KEY ("recordingId","step")
);

-- CreateIndex
CREATE INDEX "Recording_townId_idx" ON "Recording"("townId");

-- CreateIndex
CREATE INDEX "RecordingChunk_recordingId_toStep_idx" ON "RecordingChunk"("recordingId", "toStep");

-- AddForeignKey
ALTER TABLE "Recording" ADD CONSTRAINT "Recording_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecordingChunk" ADD CONSTRAINT "RecordingChunk_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RecordingKeyframe" ADD CONSTRAINT "RecordingKeyframe_recordingId_fkey" FOREIGN KEY ("recordingId") REFERENCES "Recording"("id") ON DELETE CASCADE ON UPDATE CASCADE;
