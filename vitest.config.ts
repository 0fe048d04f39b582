import { defineConfig } from 'vitest/config';
import { useShippedZoneRules } from './scripts/zone-rules.mjs';

// The test workers are child processes started after this file runs: they get the shipped
// time-zone rules (scripts/zone-rules.mjs), as the server does, when Vitest is run directly.
useShippedZoneRules();

// Each workspace has its own vitest.config.ts; `--project NAME` picks one.
export default defineConfig({ test: { projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'] } });
