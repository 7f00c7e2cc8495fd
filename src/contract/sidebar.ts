/**
 * The sidebar's tabs. Payloads the server's functions (src/index.ts) return and the sidebar page
 * reads: JSON-safe, imported by both.
 */
/** The sidebar's tabs, in order; a menu item may open the sidebar on one of them. */
export const PANELS = [
  'start',
  'scores',
  'previews',
  'outreach',
  'scans',
  'schedules',
  'settings',
] as const;

export type Panel = (typeof PANELS)[number];
