/**
 * The `Follow-ups` sheet: every contacted prospect of every list in the workbook whose score moved
 * since contact, rebuilt on request and after each scheduled score refresh. The smallest change
 * that counts is kept in the file, so the schedule's rebuild (with no one there to ask) uses the
 * one the person last chose.
 */
import { DEFAULTS } from '../contract/defaults';
import type { FollowUpReport } from '../contract/outreach';
import {
  checkMinChange,
  FOLLOW_UP_COLUMNS,
  FOLLOW_UP_HEADERS,
  followUpMessage,
  followUpTable,
  type FollowUpSource,
} from '../domain/followUps';
import { FOLLOW_UPS_SHEET, HEADER_ROW } from '../domain/table';
import { metadataValue, setMetadata } from '../gas/docMetadata';
import { DOCUMENT_BUSY, withDocumentLock } from '../gas/lock';
import { logAction } from '../gas/runLog';
import { ensureSheet, fitGrid } from '../gas/sheets';
import { formatColumns } from '../gas/formatting';
import { positionalFormats } from '../domain/columns';
import { cell, findTables } from '../gas/sheetTable';
import { PRESS_LOCK_WAIT_MS } from '../limits';
import { activeBook } from '../gas/active';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const THRESHOLD_KEY = 'vis.followUps.minChange';

export function followUpThreshold(book: Book): number {
  const checked = checkMinChange(metadataValue(book, THRESHOLD_KEY));
  return checked.ok ? checked.value : DEFAULTS.minChange;
}

/** A list's own columns the follow-ups quote (its `Sheet` and change are the add-on's). */
const SOURCE_HEADERS = {
  website: FOLLOW_UP_HEADERS.website,
  contacted: FOLLOW_UP_HEADERS.contacted,
  scoreAtContact: FOLLOW_UP_HEADERS.scoreAtContact,
  score: FOLLOW_UP_HEADERS.score,
  reportUrl: FOLLOW_UP_HEADERS.reportUrl,
  pitch: FOLLOW_UP_HEADERS.pitch,
};

/**
 * The rows of every list that has a `Contacted` column: one header read per sheet (the add-on's
 * own sheets not opened), then only the columns quoted, of those lists only.
 */
function sources(book: Book): FollowUpSource[] {
  const found: FollowUpSource[] = [];
  for (const { name, ...table } of findTables(book, SOURCE_HEADERS, 'contacted')) {
    for (let row = HEADER_ROW + 1; row <= table.values.length; row++) {
      const at = (k: keyof typeof SOURCE_HEADERS) => cell(table, row, k);
      found.push({
        sheet: name,
        website: at('website'),
        contacted: at('contacted'),
        scoreAtContact: at('scoreAtContact'),
        score: at('score'),
        reportUrl: at('reportUrl'),
        pitch: at('pitch'),
      });
    }
  }
  return found;
}

/** Replaces the sheet's contents in one write: the new table, and blanks over what it held before. */
function rebuild(book: Book, values: unknown[][]): void {
  const sheet = ensureSheet(book, FOLLOW_UPS_SHEET);
  const width = values[0]!.length;
  const rows = Math.max(values.length, sheet.getLastRow());
  const columns = Math.max(width, sheet.getLastColumn());
  fitGrid(sheet, { rows, columns });
  const block = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => values[r]?.[c] ?? ''),
  );
  sheet.getRange(1, 1, rows, columns).setValues(block);
  formatColumns(sheet, positionalFormats(FOLLOW_UP_COLUMNS), HEADER_ROW + 1, values.length);
}

/** Rebuilds the follow-ups of `book` (the schedule's run, or a person's). */
export function refreshFollowUpsIn(
  book: Book,
  minChange = followUpThreshold(book),
): FollowUpReport {
  return withDocumentLock<FollowUpReport>(
    PRESS_LOCK_WAIT_MS * 50,
    () => {
      const table = followUpTable(sources(book), minChange);
      const message = followUpMessage(table, minChange);
      if (table.contacted === 0) return { state: 'nothing', message, rows: 0 };
      rebuild(book, table.values);
      return { state: 'done', message, rows: table.rows };
    },
    () => ({
      state: 'busy',
      message: DOCUMENT_BUSY,
      rows: 0,
    }),
  );
}

export function refreshFollowUps(options?: { minChange?: number }): FollowUpReport {
  const book = activeBook();
  const checked = checkMinChange(options?.minChange);
  if (!checked.ok) return { state: 'refused', message: checked.message, rows: 0 };
  if (options?.minChange !== undefined) setMetadata(book, THRESHOLD_KEY, String(checked.value));
  const report = refreshFollowUpsIn(book, checked.value);
  if (report.state === 'done')
    logAction(book, 'follow-ups', {
      sheet: FOLLOW_UPS_SHEET,
      rows: report.rows,
      requests: 0,
      changed: report.rows,
      errors: 0,
      result: report.message,
    });
  return report;
}
