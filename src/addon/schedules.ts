/**
 * Schedules, the sidebar's side: list, save and delete. Saved into the document for every editor
 * to see and into the owner's registry for the owner's clock trigger; `scheduleRuns.ts` runs them.
 */
import { isOutputSheet } from '../domain/outputSheets';
import { SCHEDULE_ACTIONS } from '../domain/scheduleRun';
import {
  checkSchedule,
  isDue,
  nextDueAt,
  ownerGone,
  nextRunWords,
  periodStart,
  recipientsRefusal,
  scheduleRoomRefusal,
} from '../domain/schedules';
import { recipientsPerDay } from '../gas/mail';
import { deckUrl } from '../gas/slides';
import { appsScriptClock } from '../gas/clock';
import { readLog } from '../gas/runLog';
import {
  documentSchedules,
  dropNews,
  myRuns,
  saveDocumentSchedule,
  saveMyRun,
  saveSharedRun,
  sharedRuns,
  storeSizeWith,
  type Definition,
  type MyRun,
  type SharedRun,
} from '../gas/scheduleStore';
import type { LogEntry, Schedule, ScheduleReport, ScheduleView } from '../contract/schedules';
import { bookZone, registerMine, saveRun, stateOf } from './scheduleRuns';
import { activeBook, myEmail, newId } from '../gas/active';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

function me(): string {
  return myEmail();
}

/**
 * A schedule as one person sees it: the owner from their own run record, every other editor from
 * the record kept in the file, so a pause after failures shows for everyone.
 */
function view(
  d: Definition,
  run: (SharedRun & Partial<Pick<MyRun, 'since' | 'deck'>>) | undefined,
  book: Book,
  now: number,
): ScheduleView {
  const zone = bookZone(book);
  const last = run?.lastRun ?? null;
  const since = Math.max(last ?? 0, run?.since ?? periodStart(d, now, zone));
  const paused = run?.paused ?? d.paused ?? false;
  const due = isDue(d, now, zone, since);
  const mine = d.owner === me();
  return {
    ...d,
    // A report's recipients are its owner's contacts: other editors see how many, not who.
    ...(d.report && !mine ? { report: { ...d.report, to: [] } } : {}),
    recipients: d.report?.to.length ?? 0,
    paused,
    mine,
    mayTakeOver: ownerGone(d, last, me(), now, zone),
    lastRun: last ? new Date(last).toISOString() : null,
    nextRun: paused ? null : new Date(due ? now : nextDueAt(d, now, zone)).toISOString(),
    nextRunText: paused ? null : nextRunWords(d, now, zone, due),
    lastResult: run?.lastResult ?? null,
    failures: run?.failures ?? 0,
    deckUrl: run?.deck ? deckUrl(run.deck) : null,
  };
}

/** The owner's own record, in the shape every editor reads from the file. */
const shared = (run: MyRun): SharedRun & Pick<MyRun, 'since' | 'deck'> => {
  const { lastRun, lastResult, failures, paused, since, deck } = stateOf(run);
  return { lastRun, lastResult, failures, paused, since, deck };
};

export function getSchedules(): ScheduleView[] {
  const book = activeBook();
  const runs = myRuns();
  const inFile = sharedRuns(book);
  const now = appsScriptClock.now();
  return documentSchedules().map((d) =>
    view(d, runs[d.id] ? shared(runs[d.id]!) : inFile[d.id], book, now),
  );
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
    since: periodStart(definition, now, bookZone(book)),
    lastResult: before?.lastResult ?? null,
    // Resuming a schedule paused after failures starts its count again.
    failures: before && before.schedule.paused && !definition.paused ? 0 : (before?.failures ?? 0),
    runStarted: before?.runStarted ?? null,
    // The deck follows its brand: a schedule moved to another brand starts a deck of its own.
    ...(before?.deck && before.schedule.report?.site === definition.report?.site
      ? { deck: before.deck }
      : {}),
  };
}

/** Recipients a day of report e-mails would reach: every one of the owner's report schedules. */
const recipientsOf = (d: Pick<Definition, 'report'>) => (d.report ? d.report.to.length || 1 : 0);

const notYours = (owner: string, what: string): ScheduleReport => ({
  ok: false,
  message: `This schedule runs as ${owner}: only they can ${what} it.`,
  schedule: null,
});

export function saveSchedule(input: Schedule): ScheduleReport {
  const book = activeBook();
  const checked = checkSchedule(input, sheetNames(book));
  if (!checked.ok) return { ok: false, message: checked.message, schedule: null };
  const list = documentSchedules();
  const existing = list.find((d) => d.id === checked.schedule.id);
  if (existing && existing.owner !== me()) return notYours(existing.owner, 'change');
  const now = appsScriptClock.now();
  const definition: Definition = {
    ...checked.schedule,
    sheetName: SCHEDULE_ACTIONS[checked.schedule.action].sheet(checked.schedule),
    id: existing?.id ?? newId(),
    owner: me(),
    created: existing?.created ?? now,
  };
  const runs = myRuns();
  const run = savedRun(book, definition, runs[definition.id], now);
  const refusal =
    mailRefusal(runs, definition) ||
    scheduleRoomRefusal({
      isNew: !existing,
      inSpreadsheet: list.length,
      storeSizeAfter: storeSizeWith(run),
    });
  if (refusal) return { ok: false, message: refusal, schedule: null };
  saveDocumentSchedule(definition.id, definition, list);
  saveRun(book, runs, run);
  registerMine(book, runs);
  return {
    ok: true,
    message: definition.paused
      ? 'Paused: it will not run until you press Resume.'
      : 'Saved: it runs as you, at the hour you chose.',
    schedule: view(definition, shared(run), book, now),
  };
}

const sheetNames = (book: Book): string[] => book.getSheets().map((sheet) => sheet.getName());

/** A report schedule's recipients, with the person's other report schedules', fit in a day? */
function mailRefusal(runs: ReturnType<typeof myRuns>, definition: Definition): string | null {
  const these = recipientsOf(definition);
  if (!these) return null;
  const others = Object.values(runs)
    .filter((r) => r.schedule.id !== definition.id)
    .reduce((sum, r) => sum + recipientsOf(r.schedule), 0);
  return recipientsRefusal({ these, others, perDay: recipientsPerDay() });
}

/**
 * A teammate takes over a schedule whose owner's runs went silent: it runs as them from now on,
 * with their key and from their account (the report's recipients become theirs to see and edit),
 * and the old owner's trigger, finding them named in the file, stops running it.
 */
export function takeOverSchedule(id: string): ScheduleReport {
  const book = activeBook();
  const list = documentSchedules();
  const found = list.find((d) => d.id === id);
  if (!found) return gone();
  const inFile = sharedRuns(book)[id];
  const now = appsScriptClock.now();
  if (!ownerGone(found, inFile?.lastRun ?? null, me(), now, bookZone(book)))
    return notYours(found.owner, 'change');
  const definition: Definition = { ...found, owner: me() };
  const runs = myRuns();
  const before = inFile ? { lastRun: inFile.lastRun, lastResult: inFile.lastResult } : {};
  const run = { ...savedRun(book, definition, undefined, now), ...before };
  const refusal = mailRefusal(runs, definition);
  if (refusal) return { ok: false, message: refusal, schedule: null };
  saveDocumentSchedule(id, definition, list);
  saveRun(book, runs, run);
  registerMine(book, runs);
  return {
    ok: true,
    message: `Taken over from ${found.owner}: it runs as you now, with your key, at the hour it had. Their hourly run stops running it.`,
    schedule: view(definition, shared(run), book, now),
  };
}

const gone = (): ScheduleReport => ({
  ok: false,
  message:
    'That schedule was already deleted (perhaps by someone else): the list is up to date now.',
  schedule: null,
});

export function deleteSchedule(id: string): ScheduleReport {
  const book = activeBook();
  const list = documentSchedules();
  const found = list.find((d) => d.id === id);
  if (!found) return gone();
  if (found.owner !== me()) return notYours(found.owner, 'delete');
  saveDocumentSchedule(id, null, list);
  const runs = myRuns();
  delete runs[id];
  saveMyRun(id, null);
  saveSharedRun(book, id, null);
  dropNews(id);
  registerMine(book, runs);
  return { ok: true, message: 'Deleted.', schedule: null };
}

/** The sheets a schedule may refresh, to pick from: the document's own, not the add-on's. */
export function getListSheets(): string[] {
  return activeBook()
    .getSheets()
    .map((s) => s.getName())
    .filter((name) => !isOutputSheet(name));
}

export function getRunLog(): LogEntry[] {
  return readLog(activeBook(), 10);
}
