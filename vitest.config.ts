import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'tools/**/*.test.ts', 'sandbox/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default for `run` is one worker fewer than the cores: a single worker on CI's
    // 2 cores. The test files are CPU-bound in their own process (runtime and sandbox in-process),
    // so one worker per core roughly halves the wall time.
    maxWorkers: availableParallelism(),
    // Bundles the add-on once for the whole run instead of once per e2e file.
    globalSetup: ['test/setup/bundles.ts'],
    setupFiles: ['test/setup/no-network.ts'],
  },
});
