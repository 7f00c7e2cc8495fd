/** The sidebar's "Rows that need attention": go to a row, and send the failed rows again. */
import { HEADER_ROW } from '../domain/table';
import type { GenerateReport, GenerateRequest } from '../contract/previews';
import { startPreviewsForSelection } from './previewGeneration';
import type { ListPlace } from '../contract/scores';
import { activeBook } from '../gas/active';
import { navigationPort } from '../gas/sheetMakerPorts';

/** A sheet of the active spreadsheet to go to (src/addon/attention.ts). */
export interface SheetToVisit {
  lastRow: number;
  /** Makes it the active sheet with the row selected across its columns. */
  selectRow(row: number): void;
  /** Makes it the active sheet with the block `a1` selected, as far as the sheet still holds it. */
  selectBlock(a1: string): void;
}

/** The person's place in the spreadsheet, to go to a row or back to a list. */
export interface NavigationPort {
  /** A sheet by name; null when there is none. */
  sheet(name: string): SheetToVisit | null;
}

/** Selects a row the sidebar listed, so the person sees it in the sheet. */
export function selectRowIn(nav: NavigationPort, sheetName: string, row: number): boolean {
  const sheet = nav.sheet(sheetName);
  if (!sheet || row <= HEADER_ROW || row > sheet.lastRow) return false;
  sheet.selectRow(row);
  return true;
}

/**
 * Back to the list a person came from, with the block they had selected (as far as the sheet
 * still holds it); false when the sheet is gone.
 */
export function returnIn(nav: NavigationPort, place: ListPlace): boolean {
  const sheet = nav.sheet(place.sheetName);
  if (!sheet) return false;
  sheet.selectBlock(place.a1);
  return true;
}

/** Any JSON reaches a server function: a row that is not a whole number selects nothing. */
export const selectRow = (sheetName: string, row: number): boolean =>
  typeof sheetName === 'string' &&
  Number.isInteger(row) &&
  selectRowIn(navigationPort(activeBook()), sheetName, row);
export const returnToList = (place: ListPlace): boolean =>
  isPlace(place) && returnIn(navigationPort(activeBook()), place);

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
