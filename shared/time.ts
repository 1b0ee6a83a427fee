// Game-clock arithmetic shared by server and client. Game time is a Unix-epoch millisecond
// count read in UTC, so every machine formats it the same way whatever its time zone.

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** Month names, January first. */
export const MONTHS = [
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

const pad = (n: number) => String(n).padStart(2, "0");

/** "07:05" */
export function formatClock(time: number): string {
  const d = new Date(time);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "Monday, February 13" */
export function formatDate(time: number): string {
  const d = new Date(time);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** Minutes since midnight of the game day. */
export function minuteOfDay(time: number): number {
  const d = new Date(time);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

/** Parses "HH:MM" into minutes since midnight; throws on anything else. */
export function parseHourMinute(text: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a time of day: "${text}" (expected HH:MM)`);
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) throw new Error(`not a time of day: "${text}"`);
  return h * 60 + min;
}
