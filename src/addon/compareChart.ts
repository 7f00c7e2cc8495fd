/**
 * The comparison chart: a website selected above its competitors becomes a `Comparison` sheet
 * holding the numbers as values and a bar chart of overall and per-engine scores. The brand's
 * overall score is its own series, so its bar stands out in its own colour and in the legend.
 */
import { chartSites, COMPARISON_SHEET, planChart } from '../domain/compare';
import { resolveAll } from '../domain/resolver';
import { scoreSpec } from '../domain/scoreLookup';
import type { ChartReport } from '../contract/scores';
import { appsScriptKit } from '../gas/kit';
import { FORMULA_BUDGET_MS } from '../limits';
import type { Kit } from '../kit/ports';

const CHART_TITLE = 'Public AI-visibility score: brand and competitors';

/**
 * The selection's websites (the brand first) asked in one round trip, drawn on the `Comparison`
 * sheet, which the person is then taken to; the way back is where they were.
 */
export function compareWith(kit: Kit): ChartReport {
  const sites = chartSites(kit.view.selected()?.values.flat() ?? []);
  const outcomes =
    sites.length < 2
      ? new Map()
      : resolveAll(
          sites,
          scoreSpec(kit.service.config(), 'url', ''),
          kit.service.lookups(kit.account.now() + FORMULA_BUDGET_MS),
        ).outcomes;
  const plan = planChart(sites, outcomes);
  if (plan.state !== 'done') return { state: plan.state, message: plan.message, backTo: null };
  const backTo = kit.view.place();
  kit.tables.replace(COMPARISON_SHEET, plan.data);
  kit.tables.chart(COMPARISON_SHEET, CHART_TITLE);
  kit.view.show(COMPARISON_SHEET);
  return { state: plan.state, message: plan.message, backTo };
}

export const insertCompareChart = (): ChartReport => compareWith(appsScriptKit());
