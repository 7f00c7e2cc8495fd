/**
 * Where lead watches live. Each owner's definition (template included) is in their own user
 * properties: a watch's authority is what only its owner's account holds, and both of its
 * triggers (form-submit, clock) run as the owner with no document properties. What every editor
 * is shown of it (columns, owner, today's counts) is kept in the file as developer metadata,
 * which those triggers can write through the file they opened.
 */
import {
  dayNumber,
  entryText,
  ledgerView,
  parseLedger,
  prunedLedger,
  type LedgerView,
  type MailedEntry,
} from '../domain/leadLedger';
import type { LeadTotals, LeadWatch, WatchStats } from '../domain/leads';
import { ledgerText, parseRowLedger, type RowLedger } from '../domain/leadRowLedger';
import { metadataStartingWith, shareWhereRoom } from './docMetadata';
import { myEmail } from './active';
import { storedJson } from './storedJson';
import { withUserLock } from './lock';
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import {
  deleteUserProperty,
  freshUserProperty,
  rereadUserProperties,
  setUserProperties,
  userProperty,
  userPropertiesStartingWith,
} from './userStore';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** This person's watches, in their user properties: `vis.watch.<file id>.<watch id>`. */
const MINE_ALL = 'vis.watch.';
const MINE = (docId: string) => `${MINE_ALL}${docId}.`;
/** Every editor's view of the watches, in the file's metadata. */
const SHARED = 'vis.watch.';

/** The watches this person saved in a document, oldest first. */
export function myWatches(docId: string): LeadWatch[] {
  return Object.values(userPropertiesStartingWith(MINE(docId)))
    .map((v) => storedJson<LeadWatch | null>(v, null))
    .filter((w): w is LeadWatch => !!w?.id)
    .sort((a, b) => a.created - b.created);
}

/** The files this person watches a sheet in, from their own record. */
export function watchedFiles(): Set<string> {
  const files = new Set<string>();
  for (const key of Object.keys(userPropertiesStartingWith(MINE_ALL))) {
    // A file id holds no dot.
    const doc = key.slice(MINE_ALL.length).split('.')[0];
    if (doc) files.add(doc);
  }
  return files;
}

export function saveMyWatch(docId: string, id: string, watch: LeadWatch | null): void {
  if (watch) setUserProperties({ [MINE(docId) + id]: JSON.stringify(watch) });
  else deleteUserProperty(MINE(docId) + id);
}

const DIGESTED = (scheduleId: string) => `vis.leads.digested.${scheduleId}`;

/** The totals a schedule's last digest counted up to. */
export function digestedTotals(scheduleId: string): LeadTotals {
  return (
    storedJson<LeadTotals | null>(freshUserProperty(DIGESTED(scheduleId)), null) ?? {
      leads: 0,
      reports: 0,
      emails: 0,
    }
  );
}

export function saveDigestedTotals(scheduleId: string, totals: LeadTotals): void {
  setUserProperties({ [DIGESTED(scheduleId)]: JSON.stringify(totals) });
}

/** What every editor sees of a watch: no template, no addresses. */
export type SharedWatch = Omit<LeadWatch, 'mail'> & { mailing: boolean; stats: WatchStats };

/**
 * Every editor's view of the watches, with the counts of this person's own watches from their own
 * record: the file's copy may lag (a trigger finds no room where another script filled it), and a
 * daily cap counts on it.
 */
export function sharedWatches(book: Book): SharedWatch[] {
  const docId = book.getId();
  const me = myEmail();
  return Object.values(metadataStartingWith(book, SHARED))
    .map((v) => storedJson<SharedWatch | null>(v, null))
    .filter((w): w is SharedWatch => !!w?.id)
    .map((w) => (w.owner === me ? { ...w, stats: myWatchStats(docId, w.id, false) ?? w.stats } : w))
    .sort((a, b) => a.created - b.created);
}

/** Writes (null: removes) a watch's shared record, and its owner's own count of it. */
export function saveSharedWatch(book: Book, id: string, watch: SharedWatch | null): void {
  if (!watch || watch.owner === myEmail()) saveMyWatchStats(book.getId(), id, watch?.stats ?? null);
  shareWhereRoom(book, SHARED + id, watch ? JSON.stringify(watch) : null);
}

/** A watch's counts, in its owner's own record: `vis.watchStats.<file id>.<watch id>`. */
const STATS = (docId: string, id: string) => `vis.watchStats.${docId}.${id}`;

/** `fresh`: read afresh, as a run under the claim does (the last run may have written it). */
export function myWatchStats(docId: string, id: string, fresh = true): WatchStats | null {
  const key = STATS(docId, id);
  return storedJson<WatchStats | null>(fresh ? freshUserProperty(key) : userProperty(key), null);
}

function saveMyWatchStats(docId: string, id: string, stats: WatchStats | null): void {
  if (stats) setUserProperties({ [STATS(docId, id)]: JSON.stringify(stats) });
  else deleteUserProperty(STATS(docId, id));
}

/**
 * The ledger of lead e-mails (domain/leadLedger.ts) in the owner's user properties, one for every
 * file she watches (a mailbox's bound is hers, not a file's), in chunks of one property each (a
 * property holds 9 KB): LEDGER_CHUNKS of 8,500 characters keep about 8,000 e-mails, 40 days of a
 * watch at its 200 a day; when all are full e-mails wait for the oldest to pass 90 days. An
 * e-mail is appended to the last chunk with room: one property write.
 */
const LEDGER = 'vis.mailed.';
const LEDGER_CHUNKS = 20;
const CHUNK_CHARS = 8500;
/** Entries are `key.to.day` (8 + 6 + up to 4 characters and dots) and a space. */
const ENTRY_CHARS = 21;
export const LEDGER_CAPACITY = LEDGER_CHUNKS * Math.floor(CHUNK_CHARS / ENTRY_CHARS);
/** Earlier versions' records, one per file: chunks of dated entries, and undated hashes. */
const PER_FILE_LEDGER = 'vis.leads.sent.';
const OLD_MAILED = 'vis.leads.mailed.';

/** Read afresh (one read of the store): a watch's other run, in any file, may have written since. */
function chunks(): string[] {
  rereadUserProperties();
  return Array.from({ length: LEDGER_CHUNKS }, (_, i) => userProperty(LEDGER + i) ?? '');
}

/**
 * The ledger as the plan reads it. Entries past 90 days are dropped here (the chunks written
 * again only then); earlier versions' per-file records are taken in once (undated ones dated
 * today) and removed.
 */
export function readLedger(now: number): LedgerView {
  const today = dayNumber(now);
  const entries = parseLedger(chunks().join(' '));
  const perFile = userPropertiesStartingWith(PER_FILE_LEDGER);
  const undated = userPropertiesStartingWith(OLD_MAILED);
  const imported = parseLedger(Object.values(perFile).join(' ')).concat(
    Object.values(undated)
      .flatMap((v) => v.split(','))
      .filter((k) => /^[0-9a-f]{8}$/.test(k))
      .map((key) => ({ key, to: '', day: today })),
  );
  const fresh = prunedLedger(entries.concat(imported), today);
  if (fresh.length !== entries.length) writeLedger(fresh);
  for (const key of Object.keys({ ...perFile, ...undated })) deleteUserProperty(key);
  return ledgerView(fresh, today, LEDGER_CAPACITY);
}

function writeLedger(entries: MailedEntry[]): void {
  const perChunk = Math.floor(CHUNK_CHARS / ENTRY_CHARS);
  const values: Record<string, string> = {};
  for (let i = 0; i < LEDGER_CHUNKS; i++)
    values[LEDGER + i] = entries
      .slice(i * perChunk, (i + 1) * perChunk)
      .map(entryText)
      .join(' ');
  setUserProperties(values);
}

/** One e-mail sent: appended to the first chunk with room. False when the ledger is full. */
export function recordSent(sent: { key: string; toKey: string }, now: number): boolean {
  const entry = entryText({ key: sent.key, to: sent.toKey, day: dayNumber(now) });
  const all = chunks();
  const i = all.findIndex((c) => c.length + entry.length + 1 <= CHUNK_CHARS);
  if (i < 0) return false;
  setUserProperties({ [LEDGER + i]: all[i] ? `${all[i]} ${entry}` : entry });
  return true;
}

/**
 * Each watch's record of the rows it handled (domain/leadRowLedger.ts), in the owner's user
 * properties, in chunks of one property each: 16 of 8,500 characters keep about 14,000 rows. A
 * record past that keeps what fits (a row dropped from it may be handled again, within the day's
 * 200 and never e-mailed twice): a watched sheet of more rows is a sheet to archive.
 */
const ROWS = (docId: string, watchId: string) => `vis.leads.rows.${docId}.${watchId}.`;
const ROW_CHUNKS = 16;
const ROW_CHUNK_CHARS = 8500;

export function readRowLedger(docId: string, watchId: string): RowLedger | null {
  const kept = userPropertiesStartingWith(ROWS(docId, watchId));
  if (!Object.keys(kept).length) return null;
  return parseRowLedger(Object.values(kept).join(' ').split(' ').filter(Boolean));
}

export function saveRowLedger(docId: string, watchId: string, ledger: RowLedger | null): void {
  const chunks: string[] = [''];
  for (const word of ledger ? ledgerText(ledger) : []) {
    const last = chunks.length - 1;
    if (chunks[last]!.length + word.length + 1 <= ROW_CHUNK_CHARS)
      chunks[last] = chunks[last] ? `${chunks[last]} ${word}` : word;
    else if (chunks.length < ROW_CHUNKS) chunks.push(word);
    else {
      console.warn('A lead watch handled more rows than its record keeps');
      break;
    }
  }
  const values: Record<string, string> = {};
  chunks.forEach((c, i) => (values[ROWS(docId, watchId) + i] = c));
  if (ledger) setUserProperties(values);
  for (const key of Object.keys(userPropertiesStartingWith(ROWS(docId, watchId))))
    if (!ledger || !(key in values)) deleteUserProperty(key);
  if (!ledger) deleteUserProperty(ADMITTED(docId, watchId));
}

/**
 * The rows of a form's responses sheet that are leads though no run has taken them yet: each
 * delivered by a form-submit event to the owner's trigger, or accepted by the owner (Leads tab).
 * In her user properties, one per watch, changed under her user lock (a burst's events add at
 * once while a run takes some away). About 900 names fit; past that the oldest are dropped, and
 * their rows wait for her Accept, spending nothing.
 */
const ADMITTED = (docId: string, watchId: string) => `vis.leads.in.${docId}.${watchId}`;
const ADMITTED_CHARS = 8500;

export function admittedRows(docId: string, watchId: string): Set<string> {
  return new Set((freshUserProperty(ADMITTED(docId, watchId)) ?? '').split(' ').filter(Boolean));
}

/** Adds `add` and keeps only the names `keep` accepts, under the owner's user lock. */
export function changeAdmitted(
  docId: string,
  watchId: string,
  add: readonly string[],
  keep: (id: string) => boolean = () => true,
): void {
  withUserLock(REGISTRY_LOCK_WAIT_MS, () => {
    const names = [...admittedRows(docId, watchId), ...add].filter(keep);
    let text = [...new Set(names)].join(' ');
    while (text.length > ADMITTED_CHARS) text = text.slice(text.indexOf(' ') + 1);
    if (text) setUserProperties({ [ADMITTED(docId, watchId)]: text });
    else deleteUserProperty(ADMITTED(docId, watchId));
  });
}
