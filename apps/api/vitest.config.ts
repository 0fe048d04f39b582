import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Passwords are hashed at a test-only cost in the test processes (src/test/password-cost.ts).
    setupFiles: ['src/test/password-cost.ts'],
    // The test files share their worker's modules instead of importing the whole API again for each
    // file: importing was two thirds of the stage's CPU. Each file builds its own app and database,
    // and no module-level cache may answer for another database (docs/decisions/0090-test-stages-in-parallel.md).
    isolate: false,
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
