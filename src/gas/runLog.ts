/**
 * The `Visibility log` sheet: one row per action a person starts and per scheduled or trigger
 * run that did work or failed, newest last, capped at 1,000 rows (oldest go first).
 */
import { safeText } from '../domain/cells';
import { LOG_SHEET } from '../domain/outputSheets';
import { HEADER_ROW, rowsIn } from '../domain/table';
import { LOG_CAP, LOG_COLUMNS, logEntryOf, type LogKey } from '../domain/logColumns';
import type { LogEntry } from '../contract/schedules';
import { explainingProtection } from './protection';
import { ensureSheet } from './sheets';
import { openTable, readGrid, writePatches } from './sheetTable';

export type Entry = Omit<LogEntry, 'time'>;

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * Who started this execution. Apps Script loads the project afresh for every execution, so this
 * holds for the one execution only: menu items and the trigger set it, the sidebar is the default.
 */
let runKind: 'menu' | 'sidebar' | 'trigger' = 'sidebar';
export function startedFrom(kind: typeof runKind): void {
  runKind = kind;
}

/** A line for an action a person started (or the trigger ran), by whoever started it. */
export function logAction(
  book: Book,
  action: string,
  entry: Omit<Entry, 'run' | 'action'>,
  run: string = runKind,
): void {
  appendLog(book, { run, action, ...entry });
}

export function appendLog(book: Book, entry: Entry): void {
  const sheet = ensureSheet(book, LOG_SHEET);
  const table = openTable(sheet, LOG_COLUMNS, true);
  const row = Math.max(table.values.length, HEADER_ROW) + 1;
  const values: Partial<Record<LogKey, unknown>> = { time: new Date() };
  for (const k of Object.keys(entry) as Array<keyof Entry>)
    values[k] = typeof entry[k] === 'string' ? safeText(entry[k] as string) : entry[k];
  writePatches(table, new Map([[row, values]]));
  const excess = row - HEADER_ROW - LOG_CAP;
  if (excess > 0)
    explainingProtection(
      sheet,
      () => sheet.deleteRows(HEADER_ROW + 1, excess),
      `The oldest lines of "${LOG_SHEET}" could not be removed`,
    );
}

/** The newest entries first, for the sidebar. */
export function readLog(book: Book, count: number): LogEntry[] {
  const sheet = book.getSheetByName(LOG_SHEET);
  if (!sheet) return [];
  const { rows } = rowsIn(LOG_SHEET, readGrid(sheet), LOG_COLUMNS);
  return rows
    .slice(Math.max(0, rows.length - count))
    .reverse()
    .map((r) => logEntryOf(r.cells));
}
