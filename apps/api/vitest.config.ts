import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Passwords are hashed at a test-only cost in the test processes (src/test/password-cost.ts).
    setupFiles: ['src/test/password-cost.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
