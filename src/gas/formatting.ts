/** How the add-on's columns look: number formats and the score colour scale. */
import { a1 } from '../domain/a1';
import { contiguousRuns, HEADER_ROW } from '../domain/table';

/**
 * Number formats over rows `from`..`to` of the given columns (1-based): one call per format, for
 * every block of columns that shares it (a RangeList), never a call per column or cell.
 */
export function formatColumns(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  formats: ReadonlyArray<{ column: number; format: string }>,
  from: number,
  to: number,
): void {
  if (to < from) return;
  const byFormat = new Map<string, number[]>();
  for (const { column, format } of formats)
    byFormat.set(format, [...(byFormat.get(format) ?? []), column]);
  for (const [format, columns] of byFormat) {
    const blocks = contiguousRuns(columns).map((run) =>
      a1(from, run.start, to - from + 1, run.width),
    );
    sheet.getRangeList(blocks).setNumberFormat(format);
  }
}

/** A red-to-green colour scale over the score columns, added once, so a list reads at a glance. */
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
