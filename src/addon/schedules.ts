/**
 * Schedules, the sidebar's side: list, save and delete. Saved into the document for every editor
 * to see and into the owner's registry for the owner's clock trigger; `scheduleRuns.ts` runs them.
 */
import { isOutputSheet } from '../domain/outputSheets';
import { notGrantedMessage } from '../domain/permissions';
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
import { deckUrl } from '../domain/report';
import type { LogEntry, Schedule, ScheduleReport, ScheduleView } from '../contract/schedules';
import { appsScriptKit } from '../gas/kit';
import { registerMine, saveRun, sharedRunOf, stateOf } from './scheduleRuns';
import { withRoomNotice } from '../gas/docMetadata';
import type { Kit } from '../kit/ports';
import { scheduleStore, type Definition, type MyRun, type SharedRun } from '../kit/schedules';

/**
 * A schedule as one person sees it: the owner from their own run record, every other editor from
 * the record kept in the file, so a pause after failures shows for everyone.
 */
function view(
  kit: Kit,
  d: Definition,
  run: (SharedRun & Partial<Pick<MyRun, 'since' | 'deck'>>) | undefined,
  now: number,
): ScheduleView {
  const zone = kit.account.offsets();
  const last = run?.lastRun ?? null;
  const since = Math.max(last ?? 0, run?.since ?? periodStart(d, now, zone));
  const paused = run?.paused ?? d.paused ?? false;
  const due = isDue(d, now, zone, since);
  const mine = d.owner === kit.account.email();
  return {
    ...d,
    // A report's recipients are its owner's contacts: other editors see how many, not who.
    ...(d.report && !mine ? { report: { ...d.report, to: [] } } : {}),
    recipients: d.report?.to.length ?? 0,
    paused,
    mine,
    mayTakeOver: ownerGone(d, last, kit.account.email(), now, zone),
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

export function listSchedules(kit: Kit): ScheduleView[] {
  const store = scheduleStore(kit.records);
  const runs = store.mine();
  const inFile = store.shared();
  const now = kit.account.now();
  return store
    .definitions()
    .map((d) => view(kit, d, runs[d.id] ? shared(runs[d.id]!) : inFile[d.id], now));
}

const sheetNames = (kit: Kit) => kit.tables.sheets().map((s) => s.name);

/** The owner's run record of a schedule just saved (new, edited or resumed). */
function savedRun(kit: Kit, definition: Definition, before: MyRun | undefined, now: number): MyRun {
  return {
    docId: kit.tables.fileId(),
    schedule: definition,
    lastRun: before?.lastRun ?? null,
    // Saving counts from the start of today's period: a period missed while paused is not made up.
    since: periodStart(definition, now, kit.account.offsets()),
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

/** A schedule is kept under its owner's address: without it, nobody could be told it is theirs. */
const noAddress = (): ScheduleReport => ({
  ok: false,
  message: notGrantedMessage('email'),
  schedule: null,
});

export function saveScheduleIn(kit: Kit, input: Schedule): ScheduleReport {
  if (!kit.account.email()) return noAddress();
  const checked = checkSchedule(input, sheetNames(kit));
  if (!checked.ok) return { ok: false, message: checked.message, schedule: null };
  const store = scheduleStore(kit.records);
  const list = store.definitions();
  const existing = list.find((d) => d.id === checked.schedule.id);
  if (existing && existing.owner !== kit.account.email()) return notYours(existing.owner, 'change');
  const now = kit.account.now();
  const definition: Definition = {
    ...checked.schedule,
    sheetName: SCHEDULE_ACTIONS[checked.schedule.action].sheet(checked.schedule),
    id: existing?.id ?? kit.account.newId(),
    owner: kit.account.email(),
    created: existing?.created ?? now,
  };
  const runs = store.mine();
  const run = savedRun(kit, definition, runs[definition.id], now);
  const refusal =
    mailRefusal(kit, runs, definition) ||
    scheduleRoomRefusal({
      isNew: !existing,
      inSpreadsheet: list.length,
      storeSizeAfter: store.sizeWith(run),
    });
  if (refusal) return { ok: false, message: refusal, schedule: null };
  store.saveDefinition(definition.id, definition, list);
  saveRun(kit, runs, run);
  registerMine(kit, runs);
  return {
    ok: true,
    message: definition.paused
      ? 'Paused: it will not run until you press Resume.'
      : 'Saved: it runs as you, at the hour you chose.',
    schedule: view(kit, definition, shared(run), now),
  };
}

/** A report schedule's recipients, with the person's other report schedules', fit in a day? */
function mailRefusal(kit: Kit, runs: Record<string, MyRun>, definition: Definition): string | null {
  const these = recipientsOf(definition);
  if (!these) return null;
  const others = Object.values(runs)
    .filter((r) => r.schedule.id !== definition.id)
    .reduce((sum, r) => sum + recipientsOf(r.schedule), 0);
  return recipientsRefusal({ these, others, perDay: kit.outbox.recipientsPerDay() });
}

/**
 * A teammate takes over a schedule whose owner's runs went silent: it runs as them from now on,
 * with their key and from their account (the report's recipients become theirs to see and edit),
 * and the old owner's trigger, finding them named in the file, stops running it.
 */
export function takeOverIn(kit: Kit, id: string): ScheduleReport {
  if (!kit.account.email()) return noAddress();
  const store = scheduleStore(kit.records);
  const list = store.definitions();
  const found = list.find((d) => d.id === id);
  if (!found) return gone();
  const inFile = store.shared()[id];
  const now = kit.account.now();
  if (!ownerGone(found, inFile?.lastRun ?? null, kit.account.email(), now, kit.account.offsets()))
    return notYours(found.owner, 'change');
  const definition: Definition = { ...found, owner: kit.account.email() };
  const runs = store.mine();
  const before = inFile ? { lastRun: inFile.lastRun, lastResult: inFile.lastResult } : {};
  const run = { ...savedRun(kit, definition, undefined, now), ...before };
  const refusal = mailRefusal(kit, runs, definition);
  if (refusal) return { ok: false, message: refusal, schedule: null };
  // First, so that nothing changes where the old owner's run could not be told.
  store.handOver(id, sharedRunOf(run));
  store.saveDefinition(id, definition, list);
  saveRun(kit, runs, run);
  registerMine(kit, runs);
  return {
    ok: true,
    message: `Taken over from ${found.owner}: it runs as you now, with your key, at the hour it had. Their hourly run stops running it.`,
    schedule: view(kit, definition, shared(run), now),
  };
}

const gone = (): ScheduleReport => ({
  ok: false,
  message:
    'That schedule was already deleted (perhaps by someone else): the list is up to date now.',
  schedule: null,
});

export function deleteScheduleIn(kit: Kit, id: string): ScheduleReport {
  const store = scheduleStore(kit.records);
  const list = store.definitions();
  const found = list.find((d) => d.id === id);
  if (!found) return gone();
  if (found.owner !== kit.account.email()) return notYours(found.owner, 'delete');
  store.saveDefinition(id, null, list);
  const runs = store.mine();
  delete runs[id];
  store.saveMine(id, null);
  store.saveShared(id, null);
  store.news.drop(id);
  registerMine(kit, runs);
  return { ok: true, message: 'Deleted.', schedule: null };
}

/** The sheets a schedule may refresh, to pick from: the document's own, not the add-on's. */
export const listSheetsIn = (kit: Kit): string[] =>
  sheetNames(kit).filter((name) => !isOutputSheet(name));

// The sidebar's calls, on the active spreadsheet.
export const getSchedules = (): ScheduleView[] => listSchedules(appsScriptKit());
export const saveSchedule = (input: Schedule): ScheduleReport =>
  withRoomNotice(saveScheduleIn(appsScriptKit(), input));
export const takeOverSchedule = (id: string): ScheduleReport => takeOverIn(appsScriptKit(), id);
export const deleteSchedule = (id: string): ScheduleReport => deleteScheduleIn(appsScriptKit(), id);
export const getListSheets = (): string[] => listSheetsIn(appsScriptKit());
export const getRunLog = (): LogEntry[] => appsScriptKit().log.recent(10);
