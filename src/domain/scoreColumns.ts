/**
 * A scored list's columns, one row of this table each: the header users sort and filter on, the
 * cell a brand's record gives it, what it is cleared to when the index has no record (a column
 * without one keeps its value), and whether the red-to-green 0-100 colour scale reads it. The
 * headers, the writers and the colour scale derive from here: an engine added to ENGINES is one
 * more row of it.
 */
import type { BrandScore } from '../api/client';
import { ENGINES, PLATFORMS, type Platform } from '../engines';
import { dateCell, safeText, scoreCell } from './cells';
import { visibilityLevel } from './levels';

type Cell = string | number | Date;

/** What a row's cells are made from: the brand's record, the row's score before, the run's time. */
export interface ScoreReading {
  b: BrandScore;
  previous: unknown;
  now: Date;
}

interface ScoreColumn {
  header: string;
  read: (r: ScoreReading) => Cell;
  blank?: Cell;
  scaled?: true;
}

const engineColumns = Object.fromEntries(
  PLATFORMS.map((p): [Platform, ScoreColumn] => [
    p,
    {
      header: ENGINES[p],
      read: ({ b }) => scoreCell(b.platformScores[p]),
      blank: '',
      scaled: true,
    },
  ]),
) as Record<Platform, ScoreColumn>;

export const SCORE_COLUMNS = {
  score: { header: 'Public score', read: ({ b }) => b.overallScore, blank: '', scaled: true },
  level: { header: 'Public level', read: ({ b }) => visibilityLevel(b.overallScore), blank: '' },
  ...engineColumns,
  brand: { header: 'Brand', read: ({ b }) => safeText(b.brandName), blank: '' },
  lastScanned: { header: 'Last scanned', read: ({ b }) => dateCell(b.lastScanDate), blank: '' },
  checked: { header: 'Checked', read: ({ now }) => now },
  // The new score minus the row's previous one, blank when there was none.
  change: {
    header: 'Change',
    read: ({ b, previous }) => (typeof previous === 'number' ? b.overallScore - previous : ''),
    blank: '',
  },
  message: { header: 'Score message', read: () => '' },
} satisfies Record<string, ScoreColumn>;

export type ScoreKey = keyof typeof SCORE_COLUMNS;

const KEYS = Object.keys(SCORE_COLUMNS) as ScoreKey[];
const column = (k: ScoreKey): ScoreColumn => SCORE_COLUMNS[k];

/** A scored list's headers (values, not formulas), which users sort and filter on. */
export const SCORE_HEADERS = Object.fromEntries(KEYS.map((k) => [k, column(k).header])) as Record<
  ScoreKey,
  string
>;

/** The columns the red-to-green colour scale reads: the overall score and every engine's. */
export const SCALED_SCORE_COLUMNS: readonly ScoreKey[] = KEYS.filter((k) => column(k).scaled);

/** Every column's cell from a brand's record. */
export const scoreCells = (r: ScoreReading): Record<ScoreKey, Cell> =>
  Object.fromEntries(KEYS.map((k) => [k, column(k).read(r)])) as Record<ScoreKey, Cell>;

/** What a row's columns are cleared to when the index holds no record for its site. */
export const CLEARED_SCORES: Partial<Record<ScoreKey, Cell>> = Object.fromEntries(
  KEYS.filter((k) => column(k).blank !== undefined).map((k) => [k, column(k).blank!]),
);
