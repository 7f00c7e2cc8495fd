/**
 * What each scheduled action does in a document: a refresh of a list's scores, a poll of the scan
 * monitor, a report deck. Each says what it found as a `RunOutcome`; `scheduleRuns.ts` decides
 * and applies what follows.
 */
import { NO_COUNTS, type RunOutcome, type ScheduleAction } from '../domain/scheduleRun';
import { MONITOR_SHEET } from '../domain/scanWatch';
import { alertKey, isNews, moverLine, siteKey } from '../domain/schedules';
import { HEADER_ROW, websiteColumnIndex } from '../domain/table';
import { serviceError } from '../api/errors';
import { DEFAULTS } from '../contract/defaults';
import type { Schedule } from '../contract/schedules';
import type { MyRun } from '../kit/schedules';
import type { Kit } from '../kit/ports';
import { refreshFollowUpsIn } from './followUps';
import { monitorWith } from './monitor';
import { reportColumns, reportDeck } from './reports';
import { scoreSheet } from './scores';
import type { ScoreReport } from '../contract/scores';
import type { MonitorReport } from '../contract/scans';
import type { FollowUpReport } from '../contract/outreach';
import type { ScoreOptions } from '../domain/scoreList';

/** What a scheduled action reads and runs in its document (src/addon/scheduleActions.ts). */
export interface ScheduleActions {
  /** The lists, the key, and what a deck is drawn with, in the owner's account. */
  kit: Kit;
  /** Score over a list's whole Website column; null when it has no rows (or no such column). */
  score(
    name: string,
    options: ScoreOptions,
    runStarted: number | null,
    deadline: number,
  ): ScoreReport | null;
  /** The Follow-ups sheet rebuilt. */
  followUps(): FollowUpReport;
  /** The scan monitor polled now, every agent. */
  monitor(): MonitorReport;
}

const failed = (reason: string): RunOutcome => ({ kind: 'failed', reason, counts: NO_COUNTS });
const noSheet = (name: string) =>
  failed(`the sheet "${name}" no longer exists: rename it back or edit the schedule`);
const noWebsite = (name: string) =>
  failed(`the sheet "${name}" has no Website column: put a Website header above the websites`);

function runScores(p: ScheduleActions, run: MyRun, deadline: number): RunOutcome {
  const s = run.schedule;
  const r = p.score(
    s.sheetName,
    {
      refresh: s.refresh ?? DEFAULTS.refresh,
      staleDays: s.staleDays ?? DEFAULTS.staleDays,
      weighMoves: s.alert?.unusualOnly === true,
    },
    run.runStarted,
    deadline,
  );
  // Nothing scored: the header row says why (read only then; Score read it already otherwise).
  if (!r) return whyNotScored(p, s.sheetName);
  if (r.state === 'busy') return { kind: 'busy', counts: NO_COUNTS };
  const counts = {
    rows: r.scored,
    requests: r.fetched,
    changed: r.movers.length,
    errors: r.failedSites,
  };
  if (r.failedSites > 0 && r.answeredSites === 0)
    return { ...failed(`the service did not answer for any site (${r.message})`), counts };
  const news = newsOf(s, r, new Set(run.alerted ?? []));
  if (r.state === 'partial') return { kind: 'partial', result: r.message, ...news, counts };
  return { kind: 'done', result: withFollowUps(p, r.message), ...news, counts };
}

/** A list Score found nothing in: gone, without a Website column, or with no rows yet. */
function whyNotScored(p: ScheduleActions, sheetName: string): RunOutcome {
  const { header } = p.kit.tables.room(sheetName);
  if (!header) return noSheet(sheetName);
  return websiteColumnIndex(header) >= 0
    ? { kind: 'empty', counts: NO_COUNTS }
    : noWebsite(sheetName);
}

/** Each finished refresh rebuilds the follow-ups, where any prospect is marked contacted. */
function withFollowUps(p: ScheduleActions, result: string): string {
  const f = p.followUps();
  return f.state === 'done' ? `${result} Follow-ups: ${f.rows}.` : result;
}

/**
 * The digest's lines: with `unusualOnly`, each move as the run weighed it against the brand's usual
 * swing, from the owner's own readings before it (domain/scoreList.ts `moveOf`). A move this
 * schedule already alerted on (`alerted`, the owner's own record) is not news again.
 */
function newsOf(
  s: Schedule,
  r: ScoreReport,
  alerted: ReadonlySet<string>,
): { news: string[]; alerted: string[] } {
  const alert = { minChange: DEFAULTS.minChange, ...s.alert };
  const fresh = r.movers.filter((m) => isNews(m, alert) && !alerted.has(alertKey(m)));
  return { news: fresh.map((m) => moverLine(m)), alerted: fresh.map(alertKey) };
}

function runMonitor(p: ScheduleActions): RunOutcome {
  if (!p.kit.service.config().apiKey) return failed(serviceError('KEY_MISSING').message);
  const r = p.monitor();
  if (r.busy) return { kind: 'busy', counts: NO_COUNTS };
  if (!r.exists)
    return failed(
      `the "${MONITOR_SHEET}" sheet no longer exists: open it again from the sidebar, or delete this schedule`,
    );
  const counts = {
    rows: r.watched,
    requests: '',
    changed: r.finished.length,
    errors: r.errors,
  } as const;
  if (r.watched > 0 && r.errors === r.watched)
    return { ...failed(`every agent could not be checked (${r.message})`), counts };
  const news = r.finished.map((f) =>
    f.state === 'complete'
      ? `Brand agent ${f.agentId}: scan complete, score ${f.score}${f.previous !== null ? ` (was ${f.previous})` : ''}`
      : `Brand agent ${f.agentId}: scan failed (no engine answered): rescan it`,
  );
  return { kind: 'done', result: r.message, news, counts };
}

/**
 * Send report: the brand's deck from the readings the owner's Score runs recorded for the sites
 * of the list's rows (Score history), drawn over the deck of the last run (its link stays the
 * same; a new one when it was deleted), and its link e-mailed.
 */
function runReport(p: ScheduleActions, run: MyRun): RunOutcome {
  const { sheetName, report } = run.schedule;
  const list = p.kit.tables.grid(sheetName);
  if (!list || !report) return noSheet(sheetName);
  const grid = list.values;
  const headers = grid[HEADER_ROW - 1] ?? [];
  const at = reportColumns(headers);
  if (!at.website) return noWebsite(sheetName);
  const rowOf = (site: string) => {
    const i = grid.findIndex((v, i) => i >= HEADER_ROW && siteKey(v[at.website - 1]) === site);
    return i < 0 ? [] : [{ row: i + 1, values: grid[i]! }];
  };
  const brand = rowOf(report.site);
  if (!brand.length)
    return failed(
      `${report.site} is no longer in "${sheetName}": put its row back or edit the schedule`,
    );
  const rows = [...brand, ...report.competitors.flatMap(rowOf)];
  const made = reportDeck({ kit: p.kit, whose: 'mine' }, sheetName, headers, rows, report.weeks, {
    fresh: false,
    scheduled: true,
    ...(run.deck ? { deckId: run.deck } : {}),
  });
  if (typeof made === 'string') return failed(made);
  return reportSent(run, made, rows.length, report.competitors.length + 1 - rows.length);
}

/** A Send report run that drew its deck: the run's line, and the e-mail of its link. */
function reportSent(
  run: MyRun,
  { deck, title }: Exclude<ReturnType<typeof reportDeck>, string>,
  rows: number,
  missing: number,
): RunOutcome {
  const { report, owner } = run.schedule;
  const what = !deck.made
    ? 'Deck updated'
    : run.deck
      ? 'The deck was gone: a new one made'
      : 'Deck made';
  return {
    kind: 'done',
    result: `${what} (${deck.slides} slides): ${deck.url}.${missing ? ` ${missing} competitor${missing > 1 ? 's' : ''} not in the sheet.` : ''}`,
    news: [],
    counts: { rows, requests: 0, changed: 0, errors: missing },
    deck: deck.id,
    mail: {
      to: report?.to.length ? report.to : [owner],
      subject: title,
      body: `${title}\n\n${deck.url}\n\nThe deck is brought up to date from the readings your Score runs recorded in Score history ${run.schedule.every === 'month' ? 'every month' : 'every week'}; its link stays the same.`,
    },
  };
}

/** One runner per action: a new action without its runner does not type-check. */
const RUNNERS: Record<
  ScheduleAction,
  (p: ScheduleActions, run: MyRun, deadline: number) => RunOutcome
> = {
  refreshScores: runScores,
  refreshScanMonitor: runMonitor,
  sendReport: runReport,
};

/** One run of a schedule's action; what it throws is its failure. */
export function attemptWith(p: ScheduleActions, run: MyRun, deadline: number): RunOutcome {
  try {
    return RUNNERS[run.schedule.action](p, run, deadline);
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}

/** The actions in the kit's file: Score, Follow-ups and the scan monitor as a person's press runs them. */
export const actionsOn = (kit: Kit): ScheduleActions => ({
  kit,
  score: (name, options, runStarted, deadline) =>
    scoreSheet(kit, name, options, runStarted, deadline, true),
  followUps: () => refreshFollowUpsIn(kit),
  monitor: () => monitorWith(kit, true),
});
