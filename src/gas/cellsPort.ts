/** src/gas/ports.ts's CellsPort over an Apps Script sheet. */
import type { Extent } from '../domain/visFunctions';
import type { CellsPort } from './ports';

export function cellsPort(sheet: GoogleAppsScript.Spreadsheet.Sheet): CellsPort {
  const range = (e: Extent) => sheet.getRange(e.row, e.col, e.rows, e.cols);
  return {
    size: () => ({
      maxRows: sheet.getMaxRows(),
      maxCols: sheet.getMaxColumns(),
      lastRow: sheet.getLastRow(),
      lastCol: sheet.getLastColumn(),
    }),
    formulas: (e) => range(e).getFormulas(),
    notes: (e) => range(e).getNotes(),
    values: (e) => range(e).getValues(),
    write: (e, values) => void range(e).setValues(values),
    note: (row, col, text) => void sheet.getRange(row, col).setNote(text),
  };
}
