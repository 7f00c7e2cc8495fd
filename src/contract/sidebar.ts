/**
 * The sidebar's tabs, grouped in sections so that one row of section tabs fits the sidebar's
 * 300 px: a section of several tabs shows them as a second row when it is open. Shared by the
 * page and the server (a menu item may open the sidebar on a tab).
 */

/** The sidebar polls pending previews this often: the service asks for a poll every 5 to 15 s. */
export const POLL_MS = 10000;
/** And managed scans this often: the service asks for a poll every 30 to 60 s. */
export const MONITOR_MS = 45000;

export const SECTIONS = [
  { id: 'start', label: 'Start', panels: ['start'] },
  { id: 'lists', label: 'Lists', panels: ['scores', 'previews', 'outreach', 'leads'] },
  { id: 'watch', label: 'Monitor', panels: ['scans', 'schedules'] },
  { id: 'settings', label: 'Settings', panels: ['settings'] },
] as const;

export type Section = (typeof SECTIONS)[number];
export type Panel = Section['panels'][number];

/** Every tab, in order. */
export const PANELS: readonly Panel[] = SECTIONS.flatMap((s) => s.panels);

/** Each tab's name, as its button reads; a one-tab section's button is its tab's. */
export const PANEL_LABELS: Record<Panel, string> = {
  start: 'Start',
  scores: 'Scores',
  previews: 'Previews',
  outreach: 'Outreach',
  leads: 'Leads',
  scans: 'Scan monitor',
  schedules: 'Schedules',
  settings: 'Settings',
};

/**
 * The page's tab bars and empty panels, written into src/ui/sidebar.html by build.mjs: the tabs
 * are declared here once, not again in the markup.
 * @public build.mjs loads this module by its path, where knip cannot follow it.
 */
export function tabsMarkup(): { tabs: string; panels: string } {
  const tab = (p: Panel) =>
    `<button id="tab-${p}" role="tab" data-panel="${p}">${PANEL_LABELS[p]}</button>`;
  const top = SECTIONS.map((s) =>
    s.panels.length === 1
      ? tab(s.panels[0])
      : `<button id="section-${s.id}" role="tab" aria-controls="subtabs-${s.id}">${s.label}</button>`,
  );
  const subs = SECTIONS.filter((s) => s.panels.length > 1).map(
    (s) =>
      `<nav id="subtabs-${s.id}" class="tabs subtabs" role="tablist" aria-label="${s.label}" hidden>${s.panels.map(tab).join('')}</nav>`,
  );
  return {
    tabs: `<nav class="tabs" role="tablist" aria-label="Sections">${top.join('')}</nav>${subs.join('')}`,
    panels: PANELS.map(
      (p) =>
        `<section id="panel-${p}" class="panel" role="tabpanel" aria-labelledby="tab-${p}" hidden></section>`,
    ).join(''),
  };
}

/** The section a tab belongs to. */
export const sectionOf = (panel: Panel): Section =>
  SECTIONS.find((s) => (s.panels as readonly Panel[]).includes(panel))!;
