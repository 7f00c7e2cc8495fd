/** The kit's tables (src/kit/ports.ts Tables) over an Apps Script spreadsheet, by src/gas/sheetTable.ts. */
import { headersOf, type Columns } from '../domain/columns';
import type { Tables } from '../kit/ports';
import type { TableRows } from '../domain/table';
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

function rowsOf<K extends string>(name: string, table: Pick<Table<K>, 'values' | 'columns'>) {
  const keys = Object.keys(table.columns) as K[];
  const rows: TableRows<K>['rows'] = [];
  for (let row = HEADER_ROW + 1; row <= table.values.length; row++)
    rows.push({
      row,
      cells: Object.fromEntries(keys.map((k) => [k, cell(table, row, k)])) as Record<K, unknown>,
    });
  return { name, rows };
}

/** The header row whole, and our columns' cells of rows `fromRow` to `toRow`: what a workflow reads or writes. */
function ourCells<K extends string>(
  sheet: Sheet,
  columns: Columns<K>,
  fromRow = HEADER_ROW + 1,
  toRow = Infinity,
) {
  const header = readHeaderRow(sheet);
  const found = Object.values(findColumns(header, headersOf(columns))) as number[];
  return readColumns(sheet, header, found.filter(Boolean), fromRow, toRow);
}

export function appsScriptTables(bookOf: () => Book): Tables {
  // Made where missing; only the rows a write spans are read (it touches those rows only).
  const opened = <K extends string>(name: string, columns: Columns<K>, rows: number[]) => {
    const sheet = ensureSheet(bookOf(), name);
    const within = rows.length ? [Math.min(...rows), Math.max(...rows)] : [Infinity, Infinity];
    return openTable(sheet, columns, true, ourCells(sheet, columns, within[0], within[1]));
  };
  return {
    find: (columns, key) =>
      findTables(bookOf(), headersOf(columns), key).map((t) => rowsOf(t.name, t)),
    read(name, columns, span) {
      const sheet = bookOf().getSheetByName(name);
      if (!sheet) return null;
      const [first, last] = span ? [span.first, span.last] : [HEADER_ROW + 1, Infinity];
      const table = rowsOf(
        name,
        openTable(sheet, columns, false, ourCells(sheet, columns, first, last)),
      );
      return { name, rows: table.rows.filter((r) => r.row >= first) };
    },
    write: (name, columns, patches) =>
      void writePatches(opened(name, columns, [...patches.keys()]), patches),
    append(name, columns, rows) {
      const table = opened(name, columns, []);
      const first = Math.max(table.sheet.getLastRow(), HEADER_ROW) + 1;
      writePatches(table, new Map(rows.map((r, i) => [first + i, r])));
      return first;
    },
    replace: (name, values, formats = []) => replaceSheet(bookOf(), name, values, formats),
    room: (name) => sheetRoom(bookOf(), name),
    fileId: () => bookOf().getId(),
  };
}
