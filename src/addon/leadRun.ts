/**
 * One lead watch's run over its sheet's open rows, on the kit: each row's report (a preview, or
 * the no-cost link), the e-mails domain/leads.ts plans, and each row's `Lead status`. Called under
 * the document's Generate claim (src/addon/leads.ts).
 */
import { foundGrid, type Kit, type TableAt } from '../kit/ports';
import { leadStore, mailLedger } from '../kit/leads';
import type { SheetRef } from '../domain/table';
import { REGISTRY_LOCK_WAIT_MS, WRITE_LOCK_WAIT_MS } from '../limits';
import {
  LEAD_COLUMNS,
  isOpenLead,
  LEAD_STATUS,
  leadError,
  openLeads,
  ledgerRefusal,
  planLeadMail,
  reportWasDue,
  type LeadRow,
  type LeadWatch,
  type MailDecision,
  type ReportOutcome,
  type WaitsFor,
  withinToday,
} from '../domain/leads';
import {
  admittedLeads,
  ledgerAfterRun,
  lastTry,
  retryDue,
  type Tries,
  rowIds,
  unhandled,
  type RowLedger,
} from '../domain/leadRowLedger';
import { isErrorOf } from '../domain/status';
import { needsPermission } from '../domain/permissions';
import { PREVIEW_COLUMNS, PREVIEW_HEADERS } from '../domain/previewColumns';
import { reportTriggerLink } from '../domain/reportLink';
import { findColumns, HEADER_ROW } from '../domain/table';
import { parseWebsite } from '../domain/website';

/** One lead watch's run (src/addon/leadRun.ts): the kit, the watched sheet, and its previews. */
export interface LeadRun {
  kit: Kit;
  /** The watched sheet, as the run found it (by its id: it may have been renamed). */
  list: SheetRef;
  /**
   * The sheet is a form's responses sheet: its leads are only the rows the owner's record admits
   * (each delivered by a form-submit event, or accepted by her), never rows pasted or typed there.
   */
  form: boolean;
  /**
   * Previews for rows (Generate's plan and writer): the account-wide refusal that stopped it, and
   * the report link the service gave this person's key for each preview made, by its uuid.
   */
  previews(
    rows: readonly number[],
    websiteColumn: number,
  ): { refusal: string | null; links: ReadonlyMap<string, string>; requests: number };
  /**
   * Renews the run's claim on the document, before each e-mail: a run whose e-mails take minutes
   * keeps it while it works, so the next response's run finds it busy, not lapsed.
   */
  keepClaim?(): void;
}

/** E-mails a day kept for the schedules' alerts and reports, which matter to the owner too. */
const MAIL_RESERVE = 5;

/** What a run did: the rows it handled, their statuses, and how many reports it made. */
export interface LeadRunResult {
  open: LeadRow[];
  final: MailDecision[];
  reports: number;
  /** Requests the run sent to the service (its previews). */
  requests: number;
  /** Rows left for tomorrow: today's allowance is used. */
  held: number;
  /** Waiting rows left out: what they wait for (a permission, the day's e-mails) still holds. */
  parked: number;
  /** Rows of a form's sheet no form response delivered: they wait for the owner's Accept. */
  unadmitted: number;
}

/** `leftToday`: new rows the watch may still handle today (domain/leads.ts LEADS_PER_DAY). */
export function runLeads(
  ports: LeadRun,
  watch: LeadWatch,
  leftToday: number,
): LeadRunResult | null {
  const { kit } = ports;
  const values = foundGrid(kit, ports.list).values;
  const rows = leadRows(values);
  const ids = rowIds(rows, watch);
  const store = leadStore(kit, kit.tables.fileId());
  const ledger = store.rows.read(watch.id) ?? earlierVersionsLedger(rows, ids);
  const tried = (row: number) => ledger.tries?.get(ids.get(row)!);
  // On a form's sheet, a row is a lead once admitted: what an editor pastes there spends nothing.
  const admitted = ports.form ? store.admitted.read(watch.id) : null;
  const unhandledRows = unhandled(rows, ids, ledger, watch);
  const { leads: all, unadmitted } = admittedLeads(unhandledRows, ids, admitted);
  // A preview that got no answer is tried again at its time, not at every run that comes.
  const due = all.filter((r) => retryDue(tried(r.row), kit.account.now()));
  const { now: open, held, parked: parkedNow } = withinToday(due, leftToday, waitsNow(kit, watch));
  const parked = parkedNow + all.length - due.length;
  // Only rows still waiting: nothing changed since the run that counted them.
  if (!open.length)
    return held || unadmitted
      ? { open, final: [], reports: 0, requests: 0, held, parked, unadmitted }
      : null;
  const header = (values[HEADER_ROW - 1] ?? []).map((h) => String(h).trim());
  const kept = (row: number): Recorded => ({
    link: ledger.links.get(ids.get(row)!) ?? null,
    tries: tried(row),
  });
  const site = header.indexOf(watch.website) + 1;
  const { reports, requests } = makeReports(ports, watch, open, site, kept);
  const final = mailLeads(ports, watch, open, reports);
  writeStatuses(ports, watch, ids, final);
  recordRows(kit, watch, { ledger, ids, admitted }, final, reports);
  const made = open.filter((r) => reportWasDue(r.status) && 'link' in reports.get(r.row)!);
  return { open, final, reports: made.length, requests, held, parked, unadmitted };
}

/**
 * The owner's records after a run: each row's outcome in the watch's record, and the rows taken
 * for good out of the admitted ones (a row still open stays admitted).
 */
function recordRows(
  kit: Kit,
  watch: LeadWatch,
  before: { ledger: RowLedger; ids: ReadonlyMap<number, string>; admitted: Set<string> | null },
  final: MailDecision[],
  reports: Map<number, ReportOutcome>,
): void {
  const outcome = final.map((d) => {
    const report = reports.get(d.row)!;
    const link = 'link' in report ? report.link : null;
    const retry = 'retry' in report;
    return { row: d.row, final: !d.status.startsWith('waits'), link, retry };
  });
  const after = ledgerAfterRun(before.ledger, before.ids, outcome, kit.account.now());
  const store = leadStore(kit, kit.tables.fileId());
  store.rows.save(watch.id, after);
  // Only what this run took for good leaves: rows delivered while it ran are not in its reading.
  if (before.admitted) store.admitted.change(watch.id, [], (id) => !after.done.has(id));
}

/** Each handled row's final decision: the e-mails planned, sent, and what became of each. */
function mailLeads(
  ports: LeadRun,
  watch: LeadWatch,
  open: LeadRow[],
  reports: Map<number, ReportOutcome>,
): MailDecision[] {
  const { kit } = ports;
  const decisions = planLeadMail(
    open.map((r) => ({ ...r, report: reports.get(r.row)! })),
    watch,
    mailLedger(kit).read(kit.account.now()),
    Math.max(0, kit.outbox.recipientsLeft() - MAIL_RESERVE),
    kit.account.granted('mail') ? null : needsPermission('mail'),
  );
  const failed = sendLeadMail(ports, decisions);
  return decisions.map((d) => (failed.has(d.row) ? { row: d.row, status: failed.get(d.row)! } : d));
}

/** What holds waiting rows back this run (domain/leads.ts stillWaits). */
const waitsNow = (kit: Kit, watch: LeadWatch): WaitsFor => ({
  report:
    watch.mode === 'preview' && (!kit.service.config().apiKey || !kit.account.granted('service')),
  mail: !kit.account.granted('mail') || kit.outbox.recipientsLeft() <= MAIL_RESERVE,
});

/**
 * A watch an earlier version ran has no record yet: its rows' statuses are taken as it left them,
 * once (every later run reads the record, never a status).
 */
function earlierVersionsLedger(rows: LeadRow[], ids: ReadonlyMap<number, string>): RowLedger {
  return {
    done: new Set(rows.filter((r) => !isOpenLead(r.status)).map((r) => ids.get(r.row)!)),
    links: new Map(),
  };
}

/** A sheet's rows below its header, each as its cells by header and its Lead status. */
export function leadRows(values: unknown[][]): LeadRow[] {
  const header = (values[HEADER_ROW - 1] ?? []).map((h) => String(h).trim());
  const status = findColumns(values[HEADER_ROW - 1] ?? [], {
    status: LEAD_COLUMNS.status.header,
  }).status;
  const rows: LeadRow[] = [];
  for (let row = HEADER_ROW + 1; row <= values.length; row++) {
    const line = values[row - 1] ?? [];
    const cells = Object.fromEntries(header.map((h, i) => [h, line[i] ?? '']));
    rows.push({ row, cells, status: status ? String(line[status - 1] ?? '') : '' });
  }
  return rows;
}

/** What the owner's record holds of a row: the link its waiting e-mail carries, its tries. */
interface Recorded {
  link: string | null;
  tries: Tries | undefined;
}

/** Why no report can be made this run (no key, the service not granted); null when one can. */
const reportWaits = (kit: Kit): string | null =>
  !kit.service.config().apiKey
    ? 'no key saved in Settings'
    : kit.account.granted('service')
      ? null
      : needsPermission('service');

/**
 * Each open row's report link, or why it has none yet. `kept`: what the owner's record holds of
 * the row (the link of a report an earlier run made, runs that got no answer for it).
 */
function makeReports(
  ports: LeadRun,
  watch: LeadWatch,
  open: LeadRow[],
  websiteColumn: number,
  kept: (row: number) => Recorded,
): { reports: Map<number, ReportOutcome>; requests: number } {
  const { kit } = ports;
  const { baseUrl } = kit.service.config();
  if (watch.mode === 'link')
    return { reports: writeTriggerLinks(ports, baseUrl, watch, open), requests: 0 };
  const waits = reportWaits(kit);
  if (waits) return { reports: new Map(open.map((r) => [r.row, { waits }])), requests: 0 };
  const { refusal, links, requests } = ports.previews(
    open.map((r) => r.row),
    websiteColumn,
  );
  const values = foundGrid(kit, ports.list).values;
  const columns = findColumns(values[HEADER_ROW - 1] ?? [], PREVIEW_HEADERS);
  const at = (row: number, key: keyof typeof PREVIEW_HEADERS) =>
    columns[key] ? String(values[row - 1]?.[columns[key] - 1] ?? '') : '';
  const noCost = (r: LeadRow) => {
    const site = parseWebsite(r.cells[watch.website]);
    return site.ok ? reportTriggerLink(baseUrl, site.url) : '';
  };
  const reports = new Map(
    open.map((r) => [
      r.row,
      previewOutcome(
        at(r.row, 'status'),
        links.get(at(r.row, 'uuid')) ?? kept(r.row).link ?? noCost(r),
        at(r.row, 'message'),
        refusal,
        lastTry(kept(r.row).tries, kit.account.now()),
      ),
    ]),
  );
  return { reports, requests };
}

/**
 * A row's report: the link the service gave the owner's key for its preview; a row whose preview
 * was there before (typed or pasted by anyone, or reused from another row) gets the no-cost link
 * built from its website, never the link its cell holds. A preview that got no answer (a dropped
 * connection, the service failing) is tried again with growing waits for three days
 * (domain/leadRowLedger.ts RETRY_AFTER_MS); `last`: that was the last try.
 */
function previewOutcome(
  status: string,
  link: string,
  message: string,
  refusal: string | null,
  last: boolean,
): ReportOutcome {
  if (link && (status === 'pending' || status === 'complete')) return { link };
  const passing = isErrorOf(status, 'no answer') || isErrorOf(status, 'service error');
  if (passing && !last) return { waits: RETRIED, retry: true };
  if (status === 'failed' || status.startsWith('error'))
    return { error: (message || status).replace(/^error: /, '') };
  return { waits: refusal ?? 'not sent yet (the day’s requests, or the run’s time, ran out)' };
}

const RETRIED =
  'the service did not answer (a dropped connection, or it was failing): tried again within minutes, then with longer waits for three days';

/** Without a key: the service's no-cost link, which starts the preview when the lead opens it. */
function writeTriggerLinks(ports: LeadRun, baseUrl: string, watch: LeadWatch, open: LeadRow[]) {
  const out = new Map<number, ReportOutcome>();
  for (const r of open) {
    const site = parseWebsite(r.cells[watch.website]);
    out.set(
      r.row,
      site.ok
        ? { link: reportTriggerLink(baseUrl, site.url) }
        : { error: site.blank ? 'no website' : site.message },
    );
  }
  const patches = new Map<number, { reportUrl: string }>();
  for (const [row, o] of out) if ('link' in o) patches.set(row, { reportUrl: o.link });
  const held = ports.kit.locks.document(WRITE_LOCK_WAIT_MS);
  if (held)
    try {
      ports.kit.tables.write(ports.list, { reportUrl: PREVIEW_COLUMNS.reportUrl }, patches);
    } finally {
      held.release();
    }
  return out;
}

/**
 * Sends the planned e-mails, each recorded in the owner's ledger as soon as MailApp has sent it
 * (never before: a run cut off before sending leaves it to the next run). Returns, by row, the
 * status of each e-mail that could not go: the day's quota met meanwhile (it waits), or an
 * address Google refuses (said on its row).
 */
function sendLeadMail(ports: LeadRun, decisions: MailDecision[]): Map<number, string> {
  const { kit } = ports;
  const ledger = mailLedger(kit);
  const failed = new Map<number, string>();
  for (const d of decisions) {
    if (!('send' in d)) continue;
    ports.keepClaim?.();
    // The owner's own lock, which her runs in every file share; one that waited in vain goes
    // ahead (an e-mail of this file must not wait on another's run). Taken, it reads her records
    // afresh, and nothing else writes them while it is held.
    const held = kit.locks.mine(REGISTRY_LOCK_WAIT_MS);
    const afresh = held === null;
    try {
      const ledgerNow = ledger.read(kit.account.now(), afresh);
      const status = ledgerRefusal(ledgerNow, d.send) ?? sendOne(kit, d.send);
      if (status) failed.set(d.row, status);
      else ledger.record(d.send, kit.account.now(), afresh);
    } finally {
      held?.release();
    }
  }
  return failed;
}

/** One lead e-mail; null when it went, else the row's status. */
function sendOne(kit: Kit, s: { to: string; subject: string; body: string }): string | null {
  try {
    return kit.outbox.mail([s.to], s.subject, s.body) === 'sent' ? null : LEAD_STATUS.tomorrow;
  } catch (error) {
    // MailApp refuses an address its own rules reject ("Invalid email: …").
    console.warn('A lead e-mail was refused', error instanceof Error ? error.name : typeof error);
    return leadError('Google refused this e-mail address');
  }
}

/**
 * Each handled row's status, written under the lock over the sheet as it is now: a row moved
 * meanwhile (the sheet sorted, a row inserted above) is found again by its name in the owner's
 * record (domain/leadRowLedger.ts rowIds: identical rows by their order), `ids` as the run began.
 */
function writeStatuses(
  ports: LeadRun,
  watch: LeadWatch,
  ids: ReadonlyMap<number, string>,
  final: MailDecision[],
): void {
  const { kit } = ports;
  const now = new Date(kit.account.now());
  const held = kit.locks.document(WRITE_LOCK_WAIT_MS);
  if (!held) return;
  try {
    const values = foundGrid(kit, ports.list).values;
    const where = new Map([...rowIds(leadRows(values), watch)].map(([row, id]) => [id, row]));
    const patches = new Map<number, Partial<Record<keyof typeof LEAD_COLUMNS, unknown>>>();
    for (const d of final) {
      const row = where.get(ids.get(d.row)!);
      if (row !== undefined)
        patches.set(row, { status: d.status, ...('send' in d ? { emailed: now } : {}) });
    }
    kit.tables.write(ports.list, LEAD_COLUMNS, patches, values);
  } finally {
    held.release();
  }
}

/** Rows already in a sheet when it starts being watched: left alone, and saying so. */
export function markEarlierRows(kit: Kit, at: TableAt, watch: LeadWatch): number {
  const values = kit.tables.grid(at)?.values ?? [];
  const rows = openLeads(leadRows(values), watch);
  if (rows.length)
    kit.tables.write(
      at,
      LEAD_COLUMNS,
      new Map(rows.map((r) => [r.row, { status: LEAD_STATUS.earlier }])),
      values,
    );
  return rows.length;
}
