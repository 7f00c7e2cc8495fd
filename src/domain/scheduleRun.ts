/**
 * A schedule run's end, decided from plain data: what the run found (its outcome), the schedule's
 * state before it, the news held from earlier parts. The answer is the next state, the run log's
 * line, the news to hold or drop and the e-mail to send, if any; `addon/schedules.ts` only applies
 * it. The state is saved before the e-mail goes, so a failure after it never repeats a digest.
 */
import { PRODUCT_NAME } from '../contract/product';
import type { Schedule } from '../contract/schedules';
import { MONITOR_SHEET } from './scanWatch';
import { ALERTS_KEPT, digestLines, PAUSE_AFTER_FAILURES } from './schedules';
import { counted } from '../contract/words';

export type ScheduleAction = Schedule['action'];

/**
 * What each schedule action is: its name in the run log and the sheet it works on. A new action
 * is one row here and one runner in `addon/schedules.ts` (both typed by the action, so neither
 * can be forgotten).
 */
export const SCHEDULE_ACTIONS: Record<
  ScheduleAction,
  { label: string; sheet: (s: Pick<Schedule, 'sheetName'>) => string }
> = {
  refreshScores: { label: 'refresh scores', sheet: (s) => s.sheetName },
  refreshScanMonitor: { label: 'refresh scan monitor', sheet: () => MONITOR_SHEET },
  sendReport: { label: 'send report', sheet: (s) => s.sheetName },
};

export interface LogCounts {
  rows: number | '';
  requests: number | '';
  changed: number | '';
  errors: number | '';
}

export const NO_COUNTS: LogCounts = { rows: '', requests: '', changed: '', errors: '' };

/**
 * What a runner found. `empty` and `busy` are not failures: nothing was wrong with the list.
 * `mail`: a message of the run's own (a report's link), sent whatever the alert settings.
 */
type Found = {
  result: string;
  news: string[];
  /** The alerts the news holds (domain/schedules.ts alertKey): remembered once decided. */
  alerted?: string[];
  counts: LogCounts;
  mail?: Pick<Mail, 'to' | 'subject' | 'body'>;
  deck?: string;
};
export type RunOutcome =
  | ({ kind: 'done' } & Found)
  | ({ kind: 'partial' } & Found)
  | { kind: 'empty'; counts: LogCounts }
  | { kind: 'busy'; counts: LogCounts }
  | { kind: 'failed'; reason: string; counts: LogCounts };

/** How a schedule's runs went: kept by its owner, and shared with every editor of the document. */
export interface RunState {
  lastRun: number | null;
  /** A schedule that never ran counts from the start of the period it was saved in. */
  since: number;
  lastResult: string | null;
  failures: number;
  /** A run continued over several firings keeps its start, so no row is fetched twice. */
  runStarted: number | null;
  paused: boolean;
  /** Send report: the deck every run updates in place. */
  deck?: string;
  /** The alerts already news, newest last (at most ALERTS_KEPT): never news again. */
  alerted?: string[];
}

export interface HeldNews {
  lines: string[];
  more: number;
}

export interface RunInput {
  schedule: Schedule & { id: string; owner: string };
  state: RunState;
  outcome: RunOutcome;
  held: HeldNews;
  now: number;
  /** When the period this run belongs to began. */
  dueAt: number;
  doc: { name: string; url: string };
}

export interface Mail {
  to: string[];
  subject: string;
  body: string;
  /** Where it goes: the owner's e-mail, their team webhook, or both. */
  email: boolean;
  team: boolean;
  /** The run's result to keep instead when the day's e-mail quota refused the mail. */
  resultIfUnsent: string | null;
}

export interface RunDecision {
  state: RunState;
  log: LogCounts & { action: string; sheet: string; result: string };
  /** News to keep for the digest at the run's end, `drop` to forget it, null to leave it. */
  news: HeldNews | 'drop' | null;
  mail: Mail | null;
}

export const NO_ROWS_YET = 'no rows yet: the list has its Website header but no websites under it';
export const BUSY_NEXT_FIRING =
  'busy, next firing: another run was writing to this document, so this one waits an hour';

export function decideRun(input: RunInput): RunDecision {
  const { schedule, outcome } = input;
  const decided = DECIDE[outcome.kind](input as RunInput & { outcome: never });
  return {
    ...decided,
    log: {
      action: `${SCHEDULE_ACTIONS[schedule.action].label} #${schedule.id}`,
      sheet: SCHEDULE_ACTIONS[schedule.action].sheet(schedule),
      ...outcome.counts,
      result: decided.state.lastResult ?? '',
    },
  };
}

type Decide<K extends RunOutcome['kind']> = (
  input: RunInput & { outcome: Extract<RunOutcome, { kind: K }> },
) => Omit<RunDecision, 'log'>;

const ended = (i: RunInput, lastResult: string, failures: number): RunState => ({
  ...i.state,
  lastRun: i.now,
  runStarted: null,
  lastResult,
  failures,
});

const anyHeld = (held: HeldNews) => held.lines.length > 0 || held.more > 0;

/** The record of alerts with this part's added, the oldest forgotten first. */
const alertedAfter = (i: RunInput & { outcome: Found }): Pick<RunState, 'alerted'> => {
  const all = [...(i.state.alerted ?? []), ...(i.outcome.alerted ?? [])];
  return all.length ? { alerted: all.slice(-ALERTS_KEPT) } : {};
};

const DECIDE: { [K in RunOutcome['kind']]: Decide<K> } = {
  partial: (i) => ({
    state: {
      ...i.state,
      ...alertedAfter(i),
      runStarted: i.state.runStarted ?? i.dueAt,
      lastResult: `continuing next hour: ${i.outcome.result}`,
    },
    news: i.outcome.news.length
      ? { lines: [...i.held.lines, ...i.outcome.news], more: i.held.more }
      : null,
    mail: null,
  }),
  done: (i) => {
    const news = { lines: [...i.held.lines, ...i.outcome.news], more: i.held.more };
    const own = i.outcome.mail;
    const mail = own ? ownMail(i, own, i.outcome.result) : digest(i, news, i.outcome.result);
    const changes = news.lines.length + news.more;
    const said = sentNote(own, mail, changes);
    const deck = i.outcome.deck ?? i.state.deck;
    return {
      // Whether the team channel took it is said once it was posted (addon/scheduleRuns).
      state: {
        ...ended(i, `${i.outcome.result}${said}`, 0),
        ...alertedAfter(i),
        ...(deck ? { deck } : {}),
      },
      news: anyHeld(i.held) ? 'drop' : null,
      mail,
    };
  },
  empty: (i) => ({
    state: ended(i, NO_ROWS_YET, 0),
    news: anyHeld(i.held) ? 'drop' : null,
    mail: null,
  }),
  // The period is not over: the next firing runs it again, and nothing counts against it.
  busy: (i) => ({ state: { ...i.state, lastResult: BUSY_NEXT_FIRING }, news: null, mail: null }),
  failed: (i) => {
    const failures = i.state.failures + 1;
    const pause = failures >= PAUSE_AFTER_FAILURES;
    const result = `failed: ${i.outcome.reason}${pause ? `; paused after ${failures} failures in a row: fix the reason, then resume it in the Schedules tab` : ''}`;
    return {
      state: { ...ended(i, result, failures), paused: i.state.paused || pause },
      news: anyHeld(i.held) ? 'drop' : null,
      mail: pause ? pausedMail(i, failures, i.outcome.reason) : null,
    };
  },
};

/** What the run's result adds about what it sent: a report's link, or the digest of what moved. */
function sentNote(own: Found['mail'], mail: Mail | null, changes: number): string {
  if (own) return ` Link e-mailed to ${counted(own.to.length, 'recipient')}.`;
  if (!mail) return '';
  const moved = counted(changes, 'change');
  return mail.email ? ` Alert e-mailed (${moved}).` : ` Alert: ${moved}.`;
}

/** A run's own message (a report's link): e-mailed always, posted to the team when asked. */
function ownMail(i: RunInput, m: Pick<Mail, 'to' | 'subject' | 'body'>, result: string): Mail {
  return {
    ...m,
    email: true,
    team: i.schedule.alert?.team === true,
    resultIfUnsent: `${result} No e-mail sent: today's e-mail recipients are used up (the deck is updated; its link is in the Schedules tab).`,
  };
}

function pausedMail(i: RunInput, failures: number, reason: string): Mail {
  return {
    to: [i.schedule.owner],
    subject: `${PRODUCT_NAME}: a schedule in "${i.doc.name}" is paused`,
    body: `Your schedule for "${SCHEDULE_ACTIONS[i.schedule.action].sheet(i.schedule)}" failed ${failures} times in a row and is paused.\nLast reason: ${reason}\n\nFix it and resume it in the sidebar's Schedules tab: ${i.doc.url}`,
    email: true,
    team: i.schedule.alert?.team === true,
    resultIfUnsent: null,
  };
}

/** The opt-in digest of a finished run, when anything moved. */
function digest(i: RunInput, news: HeldNews, result: string): Mail | null {
  const changes = news.lines.length + news.more;
  const alert = i.schedule.alert;
  if (!(alert?.email || alert?.team) || changes === 0) return null;
  return {
    to: [i.schedule.owner],
    subject: `${PRODUCT_NAME}: ${counted(changes, 'change')} in "${i.doc.name}"`,
    body: [
      `What moved in "${i.doc.name}" (${SCHEDULE_ACTIONS[i.schedule.action].sheet(i.schedule)}):`,
      '',
      ...digestLines(news.lines, news.more).map((l) => `- ${l}`),
      '',
      `Open the spreadsheet: ${i.doc.url}`,
      `You get this because you asked for alerts on this schedule in ${PRODUCT_NAME}.`,
    ].join('\n'),
    email: alert.email,
    team: alert.team === true,
    resultIfUnsent: `${result} No alert sent: the daily e-mail quota is used up.`,
  };
}
