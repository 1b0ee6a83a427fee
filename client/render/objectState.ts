// How an object's state is drawn: an icon chosen from the words of the state ("on fire" → 🔥),
// and whether it glows like a fire. Idle objects are not drawn at all.

const ICONS: [RegExp, string][] = [
  [/fire|burn|flame|smok|blaz/i, "🔥"],
  [/flood|leak|water|wet|overflow|drip/i, "💧"],
  [/broken|broke|out of order|jam|crack|smash/i, "🔧"],
  [/out of|empty|no more|ran out|sold out/i, "📭"],
  [/closed|locked|shut/i, "🔒"],
  [/dirty|mess|spill|stain/i, "🧹"],
  [/cold|frozen|ice|snow/i, "❄️"],
  [/music|playing|song/i, "🎵"],
];

export function isIdle(state: string): boolean {
  const s = state.trim().toLowerCase();
  return s === "" || s === "idle";
}

export function stateIcon(state: string): string {
  for (const [re, icon] of ICONS) if (re.test(state)) return icon;
  return "❗";
}

export function isBurning(state: string): boolean {
  return /fire|burn|flame|blaz/i.test(state) && !/not on fire|put out|extinguished/i.test(state);
}
