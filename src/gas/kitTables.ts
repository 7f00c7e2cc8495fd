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

export function appsScriptTables(bookOf: () => Book): Tables {
  const opened = <K extends string>(name: string, columns: Columns<K>) =>
    openTable(ensureSheet(bookOf(), name), columns, true);
  return {
    find: (columns, key) =>
      findTables(bookOf(), headersOf(columns), key).map((t) => rowsOf(t.name, t)),
    read(name, columns) {
      const sheet = bookOf().getSheetByName(name);
      if (!sheet) return null;
      // The columns asked for only, not the sheet's every one (a history of 17 columns, say).
      const header = readHeaderRow(sheet);
      const found = Object.values(findColumns(header, headersOf(columns))) as number[];
      const values = readColumns(sheet, header, found.filter(Boolean));
      return rowsOf(name, openTable(sheet, columns, false, values));
    },
    write: (name, columns, patches) => void writePatches(opened(name, columns), patches),
    append(name, columns, rows) {
      const table = opened(name, columns);
      const first = Math.max(table.sheet.getLastRow(), HEADER_ROW) + 1;
      writePatches(table, new Map(rows.map((r, i) => [first + i, r])));
      return first;
    },
    replace: (name, values, formats = []) => replaceSheet(bookOf(), name, values, formats),
    room: (name) => sheetRoom(bookOf(), name),
    fileId: () => bookOf().getId(),
  };
}
