import { defineConfig } from 'vitest/config';

// The property tests run hundreds of cases; npm test runs this project beside lint and typecheck on
// two cores (docs/decisions/0090-test-stages-in-parallel.md), so a case may take several times its
// time alone. The limit is for a test that hangs, not a speed goal.
export default defineConfig({ test: { name: 'contracts', include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
