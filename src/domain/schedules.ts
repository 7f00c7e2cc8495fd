/**
 * Schedules as data: checking what a person saved, when a schedule is due in the spreadsheet's
 * time zone (a missed period runs once, not once per missed period), and which changes are news.
 */
import { fnv1a } from './hash';
import type { Mover, Weighed } from '../contract/scores';
import { REPORT_PERIODS } from '../contract/reports';
import { WEEKDAYS, type ReportSchedule, type Schedule } from '../contract/schedules';
import { DEFAULTS } from '../contract/defaults';
import { safeText } from './cells';
import { visibilityLevel } from './levels';
import { parseWebsite } from './website';
import { signed } from './swing';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
export const PAUSE_AFTER_FAILURES = 3;

export type Checked =
  | {
      ok: true;
      schedule: Required<Omit<Schedule, 'id' | 'weekday' | 'report'>> &
        Pick<Schedule, 'id' | 'weekday' | 'report'>;
    }
  | { ok: false; message: string };

/** The longest sheet name, id or website a schedule keeps: past it, the field is refused. */
const MAX_FIELD = 100;

/** A whole number in [min, max] as the form sends it (a number), or undefined. */
const wholeIn = (v: unknown, min: number, max: number): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;

/**
 * A schedule from the sidebar, checked field by field by type and size, with one plain sentence
 * when it is wrong. `sheets`: the document's sheet names; a list schedule names one of them.
 */
export function checkSchedule(input: unknown, sheets: readonly string[]): Checked {
  const s = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const fail = (message: string): Checked => ({ ok: false, message });
  if (!['refreshScores', 'refreshScanMonitor', 'sendReport'].includes(s.action as string))
    return fail(
      'Choose what the schedule does: refresh scores, the scan monitor, or send a report.',
    );
  const action = s.action as Schedule['action'];
  const sheetName = typeof s.sheetName === 'string' ? s.sheetName.trim() : '';
  if (!sheetName) return fail('Name the sheet the schedule works on.');
  if (action !== 'refreshScanMonitor' && !sheets.includes(sheetName))
    return fail(
      `There is no sheet named "${sheetName.length > 40 ? `${sheetName.slice(0, 39)}…` : sheetName}" in this spreadsheet: choose one from the list.`,
    );
  if (s.id !== undefined && (typeof s.id !== 'string' || s.id.length > MAX_FIELD))
    return fail('This schedule’s id is not one the add-on made: reload the sidebar.');
  if (!['day', 'week', 'month'].includes(s.every as string))
    return fail('Choose daily, weekly or monthly.');
  const every = s.every as Schedule['every'];
  const report = action === 'sendReport' ? checkReport(s.report) : undefined;
  if (typeof report === 'string') return fail(report);
  const hour = wholeIn(s.hour, 0, 23);
  if (hour === undefined) return fail('The hour is a whole number, 0 to 23.');
  const weekday = every === 'week' ? wholeIn(s.weekday, 1, 7) : undefined;
  if (every === 'week' && weekday === undefined)
    return fail('A weekly schedule needs a day: Monday (1) to Sunday (7).');
  const refresh = s.refresh === 'all' ? 'all' : 'stale';
  const days = s.staleDays === undefined ? DEFAULTS.staleDays : wholeIn(s.staleDays, 0, 3650);
  if (days === undefined)
    return fail('Check a row again after: a whole number of days, 0 or more.');
  const alert = (s.alert && typeof s.alert === 'object' ? s.alert : {}) as Record<string, unknown>;
  const minChange =
    alert.minChange === undefined ? DEFAULTS.minChange : wholeIn(alert.minChange, 0, 100);
  if (minChange === undefined)
    return fail('The smallest change worth an e-mail is a whole number of points, 0 to 100.');
  return {
    ok: true,
    schedule: {
      ...(typeof s.id === 'string' && s.id ? { id: s.id } : {}),
      action,
      sheetName,
      every,
      hour,
      ...(weekday !== undefined ? { weekday } : {}),
      refresh,
      staleDays: days,
      paused: s.paused === true,
      alert: {
        email: alert.email === true,
        minChange,
        unusualOnly: alert.unusualOnly === true,
        ...(alert.team === true ? { team: true } : {}),
      },
      ...(report ? { report } : {}),
    },
  };
}

/** A deck's competitors fill one slide: the brand and five others. */
export const MAX_REPORT_COMPETITORS = 5;
const ADDRESS = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+\.[^\s@,;<>"().]+$/;

/** Send report's fields, checked: the sites as the sheet's rows name them, valid addresses only. */
function checkReport(input: unknown): ReportSchedule | string {
  const r = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const sizes = [r.site, r.competitors, r.to].map((v) => JSON.stringify(v ?? '').length);
  if (sizes.some((n) => n > 20 * MAX_FIELD))
    return 'A report names one website, a few competitors and a list of addresses: this is far more.';
  const list = (v: unknown) =>
    (Array.isArray(v) ? v.map(String) : String(v ?? '').split(/[\s,;]+/))
      .map((x) => x.trim())
      .filter(Boolean);
  const brand = parseWebsite(r.site);
  if (!brand.ok) return "Give the brand's website, as in the sheet's Website column.";
  const competitors: string[] = [];
  for (const c of list(r.competitors)) {
    const site = parseWebsite(c);
    if (!site.ok) return `"${c}" is not a website: list competitors as example.com.`;
    if (site.domain !== brand.domain && !competitors.includes(site.domain))
      competitors.push(site.domain);
  }
  if (competitors.length > MAX_REPORT_COMPETITORS)
    return `A report compares at most ${MAX_REPORT_COMPETITORS} competitors.`;
  const to = [...new Set(list(r.to).map((a) => a.toLowerCase()))];
  const wrong = to.find((a) => !ADDRESS.test(a));
  if (wrong) return `"${wrong}" is not an e-mail address.`;
  const weeks = REPORT_PERIODS.find((w) => w === Number(r.weeks)) ?? REPORT_PERIODS[0];
  return { site: brand.domain, competitors, weeks, to };
}

/**
 * Google counts e-mail by recipient, and a day holds 100 on a consumer account (1,500 on
 * Workspace: `perDay` is the larger of 100 and what the account has left now). Report schedules
 * may all fall on one day, so their recipients together must fit in it.
 */
export function recipientsRefusal(i: {
  these: number;
  others: number;
  perDay: number;
}): string | null {
  if (i.these + i.others <= i.perDay) return null;
  const others = i.others ? `, with your other report schedules' ${i.others},` : '';
  return `${i.these === 1 ? 'This recipient' : `These ${i.these} recipients`}${others} are more than the ${i.perDay} Google lets you e-mail in a day: list fewer addresses.`;
}
/**
 * The spreadsheet's time zone as the schedules need it: at an instant, the milliseconds its wall
 * clock is ahead of UTC (+3,600,000 for Paris in winter). Days of 23 and 25 hours, when the
 * clocks change, are why schedules reason on the wall clock and convert with this.
 */
export type OffsetAt = (instant: number) => number;

const wallOf = (instant: number, offsetAt: OffsetAt) => instant + offsetAt(instant);

/**
 * The instant a wall-clock time happens. When the clocks go back an hour comes twice: the first
 * is taken, so a schedule due then is due once. When they go forward an hour never comes: the
 * instant that reads an hour later on the wall is taken, as the clock jumps past it.
 */
export function instantOf(wall: number, offsetAt: OffsetAt): number {
  const near = wall - offsetAt(wall);
  const offsets = new Set([offsetAt(near - DAY), offsetAt(near), offsetAt(near + DAY)]);
  const exact = [...offsets].map((o) => wall - o).filter((t) => wallOf(t, offsetAt) === wall);
  return exact.length ? Math.min(...exact) : wall - Math.min(...offsets);
}

type When = Pick<Schedule, 'every' | 'hour' | 'weekday'>;

/** The 1st of the month `months` after the one `wall` is in, at `hour` (wall clock, as if UTC). */
const firstOfMonth = (wall: number, months: number, hour: number) => {
  const d = new Date(wall);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, hour);
};

/** The wall-clock time (as if UTC) a schedule last came due at or before `now`'s wall time. */
function lastDueWall(s: When, wallNow: number): number {
  if (s.every === 'month') {
    const due = firstOfMonth(wallNow, 0, s.hour);
    return due <= wallNow ? due : firstOfMonth(wallNow, -1, s.hour);
  }
  const midnight = Math.floor(wallNow / DAY) * DAY;
  let due = midnight + s.hour * HOUR;
  if (s.every === 'week') {
    const weekday = ((new Date(midnight).getUTCDay() + 6) % 7) + 1;
    due -= ((weekday - (s.weekday ?? 1) + 7) % 7) * DAY;
  }
  if (due > wallNow) due -= s.every === 'day' ? DAY : 7 * DAY;
  return due;
}

/** The wall-clock time a schedule comes due after `due`, one of its due times. */
const followingWall = (s: When, due: number) =>
  s.every === 'month' ? firstOfMonth(due, 1, s.hour) : due + (s.every === 'day' ? DAY : 7 * DAY);

/** The latest moment at or before `now` when the schedule came due, in whole seconds of its hour. */
export function lastDueAt(s: When, now: number, offsetAt: OffsetAt): number {
  return instantOf(lastDueWall(s, wallOf(now, offsetAt)), offsetAt);
}

export function nextDueAt(s: When, now: number, offsetAt: OffsetAt): number {
  return instantOf(followingWall(s, lastDueWall(s, wallOf(now, offsetAt))), offsetAt);
}

/**
 * When a schedule runs next, in words on the spreadsheet's wall clock: "today at 9:00",
 * "tomorrow at 9:00", "on Monday at 9:00", or, when its time in this period has passed and it
 * has not run, at the next background check (within the hour).
 */
export function nextRunWords(s: When, now: number, offsetAt: OffsetAt, dueNow: boolean): string {
  const at = `${s.hour}:00`;
  if (dueNow)
    return `today at the next check, within the hour (${{ day: "today's", week: "this week's", month: "this month's" }[s.every]} ${at} has passed)`;
  const day = (instant: number) => Math.floor(wallOf(instant, offsetAt) / DAY);
  const next = nextDueAt(s, now, offsetAt);
  const days = day(next) - day(now);
  if (days === 0) return `today at ${at}`;
  if (days === 1) return `tomorrow at ${at}`;
  if (days > 6) return `on the 1st at ${at}`;
  return `on ${WEEKDAYS[(new Date(day(next) * DAY).getUTCDay() + 6) % 7]} at ${at}`;
}

/**
 * When the current period began (local midnight; Monday's for a weekly schedule, the 1st's for a
 * monthly one): a schedule saved today counts from here, so it runs today if its hour is still to
 * come or has just passed.
 */
export function periodStart(s: Pick<Schedule, 'every'>, now: number, offsetAt: OffsetAt): number {
  const wallNow = wallOf(now, offsetAt);
  if (s.every === 'month') return instantOf(firstOfMonth(wallNow, 0, 0), offsetAt);
  const midnight = Math.floor(wallNow / DAY) * DAY;
  const weekday = ((new Date(midnight).getUTCDay() + 6) % 7) + 1;
  return instantOf(midnight - (s.every === 'week' ? (weekday - 1) * DAY : 0), offsetAt);
}

/** Due when its time has come since it last ran: a missed period runs once, at the next firing. */
export function isDue(
  s: Pick<Schedule, 'every' | 'hour' | 'weekday' | 'paused'>,
  now: number,
  offsetAt: OffsetAt,
  lastRun: number | null,
): boolean {
  return !s.paused && (lastRun ?? 0) < lastDueAt(s, now, offsetAt);
}

/**
 * Whether a teammate may take a schedule over: it is not theirs, not paused, and its owner's
 * runs have gone silent, two of its due times passed with no run since (their trigger stopped,
 * they left the team, their access was removed). It then runs as the teammate, with their key.
 */
export function ownerGone(
  s: When & { owner: string; paused?: boolean; created?: number },
  lastRun: number | null,
  me: string,
  now: number,
  offsetAt: OffsetAt,
): boolean {
  if (s.owner === me || s.paused) return false;
  const last = lastRun ?? s.created ?? now;
  const previousDue = lastDueAt(s, lastDueAt(s, now, offsetAt) - 1000, offsetAt);
  return last < previousDue;
}

/** A website as the history and a list both name one brand (`www.` and paths aside). */
export function siteKey(website: unknown): string {
  const site = parseWebsite(website);
  return site.ok
    ? site.domain
    : String(website ?? '')
        .trim()
        .toLowerCase();
}

/**
 * A move worth an e-mail: the level changed, or the score moved by at least `minChange`. With
 * `unusualOnly`, only a move of at least `minChange` that is also unusual for the brand (past its
 * usual swing, or past the default band while it has too few readings), overall or on one engine:
 * a brand that swings by 8 every week stays quiet at 8. A move the run did not weigh is news.
 */
export function isNews(m: Mover, alert: { minChange: number; unusualOnly?: boolean }): boolean {
  const size = Math.abs(m.change);
  if (!alert.unusualOnly)
    return visibilityLevel(m.from) !== visibilityLevel(m.to) || size >= alert.minChange;
  const unusual = (x: { change: number; swing?: Weighed }) =>
    Math.abs(x.change) >= alert.minChange && (x.swing?.unusual ?? true);
  return unusual(m) || (m.engines ?? []).some(unusual);
}

export const DIGEST_LINES = 50;

/**
 * Schedules one spreadsheet keeps (all its editors' together): each keeps about 200 characters of
 * shared run record in the file's developer metadata, which holds 30,000 (docs/platform-limits.md,
 * D1), so 100 stay well inside it. An agency's 50 client sheets fit twice over.
 */
export const MAX_SCHEDULES_PER_SPREADSHEET = 100;
/** Of the 500 KB Google gives each user's properties (P1), what schedules' run records may fill. */
export const SCHEDULE_STORE_BUDGET = 400 * 1024;

/** Why a new schedule cannot be saved, in words, before anything is written; null if it can. */
export function scheduleRoomRefusal(i: {
  isNew: boolean;
  inSpreadsheet: number;
  storeSizeAfter: number;
}): string | null {
  if (i.isNew && i.inSpreadsheet >= MAX_SCHEDULES_PER_SPREADSHEET)
    return `This spreadsheet already has ${MAX_SCHEDULES_PER_SPREADSHEET} schedules, the most one spreadsheet keeps: delete one you no longer need (or put this one in another spreadsheet).`;
  if (i.storeSizeAfter > SCHEDULE_STORE_BUDGET)
    return 'Your schedules across all your spreadsheets fill the space Google keeps for your settings (500 KB): delete schedules you no longer need, then save this one again.';
  return null;
}

/** The digest's lines, at most 50 and "and N more" (`more`: lines already dropped earlier).
 * Text only: nothing in it can run. */
export function digestLines(lines: string[], more = 0): string[] {
  const extra = more + Math.max(0, lines.length - DIGEST_LINES);
  const kept = lines.slice(0, DIGEST_LINES);
  return extra ? [...kept, `and ${extra} more`] : kept;
}

/**
 * What an alert is about: one site's move to one score at one scan. The owner's run record keeps
 * the last ALERTS_KEPT of them, so a move is news once, however often a run finds it again (the
 * reading could not be recorded, on a protected history; a teammate's press showed it first).
 */
export const alertKey = (m: Pick<Mover, 'website' | 'to' | 'scanned'>): string =>
  fnv1a(`${m.website} ${m.to} ${m.scanned ?? ''}`);

/** Alerts a schedule's record remembers: a list's worth of moves, in about 2 KB. */
export const ALERTS_KEPT = 200;

/** A mover as the digest says it, with what its score rests on (its row's `Evidence`). */
export function moverLine(m: Mover): string {
  const from = visibilityLevel(m.from);
  const to = visibilityLevel(m.to);
  const level = from === to ? `level ${to}` : `level ${from} → ${to}`;
  // Text only: a name the service sent that starts like a formula is escaped as in cells.
  const name = safeText(m.brand && m.website ? `${m.brand} (${m.website})` : m.brand || m.website);
  const evidence = m.evidence ? `. ${m.evidence}` : '';
  return `${name}: ${m.from} → ${m.to} (${signed(m.change)}), ${level}; ${m.sheet} row ${m.row}${evidence}`;
}
