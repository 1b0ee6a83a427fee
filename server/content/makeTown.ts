// A generated town (npm run make-town): the plan of its people (society.ts), its map
// (townLayout.ts) and its residents' personas (townPersonas.ts), from a size and a seed, as the
// two files of a town folder. The same size and seed make the same bytes.
import type { PersonaFile } from "../../shared/persona.ts";
import { planTown } from "./society.ts";
import type { TileIndex } from "./tileIndex.ts";
import { townJsonText } from "./townJson.ts";
import { layoutTown } from "./townLayout.ts";
import { personasOf } from "./townPersonas.ts";

export const GENERATED_START = "2026-02-13T05:30:00Z";

export interface GeneratedTown {
  world: string;
  width: number;
  height: number;
  residents: number;
  workplaces: number;
  households: number;
  /** town.json and personas.json, as text. */
  townJson: string;
  personasJson: string;
}

/** Makes a town of `residents` (10 to 2,000) from `seed`; `image` is the tileset seen from its folder. */
export function makeTown(o: {
  residents: number;
  seed: number;
  index: TileIndex;
  image: string;
}): GeneratedTown {
  const plan = planTown(o.residents, o.seed);
  const layout = layoutTown(plan);
  const personas: PersonaFile = { residents: personasOf(plan, plan.world, layout.rooms) };
  return {
    world: plan.world,
    width: layout.builder.width,
    height: layout.builder.height,
    residents: plan.residents.length,
    workplaces: plan.workplaces.length,
    households: plan.households.length,
    townJson: townJsonText(layout.builder, {
      world: plan.world,
      start: GENERATED_START,
      index: o.index,
      image: o.image,
    }),
    personasJson: JSON.stringify(personas, null, 1) + "\n",
  };
}
