import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; `--project NAME` picks one.
export default defineConfig({ test: { projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'] } });
