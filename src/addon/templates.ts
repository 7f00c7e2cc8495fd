/**
 * Templates for a first list: a `Prospect list` with the add-on's score columns and their colour
 * scale ready, and a `Brand monitor` (the scan monitor sheet) whose header says how to use it.
 */
import { HEADER_ROW } from '../domain/table';
import { SCALED_SCORE_COLUMNS, SCORE_HEADERS } from '../domain/scoreColumns';
import { MONITOR_HEADERS, MONITOR_SHEET } from '../domain/scanWatch';
import { addScoreColourScale } from '../gas/formatting';
import type { TemplateReport } from '../contract/scores';
import { activeBook } from '../gas/active';

const PROSPECT_SHEET = 'Prospect list';
const PROSPECT_HEADERS = [
  'Website',
  'Company',
  'Contact',
  'Email',
  ...Object.values(SCORE_HEADERS),
];
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
  const headers = kind === 'prospects' ? PROSPECT_HEADERS : Object.values(MONITOR_HEADERS);
  sheet.getRange(HEADER_ROW, 1, 1, headers.length).setValues([headers]);
  sheet.setFrozenRows(HEADER_ROW);
  if (kind === 'prospects') {
    addScoreColourScale(
      sheet,
      SCALED_SCORE_COLUMNS.map((k) => headers.indexOf(SCORE_HEADERS[k]) + 1),
    );
    sheet.setActiveSelection(sheet.getRange(HEADER_ROW + 1, 1));
    return {
      state: 'done',
      message: `"${name}" is ready: paste websites in column A, select them and press Score.`,
    };
  }
  sheet.getRange(HEADER_ROW, 1).setNote(MONITOR_HOW_TO);
  return { state: 'done', message: `"${name}" is ready. ${MONITOR_HOW_TO}` };
}
