/** The selected row's site, read back from the `Score history` sheet, for the Scores tab's chart. */
import { HISTORY_SHEET, WEBSITE_HEADER } from '../domain/table';
import { parseWebsite } from '../domain/website';
import type { DashboardLink, SiteHistory } from '../contract/scores';
import { appsScriptKit } from '../gas/kit';
import { isOutputSheet } from '../domain/outputSheets';
import { READINGS_SHEET } from '../domain/tidyReadings';
import type { Kit } from '../kit/ports';
import { dashboardLink } from '../domain/dashboardLink';
import { LOOKER_TEMPLATE } from '../config';

const MAX_POINTS = 100;

/** The site in the selection's first cell, or in the `Website` cell of its row. */
function selectedSite(kit: Kit): string | null {
  const selected = kit.view.selected();
  if (!selected) return null;
  const own = parseWebsite(selected.values[0]?.[0]);
  if (own.ok) return own.domain;
  const row = { first: selected.first, last: selected.first };
  const cell = kit.tables.read(selected, { site: { header: WEBSITE_HEADER } }, row)?.rows[0];
  const site = parseWebsite(cell?.cells.site);
  return site.ok ? site.domain : null;
}

/** The selected row's site and its last readings in `Score history`, anyone's. */
export function siteHistoryWith(kit: Kit): SiteHistory {
  const site = selectedSite(kit);
  if (!site) return { site, points: [] };
  const points = (kit.history.readings([site], 'anyone').get(site) ?? []).map((r) => ({
    at: new Date(r.at).toISOString(),
    score: r.score,
  }));
  return { site, points: points.slice(-MAX_POINTS) };
}

export const getSiteHistory = (): SiteHistory => siteHistoryWith(appsScriptKit());

/**
 * The Scores tab's "Open in Looker Studio": the Linking API address, or what it lacks. The list is
 * the sheet the person is on, unless it is one of the add-on's own.
 */
export function dashboardLinkWith(kit: Kit, templateId = LOOKER_TEMPLATE): DashboardLink {
  const on = kit.view.selected();
  return dashboardLink(templateId, {
    spreadsheetId: kit.tables.fileId(),
    fileName: kit.tables.fileName(),
    historySheetId: kit.tables.sheetId(HISTORY_SHEET),
    readingsSheetId: kit.tables.sheetId(READINGS_SHEET),
    list: on && !isOutputSheet(on.name) ? { sheetId: on.sheetId, name: on.name } : null,
  });
}

export const getDashboardLink = (): DashboardLink => dashboardLinkWith(appsScriptKit());
