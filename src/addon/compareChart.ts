/**
 * The comparison chart: a website selected above its competitors becomes a `Comparison` sheet
 * holding the numbers as values and a bar chart of overall and per-engine scores. The brand's
 * overall score is its own series, so its bar stands out in its own colour and in the legend.
 */
import { resolverDeps } from '../gas/resolverDeps';
import type { BrandScore } from '../api/client';
import { PLATFORMS } from '../api/schemas';
import { safeText, scoreCell } from '../domain/cells';
import { scoreSpec, NOT_IN_INDEX } from '../domain/formulas';
import { resolveAll } from '../domain/resolver';
import { parseWebsite } from '../domain/website';
import { sharedCache } from '../gas/cache';
import { appsScriptClock } from '../gas/clock';
import { clientConfig } from '../gas/settings';
import { fitGrid } from '../gas/sheets';
import { FORMULA_BUDGET_MS } from '../limits';
import type { ChartReport } from '../contract';

const COMPARISON_SHEET = 'Comparison';
const HEAD = [
  'Website',
  'Brand (yours)',
  'Competitors',
  'ChatGPT',
  'Claude',
  'Gemini',
  'AI Overviews',
];

function dataRow(site: string, b: BrandScore, isBrand: boolean): unknown[] {
  return [
    safeText(`${b.brandName || site}${isBrand ? ' (brand)' : ''}`),
    isBrand ? b.overallScore : '',
    isBrand ? '' : b.overallScore,
    ...PLATFORMS.map((p) => scoreCell(b.platformScores[p])),
  ];
}

export function insertCompareChart(): ChartReport {
  const range = SpreadsheetApp.getActiveSpreadsheet().getActiveRange();
  const cells = range
    ? range
        .getValues()
        .flat()
        .filter((v) => v !== '' && v !== null)
    : [];
  const sites: string[] = [];
  for (const v of cells) {
    const site = parseWebsite(v);
    if (site.ok && !sites.includes(site.domain)) sites.push(site.domain);
  }
  if (sites.length < 2)
    return {
      state: 'nothing',
      message:
        'Select a website with its competitors below it (one column): the first is the brand.',
    };
  const outcomes = resolveAll(
    sites,
    scoreSpec({ config: { baseUrl: clientConfig().baseUrl } }, 'url', ''),
    resolverDeps(sharedCache(), appsScriptClock.now() + FORMULA_BUDGET_MS),
  ).outcomes;
  const rows: unknown[][] = [];
  const missing: string[] = [];
  sites.forEach((site, i) => {
    const o = outcomes.get(site);
    if (o?.kind === 'value') rows.push(dataRow(site, o.value, i === 0));
    else missing.push(site);
  });
  if (outcomes.get(sites[0]!)?.kind !== 'value')
    return {
      state: 'refused',
      message: `The brand ${sites[0]} is ${NOT_IN_INDEX}, so there is nothing to compare with: check its address, or put a brand with a public score first.`,
    };
  drawChart([HEAD, ...rows]);
  const skipped = missing.length
    ? ` Left out (not in the index, or no answer: draw it again to retry): ${missing.join(', ')}.`
    : '';
  return {
    state: 'done',
    message: `Chart of ${sites[0]} against ${rows.length - 1} competitors on the "${COMPARISON_SHEET}" sheet.${skipped}`,
  };
}

function drawChart(data: unknown[][]): void {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = book.getSheetByName(COMPARISON_SHEET) ?? book.insertSheet(COMPARISON_SHEET);
  sheet.clearContents();
  for (const chart of sheet.getCharts()) sheet.removeChart(chart);
  fitGrid(sheet, { rows: data.length, columns: HEAD.length });
  const block = sheet.getRange(1, 1, data.length, HEAD.length);
  block.setValues(data);
  const chart = sheet
    .newChart()
    .setChartType(Charts.ChartType.BAR)
    .addRange(block)
    .setOption('title', 'Public AI-visibility score: brand and competitors')
    .setOption('useFirstRowAsHeaders', true)
    .setPosition(1, HEAD.length + 2, 0, 0)
    .build();
  sheet.insertChart(chart);
}
