/**
 * A scored list: which rows are due under a refresh policy, what each row gets (values, never
 * formulas), what changed, and the history readings a run adds. Pure; the sheet IO is in gas/.
 */
import { scoreInRange } from './readingSeal';
import type { BrandScore, PreviewPoll, ScanStatus } from '../api/client';
import { isNotSent, type ServiceError } from '../api/errors';
import { ENGINES, PLATFORMS, type Platform } from '../engines';
import { dateCell, isBlank, safeLink, safeText, scoreCell, timeOf } from './cells';
import { visibilityLevel } from './levels';
import { NOT_IN_INDEX, errorCell } from './scoreLookup';
import { previewNotInIndexLabel, type EngineMove, type Mover } from '../contract/scores';
import { evidenceText } from './evidence';
import type { ReportPoint } from './report';
import { weigh } from './swing';
import { DEFAULTS } from '../contract/defaults';
import type { Outcome } from './resolver';
import { HISTORY_COLUMNS, type HistoryKey } from './table';
import { a1 } from './a1';
import { cellsOf } from './columns';
import type { Cell } from './cells';
import { PREVIEW_COLUMNS } from './previewColumns';
import { CLEARED_SCORES, scoreCells, type ScoreKey } from './scoreColumns';
import { errorText, isErrorText } from './status';
import { parseWebsite } from './website';
import { counted } from '../contract/words';

type Refresh = 'missing' | 'stale' | 'all';

/** A site's last reading a move is measured from. */
export interface EarlierReading {
  score: number;
  engines: Partial<Record<Platform, number>>;
  /** The scan it is of (ms), if dated. */
  scanned?: number | null;
}

export interface ScoreOptions {
  refresh: Refresh;
  staleDays: number;
  /**
   * Weigh each mover against the brand's usual swing (a read of the history's newest rows): the
   * Scores tab shows it; a schedule needs it only for "unusual moves only". Default: yes.
   */
  weighMoves?: boolean;
}

const DEFAULT_SCORE_OPTIONS: ScoreOptions = {
  refresh: DEFAULTS.refresh,
  staleDays: DEFAULTS.staleDays,
};

const DAY_MS = 24 * 3600 * 1000;

/** Accepts what the sidebar, a menu item or a schedule sends; anything odd falls back to the default. */
export function scoreOptions(input: unknown): ScoreOptions {
  const o = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  // Any JSON reaches a server function: only text and numbers are read (String() of an object
  // whose toString is not a function throws).
  const refresh =
    typeof o.refresh === 'string' && ['missing', 'stale', 'all'].includes(o.refresh)
      ? (o.refresh as Refresh)
      : DEFAULT_SCORE_OPTIONS.refresh;
  const days =
    typeof o.staleDays === 'number' || typeof o.staleDays === 'string' ? Number(o.staleDays) : NaN;
  return {
    refresh,
    staleDays: Number.isFinite(days) && days >= 0 ? days : DEFAULT_SCORE_OPTIONS.staleDays,
  };
}

export interface ScoreRow {
  row: number;
  website: unknown;
  checked: unknown;
  message: unknown;
  /** The row holds something besides its website and the add-on's columns (a company's name). */
  others?: boolean;
}

/** A company's row with no website yet: said on the row, not skipped in silence as a blank row is. */
export const NO_WEBSITE = 'no website yet: add the company’s website to score it';

/**
 * Due under the policy, and not already checked by this run (`runStarted`), so that a run
 * continued over several executions never fetches a row twice.
 */
export function isDue(
  r: ScoreRow,
  options: ScoreOptions,
  now: number,
  runStarted: number,
): boolean {
  const checked = timeOf(r.checked);
  if (checked !== null && checked >= runStarted) return false;
  if (options.refresh === 'all' || checked === null) return true;
  if (options.refresh === 'missing') return false;
  return now - checked > options.staleDays * DAY_MS || isErrorText(r.message);
}

export interface ScorePlan {
  /** Distinct sites to fetch, each with the rows it fills. */
  due: Map<string, number[]>;
  rows: number;
  distinct: number;
  fresh: number;
  invalid: Array<{ row: number; message: string }>;
  blank: number;
}

export function planScoring(
  rows: ScoreRow[],
  options: ScoreOptions,
  now: number,
  runStarted: number,
): ScorePlan {
  const plan: ScorePlan = { due: new Map(), rows: 0, distinct: 0, fresh: 0, invalid: [], blank: 0 };
  const all = new Set<string>();
  for (const r of rows) {
    const site = parseWebsite(r.website);
    if (!site.ok) {
      if (site.blank && !r.others) plan.blank++;
      else {
        plan.rows++;
        if (isDue(r, options, now, runStarted))
          plan.invalid.push({ row: r.row, message: site.blank ? NO_WEBSITE : site.message });
      }
      continue;
    }
    plan.rows++;
    all.add(site.domain);
    if (!isDue(r, options, now, runStarted)) {
      plan.fresh++;
      continue;
    }
    const list = plan.due.get(site.domain) ?? [];
    list.push(r.row);
    plan.due.set(site.domain, list);
  }
  plan.distinct = all.size;
  return plan;
}

export type ScorePatch = Partial<Record<ScoreKey, Cell>>;

/** A row's cells from a brand's record (the columns' table, scoreColumns.ts). */
export function scorePatch(b: BrandScore, previous: unknown, now: Date, evidence = ''): ScorePatch {
  return scoreCells({ b, previous, now, evidence });
}

/** Not in the index is an answer (checked, not an error); anything else says what to do. */
export function scoreProblemPatch(error: ServiceError | { local: string }, now: Date): ScorePatch {
  if ('local' in error)
    return { ...CLEARED_SCORES, checked: now, message: safeText(errorText(error.local)) };
  if (error.code === 'NOT_FOUND') return { ...CLEARED_SCORES, checked: now, message: NOT_IN_INDEX };
  return { checked: now, message: safeText(errorCell(error)) };
}

/** Largest moves first, up before down on a tie; a site only an engine of which moved, last. */
export function rankMovers(movers: Mover[], limit: number): Mover[] {
  return movers
    .filter((m) => m.change !== 0 || (m.engines ?? []).length > 0)
    .sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || b.change - a.change)
    .slice(0, limit);
}

export type HistoryReading = Partial<Record<HistoryKey, Cell>>;

/** The history columns readingKey reads. */
export const READING_KEY_COLUMNS = [
  'source',
  'reference',
  'slug',
  'lastScanned',
] as const satisfies readonly HistoryKey[];

/**
 * What makes a reading new: a brand per (slug, lastScanDate), a preview per uuid, a managed scan
 * per (brand agent ID, scan date). Scoring an unchanged list again therefore appends nothing.
 */
export function readingKey(r: HistoryReading): string {
  const when = timeOf(r.lastScanned) ?? String(r.lastScanned ?? '');
  const text = (v: unknown) => String(v ?? '').replace(/^'/, '');
  if (r.source === 'preview') return `preview|${text(r.reference)}`;
  if (r.source === 'scan') return `scan|${text(r.reference)}|${when}`;
  return `score|${text(r.slug)}|${when}`;
}

/** The cells of a list's columns that the history shares (the same column, read the same way). */
const inHistory = (cells: Partial<Record<string, Cell>>): HistoryReading =>
  Object.fromEntries(Object.entries(cells).filter(([k]) => k in HISTORY_COLUMNS));

function brandReading(website: string, b: BrandScore, now: Date): HistoryReading {
  return {
    ...inHistory(scoreCells({ b, previous: '', now })),
    website: safeText(website),
    slug: safeText(b.slug),
    source: 'score',
    reference: safeLink(b.brandPageUrl),
  };
}

/** A completed preview: its overall score in `Public score`, with knowledge and sentiment. */
export function previewReading(
  p: PreviewPoll,
  uuid: string,
  website: unknown,
  now: Date,
): HistoryReading {
  return {
    ...inHistory(cellsOf(PREVIEW_COLUMNS, p)),
    checked: now,
    website: safeText(String(website ?? '')),
    brand: safeText(p.brandName ?? ''),
    level: typeof p.overallScore === 'number' ? visibilityLevel(p.overallScore) : '',
    source: 'preview',
    reference: safeText(uuid),
  };
}

/** A finished managed scan; a failed one is recorded with no score (its 0 means nothing). */
export function scanReading(s: ScanStatus, agentId: number, now: Date): HistoryReading | null {
  if (s.state !== 'complete' && s.state !== 'failed') return null;
  const reading: HistoryReading = {
    checked: now,
    lastScanned: dateCell(s.scanDate),
    source: 'scan',
    reference: String(agentId),
  };
  if (s.state === 'complete') {
    reading.score = s.overallScore;
    reading.level = visibilityLevel(s.overallScore);
    for (const p of PLATFORMS) reading[p] = scoreCell(s.platformScores[p]);
  }
  return reading;
}

/**
 * Where a row's previous score and scan date are read, for `Change`, the movers and whether a
 * reading is new.
 */
export interface RowLookup {
  sheet: string;
  previous: (row: number) => unknown;
  /** The row's engine scores before, an engine's move is measured from. */
  previousEngines: (row: number) => Partial<Record<Platform, unknown>>;
  lastScanned: (row: number) => unknown;
  /**
   * A run whose record must be complete (a schedule's): the scan of the person's own latest
   * reading of the row's site. A reading the list already shows is then recorded all the same
   * when their record lacks it (a teammate's press showed it first).
   */
  recordedScan?: (row: number) => number | null;
}

/**
 * How a run weighs its moves: each moving site's readings before the run (oldest first), or null
 * when the run does not weigh its moves.
 */
export interface Weighing {
  earlier: Map<string, ReportPoint[]> | null;
}

/**
 * What a scoring run writes, from what the service answered: each due row's values or message,
 * the movers (one line per site), the new history readings, and what is left (not reached in
 * time, or beyond today's quota).
 */
export function applyOutcomes(
  plan: ScorePlan,
  outcomes: Map<string, Outcome<BrandScore>>,
  now: Date,
  rows: RowLookup,
  weighing: Weighing,
) {
  const patches = new Map<number, ScorePatch>();
  const movers: Mover[] = [];
  const readings: HistoryReading[] = [];
  const counts = { remaining: 0, leftForTomorrow: 0, failedSites: 0, answeredSites: 0 };
  const rowTally: RowTally = { ...NO_ROWS, notWebsite: plan.invalid.length };
  let failure: ServiceError | null = null;
  for (const r of plan.invalid) patches.set(r.row, scoreProblemPatch({ local: r.message }, now));
  for (const [domain, due] of plan.due) {
    const outcome = outcomes.get(domain);
    if (!outcome || outcome.kind === 'pending') {
      counts.remaining++;
      continue;
    }
    if (outcome.kind === 'error') {
      if (isNotSent(outcome.error)) {
        counts.leftForTomorrow++;
        rowTally.left += due.length;
        continue;
      }
      if (outcome.error.code === 'NOT_FOUND') {
        counts.answeredSites++;
        rowTally.notInIndex += due.length;
      } else {
        counts.failedSites++;
        rowTally.failed += due.length;
        failure ??= outcome.error;
      }
      for (const row of due) patches.set(row, scoreProblemPatch(outcome.error, now));
      continue;
    }
    counts.answeredSites++;
    rowTally.scored += due.length;
    // A reading the rows already show (same scan date) was recorded when they were scored: the
    // list itself says so, and the history need not be read to know it.
    const reading = brandReading(domain, outcome.value, now);
    const scan = timeOf(reading.lastScanned);
    const unrecorded = (row: number) =>
      isBlank(rows.previous(row)) ||
      timeOf(rows.lastScanned(row)) !== scan ||
      (rows.recordedScan !== undefined && rows.recordedScan(row) !== scan);
    if (due.some(unrecorded)) readings.push(reading);
    const earlier = weighing.earlier ? (weighing.earlier.get(domain) ?? []) : null;
    let listed = false;
    for (const row of due) {
      // The score the row showed, as anyone may have typed it: a move (and an alert) only from a
      // score a reading could hold (0-100); anything else is no earlier score.
      const previous = scoreInRange(rows.previous(row)) ?? '';
      const move = moveOf(outcome.value, previous, rows.previousEngines(row), earlier);
      const evidence = evidenceText({
        ...{ brand: outcome.value, now: now.getTime() },
        ...(move ? { move } : {}),
      });
      patches.set(row, scorePatch(outcome.value, previous, now, evidence));
      // One line per site in the movers, however many rows list it.
      if (!listed && move && typeof previous === 'number') {
        listed = true;
        movers.push({
          // The site by the host the add-on checked, never the cell's free text: what the
          // owner's alerts, digests and webhooks say is what was measured.
          ...{ sheet: rows.sheet, row, website: domain },
          ...{ brand: outcome.value.brandName, from: previous, to: outcome.value.overallScore },
          ...move,
          evidence,
          scanned: scan,
        });
      }
    }
  }
  return { patches, movers, readings, counts, rows: rowTally, failure };
}

/**
 * The sites whose answer moves a row's score or one of its engines: the only ones a run reads
 * earlier readings for, to weigh their moves.
 */
export function movingSites(
  plan: ScorePlan,
  outcomes: Map<string, Outcome<BrandScore>>,
  rows: RowLookup,
): string[] {
  return [...plan.due].flatMap(([domain, due]) => {
    const outcome = outcomes.get(domain);
    if (outcome?.kind !== 'value') return [];
    const moved = due.some((row) => {
      const move = moveOf(
        outcome.value,
        scoreInRange(rows.previous(row)) ?? '',
        rows.previousEngines(row),
        null,
      );
      return move && (move.change !== 0 || (move.engines ?? []).length > 0);
    });
    return moved ? [domain] : [];
  });
}

/**
 * A row's move from its earlier score (none without one), with each engine that moved; each
 * weighed against the readings before it when `earlier` is given (its own engine's for an engine).
 */
export function moveOf(
  b: BrandScore,
  previous: number | '',
  previousEngines: Partial<Record<Platform, unknown>>,
  earlier: ReportPoint[] | null,
): Pick<Mover, 'change' | 'swing' | 'engines'> | undefined {
  if (previous === '') return undefined;
  const change = b.overallScore - previous;
  const engines: EngineMove[] = [];
  for (const p of PLATFORMS) {
    const from = scoreInRange(previousEngines[p]);
    const to = b.platformScores[p];
    if (from === null || typeof to !== 'number' || to === from) continue;
    const series = (earlier ?? []).flatMap((e) =>
      typeof e.engines[p] === 'number' ? [e.engines[p]] : [],
    );
    engines.push({
      ...{ engine: ENGINES[p], from, to, change: to - from },
      ...(earlier ? { swing: weigh(to - from, series) } : {}),
    });
  }
  return {
    change,
    ...(earlier
      ? {
          swing: weigh(
            change,
            earlier.map((e) => e.score),
          ),
        }
      : {}),
    ...(engines.length ? { engines } : {}),
  };
}

/** What became of each row a run acted on: the report counts rows, not sites. */
export interface RowTally {
  scored: number;
  notInIndex: number;
  notWebsite: number;
  failed: number;
  /** Left for tomorrow: today's URL fetches are used up. */
  left: number;
}

export const NO_ROWS: RowTally = { scored: 0, notInIndex: 0, notWebsite: 0, failed: 0, left: 0 };

/**
 * The run in a marketer's words, by outcome: "54 rows: 33 scored, 20 not in the public index, 1
 * not a website address." Then what to do about each outcome that needs something.
 */
export function scoreSummary(r: {
  rows: RowTally;
  fresh: number;
  moved: number;
  failure: ServiceError | null;
  /** Rows "Generate previews for these rows" would send: not in the index, no preview yet. */
  previewable: number;
  historyTrimmed: number;
  historyLimit: 'cap' | 'workbook';
}): string {
  const { scored, notInIndex, notWebsite, failed, left } = r.rows;
  const total = scored + notInIndex + notWebsite + failed + left + r.fresh;
  const parts = [
    scored || !total ? `${scored.toLocaleString('en-US')} scored` : '',
    r.fresh ? `${r.fresh.toLocaleString('en-US')} checked lately, left as they were` : '',
    notInIndex ? `${notInIndex.toLocaleString('en-US')} not in the public index` : '',
    notWebsite ? `${notWebsite.toLocaleString('en-US')} not a website address` : '',
    failed ? `${failed.toLocaleString('en-US')} not scored (${r.failure?.what ?? 'an error'})` : '',
    left ? `${left.toLocaleString('en-US')} left for tomorrow` : '',
  ].filter(Boolean);
  let text = `${counted(total, 'row')}: ${parts.join(', ')}.`;
  if (r.moved) text += ` ${counted(r.moved, 'brand')} moved.`;
  if (r.previewable)
    text += ` The public index holds well-known brands: a preview scores any website (a Starter or Pro plan): press "${previewNotInIndexLabel(r.previewable)}".`;
  else if (notInIndex) text += ` Their previews are in the list (Preview columns).`;
  if (notWebsite) text += ` Fix the addresses marked in Score message, then press Score again.`;
  if (failed && r.failure) text += ` For those: ${r.failure.message}.`;
  if (left)
    text += ` Today's requests are used up: the rest runs after Google's daily limit resets (press Score again tomorrow; rows keep what they had).`;
  if (r.historyTrimmed)
    text +=
      r.historyLimit === 'cap'
        ? ` The oldest ${counted(r.historyTrimmed, 'history row was', 'history rows were')} removed to stay within 50,000.`
        : ` The oldest ${counted(r.historyTrimmed, 'history row was', 'history rows were')} removed: this spreadsheet is near Google's limit of 10 million cells. Delete unused sheets, rows or columns to keep more history.`;
  return text;
}

/** Nothing reached the service: the run is not done, whatever it wrote. */
export function unreachable(rows: RowTally): boolean {
  return rows.failed > 0 && rows.scored + rows.notInIndex + rows.left === 0;
}

/**
 * Where a run's scores landed: its rows' `Public score` cells (the column is made at the right of
 * the list on a first run, often out of sight), for the sidebar to name and go to.
 */
export function scoresPlace(
  col: number,
  block: { name: string; first: number; last: number },
): { sheetName: string; a1: string } | null {
  return col
    ? { sheetName: block.name, a1: a1(block.first, col, block.last - block.first + 1) }
    : null;
}
