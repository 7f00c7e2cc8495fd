/** The kit's cells (src/kit/ports.ts Cells) over an Apps Script spreadsheet: one call per block. */
import { SheetGone, type Cells, type TableAt } from '../kit/ports';
import type { Extent } from '../domain/visFunctions';
import { sheetAt } from './kitTables';
import { explainingProtection } from './protection';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function appsScriptCells(bookOf: () => Book): Cells {
  const sheetOf = (at: TableAt) => sheetAt(bookOf(), at);
  const range = (at: TableAt, e: Extent) => {
    const sheet = sheetOf(at);
    if (!sheet) throw new SheetGone();
    return { sheet, range: sheet.getRange(e.row, e.col, e.rows, e.cols) };
  };
  return {
    size(at) {
      const sheet = sheetOf(at);
      return (
        sheet && {
          maxRows: sheet.getMaxRows(),
          maxCols: sheet.getMaxColumns(),
          lastRow: sheet.getLastRow(),
          lastCol: sheet.getLastColumn(),
        }
      );
    },
    formulas: (at, e) => range(at, e).range.getFormulas(),
    values: (at, e) => range(at, e).range.getValues(),
    notes: (at, e) => range(at, e).range.getNotes(),
    write(at, e, values) {
      const found = range(at, e);
      explainingProtection(found.sheet, () => found.range.setValues(values));
    },
    annotate(at, e, notes) {
      const found = range(at, e);
      explainingProtection(found.sheet, () => found.range.setNotes(notes));
    },
  };
}
