/** Outreach's selection (src/addon/outreach.ts SelectionPort) over the active spreadsheet. */
import type { LogLine } from '../contract/schedules';
import { activeBook } from './active';
import { documentLock } from './lock';
import { sheetPort } from './sheetPort';
import { logAction } from './runLog';
import { selectedRows } from './selectedRows';
import { refusedSheet } from './selection';

export const selectionPort = {
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
  log: (action: string, entry: LogLine) => logAction(activeBook(), action, entry),
  lock: documentLock,
};
