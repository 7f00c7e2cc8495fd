/**
 * Lead magnets as data: what a person may save as a watch, which rows of a watched sheet are new,
 * and what each new row's lead is sent (a report link by e-mail, only with consent, once per
 * address and site, within the day's recipients). The sheet's `Lead status` column is where a
 * row's handling is said, in a fixed vocabulary users filter on.
 */
import { DEFAULT_TEMPLATE, type LeadWatchInput } from '../contract/leads';
import { FORMATS, type Column } from './columns';
import { isBlank } from './cells';
import { oneLineTitle, plainText } from './destinations';
import { fnv1a } from './hash';
import { parseWebsite } from './website';

export const LEAD_COLUMNS = {
  status: { header: 'Lead status' },
  emailed: { header: 'Lead e-mailed', format: FORMATS.time },
} satisfies Record<string, Column<never>>;

/**
 * Each `Lead status` a row can hold. Blank: new, not handled yet. A status starting with
 * `waits` is handled again by the next run; every other one is final.
 */
export const LEAD_STATUS = {
  earlier: 'earlier row',
  started: 'report started',
  link: 'link written',
  emailed: 'e-mailed',
  emailedBefore: 'e-mailed before',
  noConsent: 'no consent',
  noAddress: 'no e-mail address',
  tomorrow: 'waits to e-mail: the day’s e-mails are used, tomorrow',
} as const;

const WAITS = 'waits';
const ERROR = 'error: ';

export const leadError = (reason: string): string => `${ERROR}${reason}`;
export const leadWaits = (reason: string): string => `${WAITS}: ${reason}`;
/** A row with its report whose e-mail waits (a permission; tomorrow's recipients have their own). */
const mailWaits = (reason: string): string => `${WAITS} to e-mail: ${reason}`;

/** A row's report was made on this run, not before: it was new, or waited for its report. */
export const reportWasDue = (status: string): boolean =>
  status.trim() === '' || status.startsWith(`${WAITS}: `);

/** A row to handle: blank (new) or waiting; never a row whose handling is final. */
export const isOpenLead = (status: string): boolean =>
  status.trim() === '' || status.trim().startsWith(WAITS);

/** The longest template a watch keeps (a user property holds 9 KB). */
export const TEMPLATE_LIMIT = { subject: 150, body: 2000 } as const;

export interface LeadWatch {
  id: string;
  /** The sheet by its id (a rename keeps the watch); its name as last seen, for people. */
  sheetId: number;
  sheetName: string;
  /** Headers of the columns the watch reads, found by name wherever they move. */
  website: string;
  email: string | null;
  consent: string | null;
  /** `preview`: a scan preview with the owner's key; `link`: the no-cost trigger link. */
  mode: 'preview' | 'link';
  /** The lead e-mail; null: no e-mail. */
  mail: { subject: string; body: string } | null;
  owner: string;
  created: number;
}

export interface SheetHeaders {
  name: string;
  headers: string[];
}

export type CheckedWatch =
  | {
      ok: true;
      watch: Omit<LeadWatch, 'id' | 'sheetId' | 'owner' | 'created'>;
      includeEarlier: boolean;
    }
  | { ok: false; message: string };

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A watch from the sidebar, checked against the document's sheets and their headers. */
export function checkWatch(input: unknown, sheets: readonly SheetHeaders[]): CheckedWatch {
  const s = (input && typeof input === 'object' ? input : {}) as Partial<
    Record<keyof LeadWatchInput, unknown>
  >;
  const fail = (message: string): CheckedWatch => ({ ok: false, message });
  const sheet = sheets.find((x) => x.name === text(s.sheetName));
  if (!sheet) return fail('Choose the sheet new leads arrive in.');
  const column = (v: unknown) => {
    const h = text(v);
    return h && sheet.headers.includes(h) ? h : null;
  };
  const website = column(s.website);
  if (!website) return fail(`Choose the column of "${sheet.name}" that holds each lead’s website.`);
  if (text(s.email) && !column(s.email))
    return fail('The e-mail column is not one of this sheet’s headers: choose it from the list.');
  if (text(s.consent) && !column(s.consent))
    return fail('The consent column is not one of this sheet’s headers: choose it from the list.');
  const email = column(s.email);
  const mode = s.mode === 'link' ? 'link' : 'preview';
  const mail = email ? checkTemplate(s.subject, s.body) : null;
  if (typeof mail === 'string') return fail(mail);
  return {
    ok: true,
    watch: { sheetName: sheet.name, website, email, consent: column(s.consent), mode, mail },
    includeEarlier: s.includeEarlier === true,
  };
}

function checkTemplate(subject: unknown, body: unknown): LeadWatch['mail'] | string {
  const sub = text(subject) || DEFAULT_TEMPLATE.subject;
  const b = (typeof body === 'string' ? body.trim() : '') || DEFAULT_TEMPLATE.body;
  if (sub.length > TEMPLATE_LIMIT.subject)
    return `The subject is ${sub.length} characters: keep it to ${TEMPLATE_LIMIT.subject}.`;
  if (b.length > TEMPLATE_LIMIT.body)
    return `The message is ${b.length} characters: keep it to ${TEMPLATE_LIMIT.body}.`;
  if (!b.includes(LINK_PLACEHOLDER))
    return `Put ${LINK_PLACEHOLDER} in the message: it is where the lead’s report link goes.`;
  return { subject: sub, body: b };
}

export const LINK_PLACEHOLDER = '{report link}';

/** What a form's consent question or a CRM's opt-in column says when the lead agreed. */
const YES = /^(yes|y|true|1|x|✓|✔|agree|agreed|i agree|opt[- ]?in|ja|oui|sí|si)\b/i;

export const consentGiven = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && YES.test(value.trim()));

/** One plain address (no display name, no list), or null. */
export function emailAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  if (t.length > 254 || !/^[^\s@<>(),;:"\\[\]]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(t)) return null;
  return t.toLowerCase();
}

/** The record that keeps one e-mail per address and site: a hash, not the address. */
export const mailKey = (address: string, site: string): string =>
  fnv1a(`${address.toLowerCase()} ${site.toLowerCase()}`);

/**
 * A value of the lead's own row, as it may go into an e-mail the owner's account sends: one line,
 * short, and no link (a responder must not make the owner mail a link of their choosing).
 */
function placeholderValue(value: unknown): string {
  const t = oneLineTitle(value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
  return t
    .replace(/\b(https?|ftp):\/\/\S*/gi, '')
    .replace(/\bwww\.\S*/gi, '')
    .replace(/\S+\.[a-z]{2,}\/\S*/gi, '')
    .trim()
    .slice(0, 60);
}

/**
 * The template with `{Header}` from the row's cells, `{website}` (the site as the add-on read it)
 * and `{report link}`; an unknown placeholder is left out. White-label: nothing names the add-on.
 */
export function fillTemplate(
  template: string,
  cells: Record<string, unknown>,
  site: string,
  link: string,
): string {
  return template.replace(/\{([^{}\n]{1,80})\}/g, (_, name: string) => {
    const key = name.trim();
    if (key.toLowerCase() === 'report link') return link;
    if (key.toLowerCase() === 'website') return site;
    const header = Object.keys(cells).find((h) => h.trim().toLowerCase() === key.toLowerCase());
    return header && !isBlank(cells[header]) ? placeholderValue(cells[header]) : '';
  });
}

export interface LeadRow {
  row: number;
  cells: Record<string, unknown>;
  status: string;
}

/** The rows a run handles: open, with something in the website column (a row being typed waits). */
export const openLeads = (rows: readonly LeadRow[], watch: LeadWatch): LeadRow[] =>
  rows.filter((r) => isOpenLead(r.status) && !isBlank(r.cells[watch.website]));

/**
 * New rows a watch handles in a day: a form flooded with responses must not make thousands of
 * previews and e-mails from its owner's account. Rows past it wait, untouched, for tomorrow.
 */
export const LEADS_PER_DAY = 200;

/**
 * The open rows a run handles now: every row waiting for its e-mail, and new rows (in sheet
 * order) while today's allowance lasts; `held` counts the new rows left for tomorrow.
 */
export function withinToday(
  open: readonly LeadRow[],
  left: number,
): { now: LeadRow[]; held: number } {
  const isNew = (r: LeadRow) => r.status.trim() === '';
  const admitted = new Set(open.filter(isNew).slice(0, Math.max(0, left)));
  const now = open.filter((r) => !isNew(r) || admitted.has(r));
  return { now, held: open.length - now.length };
}

/** A new row's report: a link to send, or why there is none. */
export type ReportOutcome = { link: string } | { waits: string } | { error: string };

export type MailDecision =
  | { row: number; status: string }
  | {
      row: number;
      status: string;
      send: { to: string; subject: string; body: string; key: string };
    };

/**
 * What each handled row gets, in row order: its status, and the e-mail to send where there is
 * one to send. `recipientsLeft`: the e-mails today's quota still allows; the rest wait.
 * `blocked`: why no e-mail can go now at all (a permission not granted): those rows wait.
 */
export function planLeadMail(
  rows: ReadonlyArray<LeadRow & { report: ReportOutcome }>,
  watch: LeadWatch,
  mailed: ReadonlySet<string>,
  recipientsLeft: number,
  blocked: string | null = null,
): MailDecision[] {
  let left = recipientsLeft;
  const sending = new Set<string>();
  return rows.map((r): MailDecision => {
    if ('error' in r.report) return { row: r.row, status: leadError(r.report.error) };
    if ('waits' in r.report) return { row: r.row, status: leadWaits(r.report.waits) };
    const link = r.report.link;
    const done = watch.mode === 'link' ? LEAD_STATUS.link : LEAD_STATUS.started;
    if (!watch.email || !watch.mail) return { row: r.row, status: done };
    const raw = r.cells[watch.email];
    if (isBlank(raw)) return { row: r.row, status: LEAD_STATUS.noAddress };
    const to = emailAddress(raw);
    if (!to) return { row: r.row, status: leadError('not an e-mail address') };
    if (watch.consent && !consentGiven(r.cells[watch.consent]))
      return { row: r.row, status: LEAD_STATUS.noConsent };
    const site = siteOf(r.cells[watch.website]);
    const key = mailKey(to, site);
    if (mailed.has(key) || sending.has(key))
      return { row: r.row, status: LEAD_STATUS.emailedBefore };
    if (blocked) return { row: r.row, status: mailWaits(blocked) };
    if (left <= 0) return { row: r.row, status: LEAD_STATUS.tomorrow };
    left -= 1;
    sending.add(key);
    const fill = (t: string) => fillTemplate(t, r.cells, site, link);
    return {
      row: r.row,
      status: LEAD_STATUS.emailed,
      send: {
        to,
        subject: oneLineTitle(fill(watch.mail.subject)),
        body: plainText(fill(watch.mail.body)),
        key,
      },
    };
  });
}

/** The site as a lead typed it, normalised (acme.com for https://www.Acme.com/). */
export function siteOf(value: unknown): string {
  const w = parseWebsite(value);
  return w.ok ? w.domain : String(value ?? '').trim();
}

export interface WatchStats {
  /** When a new row was last handled (ms). */
  lastNewRow: number | null;
  /** The day the counts are of (yyyy-mm-dd, the spreadsheet's time zone). */
  day: string;
  reports: number;
  emails: number;
  /** New rows handled today, against domain/leads.ts LEADS_PER_DAY. */
  handled?: number;
  /** Rows whose handling waits (tomorrow's e-mails, a permission, the key). */
  waiting: number;
  /** Since the watch began: what a digest counts from its last one. */
  total?: LeadTotals;
}

export interface LeadTotals {
  leads: number;
  reports: number;
  emails: number;
}

/** The day a watch's counts are of (yyyy-mm-dd). */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const emptyStats = (now: number): WatchStats => ({
  lastNewRow: null,
  day: dayOf(now),
  reports: 0,
  emails: 0,
  waiting: 0,
});

/** New rows a watch may still handle today (LEADS_PER_DAY a day). */
export const leadsLeftToday = (stats: WatchStats, now: number): number =>
  LEADS_PER_DAY - (stats.day === dayOf(now) ? (stats.handled ?? 0) : 0);

/** What one run of a watch did. */
export interface LeadRunCounts {
  /** Rows it found new (no status yet). */
  isNew: number;
  reports: number;
  emails: number;
  /** Rows left waiting (tomorrow's e-mails, a permission, the key, the day's cap). */
  waiting: number;
}

/** A watch's counts after a run: today's start afresh on a new day; the totals go on. */
export function statsAfterRun(old: WatchStats, run: LeadRunCounts, now: number): WatchStats {
  const today = old.day === dayOf(now) ? old : emptyStats(now);
  const total = old.total ?? { leads: 0, reports: 0, emails: 0 };
  return {
    lastNewRow: run.isNew ? now : old.lastNewRow,
    day: today.day,
    reports: today.reports + run.reports,
    emails: today.emails + run.emails,
    handled: (today.handled ?? 0) + run.isNew,
    waiting: run.waiting,
    total: {
      leads: total.leads + run.isNew,
      reports: total.reports + run.reports,
      emails: total.emails + run.emails,
    },
  };
}
