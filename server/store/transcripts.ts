// Transcripts: every line said in a town (residents among themselves and with people), read from
// its recordings: when, where (the speaker's place as its last action named it), who said it, and
// who heard it (the one spoken to, or everyone in the group talk). Formats: JSON lines, CSV, Markdown.
import { Address } from "../../shared/address.ts";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { RawSql } from "./rawSql.ts";
import { RecordingStore } from "./recordings.ts";

export interface TranscriptLine {
  /** Game time, ISO 8601. */
  time: string;
  step: number;
  /** "sector › arena" of the speaker (people: where the resident they talk with is). */
  place: string;
  speaker: string;
  listeners: string[];
  text: string;
  recording: string;
}

/** Steps read at once from a recording. */
const SPAN = 2_000;

const placeOf = (address: string) => Address.levels(address).slice(1, 3).join(" › ");

/**
 * Every line said in a town's recordings, oldest first; with `agent` (a resident's name), only the
 * lines it said or heard.
 */
export async function transcriptOf(
  db: { prisma: PrismaClient; raw: RawSql },
  townId: string,
  agent?: string,
): Promise<TranscriptLine[]> {
  const recordings = new RecordingStore(db);
  const recs = await db.prisma.recording.findMany({
    where: { townId },
    orderBy: { startedAt: "asc" },
    select: { id: true, fromStep: true, toStep: true },
  });
  const out: TranscriptLine[] = [];
  for (const rec of recs) {
    const first = await recordings.frame(rec.id, rec.fromStep);
    if (!first) continue;
    const names = new Map<string, string>();
    const places = new Map<string, string>();
    for (const a of first.agents) {
      names.set(a.id, a.name);
      places.set(a.id, a.address);
    }
    for (const p of first.avatars) names.set(p.id, p.name);
    const talks = new Map<string, Set<string>>();
    const name = (id: string) => names.get(id) ?? id;
    for (let from = rec.fromStep + 1; from <= rec.toStep; from += SPAN) {
      for (const entry of await recordings.entries(rec.id, from, from + SPAN - 1)) {
        for (const e of entry.events) {
          const line = (speaker: string, to: string, text: string, chat?: string, at = speaker) => {
            const heard = chat ? [...(talks.get(chat) ?? [])] : [to];
            out.push({
              time: new Date(entry.time).toISOString(),
              step: entry.step,
              place: placeOf(places.get(at) ?? ""),
              speaker: name(speaker),
              listeners: [...new Set(heard.filter((id) => id !== speaker).map(name))],
              text,
              recording: rec.id,
            });
          };
          switch (e.kind) {
            case "actionStarted":
              places.set(e.agentId, e.address);
              break;
            case "avatarJoined":
              names.set(e.avatarId, e.name);
              break;
            case "chatJoined":
              names.set(e.id, e.name);
              talks.set(e.chat, (talks.get(e.chat) ?? new Set()).add(e.id));
              break;
            case "chatLeft":
              talks.get(e.chat)?.delete(e.id);
              break;
            case "said":
              line(e.speaker, e.listener, e.text, e.chat);
              break;
            case "avatarSaid":
              line(e.avatarId, e.agentId, e.text, e.chat, e.agentId);
              break;
          }
        }
      }
    }
  }
  return agent ? out.filter((l) => l.speaker === agent || l.listeners.includes(agent)) : out;
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The lines as JSON lines, CSV (a header, listeners joined by "; ") or Markdown. */
export function formatTranscript(lines: readonly TranscriptLine[], format: "jsonl" | "csv" | "md") {
  if (format === "jsonl") return lines.map((l) => `${JSON.stringify(l)}\n`).join("");
  if (format === "csv")
    return [
      "time,step,place,speaker,listeners,text",
      ...lines.map((l) =>
        [l.time, String(l.step), l.place, l.speaker, l.listeners.join("; "), l.text]
          .map(csvCell)
          .join(","),
      ),
    ]
      .map((r) => `${r}\n`)
      .join("");
  const md = (t: string) => t.replace(/([\\`*_[\]|<>])/g, "\\$1").replace(/\s+/g, " ");
  return lines
    .map(
      (l) =>
        `- **${l.time.slice(0, 16).replace("T", " ")}** · ${md(l.place || "somewhere")} · **${md(l.speaker)}** → ${md(l.listeners.join(", ") || "nobody")}: ${md(l.text)}\n`,
    )
    .join("");
}
