/**
 * The `Score history` sheet: one row per new reading, appended in one write, never two for the
 * same reading, capped (oldest rows go first) so a list kept for years stays fast to open and the
 * workbook stays under Google's 10 million cells.
 */
import { PLATFORMS } from '../engines';
import { timeOf, type Cell } from '../domain/cells';
import { historyRoom } from '../domain/grid';
import { MAX_DELETE_RUNS, oldestRuns, topIsOldest, type RowRun } from '../domain/historyTrim';
import type { ReportPoint } from '../domain/report';
import {
  latestIn,
  readingsIn,
  type HistoryWrite,
  type LatestReading,
  type Whose,
} from '../domain/historyRead';
import { READING_KEY_COLUMNS, readingKey, type HistoryReading } from '../domain/scoreList';
import {
  findColumns,
  HEADER_ROW,
  HISTORY_COLUMNS,
  HISTORY_HEADERS,
  HISTORY_SHEET,
  rowsIn,
  type HistoryKey,
} from '../domain/table';
import { sealedByMe, sealKey, sealOf } from './readingSeal';
import { sameReading, sealsIn } from '../domain/readingSeal';
import { cellsOfOtherSheets, ensureSheet } from './sheets';
import { explainingProtection } from './protection';
import { METHOD } from '../domain/method';
import {
  cell,
  openTable,
  readColumns,
  readHeaderRow,
  writePatches,
  type Table,
} from './sheetTable';

export const HISTORY_CAP = 50000;
/**
 * The newest rows a new reading is checked against. The rows of a list guard their own readings
 * (a list scored again with the same scan dates sends none; a preview or scan row is settled
 * once), so this only catches the same reading from two lists at about the same time, and the
 * cost of an append never grows with the history.
 */
const RECENT_ROWS = 2000;
/**
 * The last rows whose times a trim compares with its top rows': a history sorted newest first
 * shows newer readings on top than at its foot.
 */
const TIME_SAMPLE_ROWS = 200;

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * Appends the readings not in the history's newest rows yet. `cosign`: a run whose record must be
 * complete (a schedule's, which alerts and draws decks from its owner's sealed readings) adds its
 * seal to a reading someone else recorded first, when it says what this run's reading says.
 */
export function appendHistory(
  book: Book,
  readings: HistoryReading[],
  cap = HISTORY_CAP,
  cosign = false,
): HistoryWrite {
  if (readings.length === 0) return { appended: 0, trimmed: 0, limitedBy: 'cap' };
  const sheet = ensureSheet(book, HISTORY_SHEET);
  // What makes a reading new is in four columns: only those are read, of the newest rows only.
  const header = readHeaderRow(sheet);
  const found = findColumns(header, HISTORY_HEADERS);
  const keyColumns = READING_KEY_COLUMNS.map((k) => found[k]);
  const from = Math.max(HEADER_ROW + 1, sheet.getLastRow() - RECENT_ROWS + 1);
  const values = readColumns(sheet, header, keyColumns, from);
  const table = openTable(sheet, HISTORY_COLUMNS, true, values);
  const keys = Object.keys(HISTORY_HEADERS) as HistoryKey[];
  const seen = new Map<string, number[]>();
  for (let row = from; row <= table.values.length; row++) {
    const values = table.values[row - 1] ?? [];
    const reading: HistoryReading = {};
    for (const k of keys) reading[k] = values[table.columns[k] - 1] as Cell;
    const key = readingKey(reading);
    seen.set(key, [...(seen.get(key) ?? []), row]);
  }
  const known: Array<{ reading: HistoryReading; rows: number[] }> = [];
  const fresh = readings.filter((r) => {
    const key = readingKey(r);
    const rows = seen.get(key);
    if (rows) {
      known.push({ reading: r, rows });
      return false;
    }
    seen.set(key, []);
    return true;
  });
  if (cosign) cosignKnown(sheet, header, known);
  // Nothing new (an unchanged list scored again): no sheet sizes read, no row trimmed.
  if (fresh.length === 0) return { appended: 0, trimmed: 0, limitedBy: 'cap' };
  const room = historyRoom({
    cap,
    otherCells: cellsOfOtherSheets(book, sheet),
    columns: sheet.getMaxColumns(),
    headerRows: HEADER_ROW,
  });
  const kept = fresh.slice(Math.max(0, fresh.length - room.rows));
  const existing = Math.max(0, table.values.length - HEADER_ROW);
  const removed = Math.max(0, existing + kept.length - room.rows);
  // A protected history's oldest rows stay: the refusal names the protection (P4).
  if (removed)
    explainingProtection(
      sheet,
      () => dropOldest(table, removed),
      `The oldest ${removed} rows of "${HISTORY_SHEET}" could not be removed to make room for new readings`,
    );
  const patches = new Map<number, HistoryReading>();
  let next = HEADER_ROW + existing - removed + 1;
  const key = sealKey();
  for (const r of kept) patches.set(next++, { ...r, seal: sealOf(r, key), method: METHOD });
  writePatches(table, patches);
  return {
    appended: kept.length,
    trimmed: removed + fresh.length - kept.length,
    limitedBy: room.limitedBy,
  };
}

/**
 * Adds this person's seal to rows of readings someone else recorded first, where the row says
 * what their own reading says (a row an editor changed is left as it is): one read of the sealed
 * columns from the first such row, one write of their seals.
 */
function cosignKnown(
  sheet: Sheet,
  header: unknown[],
  known: Array<{ reading: HistoryReading; rows: number[] }>,
): void {
  const rows = known.flatMap((k) => k.rows.filter((r) => r > 0));
  if (!rows.length) return;
  const found = findColumns(header, HISTORY_HEADERS);
  const columns = SEALED_KEYS.map((k) => found[k]).filter(Boolean) as number[];
  const table = openTable(
    sheet,
    HISTORY_COLUMNS,
    false,
    readColumns(sheet, header, columns, Math.min(...rows)),
  );
  const rowReading = (row: number): HistoryReading =>
    Object.fromEntries(SEALED_KEYS.map((k) => [k, cell(table, row, k)])) as HistoryReading;
  const key = sealKey();
  const patches = new Map<number, HistoryReading>();
  for (const { reading, rows: at } of known) {
    const there = at.map((row) => ({ row, r: rowReading(row) }));
    if (there.some(({ r }) => sealedByMe(r))) continue;
    const same = there.find(({ r }) => sameReading(r, reading));
    if (same)
      patches.set(same.row, { seal: [...sealsIn(same.r.seal), sealOf(same.r, key)].join(' ') });
  }
  if (patches.size) writePatches(table, patches);
}

/**
 * Deletes the `count` oldest readings, so that the rows written next stay inside the cells freed.
 * As the add-on appends them they are the top rows: the times of those and of the last rows say
 * so in two small reads. In a history a person sorted they are found by time, from the whole
 * `Checked` column: deleted run by run, or, spread over more runs than that is worth, after one
 * sort back into time order.
 */
function dropOldest(table: Table<HistoryKey>, count: number): void {
  const { sheet, values } = table;
  const first = HEADER_ROW + 1;
  const rows = values.length - HEADER_ROW;
  const checked = table.columns.checked;
  const timesOf = (from: number, n: number) =>
    sheet
      .getRange(from, checked, n, 1)
      .getValues()
      .map((r) => timeOf(r[0]));
  const sample = Math.min(TIME_SAMPLE_ROWS, rows - count);
  const spread =
    sample <= 0 || !topIsOldest(timesOf(first, count), timesOf(first + rows - sample, sample));
  let runs: RowRun[] = [{ row: first, count }];
  if (spread) {
    runs = oldestRuns(timesOf(first, rows), first, count);
    if (runs.length > MAX_DELETE_RUNS) {
      // The data rows only (a Sheet.sort would take the header with it when nothing is frozen).
      sheet.getRange(first, 1, rows, sheet.getLastColumn()).sort(checked);
      runs = [{ row: first, count }];
    }
  }
  // Sheets refuses to delete every row below the frozen header: keep one blank row to write into.
  if (count >= sheet.getMaxRows() - HEADER_ROW) sheet.insertRowsAfter(sheet.getMaxRows(), 1);
  for (const run of runs) {
    sheet.deleteRows(run.row, run.count);
    values.splice(run.row - 1, run.count);
  }
}

/** Every column a seal signs, and the seal. */
const SEALED_KEYS: HistoryKey[] = [
  'checked',
  'website',
  'brand',
  'score',
  ...PLATFORMS,
  'lastScanned',
  'source',
  'reference',
  'seal',
];

/** The columns a reader needs: its own, and, to check seals, every column a seal signs. */
const keysFor = (whose: Whose, own: HistoryKey[]): HistoryKey[] =>
  whose === 'mine' ? SEALED_KEYS : own;

const trust = (whose: Whose) =>
  whose === 'anyone' ? () => true : (cells: object) => sealedByMe(cells as HistoryReading);

/**
 * The history's rows holding only `keys`' columns (the others blank): a year-old workbook's
 * history has 50,000 rows, and each reader needs a few of its columns.
 */
function historyRows(book: Book, keys: HistoryKey[], lastRows = Infinity) {
  const sheet = book.getSheetByName(HISTORY_SHEET);
  if (!sheet) return [];
  const header = readHeaderRow(sheet);
  const found = findColumns(header, HISTORY_HEADERS);
  const from = Number.isFinite(lastRows) ? sheet.getLastRow() - lastRows + 1 : HEADER_ROW + 1;
  const values = readColumns(sheet, header, keys.map((k) => found[k]).filter(Boolean), from);
  return rowsIn(HISTORY_SHEET, values, HISTORY_COLUMNS, from).rows.map((r) => r.cells);
}

/**
 * Each site's latest public reading as the person's own Score runs recorded it (brand name as the
 * service gave it, score, engines, scan date): what a scheduled report is built from, rather than
 * list cells any editor can type into after the schedule was saved.
 */
export function latestReadings(
  book: Book,
  sites: readonly string[],
  whose: Whose = 'anyone',
  lastRows = Infinity,
): Map<string, LatestReading> {
  const read: HistoryKey[] = ['checked', 'website', 'brand', 'score', ...PLATFORMS, 'lastScanned'];
  const rows = historyRows(book, keysFor(whose, [...read, 'source']), lastRows);
  return latestIn(rows, sites, trust(whose));
}

/** The readings of each of `sites` (domains) in `Score history`, oldest first, in one read. */
export function readingsOf(
  book: Book,
  sites: readonly string[],
  whose: Whose = 'anyone',
  lastRows = Infinity,
): Map<string, ReportPoint[]> {
  const read: HistoryKey[] = ['checked', 'website', 'score', ...PLATFORMS, 'lastScanned'];
  const rows = historyRows(book, keysFor(whose, [...read, 'source', 'reference']), lastRows);
  return readingsIn(rows, sites, trust(whose));
}
