/**
 * A first run that teaches: `Visibility example`, a sheet of ten well-known brand websites with
 * their public scores filled in, so the add-on shows its value in the first minute without a key.
 */
import { SHEETS } from '../domain/sheetNames';
import { scoreOptions } from '../domain/scoreList';
import { HEADER_ROW } from '../domain/table';
import { logAction } from '../gas/runLog';
import type { ListPlace, ScoreReport } from '../contract/scores';
import { currentPlace } from '../gas/selection';
import { scoreSheet } from './scores';
import { activeBook } from '../gas/active';

export const EXAMPLE_SHEET = SHEETS.example.name;
export const EXAMPLE_SITES = [
  'nike.com',
  'patagonia.com',
  'airbnb.com',
  'spotify.com',
  'canva.com',
  'notion.so',
  'shopify.com',
  'duolingo.com',
  'ikea.com',
  'allbirds.com',
];

/** The example's report, and the way back to the list the person was on (the example is now active). */
export type ExampleReport = (ScoreReport | { state: 'nothing'; message: string }) & {
  backTo: ListPlace | null;
};

export function insertExample(): ExampleReport {
  const book = activeBook();
  const place = currentPlace();
  const backTo = place?.sheetName === EXAMPLE_SHEET ? null : place;
  const sheet = book.getSheetByName(EXAMPLE_SHEET) ?? book.insertSheet(EXAMPLE_SHEET);
  if (sheet.getLastRow() <= HEADER_ROW) {
    sheet
      .getRange(HEADER_ROW, 1, EXAMPLE_SITES.length + 1, 1)
      .setValues([['Website'], ...EXAMPLE_SITES.map((s) => [s])]);
    sheet.setFrozenRows(HEADER_ROW);
  }
  sheet.activate();
  const r = scoreSheet(sheet, scoreOptions({ refresh: 'missing' }), null);
  if (!r)
    return {
      state: 'nothing',
      message: `The "${EXAMPLE_SHEET}" sheet has lost its Website column: delete the sheet and press Insert example again.`,
      backTo,
    };
  logAction(book, 'insert example', {
    sheet: EXAMPLE_SHEET,
    rows: r.scored,
    requests: r.fetched,
    changed: r.scored,
    errors: r.failedSites,
    result: r.message,
  });
  return {
    ...r,
    message: `The "${EXAMPLE_SHEET}" sheet shows ten brands' public scores: ${r.message} Try it on your own list: select its websites and press Score.`,
    backTo,
  };
}
