/** The selected row's site, read back from the `Score history` sheet, for the Scores tab's chart. */
import { timeOf } from '../domain/cells';
import { HEADER_ROW, HISTORY_HEADERS, HISTORY_SHEET, websiteColumnIndex } from '../domain/table';
import { parseWebsite } from '../domain/website';
import { openTable, readHeaderRow } from '../gas/sheetTable';
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
  const book = activeBook();
  const sheet = book.getSheetByName(HISTORY_SHEET);
  if (!site || !sheet) return { site, points: [] };
  const table = openTable(sheet, HISTORY_HEADERS, false);
  const cellOf = (row: number, key: keyof typeof HISTORY_HEADERS) =>
    table.columns[key] ? table.values[row - 1]?.[table.columns[key] - 1] : '';
  const points: SiteHistory['points'] = [];
  for (let row = HEADER_ROW + 1; row <= table.values.length; row++) {
    if (cellOf(row, 'source') !== 'score') continue;
    const recorded = parseWebsite(cellOf(row, 'website'));
    const score = cellOf(row, 'score');
    const at = timeOf(cellOf(row, 'lastScanned')) ?? timeOf(cellOf(row, 'checked'));
    if (!recorded.ok || recorded.domain !== site || typeof score !== 'number' || at === null)
      continue;
    points.push({ at: new Date(at).toISOString(), score });
  }
  points.sort((a, b) => a.at.localeCompare(b.at));
  return { site, points: points.slice(-MAX_POINTS) };
}
