/**
 * Lead magnets: a watched sheet's new rows get their report (a scan preview with the owner's key,
 * or the no-cost trigger link), and each lead may be e-mailed the link. A form's response is
 * handled within its form-submit event; anything else (a sync, a paste, an event Google lost) by
 * the hourly run. Both run as the watch's owner, under the document's Generate claim, and a row's
 * `Lead status` says it was handled, so it is handled once whichever run comes first.
 */
import type { Kit, SheetInfo } from '../kit/ports';
import type { LeadsReport, LeadsView, LeadWatchInput, LeadWatchView } from '../contract/leads';
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
import { withRoomNotice } from '../gas/docMetadata';
import { appsScriptKit } from '../gas/kit';
import { RUN_BUDGET_MS, WRITE_LOCK_WAIT_MS } from '../limits';
import { leadStore, type SharedWatch } from '../kit/leads';
import { firstTimeToday } from '../kit/once';
import { presser } from '../kit/previewRecords';
import { startedFrom } from '../gas/runLog';
import { leadRows, markEarlierRows, runLeads, type LeadRun, type LeadRunResult } from './leadRun';
import { rowIds, startingLedger, unhandled, type RowLedger } from '../domain/leadRowLedger';
import { previewRows } from './previewGeneration';
import type { FormTrigger } from '../kit/ports';

/** The Leads tab's work in a document: the kit, and how a watch's open rows are run now. */
export interface LeadsHere {
  kit: Kit;
  /** Handles a watch's open rows now (the run of a form response or the hourly run). */
  run(watch: LeadWatch): void;
}

/** The person's watches and their records in the kit's file. */
const storeOf = (kit: Kit) => leadStore(kit, kit.tables.fileId());

/** One of the file's sheets by its id, whatever it is called now; null when it is gone. */
const sheetById = (kit: Kit, id: number): SheetInfo | null => kit.tables.sheet({ sheetId: id });

/** A sheet's rows as leads ([] where it is gone). */
const rowsOf = (kit: Kit, sheet: SheetInfo | null) =>
  sheet ? leadRows(kit.tables.grid(sheet)?.values ?? []) : [];

export function listLeads({ kit }: Pick<LeadsHere, 'kit'>): LeadsView {
  // A watch saved before background runs were granted gets its form trigger once they are.
  if (storeOf(kit).mine().length) kit.later.formTrigger();
  const all = kit.tables.sheets();
  return {
    watches: watchViews(kit, all),
    sheets: all
      .filter((s) => !isOutputSheet(s.name))
      .map((s) => ({
        name: s.name,
        headers: kit.tables
          .headers(s)
          .map((h) => String(h).trim())
          .filter(Boolean),
        form: s.form,
      })),
    hasKey: !!kit.service.config().apiKey,
    // Decks are not a watch's: the Leads tab names only what its rows wait on.
    missing: kit.account
      .permissions()
      .missing.filter((p) => p !== 'decks')
      .map(needsPermission),
  };
}

/** The document's watches as this person sees them, each under its sheet's name now. */
function watchViews(kit: Kit, sheets: SheetInfo[] = kit.tables.sheets()): LeadWatchView[] {
  const store = storeOf(kit);
  const mine = new Map(store.mine().map((w) => [w.id, w]));
  const names = new Map(sheets.map((s) => [s.sheetId, s.name]));
  const me = kit.account.email();
  const today = dayOf(kit.account.now());
  return store.shared().map((w) => watchView({ me, today }, w, mine.get(w.id), names));
}

function watchView(
  { me, today: day }: { me: string; today: string },
  w: SharedWatch,
  own: LeadWatch | undefined,
  sheets: Map<number, string>,
): LeadWatchView {
  const today = w.stats.day === day;
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
    mine: w.owner === me && !!own,
    mail: w.owner === me ? (own?.mail ?? null) : null,
    lastNewRow: w.stats.lastNewRow ? new Date(w.stats.lastNewRow).toISOString() : null,
    reportsToday: today ? w.stats.reports : 0,
    emailsToday: today ? w.stats.emails : 0,
    waiting: w.stats.waiting,
    awaitingYou: w.stats.unadmitted ?? 0,
    gone: !sheets.has(w.sheetId),
  };
}

/** Why a watch cannot be saved as asked, in words; or the watch checked, and who watched it. */
function watchRefusal(kit: Kit, view: LeadsView, input: LeadWatchInput) {
  // A watch runs as its owner, named by address: without it, nobody could stop or see it as theirs.
  if (!kit.account.email()) return notGrantedMessage('email');
  const checked = checkWatch(input, view.sheets);
  if (!checked.ok) return checked.message;
  const taken = view.watches.find((w) => w.sheetName === checked.watch.sheetName);
  if (taken && !taken.mine) return `${taken.owner} watches this sheet already.`;
  if (checked.watch.mode === 'preview' && !view.hasKey)
    return 'Previews need your key (Settings); or choose the no-cost link.';
  return { ...checked, taken };
}

export function saveWatchIn(h: LeadsHere, input: LeadWatchInput): LeadsReport {
  const { kit } = h;
  const view = listLeads(h);
  const checked = watchRefusal(kit, view, input);
  if (typeof checked === 'string') return { ok: false, message: checked, view };
  const { taken, includeEarlier } = checked;
  const sheet = kit.tables.sheets().find((s) => s.name === checked.watch.sheetName)!;
  const watch: LeadWatch = {
    ...checked.watch,
    id: taken?.id ?? kit.account.newId(),
    sheetId: sheet.sheetId,
    owner: kit.account.email(),
    created: kit.account.now(),
  };
  const store = storeOf(kit);
  const earlier = includeEarlier || taken ? 0 : leaveEarlierRows(kit, sheet, watch);
  // A new watch's record of handled rows starts now: the rows already there, unless asked for
  // (then, on a form's sheet, they are leads by the owner's own choice).
  if (!taken) store.rows.save(watch.id, startRecord(kit, sheet, watch, includeEarlier));
  if (!taken && includeEarlier) store.admitted.change(watch.id, presentRows(kit, sheet, watch));
  store.saveMine(watch.id, watch);
  // An edit keeps the watch's counts: the digest counts on from them.
  const stats =
    store.shared().find((w) => w.id === watch.id)?.stats ?? emptyStats(kit.account.now());
  store.saveShared(watch.id, shared(watch, stats));
  const trigger = kit.later.formTrigger();
  kit.later.keep('leads', 1);
  if (includeEarlier) h.run(watch);
  // The sheets and their headers are as read at the start: only the watches changed.
  const after = { ...view, watches: watchViews(kit) };
  return { ok: true, message: savedMessage(watch, earlier, trigger, sheet.form), view: after };
}

/** The names of the rows in the watch's sheet with a website (domain/leadRowLedger.ts). */
function presentRows(kit: Kit, sheet: SheetInfo, watch: LeadWatch): string[] {
  const rows = rowsOf(kit, sheet);
  const ids = rowIds(rows, watch);
  return unhandled(rows, ids, { done: new Set(), links: new Map() }, watch).map((r) =>
    ids.get(r.row)!,
  );
}

/**
 * "Accept as leads": the rows of a form's sheet no form response delivered (pasted, typed, or a
 * response whose event Google lost), taken as leads by the watch's owner's own press, then run.
 */
export function acceptWith(h: LeadsHere, id: unknown): LeadsReport {
  const { kit } = h;
  const view = listLeads(h);
  const store = storeOf(kit);
  const watch = store.mine().find((w) => w.id === id);
  if (!watch) return { ok: false, message: 'Only the watch’s owner can accept its rows.', view };
  const rows = rowsOf(kit, sheetById(kit, watch.sheetId));
  const ids = rowIds(rows, watch);
  const ledger = store.rows.read(watch.id) ?? { done: new Set<string>(), links: new Map() };
  const admitted = store.admitted.read(watch.id);
  const accepted = unhandled(rows, ids, ledger, watch)
    .map((r) => ids.get(r.row)!)
    .filter((rowId) => !admitted.has(rowId));
  if (!accepted.length) return { ok: true, message: 'No rows wait for you.', view };
  store.admitted.change(watch.id, accepted);
  h.run(watch);
  const n = accepted.length;
  return {
    ok: true,
    message: `${n} row${n === 1 ? '' : 's'} accepted as leads: ${watch.mode === 'preview' ? 'reports on your key' : 'report links'}${watch.email ? ', e-mailed from your account' : ''}, at most ${dailyCapOf(watch)} a day.`,
    view: { ...view, watches: watchViews(kit) },
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

function startRecord(
  kit: Kit,
  sheet: SheetInfo,
  watch: LeadWatch,
  includeEarlier: boolean,
): RowLedger {
  return startingLedger(rowsOf(kit, sheet), watch, includeEarlier);
}

/** Rows already in the sheet are left alone, and say so (a status users can filter on). */
function leaveEarlierRows(kit: Kit, sheet: SheetInfo, watch: LeadWatch): number {
  const held = kit.locks.document(WRITE_LOCK_WAIT_MS);
  if (!held) return 0;
  try {
    return markEarlierRows(kit, sheet, watch);
  } finally {
    held.release();
  }
}

export function deleteWatchIn(h: LeadsHere, id: string): LeadsReport {
  const { kit } = h;
  const view = listLeads(h);
  const w = view.watches.find((x) => x.id === id);
  if (!w) return { ok: false, message: 'That watch is gone already.', view };
  if (!w.mine) return { ok: false, message: `Only ${w.owner} can stop this watch.`, view };
  const store = storeOf(kit);
  store.saveMine(id, null);
  store.saveShared(id, null);
  store.rows.save(id, null);
  if (store.mine().length === 0) {
    kit.later.dropFormTrigger();
    kit.later.keep('leads', 0);
  }
  return {
    ok: true,
    message: `Stopped watching "${w.sheetName}".`,
    view: { ...view, watches: watchViews(kit) },
  };
}

/** The watches in the file the kit is over, whose runs handle rows in its sheets. */
const leadsIn = (kit: Kit): LeadsHere => ({ kit, run: (w) => runWatch(kit, w) });

// The sidebar's calls, on the active spreadsheet.
export const getLeads = (): LeadsView => listLeads(leadsIn(appsScriptKit()));
export const saveLeadWatch = (input: LeadWatchInput): LeadsReport =>
  withRoomNotice(saveWatchIn(leadsIn(appsScriptKit()), input));
export const deleteLeadWatch = (id: string): LeadsReport =>
  deleteWatchIn(leadsIn(appsScriptKit()), id);
export const acceptLeadRows = (id: string): LeadsReport => acceptWith(leadsIn(appsScriptKit()), id);

/** The form-submit trigger's handler: the person's watches on the sheet the response went to. */
export function onLeadResponse(event?: { range?: GoogleAppsScript.Spreadsheet.Range }): void {
  startedFrom('trigger');
  const sheet = event?.range?.getSheet();
  if (!sheet) return;
  const kit = appsScriptKit(sheet.getParent());
  const id = sheet.getSheetId();
  const row = event!.range!.getRow();
  for (const w of storeOf(kit).mine()) if (w.sheetId === id) runWatch(kit, w, row);
}

/** The hourly run: every watch of this person in the kit's file. */
export function runLeadWatchesIn(kit: Kit): void {
  for (const w of storeOf(kit).mine()) runWatch(kit, w);
}

/** `delivered`: the row a form-submit event delivered, a lead before any claim is waited for. */
function runWatch(kit: Kit, saved: LeadWatch, delivered?: number): void {
  const sheet = sheetById(kit, saved.sheetId);
  if (!sheet) return;
  if (delivered) admitDelivered(kit, sheet, saved, delivered);
  runWatchWith(kit, sheet, saved);
}

/**
 * The row a form-submit event delivered, named as the watch's record names rows and admitted as
 * a lead: recorded before the run waits for the claim, so a burst's busy runs lose none.
 */
export function admitDelivered(kit: Kit, sheet: SheetInfo, watch: LeadWatch, row: number): void {
  if (!sheet.form) return;
  const id = rowIds(rowsOf(kit, sheet), watch).get(row);
  if (id) storeOf(kit).admitted.change(watch.id, [id]);
}

/**
 * One watch's open rows in its sheet (as found, by its id), handled under the document's Generate
 * claim; when another run holds it (a Generate press, a teammate's watch, this watch's run for an
 * earlier response of a burst), the rows are left to it, or wait for the next run, losing
 * nothing. Rows that arrive while it runs are taken in before it stops (domain/leads.ts
 * drainsAgain).
 */
export function runWatchWith(kit: Kit, sheet: SheetInfo, saved: LeadWatch): void {
  // Renamed since: the watch follows its sheet, and says its new name.
  const watch = { ...saved, sheetName: sheet.name };
  if (watch.sheetName !== saved.sheetName) storeOf(kit).saveMine(watch.id, watch);
  const started = kit.account.now();
  for (let round = 0, before = kit.tables.lastRow(sheet); ; round++) {
    if (!watchRound(kit, sheet, watch, started)) return;
    const after = kit.tables.lastRow(sheet);
    if (!drainsAgain(round, before, after) || kit.account.now() - started > RUN_BUDGET_MS) return;
    before = after;
  }
}

/** One round under the claim; false when another run holds it. */
function watchRound(kit: Kit, sheet: SheetInfo, watch: LeadWatch, started: number): boolean {
  const held = kit.locks.claim(kit.account.newId(), started);
  // What the run found filled (claiming, or in its work) is said once it lets the claim go.
  if (!held) return (sayFilled(kit), false);
  try {
    const list = { sheetId: sheet.sheetId, name: sheet.name };
    const run: LeadRun = {
      kit,
      list,
      form: sheet.form,
      previews: (rows, column) =>
        previewRows({ kit, presser: presser(kit), list, claim: held }, column, rows, started),
      keepClaim: () => void held.renew(),
    };
    // Read once under the claim, which no other run of this watch holds meanwhile; counted in
    // the owner's own record (a daily cap holds where the file has no room), else the file's.
    const store = storeOf(kit);
    const stats =
      store.stats(watch.id) ??
      store.shared().find((w) => w.id === watch.id)?.stats ??
      emptyStats(started);
    const result = runLeads(
      run,
      watch,
      leadsLeftToday(stats, kit.account.now(), dailyCapOf(watch)),
    );
    if (result) recordRun(kit, watch, stats, result);
    // Rows that waited for the owner's Accept are gone or taken: the count says so, unlogged.
    else if (stats.unadmitted)
      store.saveShared(watch.id, shared(watch, { ...stats, unadmitted: 0 }));
    return true;
  } finally {
    held.release();
    sayFilled(kit);
  }
}

/** A watch's run that found the file's metadata full says so in the log, once a day. */
function sayFilled(kit: Kit): void {
  const words = kit.records.roomNotice();
  if (words && firstTimeToday(kit, `room.${kit.tables.fileId()}`))
    kit.log.action('lead watch', {
      sheet: '',
      rows: '',
      requests: 0,
      changed: 0,
      errors: 0,
      result: `${words} This is said once a day.`,
    });
}

/** Today's counts for every editor's view, and a line in the run log. */
function recordRun(
  kit: Kit,
  watch: LeadWatch,
  old: WatchStats,
  { open, final, reports, requests, held, parked, unadmitted }: LeadRunResult,
): void {
  const isNew = open.filter((r) => r.status.trim() === '').length;
  const emails = final.filter((d) => 'send' in d && d.status === LEAD_STATUS.emailed).length;
  const waiting = final.filter((d) => d.status.startsWith('waits')).length + held + parked;
  const counts = { isNew, handled: open.length, reports, emails, waiting, unadmitted };
  storeOf(kit).saveShared(watch.id, shared(watch, statsAfterRun(old, counts, kit.account.now())));
  kit.log.action('lead watch', {
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
export function leadsDigestLine(kit: Kit, scheduleId: string): string | null {
  const store = storeOf(kit);
  const me = kit.account.email();
  const totals = store
    .shared()
    .filter((w) => w.owner === me && w.stats.total)
    .reduce(
      (sum, w) => ({
        leads: sum.leads + w.stats.total!.leads,
        reports: sum.reports + w.stats.total!.reports,
        emails: sum.emails + w.stats.total!.emails,
      }),
      { leads: 0, reports: 0, emails: 0 },
    );
  const before = store.digested(scheduleId);
  const leads = Math.max(0, totals.leads - before.leads);
  const reports = Math.max(0, totals.reports - before.reports);
  const emails = Math.max(0, totals.emails - before.emails);
  if (!leads && !reports && !emails) return null;
  store.saveDigested(scheduleId, totals);
  return `Lead watches since the last digest: ${leadWords(leads, reports, emails, 0)}.`;
}
