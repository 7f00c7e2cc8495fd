/** The kit's tables (src/kit/ports.ts Tables) over an Apps Script spreadsheet, by src/gas/sheetTable.ts. */
import { headersOf, scaledOf, type Columns } from '../domain/columns';
import { SheetGone, type TableAt, type Tables } from '../kit/ports';
import { ensureSheet, sheetRoom } from './sheets';
import { findColumns, HEADER_ROW, rowsIn } from '../domain/table';
import { addScoreColourScale } from './formatting';
import {
  findTables,
  openTable,
  readColumns,
  readGrid,
  readHeaderRow,
  replaceSheet,
  writePatches,
} from './sheetTable';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

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

/**
 * The sheet `at` names; a sheet found before is looked up by its id, whatever it is called now:
 * under the name it had (two calls), else among every sheet (a call per sheet: 30 tabs, 30 calls).
 */
export function sheetAt(book: Book, at: TableAt): Sheet | null {
  if (typeof at === 'string') return book.getSheetByName(at);
  const named = at.name === undefined ? null : book.getSheetByName(at.name);
  if (named?.getSheetId() === at.sheetId) return named;
  return book.getSheets().find((s) => s.getSheetId() === at.sheetId) ?? null;
}

const infoOf = (s: Sheet) => ({
  sheetId: s.getSheetId(),
  name: s.getName(),
  form: s.getFormUrl() !== null,
});

export function appsScriptTables(bookOf: () => Book): Tables {
  // Made where missing by name; only the rows a write spans are read (it touches those rows only).
  const opened = <K extends string>(
    at: TableAt,
    columns: Columns<K>,
    rows: number[],
    read?: unknown[][],
  ) => {
    const sheet = typeof at === 'string' ? ensureSheet(bookOf(), at) : sheetAt(bookOf(), at);
    if (!sheet) throw new SheetGone();
    const within = rows.length ? [Math.min(...rows), Math.max(...rows)] : [Infinity, Infinity];
    const cells = read ?? ourCells(sheet, columns, within[0], within[1]);
    const table = openTable(sheet, columns, true, cells);
    const scaled = scaledOf(columns).map((k) => table.columns[k]);
    const added = scaled.filter((c) => table.added.includes(c));
    if (added.length) addScoreColourScale(sheet, added);
    for (const k of Object.keys(columns) as K[]) {
      const note = columns[k].note;
      if (note && table.added.includes(table.columns[k]))
        sheet.getRange(HEADER_ROW, table.columns[k]).setNote(note);
    }
    return table;
  };
  const sheetOf = (at: TableAt) => sheetAt(bookOf(), at);
  return {
    find: (columns, key) =>
      findTables(bookOf(), headersOf(columns), key).map((t) => rowsIn(t.name, t.values, columns)),
    read(at, columns, span) {
      const sheet = sheetAt(bookOf(), at);
      if (!sheet) return null;
      const [first, last] = span ? [span.first, span.last] : [HEADER_ROW + 1, Infinity];
      return rowsIn(sheet.getName(), ourCells(sheet, columns, first, last), columns, first);
    },
    grid(at) {
      const sheet = sheetAt(bookOf(), at);
      return sheet
        ? { name: sheet.getName(), sheetId: sheet.getSheetId(), values: readGrid(sheet) }
        : null;
    },
    write(at, columns, patches, read) {
      const table = opened(at, columns, [...patches.keys()], read);
      writePatches(table, patches);
      return table.columns;
    },
    append(name, columns, rows) {
      const table = opened(name, columns, []);
      const first = Math.max(table.sheet.getLastRow(), HEADER_ROW) + 1;
      writePatches(table, new Map(rows.map((r, i) => [first + i, r])));
      return first;
    },
    replace: (name, values, formats = []) => replaceSheet(bookOf(), name, values, formats),
    room: (name) => sheetRoom(bookOf(), name),
    chart(name, title) {
      const sheet = sheetAt(bookOf(), name);
      if (!sheet) throw new SheetGone();
      for (const old of sheet.getCharts()) sheet.removeChart(old);
      const width = Math.max(1, sheet.getLastColumn());
      const chart = sheet
        .newChart()
        .setChartType(Charts.ChartType.BAR)
        .addRange(sheet.getRange(1, 1, Math.max(1, sheet.getLastRow()), width))
        .setOption('title', title)
        .setOption('useFirstRowAsHeaders', true)
        .setPosition(1, width + 2, 0, 0)
        .build();
      sheet.insertChart(chart);
    },
    sheetId: (name) => bookOf().getSheetByName(name)?.getSheetId() ?? null,
    fileId: () => bookOf().getId(),
    fileName: () => bookOf().getName(),
    fileUrl: () => bookOf().getUrl(),
    sheets: () => bookOf().getSheets().map(infoOf),
    sheet: (at) => {
      const sheet = sheetOf(at);
      return sheet && infoOf(sheet);
    },
    headers: (at) => {
      const sheet = sheetOf(at);
      return sheet ? readHeaderRow(sheet) : [];
    },
    lastRow: (at) => sheetOf(at)?.getLastRow() ?? 0,
  };
}
