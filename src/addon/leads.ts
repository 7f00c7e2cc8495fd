/**
 * Lead magnets: a watched sheet's new rows get their report (a scan preview with the owner's key,
 * or the no-cost trigger link), and each lead may be e-mailed the link. A form's response is
 * handled within its form-submit event; anything else (a sync, a paste, an event Google lost) by
 * the hourly run. Both run as the watch's owner, under the document's Generate claim, and a row's
 * `Lead status` says it was handled, so it is handled once whichever run comes first.
 */
import type { LeadsReport, LeadsView, LeadWatchInput, LeadWatchView } from '../contract/leads';
import {
  checkWatch,
  LEAD_COLUMNS,
  LEAD_STATUS,
  leadError,
  openLeads,
  planLeadMail,
  reportWasDue,
  type LeadRow,
  type LeadWatch,
  type MailDecision,
  type ReportOutcome,
} from '../domain/leads';
import { PREVIEW_COLUMNS } from '../domain/previewColumns';
import { reportTriggerLink } from '../domain/reportLink';
import { isOutputSheet } from '../domain/outputSheets';
import { needsPermission } from '../domain/permissions';
import { parseWebsite } from '../domain/website';
import { HEADER_ROW } from '../domain/table';
import { activeBook, myEmail, newId } from '../gas/active';
import { setBackgroundWork } from '../gas/backgroundWork';
import { appsScriptClock } from '../gas/clock';
import {
  digestedTotals,
  mailedRecord,
  saveDigestedTotals,
  myWatches,
  recordMailed,
  saveMyWatch,
  saveSharedWatch,
  sharedWatches,
  unrecordMailed,
  type SharedWatch,
  type WatchStats,
} from '../gas/leadStore';
import { withDocumentLock } from '../gas/lock';
import { mailLeft, sendMail } from '../gas/mail';
import { granted, permissionState } from '../gas/permissions';
import { logAction, startedFrom } from '../gas/runLog';
import { clientConfig } from '../gas/settings';
import { cell, openTable, readGrid, readHeaderRow, writePatches } from '../gas/sheetTable';
import { ensureFormTrigger, removeFormTrigger } from '../gas/triggers';
import { WRITE_LOCK_WAIT_MS } from '../limits';
import { previewRows, withGenerationClaim } from './previewGeneration';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** E-mails a day kept for the schedules' alerts and reports, which matter to the owner too. */
const MAIL_RESERVE = 5;

export function getLeads(): LeadsView {
  const book = activeBook();
  const mine = new Map(myWatches(book.getId()).map((w) => [w.id, w]));
  // A watch saved before background runs were granted gets its form trigger once they are.
  if (mine.size) ensureFormTrigger(book);
  const me = myEmail();
  return {
    watches: sharedWatches(book).map((w) => watchView(w, me, mine.get(w.id))),
    sheets: book
      .getSheets()
      .filter((s) => !isOutputSheet(s.getName()))
      .map((s) => ({
        name: s.getName(),
        headers: readHeaderRow(s)
          .map((h) => String(h).trim())
          .filter(Boolean),
      })),
    hasKey: !!clientConfig().apiKey,
    missing: permissionState()
      .missing.filter((p) => p !== 'decks')
      .map(needsPermission),
  };
}

function watchView(w: SharedWatch, me: string, own: LeadWatch | undefined): LeadWatchView {
  const today = w.stats.day === dayOf(appsScriptClock.now());
  return {
    id: w.id,
    sheetName: w.sheetName,
    website: w.website,
    email: w.email,
    consent: w.consent,
    mode: w.mode,
    owner: w.owner,
    mine: w.owner === me && !!own,
    mail: w.owner === me ? (own?.mail ?? null) : null,
    lastNewRow: w.stats.lastNewRow ? new Date(w.stats.lastNewRow).toISOString() : null,
    reportsToday: today ? w.stats.reports : 0,
    emailsToday: today ? w.stats.emails : 0,
    waiting: w.stats.waiting,
  };
}

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function saveLeadWatch(input: LeadWatchInput): LeadsReport {
  const book = activeBook();
  const view = getLeads();
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
  const sheet = book.getSheetByName(checked.watch.sheetName)!;
  const watch: LeadWatch = {
    ...checked.watch,
    id: taken?.id ?? newId(),
    sheetId: sheet.getSheetId(),
    owner: myEmail(),
    created: appsScriptClock.now(),
  };
  const earlier = checked.includeEarlier || taken ? 0 : markEarlierRows(sheet, watch);
  saveMyWatch(book.getId(), watch.id, watch);
  saveSharedWatch(book, watch.id, shared(watch, emptyStats()));
  const instant = ensureFormTrigger(book);
  setBackgroundWork(book.getId(), 'leads', 1);
  if (checked.includeEarlier) runWatch(book, watch);
  return { ok: true, message: savedMessage(watch, earlier, instant), view: getLeads() };
}

function savedMessage(watch: LeadWatch, earlier: number, instant: boolean): string {
  const when = instant
    ? 'A form’s response is handled within seconds, other new rows within the hour.'
    : `New rows wait until you grant it: ${needsPermission('background')} (Settings).`;
  const left = earlier
    ? ` ${earlier === 1 ? 'The row already there says' : `The ${earlier} rows already there say`} "${LEAD_STATUS.earlier}".`
    : '';
  return `Watching "${watch.sheetName}". ${when}${left}`;
}

const emptyStats = (): WatchStats => ({
  lastNewRow: null,
  day: dayOf(appsScriptClock.now()),
  reports: 0,
  emails: 0,
  waiting: 0,
});

function shared(w: LeadWatch, stats: SharedWatch['stats']): SharedWatch {
  const { mail, ...rest } = w;
  return { ...rest, mailing: !!mail, stats };
}

/** Rows already in the sheet are left alone, and say so (a status users can filter on). */
function markEarlierRows(sheet: Sheet, watch: LeadWatch): number {
  return withDocumentLock(
    WRITE_LOCK_WAIT_MS,
    () => {
      const rows = openLeads(readLeadRows(sheet), watch);
      if (!rows.length) return 0;
      const table = openTable(sheet, LEAD_COLUMNS, true);
      writePatches(table, new Map(rows.map((r) => [r.row, { status: LEAD_STATUS.earlier }])));
      return rows.length;
    },
    () => 0,
  );
}

export function deleteLeadWatch(id: string): LeadsReport {
  const book = activeBook();
  const view = getLeads();
  const w = view.watches.find((x) => x.id === id);
  if (!w) return { ok: false, message: 'That watch is gone already.', view };
  if (!w.mine) return { ok: false, message: `Only ${w.owner} can stop this watch.`, view };
  saveMyWatch(book.getId(), id, null);
  saveSharedWatch(book, id, null);
  if (myWatches(book.getId()).length === 0) {
    removeFormTrigger(book.getId());
    setBackgroundWork(book.getId(), 'leads', 0);
  }
  return { ok: true, message: `Stopped watching "${w.sheetName}".`, view: getLeads() };
}

/** The form-submit trigger's handler: the person's watches on the sheet the response went to. */
export function onLeadResponse(event?: { range?: GoogleAppsScript.Spreadsheet.Range }): void {
  startedFrom('trigger');
  const sheet = event?.range?.getSheet();
  if (!sheet) return;
  const book = sheet.getParent();
  const id = sheet.getSheetId();
  for (const w of myWatches(book.getId())) if (w.sheetId === id) runWatch(book, w);
}

/** The hourly run: every watch of this person in the document. */
export function runLeadWatchesIn(book: Book): void {
  for (const w of myWatches(book.getId())) runWatch(book, w);
}

/**
 * One watch's open rows, handled under the document's Generate claim; when another run holds it
 * (a Generate press, a teammate's watch), the rows wait for the next run, losing nothing.
 */
function runWatch(book: Book, saved: LeadWatch): void {
  const sheet = book.getSheets().find((s) => s.getSheetId() === saved.sheetId);
  if (!sheet) return;
  // Renamed since: the watch follows its sheet, and says its new name.
  const watch = { ...saved, sheetName: sheet.getName() };
  if (watch.sheetName !== saved.sheetName) saveMyWatch(book.getId(), watch.id, watch);
  const claim = { run: newId(), started: appsScriptClock.now() };
  withGenerationClaim(
    book,
    claim.run,
    claim.started,
    () => handle(sheet, watch, claim),
    () => undefined,
  );
}

function handle(sheet: Sheet, watch: LeadWatch, claim: { run: string; started: number }): void {
  const open = openLeads(readLeadRows(sheet), watch);
  if (!open.length) return;
  const reports = makeReports(sheet, watch, open, claim);
  const docId = sheet.getParent().getId();
  const decisions = planLeadMail(
    open.map((r) => ({ ...r, report: reports.get(r.row)! })),
    watch,
    mailedRecord(docId),
    Math.max(0, mailLeft() - MAIL_RESERVE),
    granted('mail') ? null : needsPermission('mail'),
  );
  const failed = sendLeadMail(docId, decisions);
  const final = decisions.map((d) =>
    failed.has(d.row) ? { row: d.row, status: failed.get(d.row)! } : d,
  );
  writeStatuses(sheet, watch, open, final);
  const made = open.filter((r) => reportWasDue(r.status) && 'link' in reports.get(r.row)!);
  recordRun(sheet, watch, { open, final, reports: made.length });
}

/** The sheet's rows below its header, each as its cells by header and its Lead status. */
function readLeadRows(sheet: Sheet): LeadRow[] {
  const values = readGrid(sheet);
  const header = (values[HEADER_ROW - 1] ?? []).map((h) => String(h).trim());
  const table = openTable(sheet, LEAD_COLUMNS, false, values);
  const rows: LeadRow[] = [];
  for (let row = HEADER_ROW + 1; row <= values.length; row++) {
    const line = values[row - 1] ?? [];
    const cells = Object.fromEntries(header.map((h, i) => [h, line[i] ?? '']));
    rows.push({ row, cells, status: String(cell(table, row, 'status') ?? '') });
  }
  return rows;
}

/** Each open row's report link, or why it has none yet. */
function makeReports(
  sheet: Sheet,
  watch: LeadWatch,
  open: LeadRow[],
  claim: { run: string; started: number },
): Map<number, ReportOutcome> {
  if (watch.mode === 'link') return writeTriggerLinks(sheet, watch, open);
  const waits = !clientConfig().apiKey
    ? 'no key saved in Settings'
    : granted('service')
      ? null
      : needsPermission('service');
  if (waits) return new Map(open.map((r) => [r.row, { waits }]));
  const column =
    readHeaderRow(sheet)
      .map((h) => String(h).trim())
      .indexOf(watch.website) + 1;
  const { refusal } = previewRows(
    sheet,
    column,
    open.map((r) => r.row),
    claim,
  );
  const table = openTable(sheet, PREVIEW_COLUMNS, false);
  return new Map(open.map((r) => [r.row, previewOutcome(table, r.row, refusal)]));
}

function previewOutcome(
  table: ReturnType<typeof openTable<keyof typeof PREVIEW_COLUMNS>>,
  row: number,
  refusal: string | null,
): ReportOutcome {
  const status = String(cell(table, row, 'status') ?? '');
  const link = String(cell(table, row, 'reportUrl') ?? '');
  if (link && (status === 'pending' || status === 'complete')) return { link };
  if (status === 'failed' || status.startsWith('error'))
    return { error: String(cell(table, row, 'message') || status).replace(/^error: /, '') };
  return { waits: refusal ?? 'not sent yet (the day’s requests, or the run’s time, ran out)' };
}

/** Without a key: the service's no-cost link, which starts the preview when the lead opens it. */
function writeTriggerLinks(sheet: Sheet, watch: LeadWatch, open: LeadRow[]) {
  const base = clientConfig().baseUrl;
  const out = new Map<number, ReportOutcome>();
  for (const r of open) {
    const site = parseWebsite(r.cells[watch.website]);
    out.set(
      r.row,
      site.ok
        ? { link: reportTriggerLink(base, site.url) }
        : { error: site.blank ? 'no website' : site.message },
    );
  }
  withDocumentLock(
    WRITE_LOCK_WAIT_MS,
    () => {
      const table = openTable(sheet, { reportUrl: PREVIEW_COLUMNS.reportUrl }, true);
      const patches = new Map<number, { reportUrl: string }>();
      for (const [row, o] of out) if ('link' in o) patches.set(row, { reportUrl: o.link });
      writePatches(table, patches);
    },
    () => undefined,
  );
  return out;
}

/**
 * Sends the planned e-mails, each recorded first (a run cut off after sending never sends it
 * again). Returns, by row, the status of each e-mail that could not go: the day's quota met
 * meanwhile (it waits), or an address Google refuses (said on its row); neither stays recorded.
 */
function sendLeadMail(docId: string, decisions: MailDecision[]): Map<number, string> {
  const sends = decisions.flatMap((d) => ('send' in d ? [{ row: d.row, ...d.send }] : []));
  recordMailed(
    docId,
    sends.map((s) => s.key),
  );
  const failed = new Map<number, string>();
  const unsent: string[] = [];
  for (const s of sends) {
    const status = sendOne(s);
    if (status) {
      failed.set(s.row, status);
      unsent.push(s.key);
    }
  }
  unrecordMailed(docId, unsent);
  return failed;
}

/** One lead e-mail; null when it went, else the row's status. */
function sendOne(s: { to: string; subject: string; body: string }): string | null {
  try {
    return sendMail([s.to], s.subject, s.body) === 'sent' ? null : LEAD_STATUS.tomorrow;
  } catch (error) {
    // MailApp refuses an address its own rules reject ("Invalid email: …").
    console.warn('A lead e-mail was refused', error instanceof Error ? error.name : typeof error);
    return leadError('Google refused this e-mail address');
  }
}

/** What a row is, whatever its number: its first cell (a form's timestamp), website and address. */
const identity = (r: LeadRow, watch: LeadWatch): string =>
  JSON.stringify([
    Object.values(r.cells)[0],
    r.cells[watch.website],
    watch.email ? r.cells[watch.email] : '',
  ]);

/**
 * Each handled row's status, written under the lock over the sheet as it is now: a row moved
 * meanwhile (the sheet sorted, a row inserted above) is found again by what it holds.
 */
function writeStatuses(sheet: Sheet, watch: LeadWatch, open: LeadRow[], final: MailDecision[]) {
  const before = new Map(open.map((r) => [r.row, identity(r, watch)]));
  const now = new Date(appsScriptClock.now());
  withDocumentLock(
    WRITE_LOCK_WAIT_MS,
    () => {
      const rows = readLeadRows(sheet);
      const at = new Map(rows.map((r) => [identity(r, watch), r.row]));
      const table = openTable(sheet, LEAD_COLUMNS, true);
      const patches = new Map<number, Partial<Record<keyof typeof LEAD_COLUMNS, unknown>>>();
      for (const d of final) {
        const row = at.get(before.get(d.row)!);
        if (row === undefined) continue;
        patches.set(row, { status: d.status, ...('send' in d ? { emailed: now } : {}) });
      }
      writePatches(table, patches);
    },
    () => undefined,
  );
}

/** Today's counts for every editor's view, and a line in the run log. */
function recordRun(
  sheet: Sheet,
  watch: LeadWatch,
  { open, final, reports }: { open: LeadRow[]; final: MailDecision[]; reports: number },
): void {
  const book = sheet.getParent();
  const now = appsScriptClock.now();
  const old = sharedWatches(book).find((w) => w.id === watch.id)?.stats ?? emptyStats();
  const fresh = old.day === dayOf(now) ? old : emptyStats();
  const isNew = open.filter((r) => r.status.trim() === '').length;
  const emails = final.filter((d) => 'send' in d && d.status === LEAD_STATUS.emailed).length;
  const waiting = final.filter((d) => d.status.startsWith('waits')).length;
  const total = old.total ?? { leads: 0, reports: 0, emails: 0 };
  saveSharedWatch(
    book,
    watch.id,
    shared(watch, {
      lastNewRow: isNew ? now : old.lastNewRow,
      day: fresh.day,
      reports: fresh.reports + reports,
      emails: fresh.emails + emails,
      waiting,
      total: {
        leads: total.leads + isNew,
        reports: total.reports + reports,
        emails: total.emails + emails,
      },
    }),
  );
  logAction(book, 'lead watch', {
    sheet: watch.sheetName,
    rows: final.length,
    requests: '',
    changed: reports,
    errors: final.filter((d) => d.status.startsWith('error')).length,
    result: leadWords(isNew, reports, emails, waiting),
  });
}

const leadWords = (isNew: number, reports: number, emails: number, waiting: number): string =>
  [
    `${isNew} new lead${isNew === 1 ? '' : 's'}`,
    `${reports} report${reports === 1 ? '' : 's'}`,
    `${emails} e-mailed`,
    ...(waiting ? [`${waiting} waiting`] : []),
  ].join(', ');

/**
 * The line a schedule's digest gives this person's lead watches in the document: what they did
 * since that schedule's last digest ("12 new leads, 11 reports, 9 e-mailed"), or null for nothing.
 */
export function leadsDigestLine(book: Book, scheduleId: string): string | null {
  const me = myEmail();
  const totals = sharedWatches(book)
    .filter((w) => w.owner === me && w.stats.total)
    .reduce(
      (sum, w) => ({
        leads: sum.leads + w.stats.total!.leads,
        reports: sum.reports + w.stats.total!.reports,
        emails: sum.emails + w.stats.total!.emails,
      }),
      { leads: 0, reports: 0, emails: 0 },
    );
  const before = digestedTotals(scheduleId);
  const leads = Math.max(0, totals.leads - before.leads);
  const reports = Math.max(0, totals.reports - before.reports);
  const emails = Math.max(0, totals.emails - before.emails);
  if (!leads && !reports && !emails) return null;
  saveDigestedTotals(scheduleId, totals);
  return `Lead watches since the last digest: ${leadWords(leads, reports, emails, 0)}.`;
}
