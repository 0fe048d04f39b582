import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstLoadMessages } from './first-load-messages-plugin';

// Resolve from apps/web so the project runs the same from the repository root or from here.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

export default defineConfig({
  root,
  plugins: [react(), firstLoadMessages()],
  test: {
    name: 'web',
    // Beside lint and typecheck on two cores (scripts/test.mjs), a journey may take a few times its time alone.
    testTimeout: 30_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // The test files share their worker's modules, as the API's do (docs/decisions/0090-test-stages-in-parallel.md):
    // a fresh jsdom and module graph per file was half the project's time (160 s alone, 76 s shared,
    // every test passing, in file order and shuffled). The set-up restores timers, globals and spies
    // after each test; a test must leave no other module state behind.
    isolate: false,
  },
});
