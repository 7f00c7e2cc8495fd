/**
 * Sheet IO for tables with our columns: one read of the whole table, one write per contiguous
 * run of our columns over the rows that change. Never a cell at a time, never outside our columns.
 */
import { explainingProtection } from './protection';
import { cellValue } from '../domain/cells';
import {
  contiguousRuns,
  findColumns,
  HEADER_ROW,
  planMissingColumns,
  putCell,
  type ColumnMap,
} from '../domain/table';
import { formatsOf, headersOf, type Columns } from '../domain/columns';
import { isOutputSheet } from '../domain/outputSheets';
import { formatColumns } from './formatting';
import { ensureSheet, fitGrid } from './sheets';
import {
  isValidationRefusal,
  planAround,
  type Refused,
  type RuleFacts,
} from '../domain/validation';
import { noteRefused } from './refusedWrites';

export type Grid = unknown[][];

export interface Table<K extends string> {
  sheet: GoogleAppsScript.Spreadsheet.Sheet;
  /** Every value of the table as read (and as we have written it since), row 1 first. */
  values: Grid;
  columns: ColumnMap<K>;
  /** The number format of our columns that have one: rows the grid gains are given it. */
  formats?: Partial<Record<K, string>>;
}

/** Where each of our formatted columns is, and its format. */
function placedFormats<K extends string>(
  columns: ColumnMap<K>,
  formats: Partial<Record<K, string>> = {},
  only: (column: number) => boolean = () => true,
): Array<{ column: number; format: string }> {
  return (Object.keys(formats) as K[]).flatMap((k) =>
    columns[k] && only(columns[k]) ? [{ column: columns[k], format: formats[k]! }] : [],
  );
}

export function readGrid(sheet: GoogleAppsScript.Spreadsheet.Sheet): Grid {
  const lastRow = sheet.getLastRow();
  const lastColumn = sheet.getLastColumn();
  if (lastRow === 0 || lastColumn === 0) return [[]];
  return sheet.getRange(1, 1, lastRow, lastColumn).getValues();
}

/** Row 1 of a sheet (its headers), in one read; none when the sheet is empty. */
export function readHeaderRow(sheet: GoogleAppsScript.Spreadsheet.Sheet): unknown[] {
  const width = sheet.getLastColumn();
  return width ? (sheet.getRange(HEADER_ROW, 1, 1, width).getValues()[0] ?? []) : [];
}

/**
 * A table's rows below its header (from `fromRow`), read over the columns asked for only (one
 * read per contiguous run of them), placed at their sheet coordinates (row 1 is the whole header
 * row; rows above `fromRow` are left empty): the cells a workflow needs, not the sheet's every
 * column.
 */
export function readColumns(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  header: unknown[],
  columns: number[],
  fromRow = HEADER_ROW + 1,
  toRow = Infinity,
): Grid {
  const values: Grid = [header];
  const lastRow = Math.min(sheet.getLastRow(), toRow);
  for (let r = HEADER_ROW + 1; r <= lastRow; r++) values.push([]);
  const first = Math.max(fromRow, HEADER_ROW + 1);
  if (lastRow < first) return values;
  for (const run of contiguousRuns(columns)) {
    const block = sheet.getRange(first, run.start, lastRow - first + 1, run.width).getValues();
    block.forEach((line, r) =>
      line.forEach((v, c) => (values[first - 1 + r]![run.start - 1 + c] = v)),
    );
  }
  // Columns not read are blank, as `cell` reads a missing value.
  for (const line of values) for (let c = 0; c < line.length; c++) line[c] ??= '';
  return values;
}

/**
 * The workbook's tables that have `key`'s column, found from header rows alone (the add-on's own
 * output sheets are not opened), each read over the span of our columns and `alsoRead` headers:
 * a poll in a year-old workbook costs what its work needs, whatever the history holds.
 */
export function findTables<K extends string>(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  headers: Record<K, string>,
  key: NoInfer<K>,
  alsoRead: (header: unknown[]) => number[] = () => [],
): Array<Table<K> & { name: string }> {
  const tables: Array<Table<K> & { name: string }> = [];
  for (const sheet of book.getSheets()) {
    const name = sheet.getName();
    if (isOutputSheet(name)) continue;
    const header = readHeaderRow(sheet);
    const columns = findColumns(header, headers);
    if (!columns[key]) continue;
    const values = readColumns(sheet, header, [
      ...(Object.values(columns) as number[]),
      ...alsoRead(header),
    ]);
    tables.push({ sheet, values, columns, name });
  }
  return tables;
}

/**
 * Finds our columns; with `create`, adds the missing headers (one write) at the table's right and
 * gives them their number formats down the grid (the person's own columns keep theirs).
 */
export function openTable<K extends string>(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  table: Columns<K>,
  create: boolean,
  values: Grid = readGrid(sheet),
): Table<K> & { added: number[] } {
  const headers = headersOf(table);
  const formats = formatsOf(table);
  const headerRow = values[HEADER_ROW - 1] ?? [];
  const found = findColumns(headerRow, headers);
  if (!create) return { sheet, values, columns: found, formats, added: [] };
  const width = Math.max(0, ...values.map((r) => r.length));
  let last = 0;
  headerRow.forEach((h, i) => {
    if (h !== '' && h !== null && h !== undefined) last = i + 1;
  });
  const { columns, added } = planMissingColumns(found, headers, Math.max(last, width));
  if (added.length)
    explainingProtection(sheet, () => addColumns(sheet, values, columns, formats, added));
  return { sheet, values, columns, formats, added: added.map((a) => a.column) };
}

function addColumns<K extends string>(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  values: unknown[][],
  columns: Record<K, number>,
  formats: Partial<Record<K, string>>,
  added: Array<{ column: number; header: string }>,
): void {
  const first = added[0]!.column;
  const grid = fitGrid(sheet, { rows: HEADER_ROW, columns: first + added.length - 1 });
  sheet.getRange(HEADER_ROW, first, 1, added.length).setValues([added.map((a) => a.header)]);
  for (const a of added) putCell(values, HEADER_ROW, a.column, a.header);
  const isAdded = (c: number) => added.some((a) => a.column === c);
  formatColumns(sheet, placedFormats(columns, formats, isAdded), HEADER_ROW + 1, grid.rows);
}

export function cell<K extends string>(
  table: Pick<Table<K>, 'values' | 'columns'>,
  row: number,
  key: K,
): unknown {
  const column = table.columns[key];
  return column ? (table.values[row - 1]?.[column - 1] ?? '') : '';
}

/**
 * Writes patches (row → values by column key) in as few calls as the layout allows: one setValues
 * per contiguous run of our columns, spanning the first to the last patched row. Rows in between
 * are written back with the values this execution read, so nothing else changes.
 */
export function writePatches<K extends string>(
  table: Table<K>,
  patches: Map<number, Partial<Record<K, unknown>>>,
): number {
  return explainingProtection(table.sheet, () => writeRows(table, patches));
}

function writeRows<K extends string>(
  table: Table<K>,
  patches: Map<number, Partial<Record<K, unknown>>>,
): number {
  if (patches.size === 0) return 0;
  const rows = Array.from(patches.keys());
  const first = Math.min(...rows);
  const last = Math.max(...rows);
  const keys = (Object.keys(table.columns) as K[]).filter((k) => table.columns[k] > 0);
  const byColumn = new Map<number, K>(keys.map((k) => [table.columns[k], k]));
  for (const [row, patch] of patches) {
    for (const k of Object.keys(patch) as K[])
      putCell(table.values, row, table.columns[k], patch[k]);
  }
  let writes = 0;
  const runs = contiguousRuns(keys.map((k) => table.columns[k]));
  const right = Math.max(0, ...runs.map((run) => run.start + run.width - 1));
  const grid = fitGrid(table.sheet, { rows: last, columns: right });
  formatColumns(
    table.sheet,
    placedFormats(table.columns, table.formats),
    grid.rowsBefore + 1,
    grid.rows,
  );
  const refused: Refused[] = [];
  for (const run of runs) {
    const block: unknown[][] = [];
    for (let r = first; r <= last; r++) {
      const line: unknown[] = [];
      for (let c = run.start; c < run.start + run.width; c++) {
        // Values read back from the sheet lose their text marker: escaped again, text stays text.
        line.push(byColumn.has(c) ? cellValue(table.values[r - 1]?.[c - 1]) : '');
      }
      block.push(line);
    }
    const range = table.sheet.getRange(first, run.start, last - first + 1, run.width);
    const rules = rejectingRules(range);
    if (!rules) {
      range.setValues(block);
      writes++;
      continue;
    }
    const changed = (r: number, c: number) => {
      const key = byColumn.get(run.start + c);
      return key !== undefined && key in (patches.get(first + r) ?? {});
    };
    const plan = planAround(block, rules, changed);
    const header = (c: number) => String(table.values[HEADER_ROW - 1]?.[run.start + c - 1] ?? '');
    for (const f of plan.free) {
      const part = block.map((line) => line.slice(f.start, f.start + f.width));
      table.sheet.getRange(first, run.start + f.start, part.length, f.width).setValues(part);
      writes++;
    }
    for (const seg of plan.segments) {
      try {
        table.sheet
          .getRange(first + seg.row, run.start + seg.col, seg.values.length, 1)
          .setValues(seg.values.map((v) => [v]));
        writes++;
      } catch (error) {
        // Only a rule Sheets alone can judge (a custom formula) is tried and may refuse.
        if (seg.sure || !isValidationRefusal(error)) throw error;
        const rule = rules[seg.row]![seg.col]!;
        refused.push({ header: header(seg.col), row: first + seg.row, rule });
      }
    }
    for (const r of plan.refused)
      refused.push({ header: header(r.col), row: first + r.row, rule: r.rule });
  }
  noteRefused(table.sheet.getParent(), refused);
  return writes;
}

/**
 * The block's rules that reject, as data (a range-list rule with its values read once), or null
 * when none does: the common case, written as one block.
 */
function rejectingRules(
  range: GoogleAppsScript.Spreadsheet.Range,
): Array<Array<RuleFacts | null>> | null {
  // Each cell gives its own rule object: a dropdown's range is read once by its address.
  const listed = new Map<string, unknown[]>();
  let any = false;
  const facts = range.getDataValidations().map((line) =>
    line.map((rule): RuleFacts | null => {
      if (!rule || rule.getAllowInvalid()) return null;
      any = true;
      const criteria = String(rule.getCriteriaType());
      const args = rule.getCriteriaValues();
      if (criteria !== 'VALUE_IN_RANGE') return { criteria, args, allowInvalid: false };
      const source = args[0] as GoogleAppsScript.Spreadsheet.Range;
      const at = `${source.getSheet().getName()}!${source.getA1Notation()}`;
      if (!listed.has(at)) listed.set(at, source.getValues().flat());
      return { criteria, args, allowInvalid: false, listed: listed.get(at) };
    }),
  );
  return any ? facts : null;
}

/**
 * Replaces one of the add-on's sheets (made when missing) with `values` in one write, blanking what
 * it held beyond them, and sets the number formats of its columns.
 */
export function replaceSheet(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
  values: unknown[][],
  formats: Array<{ column: number; format: string }>,
): void {
  const sheet = ensureSheet(book, name);
  const width = values[0]?.length ?? 0;
  const rows = Math.max(values.length, sheet.getLastRow());
  const columns = Math.max(width, sheet.getLastColumn());
  const block = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => cellValue(values[r]?.[c])),
  );
  explainingProtection(
    sheet,
    () => {
      fitGrid(sheet, { rows, columns });
      sheet.getRange(1, 1, rows, columns).setValues(block);
      formatColumns(sheet, formats, HEADER_ROW + 1, values.length);
    },
    `"${name}" could not be written afresh`,
  );
}
