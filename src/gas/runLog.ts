/**
 * The `Visibility log` sheet: one row per action a person starts and per scheduled or trigger
 * run that did work or failed, newest last, capped at 1,000 rows (oldest go first).
 */
import { safeText } from '../domain/cells';
import { LOG_SHEET } from '../domain/outputSheets';
import { HEADER_ROW } from '../domain/table';
import { LOG_COLUMNS, type LogKey } from '../domain/logColumns';
import type { LogEntry } from '../contract/schedules';
import { explainingProtection } from './protection';
import { ensureSheet } from './sheets';
import { openTable, writePatches } from './sheetTable';

const LOG_CAP = 1000;

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
export function logAction(book: Book, action: string, entry: Omit<Entry, 'run' | 'action'>): void {
  appendLog(book, { run: runKind, action, ...entry });
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
  const table = openTable(sheet, LOG_COLUMNS, false);
  const out: LogEntry[] = [];
  for (let row = table.values.length; row > HEADER_ROW && out.length < count; row--) {
    const v = (k: LogKey) => table.values[row - 1]?.[table.columns[k] - 1] ?? '';
    const time = v('time');
    out.push({
      time: time instanceof Date ? time.toISOString() : String(time),
      run: String(v('run')),
      action: String(v('action')),
      sheet: String(v('sheet')),
      rows: v('rows') as number | string,
      requests: v('requests') as number | string,
      changed: v('changed') as number | string,
      errors: v('errors') as number | string,
      result: String(v('result')),
    });
  }
  return out;
}
