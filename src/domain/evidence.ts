/**
 * What a score rests on, as values a formula can filter on (VIS_EVIDENCE): how old its scan is,
 * whether that is older than the list's refresh policy, which engines answered (an engine not
 * queried is named, never read as 0), and the brand's usual swing from its own readings in
 * `Score history` (once there are enough of them: `usualSwing`).
 */
import type { BrandScore } from '../api/client';
import { ENGINES, PLATFORMS } from '../engines';
import { dateCell, scoreCell } from './cells';
import { headerRow, rowOf, type OutputColumns } from './columns';
import { swingText, usualSwing } from './swing';

const DAY_MS = 24 * 3600 * 1000;

export interface Evidence {
  brand: BrandScore;
  /** The site's readings in `Score history`, oldest first. */
  readings: ReadonlyArray<{ at: number; score: number }>;
  /** When the formula was calculated. */
  now: number;
  /** Days after which a scan is stale (the Scores tab's policy; 7 unless given). */
  staleDays: number;
}

const scanAge = (e: Evidence): number | null => {
  const at = e.brand.lastScanDate ? Date.parse(e.brand.lastScanDate) : NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((e.now - at) / DAY_MS));
};

const answered = (b: BrandScore) =>
  PLATFORMS.filter((p) => typeof b.platformScores[p] === 'number');

export const EVIDENCE_COLUMNS: OutputColumns<Evidence> = {
  score: { header: 'Score', read: (e) => scoreCell(e.brand.overallScore) },
  scanned: { header: 'Scan date', read: (e) => dateCell(e.brand.lastScanDate) },
  age: { header: 'Days since scan', read: (e) => scanAge(e) ?? '' },
  // A reading with no scan date cannot be shown fresh.
  stale: { header: 'Stale', read: (e) => (scanAge(e) ?? Infinity) > e.staleDays },
  engines: { header: 'Engines answered', read: (e) => answered(e.brand).length },
  notQueried: {
    header: 'Not queried',
    read: (e) =>
      PLATFORMS.filter((p) => !answered(e.brand).includes(p))
        .map((p) => ENGINES[p])
        .join(', '),
  },
  readings: { header: 'Readings', read: (e) => e.readings.length },
  swing: {
    header: 'Usual swing',
    read: (e) => {
      const usual = usualSwing(e.readings.map((r) => r.score));
      return usual === null ? '' : Number(swingText(usual));
    },
  },
};

export const EVIDENCE_HEADERS = headerRow(EVIDENCE_COLUMNS);

export const evidenceRow = (e: Evidence) => rowOf(EVIDENCE_COLUMNS, e);
