/** The sidebar's "Rows that need attention": go to a row, and send the failed rows again. */
import { HEADER_ROW } from '../domain/table';
import type { GenerateReport, GenerateRequest } from '../contract/previews';
import { startPreviewsForSelection } from './previewGeneration';
import type { ListPlace } from '../contract/scores';
import { activeBook } from '../gas/active';
import { rememberedRange } from '../gas/selection';

/** Selects a row the sidebar listed, so the person sees it in the sheet. */
export function selectRow(sheetName: string, row: number): boolean {
  const sheet = activeBook().getSheetByName(sheetName);
  if (!sheet || row <= HEADER_ROW || row > sheet.getLastRow()) return false;
  sheet.activate();
  sheet.setActiveSelection(sheet.getRange(row, 1, 1, Math.max(1, sheet.getLastColumn())));
  return true;
}

/**
 * Back to the list a person came from, with the block they had selected (as far as the sheet
 * still holds it); false when the sheet is gone.
 */
export function returnToList(place: ListPlace): boolean {
  const sheet = activeBook().getSheetByName(place.sheetName);
  if (!sheet) return false;
  sheet.activate();
  const block = rememberedRange(sheet, place.a1);
  if (block) sheet.setActiveSelection(block);
  return true;
}

/**
 * Sends again the sheet's rows domain/previewJobs calls retryable, found by their status: rows
 * that failed elsewhere in the sheet are sent too, and no other row is touched.
 */
export function retryPreviews(request: GenerateRequest): GenerateReport {
  return startPreviewsForSelection({ sheetName: request.sheetName, a1: '', only: 'failed' });
}
