import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: integration and browser tests start servers; keep the pool small.
    maxWorkers: 2,
  },
});
