/** Sheets the add-on owns, created when first needed without taking the user's place. */
import { growthFor, type SheetRoom, type Size } from '../domain/grid';
import { HEADER_ROW } from '../domain/table';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * insertSheet makes the new sheet active: the user's place is given back at once (the selection,
 * or the sheet itself when it has no active range, as a sheet just activated by a script).
 */
export function ensureSheet(book: Book, name: string): GoogleAppsScript.Spreadsheet.Sheet {
  const found = sheetNamed(book, name);
  if (found) return found;
  const place = book.getActiveSheet();
  const selection = book.getActiveRange();
  const sheet = book.insertSheet(name);
  sheet.setFrozenRows(HEADER_ROW);
  if (selection) selection.activate();
  else place.activate();
  return sheet;
}

/**
 * The sheet of that name, or one whose name differs only in case ("score history"): Sheets
 * refuses a second sheet of that name (G16), so it is the one meant.
 */
export function sheetNamed(book: Book, name: string): GoogleAppsScript.Spreadsheet.Sheet | null {
  const exact = book.getSheetByName(name);
  if (exact) return exact;
  const wanted = name.toLowerCase();
  return book.getSheets().find((s) => s.getName().toLowerCase() === wanted) ?? null;
}

/**
 * Grows a sheet so that a block ending at `needed` fits: a sheet is a fixed grid and a range past
 * its edge throws. One insert per direction, never a call per row. Gives back the rows the grid
 * had and has, so that the caller can format what was added.
 */
export function fitGrid(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  needed: Size,
): { rowsBefore: number; rows: number } {
  const max = { rows: sheet.getMaxRows(), columns: sheet.getMaxColumns() };
  const grow = growthFor(max, needed);
  if (grow.rows) sheet.insertRowsAfter(max.rows, grow.rows);
  if (grow.columns) sheet.insertColumnsAfter(max.columns, grow.columns);
  return { rowsBefore: max.rows, rows: max.rows + grow.rows };
}

/**
 * A sheet's first row and grid, by name, and the grids of every other sheet: what a sheet the
 * add-on rebuilds checks before writing (whose sheet it is, and the spreadsheet's cells).
 */
export function sheetRoom(book: Book, name: string): SheetRoom {
  const sheet = book.getSheetByName(name);
  const width = sheet ? Math.max(1, sheet.getLastColumn()) : 0;
  return {
    header: sheet ? (sheet.getRange(HEADER_ROW, 1, 1, width).getValues()[0] ?? []) : null,
    cells: sheet ? gridCells(sheet) : 0,
    otherCells: cellsOfOtherSheets(book, sheet),
  };
}

const gridCells = (s: GoogleAppsScript.Spreadsheet.Sheet) => s.getMaxRows() * s.getMaxColumns();

/** The grids of every sheet but `except`: what Google's 10 million cells leave a sheet of ours. */
export function cellsOfOtherSheets(
  book: Book,
  except: GoogleAppsScript.Spreadsheet.Sheet | null,
): number {
  const id = except?.getSheetId();
  return book
    .getSheets()
    .filter((s) => s.getSheetId() !== id)
    .reduce((n, s) => n + gridCells(s), 0);
}
