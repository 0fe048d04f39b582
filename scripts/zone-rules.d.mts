/** Types of zone-rules.mjs for the TypeScript that imports it (vitest.config.ts, e2e/playwright.config.ts). */
export declare const shippedZoneRulesDir: string;
export declare function useShippedZoneRules(): void;
