/** A red-to-green colour scale over the score columns, added once, so a list reads at a glance. */
import { contiguousRuns, HEADER_ROW } from '../domain/table';

export function addScoreColourScale(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  columns: number[],
): void {
  const rows = sheet.getMaxRows() - HEADER_ROW;
  const ranges = contiguousRuns(columns).map((run) =>
    sheet.getRange(HEADER_ROW + 1, run.start, rows, run.width),
  );
  const rule = SpreadsheetApp.newConditionalFormatRule()
    .setGradientMinpointWithValue('#e67c73', SpreadsheetApp.InterpolationType.NUMBER, '0')
    .setGradientMidpointWithValue('#ffd666', SpreadsheetApp.InterpolationType.NUMBER, '50')
    .setGradientMaxpointWithValue('#57bb8a', SpreadsheetApp.InterpolationType.NUMBER, '100')
    .setRanges(ranges)
    .build();
  sheet.setConditionalFormatRules(sheet.getConditionalFormatRules().concat([rule]));
}
