/**
 * Before the journeys: the logs an earlier run's own servers left on this port are removed, so the
 * log check after the journeys (tests/server-logs.teardown.ts) reads this run's only.
 */
import fs from 'node:fs';
import { ownServerLogs } from './playwright.config';

export default function globalSetup(): void {
  for (const file of ownServerLogs()) fs.rmSync(file, { force: true });
}
