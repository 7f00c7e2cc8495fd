/**
 * The person's own record of their previews, per spreadsheet, in their user properties (which no
 * editor can write): the ids their key made that were pending when last seen, the newest ids their
 * key made at all, and the unnamed ones they asked about once; and who was heard from polling the
 * file. What a row's `Requested by` cell says is display; this is authority. Over the kit, so the
 * poll, Generate and a lead run read and write it alike, on either kit.
 */
import * as z from 'zod/mini';
import { idKey, type Presser } from '../domain/previewJobs';
import type { Ownership } from '../domain/previewOwners';
import type { OwnershipChange } from '../domain/previewPoll';
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { entry, recordKind, type Kit, type RecordEntry } from './ports';

/** Ids a property value holds: 500 of 17 characters stay under Google's 9 KB a value. */
const PER_VALUE = 500;
/** The unnamed ids asked about that are remembered (the oldest go first). */
const MAX_ASKED = 5000;
/**
 * The ids made that are remembered, in every file together (ids are unique; the oldest go first):
 * 51 KB of the person's 500 KB (P1), however many files they work in. A row of an older one lends
 * it no more: its site's next row gets a preview of its own.
 */
const MAX_MADE = 3000;

/** Ids joined by spaces, 500 a value: the format people's stores hold since makers were recorded. */
const idList = (name: string) =>
  recordKind<string[]>(name, () => z.array(z.string()), [], {
    write: (ids) =>
      Array.from({ length: Math.ceil(ids.length / PER_VALUE) }, (_, i) =>
        ids.slice(i * PER_VALUE, (i + 1) * PER_VALUE).join(' '),
      ),
    read: (texts) => texts.flatMap((t) => t.split(' ').filter(Boolean)),
  });

/** Pending when last seen (what polls ask about), by file. */
const MINE = idList('mine');
/** Made, in any state (what may be lent), every file together. */
const MADE = idList('made');
/** Adopted and unknown to the key, by file. */
const ASKED = idList('asked');
/**
 * When each person was last heard from polling this file: PROJECT-visible metadata, which only
 * the add-on's code writes (D2), each person their own entry, so a forged or typed value is not
 * read.
 */
const HEARD = recordKind('heard', () => z.number(), 0);

/** `ids` added as the newest of the ids made (one made again moves up), the oldest let go. */
function madeWith(kit: Kit, ids: string[]): RecordEntry {
  const now = new Set(ids);
  const kept = kit.records.mine.get(MADE).filter((id) => !now.has(id));
  return entry(MADE, [...kept, ...now].slice(-MAX_MADE));
}

/**
 * A read-change-write of the person's record under their own lock (their records read afresh once
 * it is held); one that waited in vain goes ahead, as a poll or a press must not fail for it.
 */
function changeMine(kit: Kit, change: () => Array<RecordEntry>): void {
  const held = kit.locks.mine(REGISTRY_LOCK_WAIT_MS);
  try {
    kit.records.mine.putAll(change());
  } finally {
    held?.release();
  }
}

/**
 * The person pressing Generate here: a row lends its preview as theirs only when their record
 * knows it. The pending ids count too (recorded before the ids made were kept).
 */
export function presser(kit: Kit): Presser {
  const doc = kit.tables.fileId();
  return {
    me: kit.account.email(),
    made: new Set([...kit.records.mine.get(MADE), ...kit.records.mine.get(MINE, doc)]),
  };
}

/**
 * `named`: the makers the rows name. One not heard from in the file's metadata is looked for in
 * the document's properties too (where a mark goes when another script filled the metadata): a
 * sidebar's poll of its own previews reads no more than the metadata.
 */
export function ownership(kit: Kit, named: Iterable<unknown> = []): Ownership {
  const doc = kit.tables.fileId();
  const me = kit.account.email();
  let heard = kit.records.shared.list(HEARD, false);
  const unheard = [...named].some(
    (who) => typeof who === 'string' && who && who !== me && !heard.has(who),
  );
  if (unheard) heard = kit.records.shared.list(HEARD, true);
  return {
    me,
    mine: new Set(kit.records.mine.get(MINE, doc)),
    asked: new Set(kit.records.mine.get(ASKED, doc)),
    heard,
    now: kit.account.now(),
  };
}

/** This person's polls are heard from in the file, now. */
export function markHeard(kit: Kit): void {
  const me = kit.account.email();
  if (me) kit.records.shared.put(HEARD, kit.account.now(), me);
}

/**
 * Previews this person's key just made: theirs from now on, whatever a cell says; and the maker
 * heard from in the file, so teammates' polls leave the new previews to them.
 */
export function recordMine(kit: Kit, uuids: string[]): void {
  if (!uuids.length) return;
  const doc = kit.tables.fileId();
  const made = uuids.map(idKey);
  changeMine(kit, () => [
    entry(MINE, [...new Set([...kit.records.mine.get(MINE, doc), ...made])], doc),
    madeWith(kit, made),
  ]);
  markHeard(kit);
}

/**
 * After a poll: `settled` are keys of this person's previews no longer pending (completed, failed
 * or gone from the sheet), `claimed` unnamed previews their key turned out to know, still pending,
 * `asked` unnamed ones settled by their one answer. Ids another run of theirs added meanwhile stay.
 */
export function updateRecord(kit: Kit, change: OwnershipChange): void {
  if (!change.settled.length && !change.claimed.length && !change.asked.length) return;
  // Ids of previews that settled do no harm while they stay: a sidebar poll leaves them to the
  // hourly firing (its two property calls a poll); what was claimed or asked cannot wait.
  if (!change.claimed.length && !change.asked.length && kit.account.sparing()) return;
  const doc = kit.tables.fileId();
  changeMine(kit, () => {
    const records: Array<RecordEntry> = [];
    if (change.settled.length || change.claimed.length) {
      const gone = new Set(change.settled);
      const mine = new Set(kit.records.mine.get(MINE, doc).filter((id) => !gone.has(id)));
      for (const id of change.claimed) mine.add(id);
      records.push(entry(MINE, [...mine], doc));
    }
    // An id adopted that the person's key knows is one it made.
    if (change.claimed.length) records.push(madeWith(kit, change.claimed));
    if (change.asked.length)
      records.push(
        entry(ASKED, [...kit.records.mine.get(ASKED, doc), ...change.asked].slice(-MAX_ASKED), doc),
      );
    return records;
  });
}
