/**
 * The record of lead e-mails a person's watches sent in a document: what decides "e-mailed
 * before" and how many e-mails one address had this week. It lives in the owner's own user
 * properties (nothing in the sheet can change it), holds hashes, not addresses, and forgets
 * nothing younger than 90 days: when it is full, e-mails wait rather than the record forgetting.
 */
import { fnv1a } from './hash';

export interface MailedEntry {
  /** mailKey(address, site): one e-mail per address and site. */
  key: string;
  /** The address alone, hashed shorter: how many e-mails it had this week. */
  to: string;
  /** Days since 1970-01-01 (UTC) when it was sent. */
  day: number;
}

/** An entry is kept at least this long. */
export const LEDGER_DAYS = 90;
/** E-mails one address gets from one person's watches in a document in 7 days. */
export const PER_ADDRESS_WEEK = 3;

export const dayNumber = (ms: number): number => Math.floor(ms / 86_400_000);

export const addressKey = (address: string): string =>
  fnv1a(`to ${address.toLowerCase()}`).slice(0, 6);

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
