/** The sidebar's "Rows that need attention": go to a row, and send the failed rows again. */
import { isRetryable, RETRY_PATCH, type RowPatch } from '../domain/previewJobs';
import { HEADER_ROW, PREVIEW_HEADERS } from '../domain/table';
import { withDocumentLock } from '../gas/lock';
import { cell, openTable, writePatches } from '../gas/sheetTable';
import { PRESS_LOCK_WAIT_MS } from '../limits';
import type { GenerateReport, GenerateRequest } from '../contract';
import { startPreviewsForSelection } from './previewGeneration';

/** Selects a row the sidebar listed, so the person sees it in the sheet. */
export function selectRow(sheetName: string, row: number): boolean {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(sheetName);
  if (!sheet || row <= HEADER_ROW || row > sheet.getLastRow()) return false;
  sheet.activate();
  sheet.setActiveSelection(sheet.getRange(row, 1, 1, Math.max(1, sheet.getLastColumn())));
  return true;
}

/** Sends again the rows domain/previewJobs calls retryable: cleared, then Generate on the same rows. */
export function retryPreviews(request: GenerateRequest): GenerateReport {
  const sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName(request.sheetName);
  if (sheet) {
    withDocumentLock(
      PRESS_LOCK_WAIT_MS,
      () => {
        const table = openTable(sheet, PREVIEW_HEADERS, false);
        const patches = new Map<number, RowPatch>();
        for (let row = HEADER_ROW + 1; row <= table.values.length; row++)
          if (isRetryable(cell(table, row, 'status'))) patches.set(row, RETRY_PATCH);
        writePatches(table, patches);
      },
      () => undefined,
    );
  }
  return startPreviewsForSelection(request);
}
