/**
 * The record of lead e-mails a person's watches sent, in every file they watch: what decides
 * "e-mailed before" and how many e-mails one mailbox had this week. It lives in the owner's own
 * user properties (nothing in the sheet can change it), holds hashes, not addresses, and forgets
 * nothing younger than 90 days: when it is full, e-mails wait rather than the record forgetting.
 * A recipient is a mailbox, not a spelling: `victim+1@…`, `Vic.Tim@gmail.com` and
 * `victim@googlemail.com` are one.
 */
import { fnv1a } from './hash';

export interface MailedEntry {
  /** mailKey(address, site): one e-mail per mailbox and site. */
  key: string;
  /** The mailbox alone, hashed shorter: how many e-mails it had this week. */
  to: string;
  /** Days since 1970-01-01 (UTC) when it was sent. */
  day: number;
}

/** An entry is kept at least this long. */
export const LEDGER_DAYS = 90;
/** E-mails one mailbox gets from one person's watches, in all their files, in 7 days. */
export const PER_ADDRESS_WEEK = 3;

export const dayNumber = (ms: number): number => Math.floor(ms / 86_400_000);

/** Domains whose mail ignores dots in the local part, and the domain they fold into. */
const DOTLESS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to: lower case, a `+tag` removed (Gmail, Outlook, Fastmail and
 * most providers deliver `name+anything@` to `name@`), and Gmail's dots and googlemail.com folded.
 */
export function mailbox(address: string): string {
  const t = address.trim().toLowerCase();
  const at = t.lastIndexOf('@');
  if (at < 1) return t;
  let local = t.slice(0, at);
  const domain = DOTLESS[t.slice(at + 1)] ?? t.slice(at + 1);
  local = local.split('+')[0] || local;
  if (DOTLESS[domain]) local = local.replace(/\./g, '') || local;
  return `${local}@${domain}`;
}

export const addressKey = (address: string): string => fnv1a(`to ${mailbox(address)}`).slice(0, 6);

const ENTRY = /^([0-9a-f]{8})\.([0-9a-f]{0,6})\.([0-9a-z]{1,6})$/;

/** Entries as kept (`key.to.day`, the day in base 36), space-separated; anything else is skipped. */
export function parseLedger(text: string | null): MailedEntry[] {
  const out: MailedEntry[] = [];
  for (const word of (text ?? '').split(' ')) {
    const m = ENTRY.exec(word);
    if (m) out.push({ key: m[1]!, to: m[2]!, day: parseInt(m[3]!, 36) });
  }
  return out;
}

export const entryText = (e: MailedEntry): string => `${e.key}.${e.to}.${e.day.toString(36)}`;

/** Entries past LEDGER_DAYS, dropped; the rest kept in order. */
export const prunedLedger = (entries: readonly MailedEntry[], today: number): MailedEntry[] =>
  entries.filter((e) => e.day > today - LEDGER_DAYS);

/** What the plan asks of the record: sent before, and this week's count per address. */
export interface LedgerView {
  sent: ReadonlySet<string>;
  thisWeek: ReadonlyMap<string, number>;
  /** E-mails the record still has room for (more would have to forget one). */
  room: number;
}

export function ledgerView(
  entries: readonly MailedEntry[],
  today: number,
  capacity: number,
): LedgerView {
  const thisWeek = new Map<string, number>();
  for (const e of entries)
    if (e.to && e.day > today - 7) thisWeek.set(e.to, (thisWeek.get(e.to) ?? 0) + 1);
  return {
    sent: new Set(entries.map((e) => e.key)),
    thisWeek,
    room: Math.max(0, capacity - entries.length),
  };
}
