/**
 * The sidebar's tabs, grouped in sections so that one row of section tabs fits the sidebar's
 * 300 px: a section of several tabs shows them as a second row when it is open. Shared by the
 * page and the server (a menu item may open the sidebar on a tab).
 */
export const SECTIONS = [
  { id: 'start', label: 'Start', panels: ['start'] },
  { id: 'lists', label: 'Lists', panels: ['scores', 'previews', 'outreach'] },
  { id: 'watch', label: 'Monitor', panels: ['scans', 'schedules'] },
  { id: 'settings', label: 'Settings', panels: ['settings'] },
] as const;

export type Section = (typeof SECTIONS)[number];
export type Panel = Section['panels'][number];

/** Every tab, in order. */
export const PANELS: readonly Panel[] = SECTIONS.flatMap((s) => s.panels);

/** The section a tab belongs to. */
export const sectionOf = (panel: Panel): Section =>
  SECTIONS.find((s) => (s.panels as readonly Panel[]).includes(panel))!;
