/** The sidebar's "Rows that need attention": go to a row, and send the failed rows again. */
import { HEADER_ROW } from '../domain/table';
import type { GenerateReport, GenerateRequest } from '../contract/previews';
import { startPreviewsForSelection } from './previewGeneration';
import { activeBook } from '../gas/active';

/** Selects a row the sidebar listed, so the person sees it in the sheet. */
export function selectRow(sheetName: string, row: number): boolean {
  const sheet = activeBook().getSheetByName(sheetName);
  if (!sheet || row <= HEADER_ROW || row > sheet.getLastRow()) return false;
  sheet.activate();
  sheet.setActiveSelection(sheet.getRange(row, 1, 1, Math.max(1, sheet.getLastColumn())));
  return true;
}

/**
 * Sends again the sheet's rows domain/previewJobs calls retryable, found by their status: rows
 * that failed elsewhere in the sheet are sent too, and no other row is touched.
 */
export function retryPreviews(request: GenerateRequest): GenerateReport {
  return startPreviewsForSelection({ sheetName: request.sheetName, a1: '', only: 'failed' });
}
