/**
 * The person's own record of their previews, per spreadsheet, in their user properties (which no
 * editor can write): the ids their key made that were pending when last seen, and the unnamed ones
 * they asked about once. What a row's `Requested by` cell says is display; this is authority.
 */
import { idKey, type Ownership } from '../domain/previewOwners';
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { myEmail } from './active';
import { appsScriptClock } from './clock';
import { metadataStartingWith, shareWhereRoom } from './docMetadata';
import { withUserLock } from './lock';
import {
  deleteUserProperty,
  freshUserProperty,
  mayWriteWhatCanWait,
  setUserProperties,
  userProperty,
} from './userStore';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** Ids a property value holds: 500 of 17 characters stay under Google's 9 KB a value. */
const PER_VALUE = 500;
/** The unnamed ids asked about that are remembered (the oldest go first). */
const MAX_ASKED = 5000;

const key = (what: 'mine' | 'asked', doc: string, part: number) =>
  `vis.${what}.${doc}${part ? `.${part}` : ''}`;

function readIds(what: 'mine' | 'asked', doc: string, fresh = false): string[] {
  const ids: string[] = [];
  for (let part = 0; ; part++) {
    const name = key(what, doc, part);
    const value = fresh ? freshUserProperty(name) : userProperty(name);
    if (!value) return ids;
    ids.push(...value.split(' ').filter(Boolean));
  }
}

function writeIds(what: 'mine' | 'asked', doc: string, ids: string[]): void {
  const values: Record<string, string> = {};
  for (let at = 0, part = 0; at < ids.length; at += PER_VALUE, part++)
    values[key(what, doc, part)] = ids.slice(at, at + PER_VALUE).join(' ');
  setUserProperties(values);
  // Parts past the new end held ids that are gone.
  for (let part = Object.keys(values).length; userProperty(key(what, doc, part)) !== null; part++)
    deleteUserProperty(key(what, doc, part));
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
  withUserLock(REGISTRY_LOCK_WAIT_MS, () => {
    const ids = new Set(readIds('mine', doc, true));
    for (const u of uuids) ids.add(idKey(u));
    writeIds('mine', doc, [...ids]);
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
    if (change.settled.length || change.claimed.length) {
      const gone = new Set(change.settled);
      const mine = new Set(readIds('mine', doc, true).filter((id) => !gone.has(id)));
      for (const id of change.claimed) mine.add(id);
      writeIds('mine', doc, [...mine]);
    }
    if (change.asked.length)
      writeIds('asked', doc, [...readIds('asked', doc, true), ...change.asked].slice(-MAX_ASKED));
  });
}
