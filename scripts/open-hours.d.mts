/** Types of open-hours.mjs for the TypeScript that imports it (e2e/playwright.config.ts). */
export declare function todayAtOnePmInToronto(): Date;
export declare function todayInToronto(hour: number): Date;
