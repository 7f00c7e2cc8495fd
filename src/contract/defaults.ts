/**
 * Defaults of the options a person sets. Payloads the server's functions (src/index.ts) return and
 * the sidebar page reads: JSON-safe, imported by both.
 */
/** Defaults of the options a person sets (Scores tab, schedules, alerts), in one place. */
export const DEFAULTS = { refresh: 'stale', staleDays: 7, minChange: 10 } as const;
