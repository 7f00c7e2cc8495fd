/**
 * VIS_COMPARE: a brand against its competitors, one row per competitor in the order given, so
 * the answer lines up beside the list. Every number comes from the public score endpoint (no
 * key), through the same cache and de-duplication as VIS_SCORE.
 */
import type { BrandScore } from '../api/client';
import { PLATFORMS } from '../api/schemas';
import {
  grid,
  isBlank,
  NOT_IN_INDEX,
  problemCell,
  scoreSpec,
  websiteKey,
  type Cell,
  type FormulaEnv,
  type FormulaInput,
} from './formulas';
import { resolveAll } from './resolver';

export const COMPARE_HEADERS = [
  'Public score',
  'Rank',
  'Gap',
  'ChatGPT gap',
  'Claude gap',
  'Gemini gap',
  'AI Overviews gap',
];

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

function compareRow(c: BrandScore, b: BrandScore, rank: number): Cell[] {
  return [
    c.overallScore,
    rank,
    c.overallScore - b.overallScore,
    ...PLATFORMS.map((p) => gap(c.platformScores[p], b.platformScores[p])),
  ];
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
  const outcomes = resolveAll(Array.from(keys), scoreSpec(env, 'url', refresh), env.deps).outcomes;

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
      return compareRow(o.value, own.value, ranks.get(o.value.overallScore) ?? 0);
    });
  }
  return withHeaders === true ? [COMPARE_HEADERS, ...out] : out;
}
