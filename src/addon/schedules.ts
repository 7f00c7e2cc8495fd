/**
 * Schedules: lists that keep themselves current. Saved from the sidebar (into the document for
 * every editor to see, and into the owner's registry for the owner's clock trigger), run by the
 * background trigger when due, with an opt-in digest e-mail and a line in the run log.
 */
import { MONITOR_SHEET } from '../domain/scanWatch';
import {
  checkSchedule,
  digestLines,
  isDue,
  isNews,
  lastDueAt,
  moverLine,
  nextDueAt,
  parseLocal,
  PAUSE_AFTER_FAILURES,
  periodStart,
  type LocalTime,
} from '../domain/schedules';
import { setBackgroundWork } from '../gas/backgroundWork';
import { appsScriptClock } from '../gas/clock';
import { mailOwner } from '../gas/mail';
import { appendLog, readLog, type Entry } from '../gas/runLog';
import {
  documentSchedules,
  dropNews,
  heldNews,
  holdNews,
  myRuns,
  saveDocumentSchedules,
  saveMyRuns,
  type Definition,
  type HeldNews,
  type MyRun,
} from '../gas/scheduleStore';
import { clientConfig } from '../gas/settings';
import { serviceError } from '../api/errors';
import type { LogEntry, Schedule, ScheduleReport, ScheduleView } from '../contract';
import { pollMonitorIn } from './monitor';
import { scoreSheet } from './scores';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

function me(): string {
  return Session.getEffectiveUser().getEmail();
}

function localTime(book: Book, at: number): LocalTime {
  return parseLocal(Utilities.formatDate(new Date(at), book.getSpreadsheetTimeZone(), 'u H m s'));
}

function view(d: Definition, run: MyRun | undefined, book: Book, now: number): ScheduleView {
  const local = localTime(book, now);
  const last = run?.lastRun ?? null;
  const since = Math.max(last ?? 0, run?.since ?? periodStart(d, local, now));
  const paused = run?.schedule.paused ?? d.paused ?? false;
  return {
    ...d,
    paused,
    mine: d.owner === me(),
    lastRun: last ? new Date(last).toISOString() : null,
    nextRun: paused
      ? null
      : new Date(isDue(d, local, now, since) ? now : nextDueAt(d, local, now)).toISOString(),
    lastResult: run?.lastResult ?? null,
    failures: run?.failures ?? 0,
  };
}

export function getSchedules(): ScheduleView[] {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  const runs = myRuns();
  const now = appsScriptClock.now();
  const log = readLog(book, 200);
  return documentSchedules().map((d) => {
    const run = runs[d.id];
    if (run) return view(d, run, book, now);
    // Another editor's schedule: its last result is read from the document's run log.
    const line = log.find((l) => l.run === 'schedule' && l.action.endsWith(`#${d.id}`));
    return {
      ...view(d, undefined, book, now),
      lastRun: line?.time ?? null,
      lastResult: line?.result ?? null,
    };
  });
}

function registerMine(book: Book, runs: Record<string, MyRun>): void {
  const id = book.getId();
  const active = Object.values(runs).filter((r) => r.docId === id && !r.schedule.paused).length;
  setBackgroundWork(id, 'schedules', active);
}

/** The owner's run record of a schedule just saved (new, edited or resumed). */
function savedRun(
  book: Book,
  definition: Definition,
  before: MyRun | undefined,
  now: number,
): MyRun {
  return {
    docId: book.getId(),
    schedule: definition,
    lastRun: before?.lastRun ?? null,
    // Saving counts from the start of today's period: a period missed while paused is not made up.
    since: periodStart(definition, localTime(book, now), now),
    lastResult: before?.lastResult ?? null,
    // Resuming a schedule paused after failures starts its count again.
    failures: before && before.schedule.paused && !definition.paused ? 0 : (before?.failures ?? 0),
    runStarted: before?.runStarted ?? null,
  };
}

export function saveSchedule(input: Schedule): ScheduleReport {
  const checked = checkSchedule(input);
  if (!checked.ok) return { ok: false, message: checked.message, schedule: null };
  const book = SpreadsheetApp.getActiveSpreadsheet();
  const list = documentSchedules();
  const existing = list.find((d) => d.id === checked.schedule.id);
  if (existing && existing.owner !== me())
    return {
      ok: false,
      message: `This schedule runs as ${existing.owner}: only they can change it.`,
      schedule: null,
    };
  const definition: Definition = {
    ...checked.schedule,
    ...(checked.schedule.action === 'refreshScanMonitor' ? { sheetName: MONITOR_SHEET } : {}),
    id: existing?.id ?? Utilities.getUuid(),
    owner: me(),
  };
  saveDocumentSchedules(
    existing ? list.map((d) => (d.id === definition.id ? definition : d)) : [...list, definition],
  );
  const runs = myRuns();
  const now = appsScriptClock.now();
  runs[definition.id] = savedRun(book, definition, runs[definition.id], now);
  saveMyRuns(runs);
  registerMine(book, runs);
  return {
    ok: true,
    message: definition.paused
      ? 'Paused: it will not run until you press Resume.'
      : 'Saved: it runs as you, at the hour you chose.',
    schedule: view(definition, runs[definition.id], book, now),
  };
}

export function deleteSchedule(id: string): ScheduleReport {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  const list = documentSchedules();
  const found = list.find((d) => d.id === id);
  if (!found)
    return {
      ok: false,
      message:
        'That schedule was already deleted (perhaps by someone else): the list is up to date now.',
      schedule: null,
    };
  if (found.owner !== me())
    return {
      ok: false,
      message: `This schedule runs as ${found.owner}: only they can delete it.`,
      schedule: null,
    };
  saveDocumentSchedules(list.filter((d) => d.id !== id));
  const runs = myRuns();
  delete runs[id];
  saveMyRuns(runs);
  dropNews(id);
  registerMine(book, runs);
  return { ok: true, message: 'Deleted.', schedule: null };
}

export function getRunLog(): LogEntry[] {
  return readLog(SpreadsheetApp.getActiveSpreadsheet(), 10);
}

interface Outcome {
  failed: string | null;
  /** Still going: the next firing continues (a big list). */
  partial: boolean;
  news: string[];
  log: Omit<Entry, 'run' | 'action' | 'result'>;
  result: string;
}

function runScores(book: Book, run: MyRun): Outcome {
  const s = run.schedule;
  const sheet = book.getSheetByName(s.sheetName);
  const log = { sheet: s.sheetName, rows: '', requests: '', changed: '', errors: '' };
  if (!sheet)
    return {
      failed: `the sheet "${s.sheetName}" no longer exists: rename it back or edit the schedule`,
      partial: false,
      news: [],
      log,
      result: '',
    };
  const r = scoreSheet(
    sheet,
    { refresh: s.refresh ?? 'stale', staleDays: s.staleDays ?? 7 },
    run.runStarted,
  );
  if (!r)
    return {
      failed: `the sheet "${s.sheetName}" has no Website column: put a Website header above the websites`,
      partial: false,
      news: [],
      log,
      result: '',
    };
  const all = r.failedSites > 0 && r.answeredSites === 0;
  const minChange = s.alert?.minChange ?? 10;
  return {
    failed: all ? `the service did not answer for any site (${r.message})` : null,
    partial: r.state === 'partial',
    news: r.movers.filter((m) => isNews(m, minChange)).map(moverLine),
    log: {
      ...log,
      rows: r.scored,
      requests: r.fetched,
      changed: r.movers.length,
      errors: r.failedSites,
    },
    result: r.message,
  };
}

function runMonitor(book: Book): Outcome {
  const log = { sheet: MONITOR_SHEET, rows: '', requests: '', changed: '', errors: '' };
  if (!clientConfig().apiKey)
    return {
      failed: serviceError('KEY_MISSING').message,
      partial: false,
      news: [],
      log,
      result: '',
    };
  const r = pollMonitorIn(book, true);
  if (!r.exists)
    return {
      failed: `the "${MONITOR_SHEET}" sheet no longer exists: open it again from the sidebar, or delete this schedule`,
      partial: false,
      news: [],
      log,
      result: '',
    };
  const news = r.finished.map((f) =>
    f.state === 'complete'
      ? `Brand agent ${f.agentId}: scan complete, score ${f.score}${f.previous !== null ? ` (was ${f.previous})` : ''}`
      : `Brand agent ${f.agentId}: scan failed (no engine answered): rescan it`,
  );
  return {
    failed:
      r.watched > 0 && r.errors === r.watched
        ? `every agent could not be checked (${r.message})`
        : null,
    partial: false,
    news,
    log: { ...log, rows: r.watched, changed: r.finished.length, errors: r.errors },
    result: r.message,
  };
}

function digest(book: Book, run: MyRun, news: HeldNews): string {
  return [
    `What moved in "${book.getName()}" (${run.schedule.sheetName}):`,
    '',
    ...digestLines(news.lines, news.more).map((l) => `- ${l}`),
    '',
    `Open the spreadsheet: ${book.getUrl()}`,
    'You get this because you asked for alerts on this schedule in Visibility for Sheets.',
  ].join('\n');
}

/** Runs this user's due schedules in one document, within the time left; the rest wait an hour. */
export function runDueSchedules(book: Book, deadline: number): number {
  const runs = myRuns();
  const now = appsScriptClock.now();
  const local = localTime(book, now);
  let ran = 0;
  for (const run of Object.values(runs)) {
    if (run.docId !== book.getId() || appsScriptClock.now() > deadline) continue;
    if (!isDue(run.schedule, local, now, Math.max(run.lastRun ?? 0, run.since))) continue;
    const s = run.schedule;
    let outcome: Outcome;
    try {
      outcome = s.action === 'refreshScores' ? runScores(book, run) : runMonitor(book);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      outcome = {
        failed: text,
        partial: false,
        news: [],
        log: { sheet: s.sheetName, rows: '', requests: '', changed: '', errors: '' },
        result: '',
      };
    }
    ran++;
    finish(book, run, outcome, now, lastDueAt(s, local, now));
    runs[s.id] = run;
  }
  saveMyRuns(runs);
  registerMine(book, runs);
  return ran;
}

/** Three failures in a row pause the schedule, and its owner hears of it once. */
function countFailure(book: Book, run: MyRun, reason: string): void {
  const s = run.schedule;
  run.failures++;
  run.lastResult = `failed: ${reason}`;
  if (run.failures < PAUSE_AFTER_FAILURES) return;
  run.schedule = { ...s, paused: true };
  run.lastResult += `; paused after ${run.failures} failures in a row: fix the reason, then resume it in the Schedules tab`;
  mailOwner(
    s.owner,
    `Visibility for Sheets: a schedule in "${book.getName()}" is paused`,
    `Your schedule for "${s.sheetName}" failed ${run.failures} times in a row and is paused.\nLast reason: ${reason}\n\nFix it and resume it in the sidebar's Schedules tab: ${book.getUrl()}`,
  );
}

/** The opt-in digest of a finished run; says in the run's result whether it went. */
function sendDigest(book: Book, run: MyRun, news: HeldNews): void {
  const changes = news.lines.length + news.more;
  if (!run.schedule.alert?.email || changes === 0) return;
  const sent = mailOwner(
    run.schedule.owner,
    `Visibility for Sheets: ${changes} change${changes === 1 ? '' : 's'} in "${book.getName()}"`,
    digest(book, run, news),
  );
  run.lastResult +=
    sent === 'sent'
      ? ` Alert e-mailed (${changes} changes).`
      : ' No alert sent: the daily e-mail quota is used up.';
}

function finish(book: Book, run: MyRun, o: Outcome, now: number, dueAt: number): void {
  const s = run.schedule;
  const action = `${s.action === 'refreshScores' ? 'refresh scores' : 'refresh scan monitor'} #${s.id}`;
  // What each part of a run found waits for the run's end: the digest covers the whole list.
  const held = heldNews(s.id);
  const news: HeldNews = { lines: [...held.lines, ...o.news], more: held.more };
  if (o.partial) {
    run.runStarted = run.runStarted ?? dueAt;
    run.lastResult = `continuing next hour: ${o.result}`;
    if (o.news.length) holdNews(s.id, news);
  } else {
    if (held.lines.length || held.more) dropNews(s.id);
    run.lastRun = now;
    run.runStarted = null;
    if (o.failed) countFailure(book, run, o.failed);
    else {
      run.failures = 0;
      run.lastResult = o.result;
      sendDigest(book, run, news);
    }
  }
  appendLog(book, { run: 'schedule', action, ...o.log, result: run.lastResult ?? '' });
}
