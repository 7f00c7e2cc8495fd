/**
 * The block of rows a person selected in one column (a selected header row skipped), or the
 * same block again when a continued run names it. Add-on sheets (the scan monitor, the history,
 * the follow-ups) never hold a list to act on.
 */
import { isOutputSheet, outputSheetRefusal } from '../domain/outputSheets';
import { HEADER_ROW, type ColumnBlock } from '../domain/table';
import { parseColumnBlock } from '../domain/a1';
import type { ListPlace } from '../contract/scores';
import { activeRange } from './active';

export interface BlockRequest {
  sheetName: string;
  a1: string;
}

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

/**
 * Why a list action refuses the active sheet (one of the add-on's own), in one line; null when it
 * may act there.
 */
export function refusedSheet(action: string): string | null {
  const name = SpreadsheetApp.getActiveSpreadsheet().getActiveSheet().getName();
  return outputSheetRefusal(name, action);
}

export function selectedBlock(request?: BlockRequest | null): ColumnBlock | null {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  let range: GoogleAppsScript.Spreadsheet.Range | null;
  if (request) {
    const sheet = book.getSheetByName(request.sheetName);
    range = sheet ? rememberedRange(sheet, request.a1) : null;
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

/**
 * Where the person is (a sheet of theirs and the block selected in it), to come back to once the
 * add-on opens a sheet of its own; null when they are on one of the add-on's sheets already.
 */
export function currentPlace(): ListPlace | null {
  const range = activeRange();
  if (!range || isOutputSheet(range.getSheet().getName())) return null;
  return { sheetName: range.getSheet().getName(), a1: range.getA1Notation() };
}
