/** The selected row's site, read back from the `Score history` sheet, for the Scores tab's chart. */
import { websiteColumnIndex } from '../domain/table';
import { parseWebsite } from '../domain/website';
import type { DashboardLink, SiteHistory } from '../contract/scores';
import { activeBook } from '../gas/active';
import { dashboardPorts, siteHistoryPorts } from '../gas/sidebarReadPorts';
import { dashboardLink } from '../domain/dashboardLink';
import { LOOKER_TEMPLATE } from '../config';
import type { DashboardSource } from '../domain/dashboardLink';
import type { ReportPoint } from '../domain/report';

/** The active cell as the Scores tab's small reads see it. */
export interface ActiveCell {
  value: unknown;
  /** The header row of its sheet. */
  headers: unknown[];
  /** Another cell of its row (1-based column). */
  inRow(column: number): unknown;
}

/** What the Scores tab's chart of one site reads (src/addon/siteHistory.ts). */
export interface SiteHistoryPorts {
  /** The active cell; null when none is selected. */
  active(): ActiveCell | null;
  /** Every reading of a site in `Score history`. */
  readings(site: string): ReportPoint[];
}

/** What "Open in Looker Studio" reads: the file, its `Score history` and the list in view. */
export interface DashboardPorts {
  source(): DashboardSource;
}

const MAX_POINTS = 100;

/** The site in the active cell, or in the `Website` cell of the active row. */
function selectedSite(p: SiteHistoryPorts): string | null {
  const cell = p.active();
  if (!cell) return null;
  const own = parseWebsite(cell.value);
  if (own.ok) return own.domain;
  const col = websiteColumnIndex(cell.headers);
  if (col < 0) return null;
  const site = parseWebsite(cell.inRow(col + 1));
  return site.ok ? site.domain : null;
}

export function siteHistoryWith(p: SiteHistoryPorts): SiteHistory {
  const site = selectedSite(p);
  if (!site) return { site, points: [] };
  const points = p
    .readings(site)
    .map((r) => ({ at: new Date(r.at).toISOString(), score: r.score }));
  return { site, points: points.slice(-MAX_POINTS) };
}

export const getSiteHistory = (): SiteHistory => siteHistoryWith(siteHistoryPorts(activeBook()));

/** The Scores tab's "Open in Looker Studio": the Linking API address, or what it lacks. */
export const dashboardLinkWith = (p: DashboardPorts, templateId = LOOKER_TEMPLATE): DashboardLink =>
  dashboardLink(templateId, p.source());

export const getDashboardLink = (): DashboardLink =>
  dashboardLinkWith(dashboardPorts(activeBook()));
