/**
 * Scoring a list into values: the selected websites get `Public score` and its companions as
 * values, refreshed on a policy, with `Change` and a history of readings. A big list finishes
 * over several calls (`partial`: call again), each well within the execution limit.
 */
import { foundGrid, type Kit } from '../kit/ports';
import { appsScriptKit } from '../gas/kit';
import type { BrandScore } from '../api/client';
import { isBlank } from '../domain/cells';
import { countCached, resolveAll, type Outcome } from '../domain/resolver';
import { scoreSpec } from '../domain/scoreLookup';
import {
  applyOutcomes,
  movingSites,
  type RowLookup,
  scoreSummary,
  unreachable,
  type RowTally,
  planScoring,
  rankMovers,
  scoreOptions,
  type ScoreOptions,
  type ScoreRow,
} from '../domain/scoreList';
import { SCORE_COLUMNS, SCORE_HEADERS } from '../domain/scoreColumns';
import { findColumns, HEADER_ROW, type ColumnBlock } from '../domain/table';
import { websiteBlock } from '../kit/websiteBlock';
import { DOCUMENT_BUSY } from '../gas/lock';
import { outputSheetRefusal } from '../domain/outputSheets';
import { PRESS_LOCK_WAIT_MS, RUN_BUDGET_MS } from '../limits';
import type { ScorePlanView, ScoreReport, ScoreRequest, ScoreRunOptions } from '../contract/scores';
import { noteRefusedIn } from './combineFormulas';
import { counted } from '../contract/words';
import { PLATFORMS } from '../engines';
import { scoresPlace } from '../domain/scoreList';
import { previewableNotInIndex } from './previewGeneration';
import { notGrantedMessage } from '../domain/permissions';
import type { EarlierReading } from '../domain/scoreList';
import type { ReportPoint } from '../domain/report';

/** What scoring a list into values reads, asks, writes and records (src/addon/scores.ts). */
export interface ScoreRun {
  /** The list, the public lookups, `Score history`, the lock, the clock and the permissions. */
  kit: Kit;
  /** The websites scored: a selection, or a sheet's whole Website column, on the sheet as found. */
  block: ColumnBlock;
  /**
   * A schedule's run, whose moves its owner's account e-mails unattended: measured from the
   * owner's own sealed readings, never from cells anyone may type in, and sealing what a teammate
   * recorded first (its owner's record stays complete).
   */
  unattended: boolean;
}

const MOVERS_LISTED = 20;

/** The list's grid as read, and where its score columns are (0: not there yet). */
function scoreGrid(values: unknown[][]) {
  const columns = findColumns(values[HEADER_ROW - 1] ?? [], SCORE_HEADERS);
  const at = (row: number, key: keyof typeof SCORE_HEADERS): unknown =>
    columns[key] ? (values[row - 1]?.[columns[key] - 1] ?? '') : '';
  const ours = new Set(Object.values(columns));
  return { values, at, ours };
}

function scoreRows(grid: ReturnType<typeof scoreGrid>, block: ScoreRun['block']): ScoreRow[] {
  const rows: ScoreRow[] = [];
  for (let row = block.first; row <= block.last; row++) {
    const line = grid.values[row - 1] ?? [];
    rows.push({
      row,
      website: line[block.column - 1] ?? '',
      checked: grid.at(row, 'checked'),
      message: grid.at(row, 'message'),
      others: line.some((v, i) => i !== block.column - 1 && !grid.ours.has(i + 1) && !isBlank(v)),
    });
  }
  return rows;
}

/** A run that asks for every row (`all`) fetches fresh answers, not the 6-hour cache's. */
function lookupSpec(run: ScoreRun, options: ScoreOptions, runStarted: number) {
  return scoreSpec(
    run.kit.service.config(),
    'url',
    options.refresh === 'all' ? `run-${runStarted}` : '',
  );
}

function planFor(kit: Kit, input: ScoreRunOptions | undefined) {
  const request = input?.request ?? null;
  const block = kit.view.block(request);
  return block
    ? planList({ kit, block, unattended: false }, scoreOptions(input), request?.runStarted ?? null)
    : null;
}

/** What a run over the list would do now: one read of its grid. */
export function planList(run: ScoreRun, options: ScoreOptions, started: number | null) {
  const now = run.kit.account.now();
  const runStarted = started ?? now;
  const grid = scoreGrid(foundGrid(run.kit, run.block).values);
  const plan = planScoring(scoreRows(grid, run.block), options, now, runStarted);
  return { run, options, runStarted, plan };
}

export function getScorePlan(input?: ScoreRunOptions): ScorePlanView {
  const kit = appsScriptKit();
  const at = kit.view.extent();
  const refused = at && noteRefusedIn(kit, at.sheet, at.extent);
  const found = refused ? null : planFor(kit, input);
  const left = kit.account.quotaLeft();
  if (!found) {
    return {
      sheetName: kit.view.sheet(),
      a1: null,
      rows: 0,
      distinct: 0,
      fresh: 0,
      toFetch: 0,
      cached: 0,
      invalid: 0,
      requests: 0,
      quotaLeft: left,
      message: refused || 'Select the cells that hold the websites (one column).',
    };
  }
  const { plan, run, options, runStarted } = found;
  const keys = Array.from(plan.due.keys());
  const spec = lookupSpec(run, options, runStarted);
  const cached = countCached(keys, spec, run.kit.service.lookups(Infinity).cache);
  return {
    sheetName: run.block.name,
    a1: run.block.a1,
    rows: plan.rows,
    distinct: plan.distinct,
    fresh: plan.fresh,
    toFetch: keys.length,
    cached,
    invalid: plan.invalid.length,
    requests: keys.length - cached,
    quotaLeft: left,
    message: null,
  };
}

function report(
  state: ScoreReport['state'],
  message: string,
  extra: Partial<ScoreReport> = {},
): ScoreReport {
  return {
    state,
    message,
    scored: 0,
    fetched: 0,
    remaining: 0,
    leftForTomorrow: 0,
    failedSites: 0,
    answeredSites: 0,
    movers: [],
    historyAdded: 0,
    historyTrimmed: 0,
    notInIndex: 0,
    request: null,
    scoresAt: null,
    ...extra,
  };
}

/**
 * Fetches outside the document lock, then writes under it: rows are found again by their own
 * website cell, so sorting or inserting rows meanwhile is safe.
 */
export function scoreSelection(input?: ScoreRunOptions): ScoreReport {
  const kit = appsScriptKit();
  const refused = input?.request ? null : outputSheetRefusal(kit.view.sheet(), 'press Score');
  if (refused) return report('refused', refused);
  const found = planFor(kit, input);
  if (!found)
    return report(
      'nothing',
      'Select the cells that hold the websites (one column), then press Score.',
    );
  const r = scoreList(found);
  if (r.state === 'done' || r.state === 'partial')
    found.run.kit.log.action('score list', {
      sheet: found.run.block.name,
      rows: r.scored,
      requests: r.fetched,
      changed: r.movers.length,
      errors: r.failedSites,
      result: r.message,
    });
  return { ...r, movers: r.movers.slice(0, MOVERS_LISTED) };
}

/**
 * A sheet's whole `Website` column (a schedule's run, with no selection and perhaps no active
 * document), on the schedule's policy. Every mover is kept, for the alert digest.
 */
/** `deadline`: no round trip starts after it (a background firing's budget); default a run's. */
/**
 * `unattended`: a schedule's run, whose moves its owner's account e-mails: they are measured from
 * the owner's own recorded readings, never from a score an editor typed into the list.
 */
export function scoreSheet(
  kit: Kit,
  name: string,
  options: ScoreOptions,
  runStarted: number | null,
  deadline?: number,
  unattended = false,
): ScoreReport | null {
  const block = websiteBlock(kit, name);
  return block
    ? scoreList(planList({ kit, block, unattended }, options, runStarted), deadline)
    : null;
}

/**
 * Fetches outside the document lock, then writes under it: rows are found again by their own
 * website cell, so sorting or inserting rows meanwhile is safe.
 */
export function scoreList(found: ReturnType<typeof planList>, deadline?: number): ScoreReport {
  const { plan, run, options, runStarted } = found;
  const { kit, block } = run;
  const started = kit.account.now();
  const request: ScoreRequest = { sheetName: block.name, a1: block.a1, runStarted };
  const keys = Array.from(plan.due.keys());
  if (keys.length === 0 && plan.invalid.length === 0) {
    return report(
      'nothing',
      `${plan.rows === 1 ? 'The row is' : `All ${plan.rows} rows are`} up to date: nothing to fetch.`,
      {
        request,
      },
    );
  }
  if (!kit.account.granted('service'))
    return report('refused', notGrantedMessage('service'), { request });
  const outcomes = resolveAll(
    keys,
    lookupSpec(run, options, runStarted),
    kit.service.lookups(Math.min(deadline ?? Infinity, started + RUN_BUDGET_MS)),
  );
  const held = kit.locks.document(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return report('busy', DOCUMENT_BUSY, { request });
  try {
    return writeScores(
      run,
      options,
      runStarted,
      outcomes.outcomes,
      request,
      outcomes.stats.requestsSent,
    );
  } finally {
    held.release();
  }
}

function writeScores(
  run: ScoreRun,
  options: ScoreOptions,
  runStarted: number,
  outcomes: Map<string, Outcome<BrandScore>>,
  request: ScoreRequest,
  fetched: number,
): ScoreReport {
  const { kit, block } = run;
  const now = new Date(kit.account.now());
  const grid = scoreGrid(foundGrid(kit, block).values);
  const plan = planScoring(scoreRows(grid, block), options, now.getTime(), runStarted);
  const written = weighedOutcomes(run, options, grid, plan, outcomes, now);
  const { patches, movers, readings, counts, rows, failure } = written;
  // Written over the cells just read under the lock: no second read of the list.
  const columns = kit.tables.write(block, SCORE_COLUMNS, patches, grid.values);
  const previewable =
    rows.notInIndex > 0 ? previewableNotInIndex(kit, block, foundGrid(kit, block)) : 0;
  const scoresAt = scoresPlace(columns.score, block);
  const history = kit.history.append(readings, run.unattended);
  const extra = {
    ...counts,
    scored: patches.size,
    fetched,
    movers: rankMovers(movers, Infinity),
    historyAdded: history.appended,
    historyTrimmed: history.trimmed,
    notInIndex: previewable,
    request,
    scoresAt,
  };
  const summary = scoreSummary({
    ...{ rows, fresh: plan.fresh, moved: extra.movers.length, failure, previewable },
    ...{ historyTrimmed: history.trimmed, historyLimit: history.limitedBy },
  });
  return outcomeReport(summary, rows, extra);
}

/**
 * The run's rows from its answers, each move weighed against the moving sites' readings, read
 * before this run adds its own (a move is weighed against the moves before it).
 */
function weighedOutcomes(
  run: ScoreRun,
  options: ScoreOptions,
  grid: ReturnType<typeof scoreGrid>,
  plan: ReturnType<typeof planScoring>,
  outcomes: Map<string, Outcome<BrandScore>>,
  now: Date,
) {
  const { block } = run;
  const lookup: RowLookup = {
    sheet: block.name,
    ...previousScores(run, plan.due, grid),
    lastScanned: (row) => grid.at(row, 'lastScanned'),
  };
  const earlier =
    options.weighMoves === false ? null : recentReadings(run, movingSites(plan, outcomes, lookup));
  return applyOutcomes(plan, outcomes, now, lookup, { earlier });
}

/**
 * Each row's earlier score and engine scores, a move is measured from: the owner's own sealed
 * reading of its site when the run records them (a schedule), else the list's cells.
 */
function previousScores(
  run: ScoreRun,
  due: Map<string, number[]>,
  grid: ReturnType<typeof scoreGrid>,
): Pick<RowLookup, 'previous' | 'previousEngines' | 'recordedScan'> {
  const earlier = run.unattended ? sealedScores(run.kit, [...due.keys()]) : null;
  if (!earlier)
    return {
      previous: (row) => grid.at(row, 'score'),
      previousEngines: (row) => Object.fromEntries(PLATFORMS.map((p) => [p, grid.at(row, p)])),
    };
  const siteOfRow = new Map([...due].flatMap(([site, rows]) => rows.map((r) => [r, site])));
  const of = (row: number) => earlier.get(siteOfRow.get(row) ?? '');
  return {
    previous: (row) => of(row)?.score ?? '',
    previousEngines: (row) => of(row)?.engines ?? {},
    recordedScan: (row) => of(row)?.scanned ?? null,
  };
}

/**
 * The latest score of each site the person's own runs recorded and sealed, from the history's
 * newest rows only (readings are appended in time order): a refresh's cost follows its list, not
 * the history's years. A site whose last sealed reading is older than that has no earlier score,
 * and makes no move: never a move measured from a cell.
 */
const NEWEST_ROWS_PER_SITE = 3;
const NEWEST_ROWS_AT_LEAST = 2000;

function sealedScores(kit: Kit, sites: string[]): Map<string, EarlierReading> {
  const out = new Map<string, EarlierReading>();
  const rows = Math.max(NEWEST_ROWS_AT_LEAST, NEWEST_ROWS_PER_SITE * sites.length);
  for (const [site, reading] of kit.history.latest(sites, 'mine', rows)) {
    if (typeof reading.score !== 'number') continue;
    const engines: EarlierReading['engines'] = {};
    for (const p of PLATFORMS) {
      const v = reading.engines[p];
      if (typeof v === 'number') engines[p] = v;
    }
    out.set(site, { score: reading.score, engines, scanned: reading.lastScanned });
  }
  return out;
}

/**
 * Each site's scores in the history's newest rows, read before this run adds its own: enough for
 * a usual swing of a site scored with its list every week or so, and a cost that follows the
 * movers asked about, not the history's years. A schedule's alerts weigh moves against its
 * owner's own sealed readings only (its digest goes out from their account); the sidebar shows
 * every editor's.
 */
const RECENT_ROWS_PER_SITE = 12;

function recentReadings(run: ScoreRun, sites: string[]): Map<string, ReportPoint[]> {
  if (sites.length === 0) return new Map();
  const rows = Math.max(NEWEST_ROWS_AT_LEAST, RECENT_ROWS_PER_SITE * sites.length);
  return run.kit.history.readings(sites, run.unattended ? 'mine' : 'anyone', rows);
}

/** Done, to be continued, or not done at all when nothing reached the service. */
function outcomeReport(
  summary: string,
  rows: RowTally,
  extra: Partial<ScoreReport> & { remaining: number },
): ScoreReport {
  if (extra.remaining > 0)
    return report(
      'partial',
      `${summary} ${counted(extra.remaining, 'site')} left: continuing…`,
      extra,
    );
  if (unreachable(rows)) return report('refused', `Nothing was scored: ${summary}`, extra);
  return report('done', summary, extra);
}
