/**
 * The comparison chart: a website selected above its competitors becomes a `Comparison` sheet
 * holding the numbers as values and a bar chart of overall and per-engine scores. The brand's
 * overall score is its own series, so its bar stands out in its own colour and in the legend.
 */
import { chartSites, COMPARISON_SHEET, planChart } from '../domain/compare';
import { resolveAll } from '../domain/resolver';
import { scoreSpec } from '../domain/scoreLookup';
import { resolverDeps } from '../gas/resolverDeps';
import { sharedCache } from '../gas/cache';
import { appsScriptClock } from '../gas/clock';
import { clientConfig } from '../gas/settings';
import { fitGrid } from '../gas/sheets';
import { FORMULA_BUDGET_MS } from '../limits';
import type { ChartReport } from '../contract/scores';
import { activeBook, activeRange } from '../gas/active';
import { currentPlace } from '../gas/selection';

export function insertCompareChart(): ChartReport {
  const range = activeRange();
  const sites = chartSites(range ? range.getValues().flat() : []);
  const outcomes =
    sites.length < 2
      ? new Map()
      : resolveAll(
          sites,
          scoreSpec({ baseUrl: clientConfig().baseUrl }, 'url', ''),
          resolverDeps(sharedCache(), appsScriptClock.now() + FORMULA_BUDGET_MS),
        ).outcomes;
  const plan = planChart(sites, outcomes);
  if (plan.state !== 'done') return { state: plan.state, message: plan.message, backTo: null };
  const backTo = currentPlace();
  drawChart(plan.data);
  return { state: plan.state, message: plan.message, backTo };
}

function drawChart(data: unknown[][]): void {
  const width = data[0]?.length ?? 1;
  const book = activeBook();
  const sheet = book.getSheetByName(COMPARISON_SHEET) ?? book.insertSheet(COMPARISON_SHEET);
  sheet.clearContents();
  for (const chart of sheet.getCharts()) sheet.removeChart(chart);
  fitGrid(sheet, { rows: data.length, columns: width });
  const block = sheet.getRange(1, 1, data.length, width);
  block.setValues(data);
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
