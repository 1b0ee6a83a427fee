// `npx tsx assets/scripts/preview.ts <town.json> <out.png> [scale] [x y w h]`: draws a town's
// art layers (not the collision layer) into a PNG, to look at a map without the browser.
// scale 1 is 32 px a tile; 0.25 gives an overview. The optional rectangle is in tiles.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";

type Layer = { type: string; name: string; data?: number[]; visible?: boolean };
type MapJson = {
  width: number;
  height: number;
  layers: Layer[];
  tilesets: { firstgid: number; image: string; columns: number }[];
};

export function preview(
  file: string,
  scale = 0.25,
  rect?: { x: number; y: number; w: number; h: number },
): PNG {
  const map = JSON.parse(readFileSync(file, "utf8")) as MapJson;
  const ts = map.tilesets[0];
  const sheet = PNG.sync.read(readFileSync(path.resolve(path.dirname(file), ts.image)));
  const r = rect ?? { x: 0, y: 0, w: map.width, h: map.height };
  const W = Math.round(r.w * 32 * scale),
    H = Math.round(r.h * 32 * scale);
  // Full resolution first, then a box filter down to the scale.
  const full = new Float32Array(r.w * 32 * r.h * 32 * 3).fill(20);
  const fw = r.w * 32;
  for (const layer of map.layers) {
    if (layer.type !== "tilelayer" || !layer.data || layer.visible === false) continue;
    for (let ty = r.y; ty < r.y + r.h; ty++)
      for (let tx = r.x; tx < r.x + r.w; tx++) {
        const gid = layer.data[ty * map.width + tx];
        if (!gid) continue;
        const id = gid - ts.firstgid;
        const sx = (id % ts.columns) * 32,
          sy = Math.floor(id / ts.columns) * 32;
        for (let y = 0; y < 32; y++)
          for (let x = 0; x < 32; x++) {
            const s = ((sy + y) * sheet.width + sx + x) * 4;
            const a = sheet.data[s + 3] / 255;
            if (!a) continue;
            const d = (((ty - r.y) * 32 + y) * fw + (tx - r.x) * 32 + x) * 3;
            for (let c = 0; c < 3; c++) full[d + c] = full[d + c] * (1 - a) + sheet.data[s + c] * a;
          }
      }
  }
  const out = new PNG({ width: W, height: H });
  const k = 1 / scale;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const acc = [0, 0, 0];
      let n = 0;
      for (let yy = Math.floor(y * k); yy < Math.floor((y + 1) * k); yy++)
        for (let xx = Math.floor(x * k); xx < Math.floor((x + 1) * k); xx++) {
          const d = (yy * fw + xx) * 3;
          acc[0] += full[d];
          acc[1] += full[d + 1];
          acc[2] += full[d + 2];
          n++;
        }
      const o = (y * W + x) * 4;
      out.data[o] = acc[0] / n;
      out.data[o + 1] = acc[1] / n;
      out.data[o + 2] = acc[2] / n;
      out.data[o + 3] = 255;
    }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const [file, outFile, scale, x, y, w, h] = process.argv.slice(2);
  if (!file || !outFile)
    throw new Error("usage: preview.ts <town.json> <out.png> [scale] [x y w h]");
  const rect = w ? { x: +x, y: +y, w: +w, h: +h } : undefined;
  writeFileSync(outFile, PNG.sync.write(preview(file, scale ? Number(scale) : 0.25, rect)));
}
