/** Sheets the add-on owns, created when first needed without taking the user's place. */
import { HEADER_ROW } from '../domain/table';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** insertSheet makes the new sheet active: the user's selection is given back at once. */
export function ensureSheet(book: Book, name: string): GoogleAppsScript.Spreadsheet.Sheet {
  const found = book.getSheetByName(name);
  if (found) return found;
  const selection = book.getActiveRange();
  const sheet = book.insertSheet(name);
  sheet.setFrozenRows(HEADER_ROW);
  selection?.activate();
  return sheet;
}
