/**
 * The handler of the user's one clock trigger. Google runs an add-on's clock trigger with no
 * active document (https://developers.google.com/workspace/add-ons/concepts/editor-triggers), so
 * it works through the documents this user registered work in, opening each by ID. Each
 * document: pending previews and scans first, its watched sheets' new rows, then the schedules
 * that are due.
 */
import { firingBudget, waitingForTomorrow, type FiringBudget } from '../domain/backgroundBudget';
import { notGrantedMessage, type Permission } from '../domain/permissions';
import { MONITOR_SHEET } from '../domain/scanWatch';
import type { PollReport } from '../contract/previews';
import { appsScriptKit } from '../gas/kit';
import { startedFrom } from '../gas/runLog';
import type { Kit } from '../kit/ports';
import { firstTimeMissing, firstTimeToday } from '../kit/once';
import { BACKGROUND_BUDGET_MS, TRIGGER_TIME_RESERVE_MS } from '../limits';
import { runLeadWatchesIn } from './leads';
import { monitorWith } from './monitor';
import { pollWith } from './previewPolling';
import { runDueSchedules } from './scheduleRuns';

/** What the hourly run does in one document: the workflows of src/addon. */
export interface DocumentWork {
  previews(): PollReport;
  /** The scan monitor's polls (where the document has the sheet). */
  monitor(): void;
  leads(): void;
  schedules(deadline: number): { waiting: number };
}

/**
 * One firing, on the kit of the execution (no document: the person's hourly run): every file of
 * theirs with work in turn, each on its own kit, within the firing's budget.
 */
export function runBackground(kit: Kit, work: (doc: Kit) => DocumentWork): void {
  const { later } = kit;
  const started = kit.account.now();
  // Once a day: triggers on files the person left hold places of Google's 20 (Q3).
  if (firstTimeToday(kit, 'triggers')) later.tidy();
  const ids = later.files();
  if (ids.length === 0) return later.stop();
  const budget = firingBudget({
    leftTodayMs: later.timeLeft(),
    firingMs: BACKGROUND_BUDGET_MS,
    reserveMs: TRIGGER_TIME_RESERVE_MS,
  });
  const missing = kit.account.permissions().missing;
  try {
    for (const id of ids) {
      // What is left waits for the next firing, not for the platform to cut this one off.
      if (kit.account.now() - started > BACKGROUND_BUDGET_MS) break;
      const doc = later.open(id);
      if (!doc) continue;
      noteMissing(kit, doc, missing);
      workIn(kit, doc, work(doc), { started, budget, mayAsk: !missing.includes('service') });
    }
  } finally {
    later.ended(kit.account.now() - started);
  }
}

/** Says once a day per document that due schedules wait for tomorrow's run time. */
function logWaiting(kit: Kit, doc: Kit, waiting: number): void {
  if (!firstTimeToday(kit, `waiting.${doc.tables.fileId()}`)) return;
  const { today, quota } = kit.account.usage().triggerMinutes;
  doc.log.action('schedules', {
    sheet: '',
    rows: '',
    requests: '',
    changed: '',
    errors: 0,
    result: waitingForTomorrow(waiting, today, quota),
  });
}

/**
 * A permission the person did not grant, said once in the document's log (not every hour): the
 * parts that need it are skipped, the rest goes on.
 */
function noteMissing(kit: Kit, doc: Kit, missing: Permission[]): void {
  for (const m of missing)
    if (firstTimeMissing(kit, doc.tables.fileId(), m))
      logProblem(
        doc,
        `${notGrantedMessage(m)} Until then that part of the background work is skipped; this is said once.`,
      );
}

/** A line of the document's log about the background work as a whole, not one of its runs. */
function logProblem(doc: Kit, result: string): void {
  doc.log.action('background work', {
    sheet: '',
    rows: '',
    requests: '',
    changed: '',
    errors: 1,
    result,
  });
}

/** One document's pending previews and scans, its watched sheets' new rows, then its due schedules. */
function workIn(
  kit: Kit,
  doc: Kit,
  work: DocumentWork,
  { started, budget, mayAsk }: { started: number; budget: FiringBudget; mayAsk: boolean },
): void {
  // One failing document must not stop the others, nor send the user Google's failure email.
  try {
    const previews = work.previews();
    if (previews.justCompleted.length)
      doc.log.action('poll previews', {
        sheet: '',
        rows: previews.justCompleted.length,
        requests: '',
        changed: previews.justCompleted.length,
        errors: 0,
        result: `${previews.complete} complete, ${previews.pending} pending, ${previews.failed} failed`,
      });
    if (mayAsk && doc.tables.sheetId(MONITOR_SHEET) !== null) work.monitor();
    work.leads();
    const { waiting } = work.schedules(started + budget.schedulesMs);
    if (waiting > 0 && budget.heldByDay) logWaiting(kit, doc, waiting);
  } catch (error) {
    console.error('Background work failed in one spreadsheet', errorName(error));
    logProblem(
      doc,
      `failed: ${error instanceof Error ? error.message : String(error)}; it is tried again at the next background run`,
    );
  }
}

/** What kind of error it was, without its message (which may quote the user's sheets). */
function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

export function pollInBackground(_event?: unknown): void {
  startedFrom('trigger');
  runBackground(appsScriptKit(), (doc) => ({
    previews: () => pollWith(doc),
    monitor: () => void monitorWith(doc),
    leads: () => runLeadWatchesIn(doc),
    schedules: (deadline) => runDueSchedules(doc, deadline),
  }));
}
