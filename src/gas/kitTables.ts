/** The kit's tables (src/kit/ports.ts Tables) over an Apps Script spreadsheet, by src/gas/sheetTable.ts. */
import { headersOf, type Columns } from '../domain/columns';
import { HEADER_ROW } from '../domain/table';
import type { TableRows, Tables } from '../kit/ports';
import { ensureSheet } from './sheets';
import { cell, findTables, openTable, replaceSheet, writePatches, type Table } from './sheetTable';

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
      return sheet && rowsOf(name, openTable(sheet, columns, false));
    },
    write: (name, columns, patches) => void writePatches(opened(name, columns), patches),
    append(name, columns, rows) {
      const table = opened(name, columns);
      const first = Math.max(table.sheet.getLastRow(), HEADER_ROW) + 1;
      writePatches(table, new Map(rows.map((r, i) => [first + i, r])));
      return first;
    },
    replace: (name, values) => replaceSheet(bookOf(), name, values, []),
    fileId: () => bookOf().getId(),
  };
}
