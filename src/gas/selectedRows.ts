/**
 * The whole rows of a selection (any column of them), read once: their values, what each cell
 * shows (for text that quotes the sheet as people see it: a number as formatted, a date as
 * yyyy-mm-dd in the spreadsheet's time zone), and whether the sheet's filter hides the row.
 */
import type { SelectedRow, SelectedRows } from '../domain/selectedRow';
import { HEADER_ROW } from '../domain/table';
import { dayIn } from './clock';
import { selectedBlock } from './selection';
import { readGrid } from './sheetTable';

export function selectedRows(): SelectedRows | null {
  const block = selectedBlock();
  if (!block) return null;
  const sheet = SpreadsheetApp.getActiveSheet();
  const values = readGrid(sheet);
  const list = { name: block.name, sheetId: block.sheetId, values };
  const headers = values[HEADER_ROW - 1] ?? [];
  const last = Math.min(block.last, values.length);
  if (headers.length === 0 || last < block.first) return { list, rows: [] };
  const shown = sheet
    .getRange(block.first, 1, last - block.first + 1, headers.length)
    .getDisplayValues();
  const day = dayIn(sheet.getParent().getSpreadsheetTimeZone());
  // A call per row, but only in a filtered sheet: Apps Script has no batch read of it.
  const filtered = sheet.getFilter() !== null;
  const rows = shown.map((line, i): SelectedRow => {
    const row = block.first + i;
    const cells = values[row - 1] ?? [];
    return {
      row,
      hidden: filtered && sheet.isRowHiddenByFilter(row),
      values: cells,
      shown: line.map((text, c) => (cells[c] instanceof Date ? day(cells[c].getTime()) : text)),
    };
  });
  return { list, rows };
}
