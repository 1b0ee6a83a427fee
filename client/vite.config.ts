// Vite builds the browser client from client/ into dist/client at the repository root, which the
// server serves at "/". The dev server (`npx vite --config client/vite.config.ts`) proxies the
// API, the town assets and Colyseus (matchmaking over HTTP, rooms over WebSocket) to a running
// server, by default http://localhost:2567 (SIMULACRA_SERVER overrides).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const target = process.env.SIMULACRA_SERVER ?? "http://localhost:2567";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL("../dist/client", import.meta.url)),
    emptyOutDir: true,
    // The server serves the repository's assets/ folder at /assets, so the bundle lives elsewhere.
    assetsDir: "bundle",
    // Phaser alone is about 1.5 MB; one chunk is fine for a game client.
    chunkSizeWarningLimit: 4000,
  },
  server: {
    port: 5173,
    proxy: {
      "/api": target,
      "/assets": target,
      "/matchmake": target,
      // A room's WebSocket: /<processId>/<roomId>?sessionId=...
      "^/[\\w-]+/[\\w-]+\\?.*sessionId=": { target, ws: true },
    },
  },
});
