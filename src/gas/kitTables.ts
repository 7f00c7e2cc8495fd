/** The kit's tables (src/kit/ports.ts Tables) over an Apps Script spreadsheet, by src/gas/sheetTable.ts. */
import { headersOf, type Columns } from '../domain/columns';
import type { TableRows, Tables } from '../kit/ports';
import { ensureSheet, sheetRoom } from './sheets';
import { findColumns, HEADER_ROW } from '../domain/table';
import {
  cell,
  findTables,
  openTable,
  readColumns,
  readHeaderRow,
  replaceSheet,
  writePatches,
  type Table,
} from './sheetTable';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** `found`: columns found by a rule, by their 0-based index (-1: none, read ''). */
function rowsOf<K extends string, F extends string = never>(
  name: string,
  table: Pick<Table<K>, 'values' | 'columns'>,
  found: Array<[F, number]> = [],
): TableRows<K | F> {
  const keys = Object.keys(table.columns) as K[];
  const rows: TableRows<K | F>['rows'] = [];
  for (let row = HEADER_ROW + 1; row <= table.values.length; row++)
    rows.push({
      row,
      cells: Object.fromEntries([
        ...keys.map((k) => [k, cell(table, row, k)]),
        ...found.map(([k, at]) => [k, at < 0 ? '' : (table.values[row - 1]?.[at] ?? '')]),
      ]) as Record<K | F, unknown>,
    });
  return { name, rows };
}

/** The header row whole, and our columns' cells from `fromRow` on: what a workflow reads or writes. */
function ourCells<K extends string>(sheet: Sheet, columns: Columns<K>, fromRow = HEADER_ROW + 1) {
  const header = readHeaderRow(sheet);
  const found = Object.values(findColumns(header, headersOf(columns))) as number[];
  return readColumns(sheet, header, found.filter(Boolean), fromRow);
}

export function appsScriptTables(bookOf: () => Book): Tables {
  // Made where missing; rows above `fromRow` are not read (a write touches its rows only).
  const opened = <K extends string>(name: string, columns: Columns<K>, fromRow: number) => {
    const sheet = ensureSheet(bookOf(), name);
    return openTable(sheet, columns, true, ourCells(sheet, columns, fromRow));
  };
  return {
    find<K extends string, F extends string = never>(
      columns: Columns<K>,
      key: K,
      found?: Record<F, (header: unknown[]) => number>,
    ) {
      const rules = Object.entries(found ?? {}) as Array<[F, (header: unknown[]) => number]>;
      const alsoRead = (header: unknown[]) =>
        rules.map(([, rule]) => rule(header) + 1).filter((c) => c > 0);
      // The header row is read whole: each rule finds its column in it again.
      return findTables(bookOf(), headersOf(columns), key, alsoRead).map((t) =>
        rowsOf<K, F>(t.name, t, rules.map(([k, rule]) => [k, rule(t.values[HEADER_ROW - 1] ?? [])])),
      );
    },
    read(name, columns) {
      const sheet = bookOf().getSheetByName(name);
      return sheet && rowsOf(name, openTable(sheet, columns, false, ourCells(sheet, columns)));
    },
    write: (name, columns, patches) =>
      void writePatches(opened(name, columns, Math.min(...patches.keys())), patches),
    append(name, columns, rows) {
      const table = opened(name, columns, Infinity);
      const first = Math.max(table.sheet.getLastRow(), HEADER_ROW) + 1;
      writePatches(table, new Map(rows.map((r, i) => [first + i, r])));
      return first;
    },
    replace: (name, values, formats = []) => replaceSheet(bookOf(), name, values, formats),
    room: (name) => sheetRoom(bookOf(), name),
    fileId: () => bookOf().getId(),
  };
}
