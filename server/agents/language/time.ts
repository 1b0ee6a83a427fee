// Times of day and dates as the offline engine and the prompts write and read them.
import { formatDate } from "../../../shared/time.ts";

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "5 pm", "5:30 am", "12 pm". */
export function formatTime12(minute: number): string {
  const m = ((Math.round(minute) % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const mm = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${mm ? `:${String(mm).padStart(2, "0")}` : ""} ${h < 12 ? "am" : "pm"}`;
}

/** "07:05" from minutes since midnight. */
export function hhmm(minute: number): string {
  const m = ((Math.round(minute) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Minutes since midnight from "7:05", "07:05", "7 am", "5:30 pm"; undefined if not a time. */
export function parseClock(text: string): number | undefined {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*$/i.exec(text);
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  const ap = m[3]?.toLowerCase().replace(/\./g, "");
  if (ap === "pm" && h < 12) h += 12;
  if (ap === "am" && h === 12) h = 0;
  if (h === 24 && min === 0) return 1440;
  if (h > 23 || min > 59) return undefined;
  return h * 60 + min;
}

/** "Friday, February 13, 07:05" without the year: what prompts show as now. */
export function when(time: number): string {
  const d = new Date(time);
  return `${formatDate(time)}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

/** The date a text names as day-of-year order key (month*100 + day). */
export function dayKey(time: number): number {
  const d = new Date(time);
  return d.getUTCMonth() * 100 + d.getUTCDate();
}
