// `npm run assets`: regenerates every committed art asset from code. Running it twice writes
// the same bytes, so a diff after running it means a script changed.
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { characterSheet } from "./characters.ts";
import { makeBase25 } from "./make-base-25.ts";
import { makeBase3 } from "./make-base-3.ts";
import { tileIndexOf, townTiles } from "./tiles.ts";

const root = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));

mkdirSync(root("tiles"), { recursive: true });
mkdirSync(root("sprites"), { recursive: true });
mkdirSync(root("towns/base-3"), { recursive: true });
mkdirSync(root("towns/base-25"), { recursive: true });

const tiles = townTiles();
writeFileSync(root("tiles/town.png"), tiles.render().png());
console.log(`assets/tiles/town.png: ${tiles.tileCount} tiles`);
writeFileSync(root("tiles/town.index.json"), JSON.stringify(tileIndexOf(tiles), null, 2) + "\n");
console.log("assets/tiles/town.index.json");
const sheet = characterSheet();
writeFileSync(root("sprites/characters.png"), sheet.png());
console.log(`assets/sprites/characters.png: ${sheet.height / 32} looks`);
makeBase3(root("towns/base-3/town.json"));
console.log("assets/towns/base-3/town.json");
makeBase25(root("towns/base-25"));
console.log("assets/towns/base-25/town.json, personas.json");
