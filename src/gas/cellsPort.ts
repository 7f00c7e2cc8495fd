/** Freeze's cells (src/addon/freeze.ts CellsPort) over an Apps Script sheet. */
import type { Extent } from '../domain/visFunctions';

export function cellsPort(sheet: GoogleAppsScript.Spreadsheet.Sheet) {
  const range = (e: Extent) => sheet.getRange(e.row, e.col, e.rows, e.cols);
  return {
    size: () => ({
      maxRows: sheet.getMaxRows(),
      maxCols: sheet.getMaxColumns(),
      lastRow: sheet.getLastRow(),
      lastCol: sheet.getLastColumn(),
    }),
    formulas: (e: Extent) => range(e).getFormulas(),
    notes: (e: Extent) => range(e).getNotes(),
    values: (e: Extent) => range(e).getValues(),
    write: (e: Extent, values: unknown[][]) => void range(e).setValues(values),
    note: (row: number, col: number, text: string) => void sheet.getRange(row, col).setNote(text),
  };
}
