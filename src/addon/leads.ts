/**
 * Lead magnets: a watched sheet's new rows get their report (a scan preview with the owner's key,
 * or the no-cost trigger link), and each lead may be e-mailed the link. A form's response is
 * handled within its form-submit event; anything else (a sync, a paste, an event Google lost) by
 * the hourly run. Both run as the watch's owner, under the document's Generate claim, and a row's
 * `Lead status` says it was handled, so it is handled once whichever run comes first.
 */
import type { Claimed, Held } from '../kit/ports';
import type { LeadsReport, LeadsView, LeadWatchInput, LeadWatchView } from '../contract/leads';
import type { LogLine } from '../contract/schedules';
import {
  checkWatch,
  dayOf,
  drainsAgain,
  emptyStats,
  LEAD_STATUS,
  dailyCapOf,
  leadsLeftToday,
  statsAfterRun,
  type LeadWatch,
  type WatchStats,
} from '../domain/leads';
import { isOutputSheet } from '../domain/outputSheets';
import { needsPermission, notGrantedMessage } from '../domain/permissions';
import { activeBook } from '../gas/active';
import { withRoomNotice } from '../gas/docMetadata';
import { RUN_BUDGET_MS, WRITE_LOCK_WAIT_MS } from '../limits';
import { myWatches, type SharedWatch } from '../gas/leadStore';
import { watchedSheetPorts } from '../gas/leadRunPorts';
import { leadWatchPorts } from '../gas/leadWatchPorts';
import { startedFrom } from '../gas/runLog';
import {
  leadRows,
  markEarlierRows,
  runLeads,
  type LeadRunPorts,
  type LeadRunResult,
} from './leadRun';
import { rowIds, startingLedger, unhandled, type RowLedger } from '../domain/leadRowLedger';
import { previewRows, type GenerateRun } from './previewGeneration';
import type { FormTrigger } from '../gas/triggers';
import type { LeadTotals } from '../domain/leads';
import type { AdmittedPort, RowLedgerPort } from './leadRun';
import type { SheetPort } from '../gas/ports';

/** A sheet of the document as the Leads tab offers it. */
export interface SheetInfo {
  id: number;
  name: string;
  /** Its header row, read when asked. */
  headers(): unknown[];
  /** A form's responses sheet (Sheets links it to the form): only what the form delivers is a lead. */
  form: boolean;
}

/**
 * What the Leads tab and the digest read and keep of lead watches (src/addon/leads.ts): each
 * owner's definitions in their own properties, every editor's view in the file.
 */
export interface LeadWatchPorts {
  /** This person's watches in the document, oldest first. */
  mine(): LeadWatch[];
  saveMine(id: string, watch: LeadWatch | null): void;
  /** The document's watches as every editor sees them (no template, no addresses). */
  shared(): SharedWatch[];
  saveShared(id: string, watch: SharedWatch | null): void;
  rows: RowLedgerPort;
  admitted: AdmittedPort;
  /** The totals a schedule's last digest counted up to. */
  digested: { read(scheduleId: string): LeadTotals; save(scheduleId: string, t: LeadTotals): void };
  sheets(): SheetInfo[];
  /** One of the document's sheets, by id. */
  sheet(id: number): SheetPort | null;
  /** Runs work under the document's lock; `busy` when another run holds it for too long. */
  /** The document's lock, or null when another run holds it past `waitMs`. */
  lock(waitMs: number): Held | null;
  /** Handles a watch's open rows now (the run of a form response or the hourly run). */
  run(watch: LeadWatch): void;
  /** This person's form-submit trigger on the document: made (false: not granted yet), removed. */
  trigger: { ensure(): FormTrigger; remove(): void };
  /** Whether this person has watches here (the hourly run keeps the document). */
  watching(on: boolean): void;
  hasKey: boolean;
  /** The permissions a watch needs that the person has not granted, in words. */
  missing(): string[];
  me: string;
  newId(): string;
  now(): number;
}

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

export function listLeads(p: LeadWatchPorts): LeadsView {
  // A watch saved before background runs were granted gets its form trigger once they are.
  if (p.mine().length) p.trigger.ensure();
  const all = p.sheets();
  return {
    watches: watchViews(p, all),
    sheets: all
      .filter((s) => !isOutputSheet(s.name))
      .map((s) => ({
        name: s.name,
        headers: s
          .headers()
          .map((h) => String(h).trim())
          .filter(Boolean),
        form: s.form,
      })),
    hasKey: p.hasKey,
    missing: p.missing(),
  };
}

/** The document's watches as this person sees them, each under its sheet's name now. */
function watchViews(p: LeadWatchPorts, sheets: SheetInfo[] = p.sheets()): LeadWatchView[] {
  const mine = new Map(p.mine().map((w) => [w.id, w]));
  const names = new Map(sheets.map((s) => [s.id, s.name]));
  return p.shared().map((w) => watchView(p, w, mine.get(w.id), names));
}

function watchView(
  p: LeadWatchPorts,
  w: SharedWatch,
  own: LeadWatch | undefined,
  sheets: Map<number, string>,
): LeadWatchView {
  const today = w.stats.day === dayOf(p.now());
  return {
    id: w.id,
    sheetName: sheets.get(w.sheetId) ?? w.sheetName,
    website: w.website,
    email: w.email,
    consent: w.consent,
    consentYes: (own ?? w).consentYes ?? [],
    dailyCap: dailyCapOf(w),
    mode: w.mode,
    owner: w.owner,
    mine: w.owner === p.me && !!own,
    mail: w.owner === p.me ? (own?.mail ?? null) : null,
    lastNewRow: w.stats.lastNewRow ? new Date(w.stats.lastNewRow).toISOString() : null,
    reportsToday: today ? w.stats.reports : 0,
    emailsToday: today ? w.stats.emails : 0,
    waiting: w.stats.waiting,
    awaitingYou: w.stats.unadmitted ?? 0,
    gone: !sheets.has(w.sheetId),
  };
}

export function saveWatchIn(p: LeadWatchPorts, input: LeadWatchInput): LeadsReport {
  const view = listLeads(p);
  // A watch runs as its owner, named by address: without it, nobody could stop or see it as theirs.
  if (!p.me) return { ok: false, message: notGrantedMessage('email'), view };
  const checked = checkWatch(input, view.sheets);
  if (!checked.ok) return { ok: false, message: checked.message, view };
  const taken = view.watches.find((w) => w.sheetName === checked.watch.sheetName);
  if (taken && !taken.mine)
    return { ok: false, message: `${taken.owner} watches this sheet already.`, view };
  if (checked.watch.mode === 'preview' && !view.hasKey)
    return {
      ok: false,
      message: 'Previews need your key (Settings); or choose the no-cost link.',
      view,
    };
  const sheetId = p.sheets().find((s) => s.name === checked.watch.sheetName)!.id;
  const watch: LeadWatch = {
    ...checked.watch,
    id: taken?.id ?? p.newId(),
    sheetId,
    owner: p.me,
    created: p.now(),
  };
  const earlier = checked.includeEarlier || taken ? 0 : leaveEarlierRows(p, watch);
  // A new watch's record of handled rows starts now: the rows already there, unless asked for
  // (then, on a form's sheet, they are leads by the owner's own choice).
  if (!taken) p.rows.save(watch.id, startRecord(p, watch, checked.includeEarlier));
  if (!taken && checked.includeEarlier) p.admitted.change(watch.id, presentRows(p, watch));
  p.saveMine(watch.id, watch);
  // An edit keeps the watch's counts: the digest counts on from them.
  const stats = p.shared().find((w) => w.id === watch.id)?.stats ?? emptyStats(p.now());
  p.saveShared(watch.id, shared(watch, stats));
  const trigger = p.trigger.ensure();
  p.watching(true);
  if (checked.includeEarlier) p.run(watch);
  // The sheets and their headers are as read at the start: only the watches changed.
  const after = { ...view, watches: watchViews(p) };
  const form = p.sheets().find((x) => x.id === sheetId)?.form ?? false;
  return { ok: true, message: savedMessage(watch, earlier, trigger, form), view: after };
}

/** The names of the rows in the watch's sheet with a website (domain/leadRowLedger.ts). */
function presentRows(p: LeadWatchPorts, watch: LeadWatch): string[] {
  const sheet = p.sheet(watch.sheetId);
  const rows = sheet ? leadRows(sheet.grid()) : [];
  const ids = rowIds(rows, watch);
  return unhandled(rows, ids, { done: new Set(), links: new Map() }, watch).map((r) =>
    ids.get(r.row)!,
  );
}

/**
 * "Accept as leads": the rows of a form's sheet no form response delivered (pasted, typed, or a
 * response whose event Google lost), taken as leads by the watch's owner's own press, then run.
 */
export function acceptWith(p: LeadWatchPorts, id: unknown): LeadsReport {
  const view = listLeads(p);
  const watch = p.mine().find((w) => w.id === id);
  if (!watch) return { ok: false, message: 'Only the watch’s owner can accept its rows.', view };
  const sheet = p.sheet(watch.sheetId);
  const rows = sheet ? leadRows(sheet.grid()) : [];
  const ids = rowIds(rows, watch);
  const ledger = p.rows.read(watch.id) ?? { done: new Set<string>(), links: new Map() };
  const admitted = p.admitted.read(watch.id);
  const accepted = unhandled(rows, ids, ledger, watch)
    .map((r) => ids.get(r.row)!)
    .filter((rowId) => !admitted.has(rowId));
  if (!accepted.length) return { ok: true, message: 'No rows wait for you.', view };
  p.admitted.change(watch.id, accepted);
  p.run(watch);
  const n = accepted.length;
  return {
    ok: true,
    message: `${n} row${n === 1 ? '' : 's'} accepted as leads: ${watch.mode === 'preview' ? 'reports on your key' : 'report links'}${watch.email ? ', e-mailed from your account' : ''}, at most ${dailyCapOf(watch)} a day.`,
    view: { ...view, watches: watchViews(p) },
  };
}

/** When new rows are handled, by the trigger's state and whether a form fills the sheet. */
const WHEN: Record<FormTrigger, (form: boolean) => string> = {
  on: (form) =>
    form
      ? 'Each response is handled within seconds; rows pasted or typed here wait for you to accept them.'
      : 'New rows are handled within the hour.',
  permission: () =>
    `New rows wait until you grant it: ${needsPermission('background')} (Settings).`,
  limit: (form) =>
    `Your Google account has the 20 triggers Google allows across all your files, so ${form ? 'responses reach no run of yours as they arrive: they wait for you to accept them (Leads tab)' : 'new rows are handled by the hourly run, within the hour'} until you remove triggers you no longer use (script.google.com → Triggers), then open the Leads tab again.`,
};

/** On a sheet no form fills, every editor's rows are leads: said when the owner chooses it. */
const plainSheet = (cap: number) =>
  `Any editor's rows in this sheet are leads: they spend your key and send e-mail from your account (at most ${cap} a day, your choice). A form's responses sheet takes only what the form delivers.`;

function savedMessage(
  watch: LeadWatch,
  earlier: number,
  trigger: FormTrigger,
  form: boolean,
): string {
  const when = WHEN[trigger](form);
  const left = earlier
    ? ` ${earlier === 1 ? 'The row already there says' : `The ${earlier} rows already there say`} "${LEAD_STATUS.earlier}".`
    : '';
  return `Watching "${watch.sheetName}". ${when}${left}${form ? '' : ` ${plainSheet(dailyCapOf(watch))}`}`;
}

function shared(w: LeadWatch, stats: SharedWatch['stats']): SharedWatch {
  const { mail, ...rest } = w;
  return { ...rest, mailing: !!mail, stats };
}

function startRecord(p: LeadWatchPorts, watch: LeadWatch, includeEarlier: boolean): RowLedger {
  const sheet = p.sheet(watch.sheetId);
  return startingLedger(sheet ? leadRows(sheet.grid()) : [], watch, includeEarlier);
}

/** Rows already in the sheet are left alone, and say so (a status users can filter on). */
function leaveEarlierRows(p: LeadWatchPorts, watch: LeadWatch): number {
  const sheet = p.sheet(watch.sheetId);
  const held = sheet && p.lock(WRITE_LOCK_WAIT_MS);
  if (!held) return 0;
  try {
    return markEarlierRows(sheet, watch);
  } finally {
    held.release();
  }
}

export function deleteWatchIn(p: LeadWatchPorts, id: string): LeadsReport {
  const view = listLeads(p);
  const w = view.watches.find((x) => x.id === id);
  if (!w) return { ok: false, message: 'That watch is gone already.', view };
  if (!w.mine) return { ok: false, message: `Only ${w.owner} can stop this watch.`, view };
  p.saveMine(id, null);
  p.saveShared(id, null);
  p.rows.save(id, null);
  if (p.mine().length === 0) {
    p.trigger.remove();
    p.watching(false);
  }
  return {
    ok: true,
    message: `Stopped watching "${w.sheetName}".`,
    view: { ...view, watches: watchViews(p) },
  };
}

/** The ports of the watches in `book`, whose runs handle rows in its sheets. */
const watchPorts = (book: Book): LeadWatchPorts => ({
  ...leadWatchPorts(book),
  run: (w) => runWatch(book, w),
});

// The sidebar's calls, on the active spreadsheet.
export const getLeads = (): LeadsView => listLeads(watchPorts(activeBook()));
export const saveLeadWatch = (input: LeadWatchInput): LeadsReport =>
  withRoomNotice(saveWatchIn(watchPorts(activeBook()), input));
export const deleteLeadWatch = (id: string): LeadsReport =>
  deleteWatchIn(watchPorts(activeBook()), id);
export const acceptLeadRows = (id: string): LeadsReport => acceptWith(watchPorts(activeBook()), id);

/** The form-submit trigger's handler: the person's watches on the sheet the response went to. */
export function onLeadResponse(event?: { range?: GoogleAppsScript.Spreadsheet.Range }): void {
  startedFrom('trigger');
  const sheet = event?.range?.getSheet();
  if (!sheet) return;
  const book = sheet.getParent();
  const id = sheet.getSheetId();
  const row = event!.range!.getRow();
  for (const w of myWatches(book.getId())) if (w.sheetId === id) runWatch(book, w, row);
}

/** The hourly run: every watch of this person in the document. */
export function runLeadWatchesIn(book: Book): void {
  for (const w of myWatches(book.getId())) runWatch(book, w);
}

type Claim = { run: string; started: number };

/** What one watch's run reads and records around the lead run itself, over its sheet. */
export interface WatchedSheetPorts {
  /** The sheet's name now (the watch follows its sheet when it is renamed). */
  name: string;
  lastRow(): number;
  saveMine(watch: LeadWatch): void;
  /** Today's counts every editor sees; null for a watch not counted yet. */
  stats(watchId: string): WatchStats | null;
  saveShared(watchId: string, watch: SharedWatch): void;
  log(entry: LogLine): void;
  /** The document's Generate claim for this run; null when another run holds it. */
  claim(claim: Claim): Claimed | null;
  leadRun(): Omit<LeadRunPorts, 'previews'>;
  /** Generate's ports over the sheet, for the run that holds `claim`. */
  generate(claim: Claimed): GenerateRun;
  newId(): string;
  now(): number;
}

/** `delivered`: the row a form-submit event delivered, a lead before any claim is waited for. */
function runWatch(book: Book, saved: LeadWatch, delivered?: number): void {
  const ports = watchedSheetPorts(book, saved.sheetId);
  if (!ports) return;
  if (delivered) admitDelivered(ports.leadRun(), saved, delivered);
  runWatchWith(ports, saved);
}

/**
 * The row a form-submit event delivered, named as the watch's record names rows and admitted as
 * a lead: recorded before the run waits for the claim, so a burst's busy runs lose none.
 */
export function admitDelivered(
  run: Pick<LeadRunPorts, 'form' | 'sheet' | 'admitted'>,
  watch: LeadWatch,
  row: number,
): void {
  if (!run.form) return;
  const id = rowIds(leadRows(run.sheet.grid()), watch).get(row);
  if (id) run.admitted.change(watch.id, [id]);
}

/**
 * One watch's open rows, handled under the document's Generate claim; when another run holds it
 * (a Generate press, a teammate's watch, this watch's run for an earlier response of a burst),
 * the rows are left to it, or wait for the next run, losing nothing. Rows that arrive while it
 * runs are taken in before it stops (domain/leads.ts drainsAgain).
 */
export function runWatchWith(p: WatchedSheetPorts, saved: LeadWatch): void {
  // Renamed since: the watch follows its sheet, and says its new name.
  const watch = { ...saved, sheetName: p.name };
  if (watch.sheetName !== saved.sheetName) p.saveMine(watch);
  const started = p.now();
  for (let round = 0, before = p.lastRow(); ; round++) {
    if (!watchRound(p, watch, started)) return;
    const after = p.lastRow();
    if (!drainsAgain(round, before, after) || p.now() - started > RUN_BUDGET_MS) return;
    before = after;
  }
}

/** One round under the claim; false when another run holds it. */
function watchRound(p: WatchedSheetPorts, watch: LeadWatch, started: number): boolean {
  const claim = { run: p.newId(), started };
  const held = p.claim(claim);
  if (!held) return false;
  try {
    const ports: LeadRunPorts = {
      ...p.leadRun(),
      previews: (rows, column) => previewRows(p.generate(held), column, rows, started),
      keepClaim: () => void held.renew(),
    };
    // Read once under the claim, which no other run of this watch holds meanwhile.
    const stats = p.stats(watch.id) ?? emptyStats(started);
    const result = runLeads(ports, watch, leadsLeftToday(stats, p.now(), dailyCapOf(watch)));
    if (result) recordRun(p, watch, stats, result);
    // Rows that waited for the owner's Accept are gone or taken: the count says so, unlogged.
    else if (stats.unadmitted) p.saveShared(watch.id, shared(watch, { ...stats, unadmitted: 0 }));
    return true;
  } finally {
    held.release();
  }
}

/** Today's counts for every editor's view, and a line in the run log. */
function recordRun(
  p: WatchedSheetPorts,
  watch: LeadWatch,
  old: WatchStats,
  { open, final, reports, requests, held, parked, unadmitted }: LeadRunResult,
): void {
  const isNew = open.filter((r) => r.status.trim() === '').length;
  const emails = final.filter((d) => 'send' in d && d.status === LEAD_STATUS.emailed).length;
  const waiting = final.filter((d) => d.status.startsWith('waits')).length + held + parked;
  const counts = { isNew, handled: open.length, reports, emails, waiting, unadmitted };
  p.saveShared(watch.id, shared(watch, statsAfterRun(old, counts, p.now())));
  p.log({
    sheet: watch.sheetName,
    rows: final.length,
    requests,
    changed: reports,
    errors: final.filter((d) => d.status.startsWith('error')).length,
    result: `${leadWords(isNew, reports, emails, waiting, watch.mode === 'link' ? 'link' : 'report')}${held ? `; ${held} more wait for tomorrow (${dailyCapOf(watch)} rows a day)` : ''}`,
  });
}

/** `made`: what a row got (a report, or the no-cost link, which starts one when opened). */
const leadWords = (
  isNew: number,
  reports: number,
  emails: number,
  waiting: number,
  made = 'report',
): string =>
  [
    `${isNew} new lead${isNew === 1 ? '' : 's'}`,
    `${reports} ${made}${reports === 1 ? '' : 's'}`,
    `${emails} e-mailed`,
    ...(waiting ? [`${waiting} waiting`] : []),
  ].join(', ');

/**
 * The line a schedule's digest gives this person's lead watches in the document: what they did
 * since that schedule's last digest ("12 new leads, 11 reports, 9 e-mailed"), or null for nothing.
 */
export function leadsDigestLine(p: LeadWatchPorts, scheduleId: string): string | null {
  const totals = p
    .shared()
    .filter((w) => w.owner === p.me && w.stats.total)
    .reduce(
      (sum, w) => ({
        leads: sum.leads + w.stats.total!.leads,
        reports: sum.reports + w.stats.total!.reports,
        emails: sum.emails + w.stats.total!.emails,
      }),
      { leads: 0, reports: 0, emails: 0 },
    );
  const before = p.digested.read(scheduleId);
  const leads = Math.max(0, totals.leads - before.leads);
  const reports = Math.max(0, totals.reports - before.reports);
  const emails = Math.max(0, totals.emails - before.emails);
  if (!leads && !reports && !emails) return null;
  p.digested.save(scheduleId, totals);
  return `Lead watches since the last digest: ${leadWords(leads, reports, emails, 0)}.`;
}

/** The digest line of the watches in `book` (a schedule's run). */
export const leadsDigestIn = (book: Book, scheduleId: string): string | null =>
  leadsDigestLine(watchPorts(book), scheduleId);
