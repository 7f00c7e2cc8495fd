/**
 * The handler of the user's one clock trigger. Google runs an add-on's clock trigger with no
 * active document (https://developers.google.com/workspace/add-ons/concepts/editor-triggers), so
 * it works through the documents this user registered work in, opening each by ID; a bound
 * script's trigger has its container as the active document, which is used as it is. Each
 * document: pending previews and scans first, then the schedules that are due.
 */
import { heardNow } from '../gas/triggers';
import { firingBudget, waitingForTomorrow, type FiringBudget } from '../domain/backgroundBudget';
import { MONITOR_SHEET } from '../domain/scanWatch';
import { documentsWithWork, forgetDocument } from '../gas/backgroundWork';
import { appsScriptClock } from '../gas/clock';
import { logAction, startedFrom } from '../gas/runLog';
import { removePollTrigger } from '../gas/triggers';
import { count, flushMeters } from '../gas/meter';
import { triggerTimeLeft, usage } from '../gas/quota';
import { firstTimeToday } from '../gas/userHints';
import { BACKGROUND_BUDGET_MS, TRIGGER_TIME_RESERVE_MS } from '../limits';
import { pollMonitorIn } from './monitor';
import { pollPreviewsIn } from './previewPolling';
import { runDueSchedules } from './scheduleRuns';
import { runLeadWatchesIn } from './leads';
import { activeBook, openBook } from '../gas/active';
import { firstTimeMissing, permissionState } from '../gas/permissions';
import { notGrantedMessage, type Permission } from '../domain/permissions';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

function open(id: string, active: Book | null): Book | null {
  if (active && active.getId() === id) return active;
  try {
    return openBook(id);
  } catch (error) {
    // No id or message: the log is the developers', and a spreadsheet is the user's (privacy.md).
    console.warn(
      'Background work: a spreadsheet cannot be opened (deleted, or no longer shared); it leaves the list.',
      errorName(error),
    );
    forgetDocument(id);
    return null;
  }
}

export function pollInBackground(_event?: unknown): void {
  startedFrom('trigger');
  const started = appsScriptClock.now();
  const active = activeBook();
  const ids = documentsWithWork();
  if (ids.length === 0) {
    removePollTrigger();
    return;
  }
  const budget = firingBudget({
    leftTodayMs: triggerTimeLeft(),
    firingMs: BACKGROUND_BUDGET_MS,
    reserveMs: TRIGGER_TIME_RESERVE_MS,
  });
  const { missing } = permissionState();
  try {
    for (const id of ids) {
      // What is left waits for the next firing, not for the platform to cut this one off.
      if (appsScriptClock.now() - started > BACKGROUND_BUDGET_MS) break;
      const book = open(id, active);
      if (!book) continue;
      noteMissing(book, missing);
      workIn(book, started, budget, !missing.includes('service'));
    }
  } finally {
    heardNow();
    // Recorded at once (not only in the cache): tomorrow's budget must not rest on an eviction.
    count('triggerMs', appsScriptClock.now() - started);
    flushMeters(true);
  }
}

/** Says once a day per document that due schedules wait for tomorrow's run time. */
function logWaiting(book: Book, waiting: number): void {
  if (!firstTimeToday(`waiting.${book.getId()}`)) return;
  const u = usage();
  logAction(book, 'schedules', {
    sheet: '',
    rows: '',
    requests: '',
    changed: '',
    errors: 0,
    result: waitingForTomorrow(waiting, u.triggerMinutes.today, u.triggerMinutes.quota),
  });
}

/**
 * A permission the person did not grant, said once in the document's log (not every hour): the
 * parts that need it are skipped, the rest goes on.
 */
function noteMissing(book: Book, missing: Permission[]): void {
  for (const p of missing)
    if (firstTimeMissing(book.getId(), p))
      logProblem(
        book,
        `${notGrantedMessage(p)} Until then that part of the background work is skipped; this is said once.`,
      );
}

/** A line of the document's log about the background work as a whole, not one of its runs. */
function logProblem(book: Book, result: string): void {
  logAction(book, 'background work', {
    sheet: '',
    rows: '',
    requests: '',
    changed: '',
    errors: 1,
    result,
  });
}

/** One document's pending previews and scans, its watched sheets' new rows, then its due schedules. */
function workIn(book: Book, started: number, budget: FiringBudget, mayAsk: boolean): void {
  // One failing document must not stop the others, nor send the user Google's failure email.
  try {
    const previews = pollPreviewsIn(book);
    if (previews.justCompleted.length)
      logAction(book, 'poll previews', {
        sheet: '',
        rows: previews.justCompleted.length,
        requests: '',
        changed: previews.justCompleted.length,
        errors: 0,
        result: `${previews.complete} complete, ${previews.pending} pending, ${previews.failed} failed`,
      });
    if (mayAsk && book.getSheetByName(MONITOR_SHEET)) pollMonitorIn(book);
    runLeadWatchesIn(book);
    const { waiting } = runDueSchedules(book, started + budget.schedulesMs);
    if (waiting > 0 && budget.heldByDay) logWaiting(book, waiting);
  } catch (error) {
    console.error('Background work failed in one spreadsheet', errorName(error));
    logProblem(
      book,
      `failed: ${error instanceof Error ? error.message : String(error)}; it is tried again at the next background run`,
    );
  }
}

/** What kind of error it was, without its message (which may quote the user's sheets). */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
