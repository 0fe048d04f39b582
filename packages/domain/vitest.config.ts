import { defineConfig } from 'vitest/config';

// The property tests run hundreds of cases; npm test runs this project beside lint and typecheck on
// two cores (docs/decisions/0090-test-stages-in-parallel.md), so a case may take several times its
// time alone. The limit is for a test that hangs, not a speed goal. Files share their worker's modules
// (pure code, nothing to leak): 20 s alone became 7 s for domain (decision 0090's amendment).
export default defineConfig({ test: { name: 'domain', include: ['src/**/*.test.ts'], testTimeout: 30_000, isolate: false } });
