/**
 * The whole rows of a selection (any column of them), read once: their values, what each cell
 * shows (for text that quotes the sheet as people see it: a number as formatted, a date as
 * yyyy-mm-dd in the spreadsheet's time zone), and whether the sheet's filter hides the row.
 */
import type { SelectedRow } from '../domain/selectedRow';
import { HEADER_ROW } from '../domain/table';
import { dayIn } from './clock';
import { selectedBlock, type Block } from './selection';
import { readGrid, type Grid } from './sheetTable';

export interface SelectedRows {
  block: Block;
  values: Grid;
  headers: unknown[];
  /** The selected rows inside the table (rows below its last are blank and left out). */
  rows: SelectedRow[];
}

export function selectedRows(): SelectedRows | null {
  const block = selectedBlock();
  if (!block) return null;
  const values = readGrid(block.sheet);
  const headers = values[HEADER_ROW - 1] ?? [];
  const last = Math.min(block.last, values.length);
  if (headers.length === 0 || last < block.first) return { block, values, headers, rows: [] };
  const shown = block.sheet
    .getRange(block.first, 1, last - block.first + 1, headers.length)
    .getDisplayValues();
  const day = dayIn(block.sheet.getParent().getSpreadsheetTimeZone());
  // A call per row, but only in a filtered sheet: Apps Script has no batch read of it.
  const filtered = block.sheet.getFilter() !== null;
  const rows = shown.map((line, i) => {
    const row = block.first + i;
    const cells = values[row - 1] ?? [];
    return {
      row,
      hidden: filtered && block.sheet.isRowHiddenByFilter(row),
      values: cells,
      shown: line.map((text, c) => (cells[c] instanceof Date ? day(cells[c].getTime()) : text)),
    };
  });
  return { block, values, headers, rows };
}
