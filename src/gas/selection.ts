/**
 * The person's selection in the active spreadsheet, as the kit's view gives it (src/gas/view.ts):
 * the block of rows a press acts on in one column (a selected header row skipped), the same block
 * again when a continued run names it, and the selection's rectangle. Add-on sheets (the scan
 * monitor, the history, the follow-ups) never hold a list to act on.
 */
import { isOutputSheet } from '../domain/outputSheets';
import { HEADER_ROW, type ColumnBlock } from '../domain/table';
import { parseColumnBlock } from '../domain/a1';
import type { ListPlace } from '../contract/scores';
import type { View } from '../kit/ports';
import { activeRange } from './active';

/**
 * The block a continued run names, as far as the sheet holds rows now: rows deleted since make
 * it shorter, never a range past the grid (which Sheets refuses, G2).
 */
export function rememberedRange(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  text: string,
): GoogleAppsScript.Spreadsheet.Range | null {
  const block = parseColumnBlock(text);
  if (!block) return null;
  const last = Math.min(block.last ?? Infinity, sheet.getLastRow());
  if (last < block.first) return null;
  return sheet.getRange(block.first, block.column, last - block.first + 1, 1);
}

export function selectedBlock(named?: ListPlace | null): ColumnBlock | null {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  let range: GoogleAppsScript.Spreadsheet.Range | null;
  if (named) {
    const sheet = book.getSheetByName(named.sheetName);
    range = sheet ? rememberedRange(sheet, named.a1) : null;
  } else {
    range = book.getActiveRange();
  }
  if (!range || isOutputSheet(range.getSheet().getName())) return null;
  const first = Math.max(range.getRow(), HEADER_ROW + 1);
  // Rows below the last filled one hold nothing to act on: a whole column (B:B) of a
  // 50,000-row grid is its filled rows, and costs what they cost.
  const last = Math.min(range.getRow() + range.getNumRows() - 1, range.getSheet().getLastRow());
  if (last < first) return null;
  const sheet = range.getSheet();
  return {
    sheetId: sheet.getSheetId(),
    name: sheet.getName(),
    first,
    last,
    column: range.getColumn(),
    a1: range.getA1Notation(),
  };
}

export const selectedExtent: View['extent'] = () => {
  const range = activeRange();
  if (!range) return null;
  const sheet = range.getSheet();
  return {
    sheet: { sheetId: sheet.getSheetId(), name: sheet.getName() },
    extent: {
      row: range.getRow(),
      col: range.getColumn(),
      rows: range.getNumRows(),
      cols: range.getNumColumns(),
    },
  };
};

/**
 * Where the person is (a sheet of theirs and the block selected in it), to come back to once the
 * add-on opens a sheet of its own; null when they are on one of the add-on's sheets already.
 */
export function currentPlace(): ListPlace | null {
  const range = activeRange();
  if (!range || isOutputSheet(range.getSheet().getName())) return null;
  return { sheetName: range.getSheet().getName(), a1: range.getA1Notation() };
}
