/** Types of lib.mjs for the TypeScript that imports it (apps/api/src/test/). */
export declare function ensureApiBuild(options?: { force?: boolean; exitOnFailure?: boolean }): Promise<boolean>;
export interface PostgresCluster {
  url: string;
  pause: () => Promise<boolean>;
  resume: () => Promise<boolean>;
  stop: () => Promise<void>;
  stopSync: () => void;
}
export declare function startPostgres(options?: {
  durable?: boolean;
  quiet?: boolean;
  settings?: Record<string, string>;
  install?: boolean;
}): Promise<PostgresCluster | null>;
/** A port free on 127.0.0.1 right now (the OS's pick). */
export declare function freePort(): Promise<number>;
/** Debian's Chromium headless shell, the browser the journeys prefer (docs/decisions/0126-headless-shell-for-browser-tests.md). */
export declare const CHROMIUM_HEADLESS_SHELL: string;
