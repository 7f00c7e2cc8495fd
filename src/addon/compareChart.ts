/**
 * The comparison chart: a website selected above its competitors becomes a `Comparison` sheet
 * holding the numbers as values and a bar chart of overall and per-engine scores. The brand's
 * overall score is its own series, so its bar stands out in its own colour and in the legend.
 */
import { chartSites, planChart } from '../domain/compare';
import { resolveAll } from '../domain/resolver';
import { scoreSpec } from '../domain/scoreLookup';
import type { ChartReport } from '../contract/scores';
import { activeBook } from '../gas/active';
import { comparePorts } from '../gas/sidebarReadPorts';
import type { ResolverDeps } from '../domain/resolver';
import type { ListPlace } from '../contract/scores';

/** What the comparison chart reads, asks and draws (src/addon/compareChart.ts). */
export interface ComparePorts {
  /** The selection's values, in reading order. */
  selected(): unknown[];
  /** The public lookups' transport, cache and clock. */
  lookups(): ResolverDeps;
  baseUrl: string;
  /** Where the person was (the chart's sheet becomes the active one). */
  place(): ListPlace | null;
  /** The `Comparison` sheet's numbers as values, and its bar chart. */
  draw(data: unknown[][]): void;
}

export function compareWith(p: ComparePorts): ChartReport {
  const sites = chartSites(p.selected());
  const outcomes =
    sites.length < 2
      ? new Map()
      : resolveAll(sites, scoreSpec({ baseUrl: p.baseUrl }, 'url', ''), p.lookups()).outcomes;
  const plan = planChart(sites, outcomes);
  if (plan.state !== 'done') return { state: plan.state, message: plan.message, backTo: null };
  const backTo = p.place();
  p.draw(plan.data);
  return { state: plan.state, message: plan.message, backTo };
}

export const insertCompareChart = (): ChartReport => compareWith(comparePorts(activeBook()));
