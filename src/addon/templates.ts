/**
 * Templates for a first list: a `Prospect list` with the add-on's score columns and their colour
 * scale ready, and a `Brand monitor` (the scan monitor sheet) whose header says how to use it.
 */
import { SHEETS } from '../domain/sheetNames';
import { scaledOf, type Columns } from '../domain/columns';
import { HEADER_ROW, WEBSITE_HEADER } from '../domain/table';
import { SCORE_COLUMNS } from '../domain/scoreColumns';
import { MONITOR_COLUMNS, MONITOR_SHEET } from '../domain/scanWatch';
import { addScoreColourScale } from '../gas/formatting';
import { openTable } from '../gas/sheetTable';
import type { TemplateReport } from '../contract/scores';
import { activeBook } from '../gas/active';

const PROSPECT_SHEET = SHEETS.prospects.name;
/** The person's own columns a prospect list starts with, before the add-on's. */
const PROSPECT_OWN_HEADERS = [WEBSITE_HEADER, 'Company', 'Contact', 'Email'];
const MONITOR_HOW_TO =
  'Put one brand agent ID per row below (a whole number, from your account on the service). Rows are checked while the sidebar is open and hourly otherwise; select rows and choose "Rescan selected agents" to rescan.';

export function insertTemplate(kind: 'prospects' | 'monitor'): TemplateReport {
  const book = activeBook();
  const name = kind === 'prospects' ? PROSPECT_SHEET : MONITOR_SHEET;
  if (book.getSheetByName(name))
    return {
      state: 'nothing',
      message: `A "${name}" sheet already exists: use it, or rename it first.`,
    };
  const sheet = book.insertSheet(name);
  const own = kind === 'prospects' ? PROSPECT_OWN_HEADERS : [];
  if (own.length) sheet.getRange(HEADER_ROW, 1, 1, own.length).setValues([own]);
  // The add-on's columns as every run adds them: headers, number formats, colour scale.
  const columns: Columns<string> = kind === 'prospects' ? SCORE_COLUMNS : MONITOR_COLUMNS;
  const table = openTable(sheet, columns, true, [own]);
  addScoreColourScale(
    sheet,
    scaledOf(columns).map((k) => table.columns[k]!),
  );
  sheet.setFrozenRows(HEADER_ROW);
  if (kind === 'prospects') {
    sheet.setActiveSelection(sheet.getRange(HEADER_ROW + 1, 1));
    return {
      state: 'done',
      message: `"${name}" is ready: paste websites in column A, select them and press Score.`,
    };
  }
  sheet.getRange(HEADER_ROW, 1).setNote(MONITOR_HOW_TO);
  return { state: 'done', message: `"${name}" is ready. ${MONITOR_HOW_TO}` };
}
