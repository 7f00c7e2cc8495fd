/**
 * `Score readings`: `Score history` as a tidy table, one score per row (the overall one, and each
 * engine's that answered), so that Looker Studio, BigQuery's Sheets connector or a pivot table read
 * it without reshaping: an engine is a value of `Engine`, not a column, and one added to ENGINES
 * adds rows, never a column. Its columns only ever grow: a release may add one at the right, and
 * never renames, moves or removes one (docs/looker-studio.md; `tidyReadings.test.ts` holds the
 * released headers).
 */
import { ENGINES, PLATFORMS } from '../engines';
import { safeText, timeOf, type Cell } from './cells';
import {
  FORMATS,
  headerRow,
  positionalFormats,
  rowOf,
  type Columns,
  type OutputColumns,
} from './columns';
import { scoreInRange } from './readingSeal';
import { SHEETS } from './sheetNames';
import { HISTORY_COLUMNS, type HistoryKey } from './table';
import { count, counted } from '../contract/words';
import { SPREADSHEET_CELL_LIMIT, type SheetRoom } from './grid';

export const READINGS_SHEET = SHEETS.readings.name;

/** `Engine` of the overall score. */
export const OVERALL = 'Overall';

/**
 * The rows the sheet keeps, newest first kept: a 50,000-reading history with every engine is
 * 250,000 rows, and 8 columns of them stay well inside Google's 10 million cells.
 */
export const MAX_TIDY_ROWS = 250_000;

/** A `Score history` row as read, by key (a column the history lacks reads blank). */
export type HistoryRow = Partial<Record<HistoryKey, unknown>>;

interface Tidy {
  row: HistoryRow;
  engine: string;
  score: number;
}

const time = (v: unknown): Cell => {
  const t = timeOf(v);
  return t === null ? '' : new Date(t);
};
const text = (v: unknown): Cell => safeText(String(v ?? ''));

export const TIDY_COLUMNS: OutputColumns<Tidy> = {
  readAt: { header: 'Read at', read: (t) => time(t.row.checked), format: FORMATS.time },
  brand: { header: 'Brand', read: (t) => text(t.row.brand) },
  website: { header: 'Website', read: (t) => text(t.row.website) },
  engine: { header: 'Engine', read: (t) => t.engine },
  score: { header: 'Score', read: (t) => t.score },
  scanDate: { header: 'Scan date', read: (t) => time(t.row.lastScanned), format: FORMATS.time },
  source: { header: 'Source', read: (t) => text(t.row.source) },
  reference: { header: 'Reference', read: (t) => text(t.row.reference) },
};

export const TIDY_HEADERS = headerRow(TIDY_COLUMNS);

/** The history's columns a tidy row is made of: only these are read. */
export const TIDY_FROM_HISTORY = Object.fromEntries(
  (
    [
      'checked',
      'website',
      'brand',
      'score',
      'lastScanned',
      'source',
      'reference',
      ...PLATFORMS,
    ] as const
  ).map((k) => [k, HISTORY_COLUMNS[k]]),
) as Columns<HistoryKey>;
export const TIDY_FORMATS = positionalFormats(TIDY_COLUMNS);

/** A reading's scores, one per row: overall, then each engine that answered (never a 0 for one
 * not queried), in the history's order. A reading without a score (a failed scan) gives none. */
function tidyOf(row: HistoryRow): Tidy[] {
  const overall = scoreInRange(row.score);
  if (overall === null) return [];
  const engines = PLATFORMS.flatMap((p) => {
    const score = scoreInRange(row[p]);
    return score === null ? [] : [{ row, engine: ENGINES[p], score }];
  });
  return [{ row, engine: OVERALL, score: overall }, ...engines];
}

export interface TidyTable {
  /** The header row, then the rows. */
  values: Cell[][];
  rows: number;
  /** The oldest rows left out past MAX_TIDY_ROWS. */
  dropped: number;
}

export function tidyTable(history: HistoryRow[], max = MAX_TIDY_ROWS): TidyTable {
  // Oldest first by `Checked`, whatever order a person sorted the history into.
  const at = (t: Tidy) => timeOf(t.row.checked) ?? 0;
  const all = history.flatMap(tidyOf).sort((a, b) => at(a) - at(b));
  const kept = all.slice(Math.max(0, all.length - max));
  return {
    values: [TIDY_HEADERS, ...kept.map((t) => rowOf(TIDY_COLUMNS, t))],
    rows: kept.length,
    dropped: all.length - kept.length,
  };
}

export function tidyMessage(t: TidyTable, readings: number): string {
  if (t.rows === 0)
    return 'Score history has no scored reading yet: press Score on a list, then export again.';
  const from = `${counted(t.rows, 'row')} from ${counted(readings, 'reading')} of Score history`;
  const cut = t.dropped ? ` (the oldest ${counted(t.dropped, 'row')} left out)` : '';
  return `"${READINGS_SHEET}" holds ${from}${cut}: one score per row, overall and per engine.`;
}

/** What is already where the readings would go: the sheet of that name, and the rest's cells. */
/**
 * A sheet an export made (its first row the readings' header, or an earlier release's, which had
 * fewer columns at the right), or one with nothing in its first row.
 */
function ours(header: unknown[]): boolean {
  const cells = header.map((h) => String(h ?? '').trim());
  return cells.every((h, i) =>
    h === '' ? cells.slice(i).every((x) => x === '') : h === TIDY_HEADERS[i],
  );
}

/**
 * Why the export must not write: a sheet of that name the add-on did not make (a person's own
 * list, which the export would overwrite), or a spreadsheet without the room (Google's 10 million
 * cells, which would fail half-way and leave an empty sheet). Null: it may write.
 */
export function exportRefusal(table: TidyTable, room: SheetRoom): string | null {
  if (room.header && !ours(room.header))
    return `A sheet called "${READINGS_SHEET}" is already in this spreadsheet and the add-on did not make it (its first row is not the readings' header): rename it, then export again. Nothing was changed.`;
  const needed = Math.max(room.cells, table.values.length * TIDY_HEADERS.length);
  const free = SPREADSHEET_CELL_LIMIT - room.otherCells;
  if (needed > free)
    return `The readings need ${count(needed)} cells and this spreadsheet has room for ${count(Math.max(0, free))} (Google allows 10 million cells in all, blank ones included): delete sheets or rows you no longer need, then export again. Nothing was changed.`;
  return null;
}
