-- CreateTable
CREATE TABLE "ObjectState" (
    "townId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "address" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "by" TEXT NOT NULL,
    "holder" TEXT NOT NULL,

    CONSTRAINT "ObjectState_pkey" PRIMARY KEY ("townId","seq")
);

-- CreateIndex
CREATE INDEX "ObjectState_townId_address_seq_idx" ON "ObjectState"("townId", "address", "seq");

-- AddForeignKey
ALTER TABLE "ObjectState" ADD CONSTRAINT "ObjectState_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;
