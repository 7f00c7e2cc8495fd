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
import { scheduleRunPorts } from '../gas/schedulePorts';
import { leadsDigestIn } from './leads';
import { actionPorts, attemptWith } from './scheduleActions';
import type { MailOutcome } from '../gas/mail';
import type { MyRun, SharedRun } from '../gas/scheduleStore';
import type { Entry } from '../gas/runLog';
import type { RunOutcome } from '../domain/scheduleRun';
import type { OffsetAt } from '../domain/schedules';
import type { PostOutcome } from '../domain/webhook';
import type { ScheduleStore } from '../gas/schedulePorts';

/** The document schedules are kept in, and the person who lists, saves or runs them. */
export interface SchedulePorts {
  store: ScheduleStore;
  doc: { id: string; name: string; url: string; zone: OffsetAt };
  me: string;
  /** How many of this person's schedules run in the document (the hourly run keeps it). */
  running(count: number): void;
  /** A line in the document's `Visibility log`. */
  log(entry: Entry): void;
  now(): number;
}

/** What the hourly run of due schedules also does (src/addon/scheduleRuns.ts). */
export interface ScheduleRunPorts extends SchedulePorts {
  /** One run of a schedule's action: what it found, or why it failed (it never throws). */
  attempt(run: MyRun, deadline: number): RunOutcome;
  mail(to: string[], subject: string, body: string): MailOutcome;
  /** An alert to the person's team webhook. */
  team(text: string): PostOutcome | 'no webhook' | 'stopped';
  /** What the person's lead watches in the document did since the schedule's last digest. */
  leadsLine(scheduleId: string): string | null;
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
export function saveRun(p: SchedulePorts, runs: Record<string, MyRun>, run: MyRun): void {
  runs[run.schedule.id] = run;
  p.store.saveMine(run.schedule.id, run);
  p.store.saveShared(run.schedule.id, sharedRunOf(run));
}

function apply(
  p: ScheduleRunPorts,
  runs: Record<string, MyRun>,
  before: MyRun,
  d: RunDecision,
): void {
  const { paused, ...state } = d.state;
  const run: MyRun = { ...before, ...state, schedule: { ...before.schedule, paused } };
  if (!p.store.stillSaved(run.schedule.id)) return void delete runs[run.schedule.id];
  // Saved before the e-mail: a failure after it can never send the same digest again.
  saveRun(p, runs, run);
  if (d.news === 'drop') p.store.news.drop(run.schedule.id);
  else if (d.news) p.store.news.hold(run.schedule.id, d.news);
  let result = d.log.result;
  const mail = withLeads(p, run, d.mail);
  const sent = mail?.email ? p.mail(mail.to, mail.subject, mail.body) : 'sent';
  if (sent === 'no permission') result += ` No e-mail sent: ${notGrantedMessage('mail')}`;
  else if (sent !== 'sent' && mail?.resultIfUnsent) result = mail.resultIfUnsent;
  if (mail?.team) result += teamNote(p.team(teamText(mail.subject, mail.body)));
  if (result !== d.log.result) saveRun(p, runs, { ...run, lastResult: result });
  p.log({ run: 'schedule', ...d.log, result });
}

/** An alert digest also says what the owner's lead watches in the document did since the last. */
function withLeads(
  p: ScheduleRunPorts,
  run: MyRun,
  mail: RunDecision['mail'],
): RunDecision['mail'] {
  if (!mail || run.schedule.action !== 'refreshScores') return mail;
  const line = p.leadsLine(run.schedule.id);
  return line ? { ...mail, body: `${mail.body}\n\n${line}` } : mail;
}

/** A teammate took the schedule over: this person's trigger stops running it, and says so once. */
function letGo(p: ScheduleRunPorts, runs: Record<string, MyRun>, run: MyRun, holder: string): void {
  delete runs[run.schedule.id];
  p.store.saveMine(run.schedule.id, null);
  p.store.news.drop(run.schedule.id);
  const { label, sheet } = SCHEDULE_ACTIONS[run.schedule.action];
  p.log({
    run: 'schedule',
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
export function registerMine(p: SchedulePorts, runs: Record<string, MyRun>): void {
  p.running(Object.values(runs).filter((r) => r.docId === p.doc.id && !r.schedule.paused).length);
}

/**
 * Runs this person's due schedules in one document until `deadline`; those it did not reach (the
 * count returned) wait for the next firing.
 */
export function runDueWith(
  p: ScheduleRunPorts,
  deadline: number,
): { ran: number; waiting: number } {
  const runs = p.store.mine();
  const now = p.now();
  const doc = { name: p.doc.name, url: p.doc.url };
  let ran = 0;
  let waiting = 0;
  const inFile = p.store.shared();
  for (const run of Object.values(runs)) {
    if (run.docId !== p.doc.id) continue;
    const holder = inFile[run.schedule.id]?.owner;
    if (holder && holder !== run.schedule.owner) {
      letGo(p, runs, run, holder);
      continue;
    }
    if (!isDue(run.schedule, now, p.doc.zone, Math.max(run.lastRun ?? 0, run.since))) continue;
    if (p.now() >= deadline) {
      waiting++;
      continue;
    }
    const s = run.schedule;
    const decision = decideRun({
      schedule: s,
      state: stateOf(run),
      outcome: p.attempt(run, deadline),
      held: p.store.news.held(s.id),
      now,
      dueAt: lastDueAt(s, now, p.doc.zone),
      doc,
    });
    apply(p, runs, run, decision);
    ran++;
  }
  registerMine(p, runs);
  return { ran, waiting };
}

export const runDueSchedules = (
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  deadline: number,
): { ran: number; waiting: number } =>
  runDueWith(
    {
      ...scheduleRunPorts(book),
      attempt: (run, until) => attemptWith(actionPorts(book), run, until),
      leadsLine: (id) => leadsDigestIn(book, id),
    },
    deadline,
  );
