// Day and night: the colour laid over the town at each minute of the game day, and how dark it
// is (lamps, windows and fires glow in proportion). Keyframes are interpolated linearly.

type Key = [minute: number, r: number, g: number, b: number, alpha: number, darkness: number];

const NIGHT = [10, 16, 56, 0.66, 1] as const;
const KEYS: Key[] = [
  [0, ...NIGHT],
  [4 * 60 + 30, ...NIGHT],
  [5 * 60 + 30, 60, 40, 105, 0.5, 0.9],
  [6 * 60 + 30, 255, 140, 80, 0.22, 0.35],
  [7 * 60 + 30, 255, 210, 160, 0, 0],
  [17 * 60, 255, 210, 160, 0, 0],
  [18 * 60 + 15, 255, 125, 55, 0.24, 0.25],
  [19 * 60 + 15, 100, 55, 120, 0.45, 0.75],
  [20 * 60 + 30, ...NIGHT],
  [24 * 60, ...NIGHT],
];

export interface Daylight {
  /** Overlay colour, 0xRRGGBB. */
  colour: number;
  /** Overlay opacity, 0..1. */
  alpha: number;
  /** 0 in full day, 1 at night. */
  darkness: number;
}

export function daylight(minuteOfDay: number): Daylight {
  const m = ((minuteOfDay % 1440) + 1440) % 1440;
  let i = 0;
  while (i < KEYS.length - 2 && KEYS[i + 1][0] <= m) i++;
  const [m0, r0, g0, b0, a0, d0] = KEYS[i];
  const [m1, r1, g1, b1, a1, d1] = KEYS[i + 1];
  const t = m1 === m0 ? 0 : (m - m0) / (m1 - m0);
  const lerp = (a: number, b: number) => a + (b - a) * t;
  const r = Math.round(lerp(r0, r1)),
    g = Math.round(lerp(g0, g1)),
    b = Math.round(lerp(b0, b1));
  return { colour: (r << 16) | (g << 8) | b, alpha: lerp(a0, a1), darkness: lerp(d0, d1) };
}
