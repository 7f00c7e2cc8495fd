/** src/gas/ports.ts's SheetPort over an Apps Script sheet: read whole, written by header. */
import type { SheetPort } from './ports';
import { openTable, readGrid, writePatches } from './sheetTable';

export function sheetPort(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetPort {
  return {
    grid: () => readGrid(sheet),
    write: (table, patches, read) =>
      void writePatches(openTable(sheet, table, true, read), patches),
  };
}
