/**
 * The service's visibility levels, shared by the page and the server. Payloads the server's
 * functions (src/index.ts) return and the sidebar page reads: JSON-safe, imported by both.
 */
/** The service's levels, lowest first (the sidebar lists them; `domain/levels.ts` maps scores). */
export const VISIBILITY_LEVELS = ['invisible', 'low', 'moderate', 'strong', 'dominant'] as const;

/** A level's name, as the service and the sidebar say it. */
export type Level = (typeof VISIBILITY_LEVELS)[number];
