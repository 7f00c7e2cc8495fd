/** The selected row's site, read back from the `Score history` sheet, for the Scores tab's chart. */
import { websiteColumnIndex } from '../domain/table';
import { parseWebsite } from '../domain/website';
import { siteReadings } from '../gas/history';
import { readHeaderRow } from '../gas/sheetTable';
import type { SiteHistory } from '../contract/scores';
import { activeBook, activeRange } from '../gas/active';

const MAX_POINTS = 100;

/** The site in the active cell, or in the `Website` cell of the active row. */
function selectedSite(): string | null {
  const range = activeRange();
  if (!range) return null;
  const own = parseWebsite(range.getValue());
  if (own.ok) return own.domain;
  const sheet = range.getSheet();
  const col = websiteColumnIndex(readHeaderRow(sheet));
  if (col < 0) return null;
  const site = parseWebsite(sheet.getRange(range.getRow(), col + 1).getValue());
  return site.ok ? site.domain : null;
}

export function getSiteHistory(): SiteHistory {
  const site = selectedSite();
  if (!site) return { site, points: [] };
  const points = siteReadings(activeBook(), site).map((p) => ({
    at: new Date(p.at).toISOString(),
    score: p.score,
  }));
  return { site, points: points.slice(-MAX_POINTS) };
}
