/** Types of lib.mjs for the TypeScript that imports it (apps/api/src/test/two-processes.test.ts). */
export declare function ensureApiBuild(options?: { force?: boolean; exitOnFailure?: boolean }): Promise<boolean>;
