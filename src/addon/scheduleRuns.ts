/**
 * The background side of schedules: each action's runner says what it found (a `RunOutcome`,
 * `scheduleActions.ts`), `domain/scheduleRun.ts` decides what follows, and this file applies it:
 * the state first (in the owner's properties and in the file for every editor), then the held
 * news, the e-mail and the run log's line.
 */
import { teamNote, teamText } from '../domain/webhook';
import {
  decideRun,
  SCHEDULE_ACTIONS,
  type RunDecision,
  type RunState,
} from '../domain/scheduleRun';
import { isDue, lastDueAt } from '../domain/schedules';
import { notGrantedMessage } from '../domain/permissions';
import { leadsDigestLine } from './leads';
import { actionsOn, attemptWith } from './scheduleActions';
import type { Entry } from '../gas/runLog';
import type { RunOutcome } from '../domain/scheduleRun';
import type { Kit } from '../kit/ports';
import { scheduleStore, type MyRun, type SharedRun } from '../kit/schedules';

/** The hourly run of a document's due schedules: the kit, and what is src/addon's own. */
export interface ScheduleRun {
  kit: Kit;
  /** One run of a schedule's action: what it found, or why it failed (it never throws). */
  attempt(run: MyRun, deadline: number): RunOutcome;
  /** What the person's lead watches in the document did since the schedule's last digest. */
  leadsLine(scheduleId: string): string | null;
}

/** A schedule's line in the document's `Visibility log`, as the schedule's run (not the hourly one). */
function logRun(kit: Kit, { action, ...line }: Omit<Entry, 'run'>): void {
  kit.log.action(action, line, 'schedule');
}

export function stateOf(run: MyRun): RunState {
  return {
    lastRun: run.lastRun,
    since: run.since,
    lastResult: run.lastResult,
    failures: run.failures,
    runStarted: run.runStarted,
    paused: run.schedule.paused ?? false,
    ...(run.deck ? { deck: run.deck } : {}),
    ...(run.alerted ? { alerted: run.alerted } : {}),
  };
}

/** What every editor is shown of a run record, and whose runs they are. */
export function sharedRunOf(run: MyRun): SharedRun {
  const { lastRun, lastResult, failures, paused } = stateOf(run);
  return { lastRun, lastResult, failures, paused, owner: run.schedule.owner };
}

/** Saves a run record where its owner's trigger and every editor read it. */
export function saveRun(kit: Kit, runs: Record<string, MyRun>, run: MyRun): void {
  runs[run.schedule.id] = run;
  const store = scheduleStore(kit.records);
  store.saveMine(run.schedule.id, run);
  store.saveShared(run.schedule.id, sharedRunOf(run));
}

function apply(r: ScheduleRun, runs: Record<string, MyRun>, before: MyRun, d: RunDecision): void {
  const { kit } = r;
  const store = scheduleStore(kit.records);
  const { paused, ...state } = d.state;
  const run: MyRun = { ...before, ...state, schedule: { ...before.schedule, paused } };
  if (!store.stillSaved(run.schedule.id)) return void delete runs[run.schedule.id];
  // Saved before the e-mail: a failure after it can never send the same digest again.
  saveRun(kit, runs, run);
  if (d.news === 'drop') store.news.drop(run.schedule.id);
  else if (d.news) store.news.hold(run.schedule.id, d.news);
  let result = d.log.result;
  const mail = withLeads(r, run, d.mail);
  const sent = mail?.email ? kit.outbox.mail(mail.to, mail.subject, mail.body) : 'sent';
  if (sent === 'no permission') result += ` No e-mail sent: ${notGrantedMessage('mail')}`;
  else if (sent !== 'sent' && mail?.resultIfUnsent) result = mail.resultIfUnsent;
  if (mail?.team) result += teamNote(kit.outbox.team(teamText(mail.subject, mail.body)));
  if (result !== d.log.result) saveRun(kit, runs, { ...run, lastResult: result });
  logRun(kit, { ...d.log, result });
}

/** An alert digest also says what the owner's lead watches in the document did since the last. */
function withLeads(r: ScheduleRun, run: MyRun, mail: RunDecision['mail']): RunDecision['mail'] {
  if (!mail || run.schedule.action !== 'refreshScores') return mail;
  const line = r.leadsLine(run.schedule.id);
  return line ? { ...mail, body: `${mail.body}\n\n${line}` } : mail;
}

/** A teammate took the schedule over: this person's trigger stops running it, and says so once. */
function letGo(kit: Kit, runs: Record<string, MyRun>, run: MyRun, holder: string): void {
  delete runs[run.schedule.id];
  const store = scheduleStore(kit.records);
  store.saveMine(run.schedule.id, null);
  store.news.drop(run.schedule.id);
  const { label, sheet } = SCHEDULE_ACTIONS[run.schedule.action];
  logRun(kit, {
    action: `${label} #${run.schedule.id}`,
    sheet: sheet(run.schedule),
    rows: '',
    requests: '',
    changed: '',
    errors: 0,
    result: `Taken over by ${holder}: it runs as them from now on, no longer as ${run.schedule.owner}.`,
  });
}

/** Tells the hourly run how many of the person's schedules it runs in this document. */
export function registerMine(kit: Kit, runs: Record<string, MyRun>): void {
  const here = kit.tables.fileId();
  const running = Object.values(runs).filter((r) => r.docId === here && !r.schedule.paused);
  kit.later.keep('schedules', running.length);
}

/**
 * Runs this person's due schedules in one document until `deadline`; those it did not reach (the
 * count returned) wait for the next firing.
 */
export function runDueWith(r: ScheduleRun, deadline: number): { ran: number; waiting: number } {
  const { kit } = r;
  const store = scheduleStore(kit.records);
  const runs = store.mine();
  const now = kit.account.now();
  const [here, zone] = [kit.tables.fileId(), kit.account.offsets()];
  const doc = { name: kit.tables.fileName(), url: kit.tables.fileUrl() };
  let ran = 0;
  let waiting = 0;
  const inFile = store.shared();
  for (const run of Object.values(runs)) {
    if (run.docId !== here) continue;
    const holder = inFile[run.schedule.id]?.owner;
    if (holder && holder !== run.schedule.owner) {
      letGo(kit, runs, run, holder);
      continue;
    }
    if (!isDue(run.schedule, now, zone, Math.max(run.lastRun ?? 0, run.since))) continue;
    if (kit.account.now() >= deadline) {
      waiting++;
      continue;
    }
    const s = run.schedule;
    const decision = decideRun({
      schedule: s,
      state: stateOf(run),
      outcome: r.attempt(run, deadline),
      held: store.news.held(s.id),
      now,
      dueAt: lastDueAt(s, now, zone),
      doc,
    });
    apply(r, runs, run, decision);
    ran++;
  }
  registerMine(kit, runs);
  return { ran, waiting };
}

/** The hourly run of this person's due schedules in the kit's file, until `deadline`. */
export const runDueSchedules = (kit: Kit, deadline: number): { ran: number; waiting: number } =>
  runDueWith(
    {
      kit,
      attempt: (run, until) => attemptWith(actionsOn(kit), run, until),
      leadsLine: (id) => leadsDigestLine(kit, id),
    },
    deadline,
  );
