/**
 * Lead magnets as data: what a person may save as a watch, which rows of a watched sheet are new,
 * and what each new row's lead is sent (a report link by e-mail, only with consent, once per
 * address and site, within the day's recipients). The sheet's `Lead status` column is where a
 * row's handling is said, in a fixed vocabulary users filter on.
 */
import { DEFAULT_TEMPLATES, LEADS_PER_DAY, type LeadWatchInput } from '../contract/leads';
import { FORMATS, type Column } from './columns';
import { isBlank } from './cells';
import { oneLineTitle, plainText } from './destinations';
import { fnv1a } from './hash';
import { addressKey, mailbox, PER_ADDRESS_WEEK, type LedgerView } from './leadLedger';
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
  weekly: `not e-mailed: this mailbox had ${PER_ADDRESS_WEEK} e-mails this week`,
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
  /** Answers of the consent column that mean yes besides a short exact yes (the form's choice). */
  consentYes?: string[];
  /**
   * On a sheet no form fills (every editor's rows are leads), the rows a day its owner allows,
   * chosen as she sets it up; absent on a form's sheet (the day's most, LEADS_PER_DAY).
   */
  dailyCap?: number;
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
  /** A form's responses sheet: only what the form delivers is a lead there. */
  form?: boolean;
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
  const consentYes = column(s.consent) ? checkYesAnswers(s.consentYes) : [];
  if (typeof consentYes === 'string') return fail(consentYes);
  const cap = sheet.form ? null : Number(s.dailyCap);
  if (cap !== null && !(Number.isInteger(cap) && cap >= 1 && cap <= LEADS_PER_DAY))
    return fail(
      `Any editor's rows in "${sheet.name}" are leads: choose how many a day may spend your key and send e-mail from your account (1 to ${LEADS_PER_DAY}).`,
    );
  const email = column(s.email);
  const mode = s.mode === 'link' ? 'link' : 'preview';
  const mail = email ? checkTemplate(s.subject, s.body, DEFAULT_TEMPLATES[mode]) : null;
  if (typeof mail === 'string') return fail(mail);
  return {
    ok: true,
    watch: {
      sheetName: sheet.name,
      website,
      email,
      consent: column(s.consent),
      consentYes,
      ...(cap !== null ? { dailyCap: cap } : {}),
      mode,
      mail,
    },
    includeEarlier: s.includeEarlier === true,
  };
}

function checkTemplate(
  subject: unknown,
  body: unknown,
  defaults: { subject: string; body: string },
): LeadWatch['mail'] | string {
  const sub = text(subject) || defaults.subject;
  const b = (typeof body === 'string' ? body.trim() : '') || defaults.body;
  if (sub.length > TEMPLATE_LIMIT.subject)
    return `The subject is ${sub.length} characters: keep it to ${TEMPLATE_LIMIT.subject}.`;
  if (b.length > TEMPLATE_LIMIT.body)
    return `The message is ${b.length} characters: keep it to ${TEMPLATE_LIMIT.body}.`;
  if (!b.includes(LINK_PLACEHOLDER))
    return `Put ${LINK_PLACEHOLDER} in the message: it is where the lead’s report link goes.`;
  return { subject: sub, body: b };
}

export const LINK_PLACEHOLDER = '{report link}';

/**
 * Consent is a recognised yes: a form's checkbox (true), a short exact yes ("Yes", "I agree",
 * "✓", "Sí", with nothing after it but a full stop or "!"), or an answer equal to one the watch's
 * owner named as her form's consent choice ("I agree to receive my report by e-mail"). Any answer
 * that also holds a negation, in any language the yes list covers, is no ("y no", "Yes, stop
 * e-mailing me", "Consent withheld", "Opt-in: false", "Ja, nee", "Oui, jamais"). It is read as
 * Sheets shows it: full-width letters as letters, hidden characters gone ("Yes, ＮＯ" and
 * "Yes, n\u200bo" say no). Everything else, "Yes, send it" included, is no: a yes with more words
 * is an answer only the owner can say means yes.
 */
const SHORT_YES =
  /^(yes|y|true|1|x|✓|✔|☑|agree|agreed|i agree|i consent|opt[- ]?in|ja|oui|sí|si)[.!]*$/iu;
/** Words that take a yes back, in English, German, Dutch, French and Spanish (the yes list's). */
const NEGATION = new RegExp(
  `(?<![\\p{L}])(${[
    'no',
    'not',
    'never',
    "don[’']?t",
    'nor',
    'none',
    'without',
    'declined?',
    'refused?',
    'opt[- ]?out',
    'unsubscribed?',
    'stop',
    'remove',
    'withdraw(n|s)?',
    'withh[oe]ld(ing)?',
    'revoked?',
    'cancel(led)?',
    'false',
    'den(y|ied)',
    'object',
    'n',
    '0',
    'nein',
    'nicht',
    'kein(e|en)?',
    'nie(mals)?',
    'nee',
    'niet',
    'nooit',
    'geen',
    'non',
    'pas',
    'jamais',
    'aucun(e)?',
    'nunca',
    'jamás',
    'ningun[oa]?',
    'ningún',
  ].join('|')})(?![\\p{L}])|n[’']t(?![\\p{L}])`,
  'iu',
);

/** The answer as a person reads it: compatibility forms folded, invisible characters dropped. */
const asRead = (t: string): string =>
  t
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Cc}]/gu, '')
    .trim();

/** The answer as compared with the owner's: as read, in lower case, spaces made single. */
const answerKey = (t: string): string => asRead(t).toLowerCase().replace(/\s+/g, ' ');

/** `yesAnswers`: the answers the watch's owner named as her form's yes. */
export const consentGiven = (value: unknown, yesAnswers: readonly string[] = []): boolean => {
  if (value === true) return true;
  if (typeof value !== 'string') return false;
  const t = asRead(value);
  if (NEGATION.test(t)) return false;
  return SHORT_YES.test(t) || yesAnswers.some((a) => answerKey(a) === answerKey(t));
};

/** Answers an owner may name as her form's yes, and how long each may be. */
export const YES_ANSWERS = { most: 5, length: 200 } as const;

/** The owner's answers that mean yes, checked: each a yes without negation, or a sentence why not. */
export function checkYesAnswers(input: unknown): string[] | string {
  const list = (Array.isArray(input) ? input : typeof input === 'string' ? input.split('\n') : [])
    .map((a) => (typeof a === 'string' ? asRead(a) : ''))
    .filter(Boolean);
  if (list.length > YES_ANSWERS.most)
    return `Name at most ${YES_ANSWERS.most} answers that mean yes (there are ${list.length}).`;
  const long = list.find((a) => a.length > YES_ANSWERS.length);
  if (long) return `Keep each answer that means yes to ${YES_ANSWERS.length} characters.`;
  const no = list.find((a) => NEGATION.test(a));
  if (no)
    return `“${no}” also says no (${NEGATION.exec(no)![0]}), so it cannot mean yes: name only answers that consent.`;
  return [...new Set(list)];
}

/** One plain address (no display name, no list), or null. */
export function emailAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  if (t.length > 254 || !/^[^\s@<>(),;:"\\[\]]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(t)) return null;
  return t.toLowerCase();
}

/** The record that keeps one e-mail per mailbox and site: a hash, not the address. */
export const mailKey = (address: string, site: string): string =>
  fnv1a(`${mailbox(address)} ${site.toLowerCase()}`);

/**
 * A token a mail program could make a link of: a scheme (`https:`, `mailto:`), a domain or an IP
 * (`evil.example`, `wwww.evil.example`, `10.0.0.5`, in any script's full stop), a port or a path.
 * A name's own full stop at a word's end ("Jr.") is no link and stays.
 */
const LINK_LIKE = /[:/\\@]|[.\u3002\uff0e\uff61][\p{L}\p{N}]/u;

/**
 * A value of the lead's own row, as it may go into an e-mail the owner's account sends: one short
 * plain line with every link-like token removed (a responder must not make the owner mail a link
 * of their choosing), hidden characters gone.
 */
function placeholderValue(value: unknown): string {
  const t = oneLineTitle(value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
  return t
    .split(/\s+/)
    .filter((word) => word && !LINK_LIKE.test(word))
    .join(' ')
    .slice(0, 60)
    .trim();
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

export { LEADS_PER_DAY };

/** Rounds one run of a watch may take to drain a burst of responses. */
export const DRAIN_ROUNDS = 5;

/**
 * Whether a watch's run goes round again after letting go of the claim: the sheet grew while it
 * ran. A burst's responses each fire a trigger; Google runs them at once and those that find the
 * claim held leave their rows to it, so the holder takes them in before it stops (re-checked
 * after letting go: a trigger that checked before then wrote its row before then).
 */
export const drainsAgain = (round: number, lastRowBefore: number, lastRowAfter: number): boolean =>
  round + 1 < DRAIN_ROUNDS && lastRowAfter > lastRowBefore;

/** What still holds a waiting row back: then handling it again would change nothing. */
export interface WaitsFor {
  /** No report can be made now (no key, or the permission to reach the service). */
  report: boolean;
  /** No e-mail can go now (the permission, or the day's e-mails). */
  mail: boolean;
}

/** A waiting row whose reason still holds is not handled (nor counted) this run. */
export const stillWaits = (status: string, now: WaitsFor): boolean => {
  const t = status.trim();
  if (t.startsWith(`${WAITS} to e-mail: `)) return now.mail;
  return t.startsWith(`${WAITS}: `) && now.report;
};

/**
 * The open rows a run handles now, in sheet order while today's allowance lasts: every row
 * handled counts, new or waiting, whatever its status says (a pasted "waits: x" is no way around
 * the cap); a waiting row whose reason still holds is left out first. `held`: rows past the cap; `parked`: rows whose reason still holds.
 */
export function withinToday(
  open: readonly LeadRow[],
  left: number,
  waits: WaitsFor = { report: false, mail: false },
): { now: LeadRow[]; held: number; parked: number } {
  const workable = open.filter((r) => !stillWaits(r.status, waits));
  const now = workable.slice(0, Math.max(0, left));
  return { now, held: workable.length - now.length, parked: open.length - workable.length };
}

/** A new row's report: a link to send, or why there is none. */
export type ReportOutcome = { link: string } | { waits: string; retry?: true } | { error: string };

export type MailDecision =
  | { row: number; status: string }
  | {
      row: number;
      status: string;
      send: { to: string; subject: string; body: string; key: string; toKey: string };
    };

/**
 * What each handled row gets, in row order: its status, and the e-mail to send where there is
 * one to send. `ledger`: the owner's record of e-mails sent (once per address and site, at most
 * PER_ADDRESS_WEEK to one address in 7 days). `recipientsLeft`: the e-mails today's quota still
 * allows; the rest wait. `blocked`: why no e-mail can go now at all (a permission): those wait.
 */
export function planLeadMail(
  rows: ReadonlyArray<LeadRow & { report: ReportOutcome }>,
  watch: LeadWatch,
  ledger: LedgerView,
  recipientsLeft: number,
  blocked: string | null = null,
): MailDecision[] {
  let left = recipientsLeft;
  let room = ledger.room;
  const sent = new Set(ledger.sent);
  const week = new Map(ledger.thisWeek);
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
    if (watch.consent && !consentGiven(r.cells[watch.consent], watch.consentYes))
      return { row: r.row, status: LEAD_STATUS.noConsent };
    const site = siteOf(r.cells[watch.website]);
    const key = mailKey(to, site);
    const toKey = addressKey(to);
    const refused = ledgerRefusal({ sent, thisWeek: week }, { key, toKey });
    if (refused) return { row: r.row, status: refused };
    if (blocked) return { row: r.row, status: mailWaits(blocked) };
    if (room <= 0) return { row: r.row, status: mailWaits(LEDGER_FULL) };
    if (left <= 0) return { row: r.row, status: LEAD_STATUS.tomorrow };
    left -= 1;
    room -= 1;
    sent.add(key);
    week.set(toKey, (week.get(toKey) ?? 0) + 1);
    const fill = (t: string) => fillTemplate(t, r.cells, site, link);
    return {
      row: r.row,
      status: LEAD_STATUS.emailed,
      send: {
        to,
        subject: oneLineTitle(fill(watch.mail.subject)),
        body: plainText(fill(watch.mail.body)),
        key,
        toKey,
      },
    };
  });
}

/**
 * Why the owner's record refuses an e-mail: this lead's mailbox had this site's link before, or
 * its week's e-mails; null: it may go. Asked when the run plans, and again under the owner's own
 * lock just before each e-mail (a watch in another of her files may have mailed it meanwhile).
 */
export function ledgerRefusal(
  ledger: Pick<LedgerView, 'sent' | 'thisWeek'>,
  m: { key: string; toKey: string },
): string | null {
  if (ledger.sent.has(m.key)) return LEAD_STATUS.emailedBefore;
  if ((ledger.thisWeek.get(m.toKey) ?? 0) >= PER_ADDRESS_WEEK) return LEAD_STATUS.weekly;
  return null;
}

const LEDGER_FULL =
  'the record of e-mails sent in the last 90 days is full; e-mails go again as it empties';

/** The site as a lead typed it, normalised (acme.com for https://www.Acme.com/). */
export function siteOf(value: unknown): string {
  const w = parseWebsite(value);
  return w.ok ? w.domain : String(value ?? '').trim();
}

export interface WatchStats {
  /** When a new row was last handled (ms). */
  lastNewRow: number | null;
  /** The day the counts are of (yyyy-mm-dd, a UTC day, as dayOf says; not the spreadsheet's zone). */
  day: string;
  reports: number;
  emails: number;
  /** Rows handled today (new or waiting), against domain/leads.ts LEADS_PER_DAY. */
  handled?: number;
  /** Rows whose handling waits (tomorrow's e-mails, a permission, the key). */
  waiting: number;
  /** Rows of a form's sheet no form response delivered: they wait for the owner's Accept. */
  unadmitted?: number;
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

/** Rows a watch may still handle today (LEADS_PER_DAY a day); a record out of range lifts nothing. */
export const leadsLeftToday = (stats: WatchStats, now: number, cap = LEADS_PER_DAY): number => {
  const handled = stats.day === dayOf(now) ? Number(stats.handled ?? 0) : 0;
  return Number.isFinite(handled) && handled >= 0 ? Math.max(0, cap - handled) : 0;
};

/** The rows a watch handles a day: the owner's own cap on a sheet no form fills, else the most. */
export const dailyCapOf = (watch: Pick<LeadWatch, 'dailyCap'>): number =>
  Math.min(LEADS_PER_DAY, watch.dailyCap ?? LEADS_PER_DAY);

/** What one run of a watch did. */
export interface LeadRunCounts {
  /** Rows it found new (no status yet). */
  isNew: number;
  /** Rows it handled, new or waiting: what the day's cap counts. */
  handled: number;
  reports: number;
  emails: number;
  /** Rows left waiting (tomorrow's e-mails, a permission, the key, the day's cap). */
  waiting: number;
  /** Rows of a form's sheet that wait for the owner's Accept. */
  unadmitted: number;
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
    handled: (today.handled ?? 0) + run.handled,
    waiting: run.waiting,
    ...(run.unadmitted ? { unadmitted: run.unadmitted } : {}),
    total: {
      leads: total.leads + run.isNew,
      reports: total.reports + run.reports,
      emails: total.emails + run.emails,
    },
  };
}
