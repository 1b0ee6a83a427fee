// Which resident a person means by "--agent": an id ("ines"), a full name ("Ines Calloway") or a
// first name when only one resident has it; any case. Anything else is a UsageError listing them.
import type { Persona } from "../../shared/persona.ts";
import { UsageError } from "./saves.ts";

export function findResident(
  personas: readonly Pick<Persona, "id" | "name">[],
  query: string,
): Pick<Persona, "id" | "name"> {
  const q = query.trim().toLowerCase().replace(/\s+/g, " ");
  const exact = personas.find((p) => p.id === q || p.name.toLowerCase() === q);
  if (exact) return exact;
  const byFirst = personas.filter((p) => p.name.toLowerCase().split(" ")[0] === q);
  if (byFirst.length === 1) return byFirst[0];
  const list = personas.map((p) => `${p.name} (${p.id})`).join(", ");
  throw new UsageError(
    `${byFirst.length > 1 ? `"${query}" could be several residents` : `no resident "${query}"`}. Residents: ${list}`,
  );
}
