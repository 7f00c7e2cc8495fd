/**
 * Where lead watches live, as records of the kit under the keys an earlier release wrote. Each
 * owner's definition (template included) is in their own properties: a watch's authority is what
 * only its owner's account holds, and both of its triggers (form-submit, clock) run as the owner
 * with no document properties. What every editor is shown of it (columns, owner, today's counts)
 * is kept in the file, which those triggers can write through the file they opened.
 */
import * as z from 'zod/mini';
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
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { recordKind, textKind, entry, type Kit, type RecordStore } from './ports';

/** What every editor sees of a watch: no template, no addresses. */
export type SharedWatch = Omit<LeadWatch, 'mail'> & { mailing: boolean; stats: WatchStats };

/** The add-on's own JSON: checked for what a run decides by, the rest read as written. */
const shape = <T>(schema: () => z.ZodMiniType<unknown>) => schema as () => z.ZodMiniType<T>;
const watchShape = () => z.looseObject({ id: z.string(), sheetId: z.number() });

/** This person's watches, `vis.watch.<file id>.<watch id>`; every editor's, in the file. */
const WATCH = recordKind<LeadWatch | null>(
  'watch',
  shape(() => z.nullable(watchShape())),
  null,
);
const SHARED_WATCH = recordKind<SharedWatch | null>(
  'watch',
  shape(() => z.nullable(watchShape())),
  null,
);
/** A watch's counts in its owner's own record: a daily cap holds where the file has no room. */
const STATS = recordKind<WatchStats | null>(
  'watchStats',
  shape(() => z.nullable(z.looseObject({ day: z.string() }))),
  null,
);
const DIGESTED = recordKind<LeadTotals>(
  'leads.digested',
  () => z.object({ leads: z.number(), reports: z.number(), emails: z.number() }),
  { leads: 0, reports: 0, emails: 0 },
);

/**
 * The ledger of lead e-mails (domain/leadLedger.ts), one for every file the owner watches (a
 * mailbox's bound is hers, not a file's), in chunks of one value each (a property holds 9 KB):
 * LEDGER_CHUNKS of 8,500 characters keep about 8,000 e-mails, 40 days of a watch at its 200 a
 * day; when all are full e-mails wait for the oldest to pass 90 days. An e-mail is appended to
 * the last chunk with room: one property write.
 */
const LEDGER = textKind('mailed');
const LEDGER_CHUNKS = 20;
const CHUNK_CHARS = 8500;
/** Entries are `key.to.day` (8 + 6 + up to 4 characters and dots) and a space. */
const ENTRY_CHARS = 21;
export const LEDGER_CAPACITY = LEDGER_CHUNKS * Math.floor(CHUNK_CHARS / ENTRY_CHARS);
/** Earlier versions' records, one per file: chunks of dated entries, and undated hashes. */
const PER_FILE_LEDGER = textKind('leads.sent');
const OLD_MAILED = textKind('leads.mailed');

/**
 * Each watch's record of the rows it handled (domain/leadRowLedger.ts), in chunks of one value:
 * 16 of 8,500 characters keep about 14,000 rows. A record past that keeps what fits (a row dropped
 * from it may be handled again, within the day's 200 and never e-mailed twice).
 */
const ROWS = recordKind<string>('leads.rows', () => z.string(), '', {
  write: (text) => [text],
  // An empty chunk is a record all the same: of a watch that has handled no row yet.
  read: ([kept]) => kept ?? '',
});
const ROW_CHUNKS = 16;
const ROW_CHUNK_CHARS = 8500;

/**
 * The rows of a form's responses sheet that are leads though no run has taken them yet: each
 * delivered by a form-submit event to the owner's trigger, or accepted by the owner (Leads tab).
 * One value per watch, changed under her own lock (a burst's events add at once while a run takes
 * some away). About 900 names fit; past that the oldest are dropped, and their rows wait for her
 * Accept, spending nothing.
 */
const ADMITTED = textKind('leads.in');
const ADMITTED_CHARS = 8500;

type LeadKit = Pick<Kit, 'records' | 'locks' | 'account'>;

/** Values of a chunked text record, by their ids in order. */
const sorted = (found: Map<string, string | null>) =>
  [...found].sort(([a], [b]) => Number(a.split('.').pop()) - Number(b.split('.').pop()));

/** The person's lead watches in one file, and the records they keep in their own store. */
export function leadStore(kit: LeadKit, docId: string) {
  const { mine, shared } = kit.records;
  const at = (id: string) => `${docId}.${id}`;
  const myStats = (id: string, fresh = true) => {
    if (fresh) mine.reread();
    return mine.get(STATS, at(id));
  };
  const admitted = (watchId: string) => {
    mine.reread();
    return new Set((mine.get(ADMITTED, at(watchId)) ?? '').split(' ').filter(Boolean));
  };
  return {
    /** This person's watches here, oldest first. */
    mine: (): LeadWatch[] =>
      [...mine.list(WATCH, `${docId}.`).values()]
        .filter((w): w is LeadWatch => !!w)
        .sort((a, b) => a.created - b.created),
    saveMine: (id: string, watch: LeadWatch | null) =>
      watch ? mine.put(WATCH, watch, at(id)) : mine.drop(WATCH, at(id)),
    /**
     * Every editor's view of the watches, with the counts of this person's own from their own
     * record: the file's copy may lag (a trigger finds no room where another script filled it).
     */
    shared(): SharedWatch[] {
      const me = kit.account.email();
      return [...shared.list(SHARED_WATCH, true).values()]
        .filter((w): w is SharedWatch => !!w)
        .map((w) => (w.owner === me ? { ...w, stats: myStats(w.id, false) ?? w.stats } : w))
        .sort((a, b) => a.created - b.created);
    },
    /** Writes (null: removes) a watch's shared record, and its owner's own count of it. */
    saveShared(id: string, watch: SharedWatch | null) {
      if (!watch) {
        mine.drop(STATS, at(id));
        return shared.drop(SHARED_WATCH, id);
      }
      if (watch.owner === kit.account.email()) mine.put(STATS, watch.stats, at(id));
      shared.put(SHARED_WATCH, watch, id);
    },
    /** Read afresh, as a run under the claim does (the last run may have written it). */
    stats: myStats,
    /** The totals a schedule's last digest counted up to. */
    digested(scheduleId: string): LeadTotals {
      mine.reread();
      return mine.get(DIGESTED, scheduleId);
    },
    saveDigested: (scheduleId: string, totals: LeadTotals) =>
      mine.put(DIGESTED, totals, scheduleId),
    rows: {
      read(watchId: string): RowLedger | null {
        const kept = sorted(mine.list(ROWS, `${at(watchId)}.`));
        if (!kept.length) return null;
        return parseRowLedger(
          kept
            .map(([, v]) => v)
            .join(' ')
            .split(' ')
            .filter(Boolean),
        );
      },
      save(watchId: string, ledger: RowLedger | null) {
        const parts: string[] = [''];
        for (const word of ledger ? ledgerText(ledger) : []) {
          const last = parts.length - 1;
          if (parts[last]!.length + word.length + 1 <= ROW_CHUNK_CHARS)
            parts[last] = parts[last] ? `${parts[last]} ${word}` : word;
          else if (parts.length < ROW_CHUNKS) parts.push(word);
          else {
            console.warn('A lead watch handled more rows than its record keeps');
            break;
          }
        }
        const kept = [...mine.list(ROWS, `${at(watchId)}.`).keys()];
        if (ledger) mine.putAll(parts.map((p, i) => entry(ROWS, p, `${at(watchId)}.${i}`)));
        for (const id of kept)
          if (!ledger || Number(id.split('.').pop()) >= parts.length) mine.drop(ROWS, id);
        if (!ledger) mine.drop(ADMITTED, at(watchId));
      },
    },
    admitted: {
      read: admitted,
      /** Adds `add` and keeps only the names `keep` accepts, under the owner's own lock. */
      change(watchId: string, add: readonly string[], keep: (id: string) => boolean = () => true) {
        // One that waited in vain goes ahead: a delivered row must not be lost for a busy lock.
        const held = kit.locks.mine(REGISTRY_LOCK_WAIT_MS);
        try {
          const names = [...admitted(watchId), ...add].filter(keep);
          let text = [...new Set(names)].join(' ');
          while (text.length > ADMITTED_CHARS) text = text.slice(text.indexOf(' ') + 1);
          if (text) mine.put(ADMITTED, text, at(watchId));
          else mine.drop(ADMITTED, at(watchId));
        } finally {
          held?.release();
        }
      },
    },
  };
}

/** The files the person watches a sheet in, from their own record (a file id holds no dot). */
export const watchedFiles = (mine: RecordStore): Set<string> =>
  new Set([...mine.list(WATCH, '').keys()].map((key) => key.split('.')[0]!));

/** The owner's ledger of lead e-mails, in every file she watches. */
export function mailLedger(kit: LeadKit) {
  const { mine } = kit.records;
  /** `afresh`: read again first (another run of the owner's, in any file, may have written). */
  const chunks = (afresh: boolean) => {
    if (afresh) mine.reread();
    return Array.from({ length: LEDGER_CHUNKS }, (_, i) => mine.get(LEDGER, String(i)) ?? '');
  };
  const write = (entries: MailedEntry[]) => {
    const perChunk = Math.floor(CHUNK_CHARS / ENTRY_CHARS);
    mine.putAll(
      Array.from({ length: LEDGER_CHUNKS }, (_, i) =>
        entry(
          LEDGER,
          entries
            .slice(i * perChunk, (i + 1) * perChunk)
            .map(entryText)
            .join(' '),
          String(i),
        ),
      ),
    );
  };
  return {
    /**
     * The ledger as the plan reads it. Entries past 90 days are dropped here (the chunks written
     * again only then); earlier versions' per-file records are taken in once (undated ones dated
     * today) and removed.
     */
    read(now: number, afresh = true): LedgerView {
      const today = dayNumber(now);
      const entries = parseLedger(chunks(afresh).join(' '));
      const perFile = mine.list(PER_FILE_LEDGER, '');
      const undated = mine.list(OLD_MAILED, '');
      const imported = parseLedger([...perFile.values()].join(' ')).concat(
        [...undated.values()]
          .flatMap((v) => (v ?? '').split(','))
          .filter((k) => /^[0-9a-f]{8}$/.test(k))
          .map((key) => ({ key, to: '', day: today })),
      );
      const fresh = prunedLedger(entries.concat(imported), today);
      if (fresh.length !== entries.length) write(fresh);
      for (const id of perFile.keys()) mine.drop(PER_FILE_LEDGER, id);
      for (const id of undated.keys()) mine.drop(OLD_MAILED, id);
      return ledgerView(fresh, today, LEDGER_CAPACITY);
    },
    /** One e-mail sent: appended to the first chunk with room. False when the ledger is full. */
    record(sent: { key: string; toKey: string }, now: number, afresh = true): boolean {
      const line = entryText({ key: sent.key, to: sent.toKey, day: dayNumber(now) });
      const all = chunks(afresh);
      const i = all.findIndex((c) => c.length + line.length + 1 <= CHUNK_CHARS);
      if (i < 0) return false;
      mine.put(LEDGER, all[i] ? `${all[i]} ${line}` : line, String(i));
      return true;
    },
  };
}
