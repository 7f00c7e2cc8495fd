/** The sidebar's "Rows that need attention": go to a row, and send the failed rows again. */
import { HEADER_ROW } from '../domain/table';
import type { GenerateReport, GenerateRequest } from '../contract/previews';
import { startPreviewsForSelection } from './previewGeneration';
import type { ListPlace } from '../contract/scores';
import { appsScriptKit } from '../gas/kit';
import type { Kit } from '../kit/ports';

/** Selects a row the sidebar listed, so the person sees it in the sheet (never its header). */
export const selectRowIn = (kit: Kit, sheetName: string, row: number): boolean =>
  row > HEADER_ROW && kit.view.show(sheetName, { first: row, last: row });

/**
 * Back to the list a person came from, with the block they had selected (as far as the sheet
 * still holds it); false when the sheet is gone.
 */
export const returnIn = (kit: Kit, place: ListPlace): boolean =>
  kit.view.show(place.sheetName, place.a1);

/** Any JSON reaches a server function: a row that is not a whole number selects nothing. */
export const selectRow = (sheetName: string, row: number): boolean =>
  typeof sheetName === 'string' &&
  Number.isInteger(row) &&
  selectRowIn(appsScriptKit(), sheetName, row);
export const returnToList = (place: ListPlace): boolean =>
  isPlace(place) && returnIn(appsScriptKit(), place);

/** A place the page sent back as it was given (any JSON reaches a server function). */
const isPlace = (v: unknown): v is ListPlace =>
  !!v && typeof (v as ListPlace).sheetName === 'string' && typeof (v as ListPlace).a1 === 'string';

/**
 * Sends again the sheet's rows domain/previewJobs calls retryable, found by their status: rows
 * that failed elsewhere in the sheet are sent too, and no other row is touched.
 */
export function retryPreviews(request: GenerateRequest): GenerateReport {
  const sheetName = typeof request?.sheetName === 'string' ? request.sheetName : '';
  return startPreviewsForSelection({ sheetName, a1: '', only: 'failed' });
}

/**
 * "Make them again with my key": the list's previews nobody completes (a teammate gone silent, or
 * IDs the person's key does not know; `maker` says which group) sent as new with the person's key.
 * Which rows those are is decided on the server from the person's record, whatever the page sent.
 */
export function remakePreviews(sheetName: string, maker: string): GenerateReport {
  return startPreviewsForSelection({
    sheetName: typeof sheetName === 'string' ? sheetName : '',
    a1: '',
    only: 'stranded',
    maker: typeof maker === 'string' ? maker : '',
  });
}
