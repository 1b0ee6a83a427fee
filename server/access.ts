// Who may come in, for the HTTP side and the rooms alike: the one token comparison, and the
// client's address as the HTTP gate found it (server/http/gate.ts sets it on every request).
import { createHash, timingSafeEqual } from "node:crypto";

/** Compares a given token with the expected one in constant time (whatever their lengths). */
export function tokenMatches(given: string | undefined, expected: string | undefined): boolean {
  if (!expected || given === undefined) return false;
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The header the gate sets to the client's address; a client's own value is always replaced. */
export const ADDRESS_HEADER = "x-simulacra-address";

/** The address the gate found for a request (Colyseus hands handlers the request's headers). */
export function gatedAddress(headers: { get(name: string): string | null } | undefined): string {
  return headers?.get(ADDRESS_HEADER) ?? "unknown";
}
