/**
 * The handler of the user's one clock trigger. Google runs an add-on's clock trigger with no
 * active document (https://developers.google.com/workspace/add-ons/concepts/editor-triggers), so
 * it works through the documents this user registered work in, opening each by ID. Each
 * document: pending previews and scans first, its watched sheets' new rows, then the schedules
 * that are due.
 */
import { firingBudget, waitingForTomorrow, type FiringBudget } from '../domain/backgroundBudget';
import { notGrantedMessage, type Permission } from '../domain/permissions';
import type { LogLine } from '../contract/schedules';
import type { PollReport } from '../contract/previews';
import { backgroundPorts } from '../gas/backgroundPorts';
import { startedFrom } from '../gas/runLog';
import { BACKGROUND_BUDGET_MS, TRIGGER_TIME_RESERVE_MS } from '../limits';
import { runLeadWatchesIn } from './leads';
import { pollMonitorIn } from './monitor';
import { pollPreviewsIn } from './previewPolling';
import { runDueSchedules } from './scheduleRuns';

/** What the hourly run does in one document: the workflows of src/addon. */
export interface DocumentWork {
  previews(): PollReport;
  /** The scan monitor's polls (where the document has the sheet). */
  monitor(): void;
  leads(): void;
  schedules(deadline: number): { waiting: number };
}

/** A document the hourly run opened; `book` is what its workflows are handed, as it is. */
export interface BackgroundDoc<B> {
  id: string;
  book: B;
  hasMonitor: boolean;
  log(action: string, entry: LogLine): void;
}

/** What the person's hourly run reads, opens and records. */
export interface BackgroundPorts<B> {
  /** The documents the person registered background work in. */
  documents(): string[];
  /** A registered document; null when it cannot be opened (it then leaves the list). */
  open(id: string): BackgroundDoc<B> | null;
  /** Nothing left to do: the trigger goes. */
  stop(): void;
  /** The person's form triggers on files they no longer watch, or cannot open, go. */
  tidyTriggers(): void;
  missing(): Permission[];
  /** Whether a missing permission is news in this document (said once). */
  firstTimeMissing(docId: string, p: Permission): boolean;
  firstTimeToday(what: string): boolean;
  /** Trigger run time left today (ms), and today's minutes against the day's. */
  timeLeft(): number;
  minutes(): { today: number; quota: number };
  /** The firing ends after `ms`: the trigger heard from, its time counted at once. */
  ended(ms: number): void;
  now(): number;
}

type Ports = BackgroundPorts<unknown>;
type Doc = BackgroundDoc<unknown>;

/** One firing: every registered document in turn, within the firing's budget. */
export function runBackground<B>(p: BackgroundPorts<B>, work: (book: B) => DocumentWork): void {
  const started = p.now();
  // Once a day: triggers on files the person left hold places of Google's 20 (Q3).
  if (p.firstTimeToday('triggers')) p.tidyTriggers();
  const ids = p.documents();
  if (ids.length === 0) return p.stop();
  const budget = firingBudget({
    leftTodayMs: p.timeLeft(),
    firingMs: BACKGROUND_BUDGET_MS,
    reserveMs: TRIGGER_TIME_RESERVE_MS,
  });
  const missing = p.missing();
  try {
    for (const id of ids) {
      // What is left waits for the next firing, not for the platform to cut this one off.
      if (p.now() - started > BACKGROUND_BUDGET_MS) break;
      const doc = p.open(id);
      if (!doc) continue;
      noteMissing(p, doc, missing);
      workIn(p, doc, work(doc.book), { started, budget, mayAsk: !missing.includes('service') });
    }
  } finally {
    p.ended(p.now() - started);
  }
}

/** Says once a day per document that due schedules wait for tomorrow's run time. */
function logWaiting(p: Ports, doc: Doc, waiting: number): void {
  if (!p.firstTimeToday(`waiting.${doc.id}`)) return;
  const { today, quota } = p.minutes();
  doc.log('schedules', {
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
function noteMissing(p: Ports, doc: Doc, missing: Permission[]): void {
  for (const m of missing)
    if (p.firstTimeMissing(doc.id, m))
      logProblem(
        doc,
        `${notGrantedMessage(m)} Until then that part of the background work is skipped; this is said once.`,
      );
}

/** A line of the document's log about the background work as a whole, not one of its runs. */
function logProblem(doc: Doc, result: string): void {
  doc.log('background work', {
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
  p: Ports,
  doc: Doc,
  work: DocumentWork,
  { started, budget, mayAsk }: { started: number; budget: FiringBudget; mayAsk: boolean },
): void {
  // One failing document must not stop the others, nor send the user Google's failure email.
  try {
    const previews = work.previews();
    if (previews.justCompleted.length)
      doc.log('poll previews', {
        sheet: '',
        rows: previews.justCompleted.length,
        requests: '',
        changed: previews.justCompleted.length,
        errors: 0,
        result: `${previews.complete} complete, ${previews.pending} pending, ${previews.failed} failed`,
      });
    if (mayAsk && doc.hasMonitor) work.monitor();
    work.leads();
    const { waiting } = work.schedules(started + budget.schedulesMs);
    if (waiting > 0 && budget.heldByDay) logWaiting(p, doc, waiting);
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
  runBackground(backgroundPorts(), (book) => ({
    previews: () => pollPreviewsIn(book),
    monitor: () => void pollMonitorIn(book),
    leads: () => runLeadWatchesIn(book),
    schedules: (deadline) => runDueSchedules(book, deadline),
  }));
}
