/**
 * The sheet table model: our output columns are found by their header text in row 1 (users may
 * reorder or rename other columns), and missing ones are planned at the right of the table.
 */
import { SHEETS } from './sheetNames';
import { engineColumns, FORMATS, headersOf, type Columns } from './columns';
import { PREVIEW_COLUMNS } from './previewColumns';
import { SCORE_COLUMNS } from './scoreColumns';

export const HEADER_ROW = 1;

/** The user's own column of websites: every list the add-on acts on has one. */
export const WEBSITE_HEADER = 'Website';

/** The user's own `Website` column (0-based), whatever its position and case, or -1. */
export function websiteColumnIndex(headerRow: unknown[]): number {
  return headerRow.findIndex((h) => headerKey(h) === headerKey(WEBSITE_HEADER));
}

/** The column a prospect list names its companies in (the templates make it): a person's words. */
export const COMPANY_HEADER = 'Company';

export const HISTORY_SHEET = SHEETS.history.name;

/**
 * One row per reading (a list's score, a preview, a managed scan): the score list's own columns
 * where a reading has the same fact, so a header or format is never restated.
 */
const { checked, brand, score, level, lastScanned } = SCORE_COLUMNS;
const { knowledge, sentiment } = PREVIEW_COLUMNS;

export const HISTORY_COLUMNS = {
  checked,
  website: { header: WEBSITE_HEADER },
  brand,
  slug: { header: 'Slug' },
  score,
  level,
  ...engineColumns(),
  lastScanned,
  source: { header: 'Source' },
  reference: { header: 'Reference' },
  knowledge,
  sentiment,
  /** Who recorded the reading, as only they can check it (domain/readingSeal.ts). */
  seal: { header: 'Seal' },
  /** The rules its figures were computed with (domain/method.ts). */
  method: { header: 'Method' },
} satisfies Columns<string>;

export const HISTORY_HEADERS = headersOf(HISTORY_COLUMNS);

export type HistoryKey = keyof typeof HISTORY_COLUMNS;

/** A prospect's outreach: the pitch written for it, and when it was contacted at what score. */
export const PITCH_COLUMNS = {
  pitch: { header: 'Pitch' },
  message: { header: 'Pitch message' },
} satisfies Columns<string>;
export const PITCH_HEADERS = headersOf(PITCH_COLUMNS);
export type PitchKey = keyof typeof PITCH_COLUMNS;

export const CONTACT_COLUMNS = {
  contacted: { header: 'Contacted', format: FORMATS.time },
  scoreAtContact: { header: 'Score at contact' },
} satisfies Columns<string>;
export const CONTACT_HEADERS = headersOf(CONTACT_COLUMNS);

/** Rebuilt from every list: the contacted prospects whose score moved since. */
export const FOLLOW_UPS_SHEET = SHEETS.followUps.name;

export type ColumnMap<K extends string> = Record<K, number>;

/** Puts a value at a 1-based cell of a grid as read, growing its rows and the row as needed. */
export function putCell(values: unknown[][], row: number, column: number, value: unknown): void {
  while (values.length < row) values.push([]);
  const r = values[row - 1]!;
  while (r.length < column) r.push('');
  r[column - 1] = value;
}

const plainKey = (text: unknown) =>
  String(text ?? '')
    .trim()
    .toLowerCase();

/** Each header an earlier release wrote, as the header that replaced it (the tables' `formerly`). */
const FORMERLY = new Map(
  [PREVIEW_COLUMNS, SCORE_COLUMNS].flatMap((table) =>
    Object.values<{ header: string; formerly?: readonly string[] }>(table).flatMap((c) =>
      (c.formerly ?? []).map((old) => [plainKey(old), plainKey(c.header)] as const),
    ),
  ),
);

/**
 * A header as the add-on matches it: trimmed, any case, and a header an earlier release wrote as
 * the one that replaced it (a list made before a rename keeps working, its pitches too).
 */
export function headerKey(text: unknown): string {
  const key = plainKey(text);
  return FORMERLY.get(key) ?? key;
}

/** 1-based column of each header, or 0 when missing. */
export function findColumns<K extends string>(
  headerRow: unknown[],
  headers: Record<K, string>,
): ColumnMap<K> {
  const out = {} as ColumnMap<K>;
  for (const key of Object.keys(headers) as K[]) {
    const i = headerRow.findIndex((h) => headerKey(h) === headerKey(headers[key]));
    out[key] = i >= 0 ? i + 1 : 0;
  }
  return out;
}

/** Places the missing headers after the last used column, in the declared order. */
export function planMissingColumns<K extends string>(
  found: ColumnMap<K>,
  headers: Record<K, string>,
  lastColumn: number,
): { columns: ColumnMap<K>; added: Array<{ column: number; header: string }> } {
  const columns = { ...found };
  const added: Array<{ column: number; header: string }> = [];
  let next = lastColumn + 1;
  for (const key of Object.keys(headers) as K[]) {
    if (columns[key] === 0) {
      columns[key] = next;
      added.push({ column: next++, header: headers[key] });
    }
  }
  return { columns, added };
}

/** Our columns grouped into contiguous runs: one write per run never touches a column between. */
export function contiguousRuns(columns: number[]): Array<{ start: number; width: number }> {
  const sorted = Array.from(new Set(columns.filter((c) => c > 0))).sort((a, b) => a - b);
  const runs: Array<{ start: number; width: number }> = [];
  for (const c of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.start + last.width === c) last.width++;
    else runs.push({ start: c, width: 1 });
  }
  return runs;
}

/** A table as read: its sheet's name, and each row below the header by its sheet row. */
export interface TableRows<K extends string> {
  name: string;
  /** `row` is the sheet's row number (the header is row 1); a cell of a column not there reads ''. */
  rows: Array<{ row: number; cells: Record<K, unknown> }>;
}

/**
 * A sheet as one workflow found it, by Google's id for it: a run that lasts minutes writes to the
 * sheet it read, even when someone renames it meanwhile (a name would make a new sheet).
 */
export interface SheetRef {
  readonly sheetId: number;
  /**
   * What it was called when found: looked up first (one call), every sheet's id compared only
   * when it was renamed since.
   */
  readonly name?: string;
}

/** A sheet's cells read once, as Sheets shows them, with what it is called and its id. */
/** A block of one column of websites in a list (a selection, or a sheet's whole Website column), on the sheet as found. */
export interface ColumnBlock extends SheetRef {
  /** What the sheet was called when the run found it. */
  name: string;
  first: number;
  last: number;
  column: number;
  a1: string;
}

export interface SheetGrid extends SheetRef {
  name: string;
  /** Row 1 is the header; a row past the last with content is not there. */
  values: unknown[][];
}

/**
 * A table's rows within cells already read (`values`, row 1 the header): `first` to `last` (every
 * row below the header unless asked), a cell of a column the header lacks reading ''.
 */
export function rowsIn<K extends string>(
  name: string,
  values: readonly unknown[][],
  columns: Columns<K>,
  first = HEADER_ROW + 1,
  last = values.length,
): TableRows<K> {
  const found = findColumns(values[HEADER_ROW - 1] ?? [], headersOf(columns));
  const keys = Object.keys(found) as K[];
  const rows: TableRows<K>['rows'] = [];
  for (let row = Math.max(first, HEADER_ROW + 1); row <= Math.min(last, values.length); row++)
    rows.push({
      row,
      cells: Object.fromEntries(
        keys.map((k) => [k, found[k] ? (values[row - 1]?.[found[k] - 1] ?? '') : '']),
      ) as Record<K, unknown>,
    });
  return { name, rows };
}
