/** src/gas/ports.ts's SelectionPort over the active spreadsheet. */
import { activeBook } from './active';
import { withDocumentLock } from './lock';
import { sheetPort } from './sheetPort';
import type { SelectionPort } from './ports';
import { logAction } from './runLog';
import { selectedRows } from './selectedRows';
import { refusedSheet } from './selection';

export const selectionPort: SelectionPort = {
  refused: refusedSheet,
  rows: () => {
    const found = selectedRows();
    if (!found) return null;
    const { block, values, headers, rows } = found;
    return {
      sheetName: block.sheet.getName(),
      headers,
      rows,
      grid: values,
      sheet: sheetPort(block.sheet),
    };
  },
  log: (action, entry) => logAction(activeBook(), action, entry),
  locked: (waitMs, work, busy) => withDocumentLock(waitMs, work, busy),
};
