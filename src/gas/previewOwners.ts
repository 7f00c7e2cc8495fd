/**
 * The person's own record of their previews, per spreadsheet, in their user properties (which no
 * editor can write): the ids their key made that were pending when last seen, the newest ids their
 * key made at all, and the unnamed ones they asked about once. What a row's `Requested by` cell says
 * is display; this is authority.
 */
import { idKey, type Presser } from '../domain/previewJobs';
import type { Ownership } from '../domain/previewOwners';
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { myEmail } from './active';
import { appsScriptClock } from './clock';
import { metadataStartingWith, shareWhereRoom } from './docMetadata';
import { withUserLock } from './lock';
import {
  deleteUserProperty,
  mayWriteWhatCanWait,
  rereadUserProperties,
  setUserProperties,
  userProperty,
} from './userStore';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

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
/** The `doc` of a record kept for every file together. */
const EVERY_FILE = '';

/** `mine`: pending when last seen (what polls ask about); `made`: any state (what may be lent). */
type Kept = 'mine' | 'made' | 'asked';

const key = (what: Kept, doc: string, part: number) =>
  ['vis', what, doc, part ? String(part) : ''].filter(Boolean).join('.');

function readIds(what: Kept, doc: string): string[] {
  const ids: string[] = [];
  for (let part = 0; ; part++) {
    const value = userProperty(key(what, doc, part));
    if (!value) return ids;
    ids.push(...value.split(' ').filter(Boolean));
  }
}

/** One record's ids: `doc` the file's id, or EVERY_FILE. */
type IdRecord = { what: Kept; doc: string; ids: string[] };

/** Each record's ids written in one call. */
function writeIds(records: IdRecord[]): void {
  const values: Record<string, string> = {};
  const ends: Array<[Kept, string, number]> = [];
  for (const { what, doc, ids } of records) {
    let part = 0;
    for (let at = 0; at < ids.length; at += PER_VALUE, part++)
      values[key(what, doc, part)] = ids.slice(at, at + PER_VALUE).join(' ');
    ends.push([what, doc, part]);
  }
  setUserProperties(values);
  // Parts past a record's new end held ids that are gone.
  for (const [what, doc, end] of ends)
    for (let part = end; userProperty(key(what, doc, part)) !== null; part++)
      deleteUserProperty(key(what, doc, part));
}

/** `ids` added as the newest of the ids made (one made again moves up), the oldest let go. */
function madeWith(ids: string[]): IdRecord {
  const now = new Set(ids);
  const kept = readIds('made', EVERY_FILE).filter((id) => !now.has(id));
  return { what: 'made', doc: EVERY_FILE, ids: [...kept, ...now].slice(-MAX_MADE) };
}

/**
 * The person pressing Generate here: a row lends its preview as theirs only when their record
 * knows it. The pending ids count too (recorded before the ids made were kept).
 */
export function presser(doc: string): Presser {
  return {
    me: myEmail(),
    made: new Set([...readIds('made', EVERY_FILE), ...readIds('mine', doc)]),
  };
}

/**
 * When each person was last heard from polling this file: PROJECT-visible metadata, which only
 * the add-on's code writes (D2), each person their own entry, so a forged or typed value is not
 * read.
 */
const HEARD = 'vis.heard.';

/**
 * `named`: the makers the rows name. One not heard from in the file's metadata is looked for in
 * the document's properties too (where a mark goes when another script filled the metadata): a
 * sidebar's poll of its own previews reads no more than the metadata.
 */
export function ownership(book: Book, named: Iterable<unknown> = []): Ownership {
  const doc = book.getId();
  const me = myEmail();
  const heardIn = (fileOnly: boolean) => {
    const heard = new Map<string, number>();
    for (const [who, at] of Object.entries(metadataStartingWith(book, HEARD, fileOnly)))
      if (Number.isFinite(Number(at))) heard.set(who, Number(at));
    return heard;
  };
  let heard = heardIn(true);
  const unheard = [...named].some(
    (who) => typeof who === 'string' && who && who !== me && !heard.has(who),
  );
  if (unheard) heard = heardIn(false);
  return {
    me,
    mine: new Set(readIds('mine', doc)),
    asked: new Set(readIds('asked', doc)),
    heard,
    now: appsScriptClock.now(),
  };
}

/** This person's polls are heard from in the file, now. */
export function markHeardInFile(book: Book): void {
  const me = myEmail();
  if (me) shareWhereRoom(book, HEARD + me, String(appsScriptClock.now()));
}

/** Previews this person's key just made: theirs from now on, whatever a cell says. */
export function recordMine(doc: string, uuids: string[]): void {
  if (!uuids.length) return;
  const made = uuids.map(idKey);
  withUserLock(REGISTRY_LOCK_WAIT_MS, () => {
    rereadUserProperties();
    const mine = [...new Set([...readIds('mine', doc), ...made])];
    writeIds([{ what: 'mine', doc, ids: mine }, madeWith(made)]);
  });
}

/**
 * After a poll: `settled` are keys of this person's previews no longer pending (completed, failed
 * or gone from the sheet), `claimed` unnamed previews their key turned out to know, still pending,
 * `asked` unnamed ones settled by their one answer. Ids another run of theirs added meanwhile stay.
 */
export function updateRecord(
  doc: string,
  change: { settled: string[]; claimed: string[]; asked: string[] },
): void {
  if (!change.settled.length && !change.claimed.length && !change.asked.length) return;
  // Ids of previews that settled do no harm while they stay: a sidebar poll leaves them to the
  // hourly firing (its two property calls a poll); what was claimed or asked cannot wait.
  if (!change.claimed.length && !change.asked.length && !mayWriteWhatCanWait()) return;
  withUserLock(REGISTRY_LOCK_WAIT_MS, () => {
    rereadUserProperties();
    const records: IdRecord[] = [];
    if (change.settled.length || change.claimed.length) {
      const gone = new Set(change.settled);
      const mine = new Set(readIds('mine', doc).filter((id) => !gone.has(id)));
      for (const id of change.claimed) mine.add(id);
      records.push({ what: 'mine', doc, ids: [...mine] });
    }
    // An id adopted that the person's key knows is one it made.
    if (change.claimed.length) records.push(madeWith(change.claimed));
    if (change.asked.length) {
      const asked = [...readIds('asked', doc), ...change.asked].slice(-MAX_ASKED);
      records.push({ what: 'asked', doc, ids: asked });
    }
    writeIds(records);
  });
}
