/**
 * The ports of the Scores tab's small reads (src/addon/siteHistory.ts, compareChart.ts) over the
 * active spreadsheet.
 */
import { cellValue } from '../domain/cells';
import { READINGS_SHEET } from '../domain/tidyReadings';
import { COMPARISON_SHEET } from '../domain/compare';
import { isOutputSheet } from '../domain/outputSheets';
import { HISTORY_SHEET } from '../domain/table';
import { FORMULA_BUDGET_MS } from '../limits';
import { activeRange } from './active';
import { sharedCache } from './cache';
import { appsScriptClock } from './clock';
import { readingsOf } from './history';
import { resolverDeps } from './resolverDeps';
import { currentPlace } from './selection';
import { explainingProtection } from './protection';
import { clientConfig } from './settings';
import { readHeaderRow } from './sheetTable';
import { fitGrid, sheetNamed } from './sheets';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export const siteHistoryPorts = (book: Book) => ({
  active: () => {
    const range = activeRange();
    if (!range) return null;
    const sheet = range.getSheet();
    return {
      value: range.getValue(),
      headers: readHeaderRow(sheet),
      inRow: (column: number) => sheet.getRange(range.getRow(), column).getValue(),
    };
  },
  readings: (site: string) => readingsOf(book, [site]).get(site) ?? [],
});

export const comparePorts = (book: Book) => ({
  selected: () => activeRange()?.getValues().flat() ?? [],
  lookups: () => resolverDeps(sharedCache(), appsScriptClock.now() + FORMULA_BUDGET_MS),
  baseUrl: clientConfig().baseUrl,
  place: currentPlace,
  draw: (data: unknown[][]) => drawChart(book, data),
});

function drawChart(book: Book, data: unknown[][]): void {
  const width = data[0]?.length ?? 1;
  const sheet = sheetNamed(book, COMPARISON_SHEET) ?? book.insertSheet(COMPARISON_SHEET);
  explainingProtection(
    sheet,
    () => sheet.clearContents(),
    `"${COMPARISON_SHEET}" could not be cleared for the new chart`,
  );
  for (const chart of sheet.getCharts()) sheet.removeChart(chart);
  fitGrid(sheet, { rows: data.length, columns: width });
  const block = sheet.getRange(1, 1, data.length, width);
  block.setValues(data.map((line) => line.map(cellValue)));
  const chart = sheet
    .newChart()
    .setChartType(Charts.ChartType.BAR)
    .addRange(block)
    .setOption('title', 'Public AI-visibility score: brand and competitors')
    .setOption('useFirstRowAsHeaders', true)
    .setPosition(1, width + 2, 0, 0)
    .build();
  sheet.insertChart(chart);
}

export const dashboardPorts = (book: Book) => ({
  source: () => {
    const on = book.getActiveSheet();
    return {
      spreadsheetId: book.getId(),
      fileName: book.getName(),
      historySheetId: book.getSheetByName(HISTORY_SHEET)?.getSheetId() ?? null,
      readingsSheetId: book.getSheetByName(READINGS_SHEET)?.getSheetId() ?? null,
      list: isOutputSheet(on.getName()) ? null : { sheetId: on.getSheetId(), name: on.getName() },
    };
  },
});
