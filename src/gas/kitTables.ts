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
    find: (columns, key) =>
      findTables(bookOf(), headersOf(columns), key).map((t) => rowsOf(t.name, t)),
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
