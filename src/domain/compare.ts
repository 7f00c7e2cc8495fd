/**
 * VIS_COMPARE: a brand against its competitors, one row per competitor in the order given, so
 * the answer lines up beside the list. Every number comes from the public score endpoint (no
 * key), through the same cache and de-duplication as VIS_SCORE.
 */
import { SHEETS } from './sheetNames';
import type { BrandScore } from '../api/client';
import { ENGINES, PLATFORMS } from '../engines';
import { isBlank, safeText, scoreCell, type Cell } from './cells';
import { grid, websiteKey, type FormulaEnv, type FormulaInput } from './formulaEngine';
import { engineColumns, headerRow, rowOf, type OutputColumns } from './columns';
import { resolveAll, type Outcome } from './resolver';
import { NOT_IN_INDEX, problemCell, scoreSpec } from './scoreLookup';
import { parseWebsite } from './website';
import { counted } from '../contract/words';

type Compared = { c: BrandScore; b: BrandScore; rank: number };

const COMPARE_COLUMNS: OutputColumns<Compared> = {
  score: { header: 'Public score', read: (x) => x.c.overallScore },
  rank: { header: 'Rank', read: (x) => x.rank },
  gap: { header: 'Gap', read: (x) => x.c.overallScore - x.b.overallScore },
  ...Object.fromEntries(
    PLATFORMS.map((p) => [
      `${p}Gap`,
      {
        header: `${ENGINES[p]} gap`,
        read: (x: Compared) => gap(x.c.platformScores[p], x.b.platformScores[p]),
      },
    ]),
  ),
};
export const COMPARE_HEADERS = headerRow(COMPARE_COLUMNS);

/** Places with ties sharing one: scores 90, 80, 80, 70 rank 1, 2, 2, 4. */
export function competitionRanks(scores: number[]): Map<number, number> {
  const sorted = scores.slice().sort((a, b) => b - a);
  const ranks = new Map<number, number>();
  sorted.forEach((s, i) => {
    if (!ranks.has(s)) ranks.set(s, i + 1);
  });
  return ranks;
}

/** The competitor's number minus the brand's; blank when either side was not queried. */
export function gap(competitor: number | null, brand: number | null): number | '' {
  return typeof competitor === 'number' && typeof brand === 'number' ? competitor - brand : '';
}

function firstCell(input: FormulaInput): unknown {
  const { rows } = grid(input);
  return rows.flat().find((v) => !isBlank(v)) ?? '';
}

export function visCompare(
  brand: FormulaInput,
  competitors: FormulaInput,
  withHeaders: unknown,
  refresh: unknown,
  env: FormulaEnv,
): Cell[][] {
  const width = COMPARE_HEADERS.length;
  const pad = (first: Cell): Cell[] => [first, ...new Array<Cell>(width - 1).fill('')];
  const rows = grid(competitors).rows.map((r) => r[0]);
  const keyed = rows.map((v) => (isBlank(v) ? { cell: '' as Cell } : websiteKey(v)));
  const brandText = firstCell(brand);
  const brandKey = websiteKey(brandText);
  const brandDomain = 'key' in brandKey ? brandKey.key : null;
  const keys = new Set(keyed.flatMap((k) => ('key' in k ? [k.key] : [])));
  if (brandDomain) keys.add(brandDomain);
  const outcomes = resolveAll(
    Array.from(keys),
    scoreSpec(env.config, 'url', refresh),
    env.deps,
  ).outcomes;

  const own = brandDomain ? outcomes.get(brandDomain) : undefined;
  let out: Cell[][];
  if (!own || own.kind !== 'value') {
    // Without the brand's own numbers there is nothing to compare: every row says why.
    const name = String(brandText).slice(0, 80);
    const why = !brandDomain
      ? `error: the brand "${name}" is not a website: put its address in the first argument`
      : own?.kind === 'error' && own.error.code === 'NOT_FOUND'
        ? `error: the brand ${brandDomain} is not in the index, so there is nothing to compare with: check its address`
        : problemCell(own, NOT_IN_INDEX);
    out = keyed.map((k) => ('cell' in k && k.cell === '' ? pad('') : pad(why)));
  } else {
    const found = new Map<string, BrandScore>([[brandDomain!, own.value]]);
    for (const k of keyed) {
      const o = 'key' in k ? outcomes.get(k.key) : undefined;
      if ('key' in k && o?.kind === 'value') found.set(k.key, o.value);
    }
    const ranks = competitionRanks(Array.from(found.values(), (b) => b.overallScore));
    out = keyed.map((k) => {
      if ('cell' in k) return pad(k.cell);
      const o = outcomes.get(k.key);
      if (o?.kind !== 'value') return pad(problemCell(o, NOT_IN_INDEX));
      return rowOf(COMPARE_COLUMNS, {
        c: o.value,
        b: own.value,
        rank: ranks.get(o.value.overallScore) ?? 0,
      });
    });
  }
  return withHeaders === true ? [COMPARE_HEADERS, ...out] : out;
}

export const COMPARISON_SHEET = SHEETS.comparison.name;

type Charted = { site: string; b: BrandScore; isBrand: boolean };

/** The chart's table: the brand's overall score is its own series, so its bar stands out. */
const CHART_COLUMNS: OutputColumns<Charted> = {
  website: {
    header: 'Website',
    read: (x) => safeText(`${x.b.brandName || x.site}${x.isBrand ? ' (brand)' : ''}`),
  },
  brand: { header: 'Brand (yours)', read: (x) => (x.isBrand ? x.b.overallScore : '') },
  competitors: { header: 'Competitors', read: (x) => (x.isBrand ? '' : x.b.overallScore) },
  ...engineColumns<OutputColumns<Charted>[string]>((p) => ({
    read: (x) => scoreCell(x.b.platformScores[p]),
  })),
};

export type ChartPlan =
  | { state: 'nothing' | 'refused'; message: string }
  | { state: 'done'; message: string; data: Cell[][] };

/** The distinct websites of the selected cells, in order: the first is the brand. */
export function chartSites(cells: unknown[]): string[] {
  const sites: string[] = [];
  for (const v of cells) {
    const site = parseWebsite(v);
    if (site.ok && !sites.includes(site.domain)) sites.push(site.domain);
  }
  return sites;
}

/** What the chart shows of the looked-up sites, and what the run says. */
export function planChart(sites: string[], outcomes: Map<string, Outcome<BrandScore>>): ChartPlan {
  if (sites.length < 2)
    return {
      state: 'nothing',
      message:
        'Select a website with its competitors below it (one column): the first is the brand.',
    };
  if (outcomes.get(sites[0]!)?.kind !== 'value')
    return {
      state: 'refused',
      message: `The brand ${sites[0]} is ${NOT_IN_INDEX}, so there is nothing to compare with: check its address, or put a brand with a public score first.`,
    };
  const rows: Cell[][] = [];
  const missing: string[] = [];
  sites.forEach((site, i) => {
    const o = outcomes.get(site);
    if (o?.kind === 'value')
      rows.push(rowOf(CHART_COLUMNS, { site, b: o.value, isBrand: i === 0 }));
    else missing.push(site);
  });
  const skipped = missing.length
    ? ` Left out (not in the index, or no answer: draw it again to retry): ${missing.join(', ')}.`
    : '';
  return {
    state: 'done',
    message: `Chart of ${sites[0]} against ${counted(rows.length - 1, 'competitor')} on the "${COMPARISON_SHEET}" sheet.${skipped}`,
    data: [headerRow(CHART_COLUMNS), ...rows],
  };
}
