/**
 * Scoring a list into values: the selected websites get `Public score` and its companions as
 * values, refreshed on a policy, with `Change` and a history of readings. A big list finishes
 * over several calls (`partial`: call again), each well within the execution limit.
 */
import { resolverDeps } from '../gas/resolverDeps';
import type { BrandScore } from '../api/client';
import { countCached, resolveAll, type Outcome } from '../domain/resolver';
import { scoreSpec } from '../domain/scoreLookup';
import {
  applyOutcomes,
  scoreSummary,
  unreachable,
  type RowTally,
  planScoring,
  rankMovers,
  scoreOptions,
  type ScoreOptions,
  type ScoreRow,
} from '../domain/scoreList';
import { SCORE_COLUMNS, type ScoreKey } from '../domain/scoreColumns';
import { sharedCache } from '../gas/cache';
import { appsScriptClock } from '../gas/clock';
import { appendHistory } from '../gas/history';
import { logAction } from '../gas/runLog';
import { DOCUMENT_BUSY, withDocumentLock } from '../gas/lock';
import { quotaLeft } from '../gas/quota';
import { refusedSheet, selectedBlock, websiteColumn, type Block } from '../gas/selection';
import { clientConfig } from '../gas/settings';
import { cell, openTable, readGrid, writePatches, type Table } from '../gas/sheetTable';
import { PRESS_LOCK_WAIT_MS, RUN_BUDGET_MS } from '../limits';
import type { ScorePlanView, ScoreReport, ScoreRequest, ScoreRunOptions } from '../contract/scores';
import { activeSheet } from '../gas/active';
import { counted } from '../domain/words';
import { previewableNotInIndex } from './previewGeneration';
import { notGrantedMessage } from '../domain/permissions';
import { granted } from '../gas/permissions';

const MOVERS_LISTED = 20;

function scoreRows(table: Table<ScoreKey>, block: Block): ScoreRow[] {
  const rows: ScoreRow[] = [];
  for (let row = block.first; row <= block.last; row++) {
    rows.push({
      row,
      website: table.values[row - 1]?.[block.column - 1] ?? '',
      checked: cell(table, row, 'checked'),
      message: cell(table, row, 'message'),
    });
  }
  return rows;
}

/** A run that asks for every row (`all`) fetches fresh answers, not the 6-hour cache's. */
function lookupSpec(options: ScoreOptions, runStarted: number) {
  return scoreSpec(
    { baseUrl: clientConfig().baseUrl },
    'url',
    options.refresh === 'all' ? `run-${runStarted}` : '',
  );
}

function planFor(input: ScoreRunOptions | undefined) {
  const request = input?.request ?? null;
  const block = selectedBlock(request);
  return block ? planBlock(block, scoreOptions(input), request?.runStarted ?? null) : null;
}

function planBlock(block: Block, options: ScoreOptions, started: number | null) {
  const now = appsScriptClock.now();
  const runStarted = started ?? now;
  const values = readGrid(block.sheet);
  const table = openTable(block.sheet, SCORE_COLUMNS, false, values);
  const plan = planScoring(scoreRows(table, block), options, now, runStarted);
  return { options, runStarted, block, values, plan };
}

export function getScorePlan(input?: ScoreRunOptions): ScorePlanView {
  const found = planFor(input);
  const left = quotaLeft();
  if (!found) {
    return {
      sheetName: activeSheet().getName(),
      a1: null,
      rows: 0,
      distinct: 0,
      fresh: 0,
      toFetch: 0,
      cached: 0,
      invalid: 0,
      requests: 0,
      quotaLeft: left,
      message: 'Select the cells that hold the websites (one column).',
    };
  }
  const { plan, block, options, runStarted } = found;
  const keys = Array.from(plan.due.keys());
  const cached = countCached(keys, lookupSpec(options, runStarted), sharedCache());
  return {
    sheetName: block.sheet.getName(),
    a1: block.a1,
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
    ...extra,
  };
}

/**
 * Fetches outside the document lock, then writes under it: rows are found again by their own
 * website cell, so sorting or inserting rows meanwhile is safe.
 */
export function scoreSelection(input?: ScoreRunOptions): ScoreReport {
  const refused = input?.request ? null : refusedSheet('press Score');
  if (refused) return report('refused', refused);
  const found = planFor(input);
  if (!found)
    return report(
      'nothing',
      'Select the cells that hold the websites (one column), then press Score.',
    );
  const r = scoreBlock(found);
  if (r.state === 'done' || r.state === 'partial')
    logAction(found.block.sheet.getParent(), 'score list', {
      sheet: found.block.sheet.getName(),
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
export function scoreSheet(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  options: ScoreOptions,
  runStarted: number | null,
  deadline?: number,
): ScoreReport | null {
  const block = websiteColumn(sheet);
  return block ? scoreBlock(planBlock(block, options, runStarted), deadline) : null;
}

function scoreBlock(found: ReturnType<typeof planBlock>, deadline?: number): ScoreReport {
  const started = appsScriptClock.now();
  const { plan, block, options, runStarted } = found;
  const request: ScoreRequest = { sheetName: block.sheet.getName(), a1: block.a1, runStarted };
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
  if (!granted('service')) return report('refused', notGrantedMessage('service'), { request });
  const outcomes = resolveAll(
    keys,
    lookupSpec(options, runStarted),
    resolverDeps(sharedCache(), Math.min(deadline ?? Infinity, started + RUN_BUDGET_MS)),
  );
  return withDocumentLock(
    PRESS_LOCK_WAIT_MS * 50,
    () =>
      writeScores(
        block,
        options,
        runStarted,
        outcomes.outcomes,
        request,
        outcomes.stats.requestsSent,
      ),
    () =>
      report('busy', DOCUMENT_BUSY, {
        request,
      }),
  );
}

function writeScores(
  block: Block,
  options: ScoreOptions,
  runStarted: number,
  outcomes: Map<string, Outcome<BrandScore>>,
  request: ScoreRequest,
  fetched: number,
): ScoreReport {
  const now = new Date(appsScriptClock.now());
  const values = readGrid(block.sheet);
  const table = openTable(block.sheet, SCORE_COLUMNS, true, values);
  const plan = planScoring(scoreRows(table, block), options, now.getTime(), runStarted);
  const { patches, movers, readings, counts, rows, failure } = applyOutcomes(plan, outcomes, now, {
    sheet: block.sheet.getName(),
    previous: (row) => cell(table, row, 'score'),
    lastScanned: (row) => cell(table, row, 'lastScanned'),
    website: (row) => String(table.values[row - 1]?.[block.column - 1] ?? ''),
  });
  writePatches(table, patches);
  const previewable = rows.notInIndex ? previewableNotInIndex(block, table.values) : 0;
  const history = appendHistory(block.sheet.getParent(), readings);
  const extra = {
    ...counts,
    scored: patches.size,
    fetched,
    movers: rankMovers(movers, Infinity),
    historyAdded: history.appended,
    historyTrimmed: history.trimmed,
    notInIndex: previewable,
    request,
  };
  const summary = scoreSummary({
    ...{ rows, fresh: plan.fresh, moved: extra.movers.length, failure, previewable },
    ...{ historyTrimmed: history.trimmed, historyLimit: history.limitedBy },
  });
  return outcomeReport(summary, rows, extra);
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
