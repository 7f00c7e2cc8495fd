/**
 * What a score rests on, as values a formula can filter on (VIS_EVIDENCE): how old its scan is,
 * whether that is older than the list's refresh policy, which engines answered (an engine not
 * queried is named, never read as 0), and the brand's usual swing from its own readings in
 * `Score history` (once there are enough of them: `usualSwing`).
 */
import type { BrandScore } from '../api/client';
import type { Mover } from '../contract/scores';
import { ENGINES, PLATFORMS, type Platform } from '../engines';
import type { ReportPoint } from './report';
import { dateCell, safeText, scoreCell } from './cells';
import { headerRow, rowOf, type OutputColumns } from './columns';
import { signed, swingText, usualSwing, weighedWords } from './swing';

const DAY_MS = 24 * 3600 * 1000;

export interface Evidence {
  brand: BrandScore;
  /** The site's readings in `Score history`, oldest first. */
  readings: ReadonlyArray<ReportPoint>;
  /** When the formula was calculated. */
  now: number;
  /** VIS_EVIDENCE's `stale_days`: past it, its `Stale` column says TRUE (7 when blank). */
  staleDays: number;
}

type Dated = Pick<Evidence, 'brand' | 'now'>;

const scanAge = (e: Dated): number | null => {
  const at = e.brand.lastScanDate ? Date.parse(e.brand.lastScanDate) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((e.now - at) / DAY_MS));
};

// A reading with no scan date cannot be shown fresh.
const isStale = (e: Dated & { staleDays: number }) => (scanAge(e) ?? Infinity) > e.staleDays;

const answered = (b: BrandScore) =>
  PLATFORMS.filter((p) => typeof b.platformScores[p] === 'number');

export const EVIDENCE_COLUMNS: OutputColumns<Evidence> = {
  score: { header: 'Score', read: (e) => scoreCell(e.brand.overallScore) },
  scanned: { header: 'Scan date', read: (e) => dateCell(e.brand.lastScanDate) },
  age: { header: 'Days since scan', read: (e) => scanAge(e) ?? '' },
  stale: { header: 'Stale', read: isStale },
  engines: { header: 'Engines answered', read: (e) => answered(e.brand).length },
  notQueried: {
    header: 'Not queried',
    read: (e) =>
      PLATFORMS.filter((p) => !answered(e.brand).includes(p))
        .map((p) => ENGINES[p])
        .join(', '),
  },
  readings: { header: 'Readings', read: (e) => e.readings.length },
  swing: { header: 'Usual swing', read: (e) => swingOf(e.readings.map((r) => r.score)) },
  ...(Object.fromEntries(
    PLATFORMS.map((p) => [
      `${p}Swing`,
      { header: `${ENGINES[p]} swing`, read: (e: Evidence) => swingOf(engineSeries(e, p)) },
    ]),
  ) as Record<`${Platform}Swing`, OutputColumns<Evidence>[string]>),
};

/** A usual swing as a number a formula can compare, blank until there are readings enough. */
function swingOf(series: number[]): number | '' {
  const usual = usualSwing(series);
  return usual === null ? '' : Number(swingText(usual));
}

/** One engine's scores over the readings that measured it. */
const engineSeries = (e: Evidence, p: Platform): number[] =>
  e.readings.flatMap((r) => (typeof r.engines[p] === 'number' ? [r.engines[p]] : []));

export const EVIDENCE_HEADERS = headerRow(EVIDENCE_COLUMNS);

export const evidenceRow = (e: Evidence) => rowOf(EVIDENCE_COLUMNS, e);

/** What a scored row's `Evidence` cell is made from: its brand's record, the run, its move. */
export interface RowEvidence {
  brand: BrandScore;
  now: number;
  /** The row's move, weighed when the run weighed it; none when its score did not move. */
  move?: Pick<Mover, 'change' | 'swing' | 'engines'>;
}

/**
 * What a score rests on, in one line a person reads beside it and a filter can match ("not
 * queried", "unusual"): its scan and how old it was when checked (a fact: how often a row is
 * checked is the list's policy, a different thing, and no warning word stands for both), the
 * engines that answered, and its move weighed against its usual swing (engines named only where
 * their move is unusual).
 */
export function evidenceText(e: RowEvidence): string {
  const age = scanAge(e);
  const scan =
    age === null
      ? 'Scan not dated'
      : `Scan ${String(e.brand.lastScanDate).slice(0, 10)}, ${ageWords(age)}`;
  const missing = PLATFORMS.filter((p) => !answered(e.brand).includes(p)).map((p) => ENGINES[p]);
  const engines = missing.length
    ? `${PLATFORMS.length - missing.length} of ${PLATFORMS.length} engines answered, ${missing.join(', ')} not queried`
    : `all ${PLATFORMS.length} engines answered`;
  return safeText([scan, engines, ...moveWords(e.move)].join('; '));
}

const ageWords = (days: number) =>
  days === 0 ? 'less than a day old' : `${days} ${days === 1 ? 'day' : 'days'} old`;

function moveWords(move: RowEvidence['move']): string[] {
  if (!move || move.change === 0) return [];
  const overall = move.swing
    ? `${signed(move.change)} ${weighedWords(move.swing)}`
    : `moved ${signed(move.change)}`;
  const unusual = (move.engines ?? []).filter((m) => m.swing?.unusual);
  const engines = unusual.length
    ? [`unusual on ${unusual.map((m) => `${m.engine} ${signed(m.change)}`).join(', ')}`]
    : [];
  return [overall, ...engines];
}
