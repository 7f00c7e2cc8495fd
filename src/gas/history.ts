/**
 * The `Score history` sheet: one row per new reading, appended in one write, never two for the
 * same reading, capped (oldest rows go first) so a list kept for years stays fast to open.
 */
import { readingKey, type HistoryReading } from '../domain/scoreList';
import { HEADER_ROW, HISTORY_HEADERS, HISTORY_SHEET, type HistoryKey } from '../domain/table';
import { ensureSheet } from './sheets';
import { openTable, writePatches } from './sheetTable';

const HISTORY_CAP = 50000;

export interface HistoryWrite {
  appended: number;
  /** Oldest rows removed to stay within the cap. */
  trimmed: number;
}

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function appendHistory(
  book: Book,
  readings: HistoryReading[],
  cap = HISTORY_CAP,
): HistoryWrite {
  if (readings.length === 0) return { appended: 0, trimmed: 0 };
  const sheet = ensureSheet(book, HISTORY_SHEET);
  const table = openTable(sheet, HISTORY_HEADERS, true);
  const keys = Object.keys(HISTORY_HEADERS) as HistoryKey[];
  const seen = new Set<string>();
  for (let row = HEADER_ROW + 1; row <= table.values.length; row++) {
    const values = table.values[row - 1] ?? [];
    const reading: HistoryReading = {};
    for (const k of keys) reading[k] = values[table.columns[k] - 1] as string | number | Date;
    seen.add(readingKey(reading));
  }
  const patches = new Map<number, HistoryReading>();
  let next = Math.max(table.values.length, HEADER_ROW) + 1;
  for (const r of readings) {
    const key = readingKey(r);
    if (seen.has(key)) continue;
    seen.add(key);
    patches.set(next++, r);
  }
  writePatches(table, patches);
  const total = next - HEADER_ROW - 1;
  const trimmed = Math.max(0, total - cap);
  if (trimmed) sheet.deleteRows(HEADER_ROW + 1, trimmed);
  return { appended: patches.size, trimmed };
}
