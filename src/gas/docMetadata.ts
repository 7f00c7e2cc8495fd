/**
 * Small records kept in the file itself, as developer metadata: unlike document properties, a
 * clock trigger can read and write them through `openById`, and every editor's copy of the add-on
 * sees them. Only PROJECT-visible entries are read (D2): those only this add-on's code writes. A
 * DOCUMENT-visible entry may have been written by any script an editor runs on the file, so it is
 * never authority (a forged claim, run record or watch is ignored). An earlier version wrote its
 * own entries DOCUMENT-visible; they are not copied (nothing tells them from a forgery) but
 * replaced: each record is written again from its owner's own user properties at its owner's next
 * save or run (a claim lapses within minutes anyway), and that write removes the old entry.
 *
 * The metadata's room is the file's, and another script on it can fill it (D1). Then a record is
 * kept in the document's own properties instead, a store no other script can write (one per
 * script project): every run with the document in hand (a sidebar, a form's trigger) reads both,
 * so the claims and the shared records still work. A clock trigger has no document properties: it
 * reads the metadata only, and a write it cannot make there is refused (`MetadataFull`), said in
 * words by the run that needed it.
 */
import { METADATA_FULL } from '../contract/settings';
import { propertyCalled } from './propertyCalls';
import { startingWithIn, type Strings } from '../kit/records';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Entry = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

const project = () => SpreadsheetApp.DeveloperMetadataVisibility.PROJECT;

/** Where a record goes in the document's properties, apart from the add-on's other keys there. */
const ROOM = 'vis.room.';

function ownEntries(book: Book): Entry[] {
  return book.getDeveloperMetadata().filter((md) => md.getVisibility() === project());
}

/** The document's properties, when this execution has them for `book` (not in a clock trigger). */
function documentStore(book: Book): GoogleAppsScript.Properties.Properties | null {
  if (SpreadsheetApp.getActiveSpreadsheet()?.getId() !== book.getId()) return null;
  return PropertiesService.getDocumentProperties();
}

/**
 * `book`'s document properties as strings, read once an execution (each call counted, Q5): only
 * where it is the open document, whose properties Apps Script gives; none where the execution has
 * none (a clock trigger's) or works on another file (the hourly run's), and a write there throws.
 */
export function documentStrings(bookOf: () => Book): Strings {
  let all: Record<string, string> | null = null;
  const kept = () => {
    if (!all) {
      propertyCalled();
      all = documentStore(bookOf())?.getProperties() ?? {};
    }
    return all;
  };
  const writable = () => {
    const store = documentStore(bookOf());
    if (!store) throw new Error('Only the open document’s own properties can be written.');
    propertyCalled();
    return store;
  };
  return {
    get: (key) => kept()[key] ?? null,
    startingWith: (prefix) => startingWithIn(kept(), prefix),
    setAll(values) {
      if (Object.keys(values).length === 0) return;
      writable().setProperties(values);
      Object.assign(kept(), values);
    },
    delete(key) {
      if (!(key in kept())) return;
      writable().deleteProperty(key);
      delete kept()[key];
    },
  };
}

/** The records kept in the document's properties while the metadata was full, by key. */
function keptInDocument(book: Book): Record<string, string> {
  const store = documentStore(book);
  if (!store) return {};
  propertyCalled();
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(store.getProperties()))
    if (key.startsWith(ROOM)) found[key.slice(ROOM.length)] = value;
  return found;
}

export function metadataValue(book: Book, key: string): string | null {
  return (
    ownEntries(book)
      .find((md) => md.getKey() === key)
      ?.getValue() ??
    keptInDocument(book)[key] ??
    null
  );
}

/**
 * Every value whose key starts with `prefix`, by the rest of the key (the file's copy first);
 * `fileOnly` for records never kept in the document (written with `everyRunReads`).
 */
export function metadataStartingWith(
  book: Book,
  prefix: string,
  fileOnly = false,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(fileOnly ? {} : keptInDocument(book)))
    if (key.startsWith(prefix)) found[key.slice(prefix.length)] = value;
  for (const md of ownEntries(book)) {
    const key = md.getKey();
    if (key.startsWith(prefix)) found[key.slice(prefix.length)] = md.getValue() ?? '';
  }
  return found;
}

/**
 * Writes one PROJECT-visible entry per key (null removes it), and removes a DOCUMENT-visible entry
 * of the same key: an earlier version's, or one planted to look like it. When the metadata is full
 * the record goes to the document's properties, unless `everyRunReads` (a record a clock trigger
 * must read: there it would be unseen), or there are none (a clock trigger): `MetadataFull`.
 */
export function setMetadata(
  book: Book,
  key: string,
  value: string | null,
  everyRunReads = false,
): void {
  const existing = book.getDeveloperMetadata().filter((md) => md.getKey() === key);
  const kept = existing.find((md) => md.getVisibility() === project());
  for (const md of existing) if (value === null || md !== kept) md.remove();
  const store = everyRunReads ? null : documentStore(book);
  try {
    if (value !== null && kept) kept.setValue(value);
    else if (value !== null) book.addDeveloperMetadata(key, value, project());
  } catch (error) {
    if (!/metadata/i.test(String(error)) || !/large|size|limit|characters/i.test(String(error)))
      throw error;
    const full = new MetadataFull(ownEntries(book).reduce((n, md) => n + entrySize(md), 0));
    if (!store) throw full;
    // The file's copy would now be stale: the document's is the record.
    kept?.remove();
    propertyCalled();
    store.setProperty(ROOM + key, value!);
    noteFilled(full);
    return;
  }
  // A copy kept in the document while the metadata was full is shadowed by the file's from now
  // on, but a record removed must not come back from it.
  if (store && value === null) {
    propertyCalled();
    store.deleteProperty(ROOM + key);
  }
}

/**
 * Writes a record every editor is shown but no run decides by (how runs went, who was heard
 * from): where no room is left to a clock trigger, or `fileOnly` is said, it is left as it was.
 */
export function shareWhereRoom(
  book: Book,
  key: string,
  value: string | null,
  fileOnly = false,
): void {
  try {
    setMetadata(book, key, value, fileOnly);
  } catch (error) {
    if (!(error instanceof MetadataFull)) throw error;
  }
}

/** A person's report with what this execution kept in the document for want of room, if it did. */
export function withRoomNotice<R extends { message: string }>(r: R): R {
  return filledByAnother ? { ...r, message: `${r.message} ${filledByAnother}` } : r;
}

/** What this execution found filled, said once in words to whoever it reports to. */
export function noteFilled(full: MetadataFull): void {
  filledByAnother = `${full.message} Until then the add-on keeps its records in stores of its own, and what you do here works; what hourly and form runs did may show late to other editors, and a schedule cannot be taken over.`;
}

/** The words of `noteFilled`, when this execution found the metadata full; else null. */
export const filledNotice = (): string | null => filledByAnother;

/** This execution's words, once it found the metadata full and kept a record in the document. */
let filledByAnother: string | null = null;

const entrySize = (md: Entry) => md.getKey().length + (md.getValue()?.length ?? 0);

/** Google keeps this many characters of developer metadata a spreadsheet (D1). */
export const METADATA_LIMIT = 30_000;

/**
 * The file's developer metadata is full: said in words, with how little of it is the add-on's
 * (another script on the file, which the add-on can neither see nor remove, filled the rest).
 */
export class MetadataFull extends Error {
  constructor(ownChars: number) {
    super(
      `${METADATA_FULL} (Google keeps ${METADATA_LIMIT.toLocaleString('en-US')} characters a file) and the add-on's own records use only ${ownChars.toLocaleString('en-US')} of them: another script or add-on on this file filled the rest. Remove that script's records (Extensions → Apps Script, or ask whoever added it).`,
    );
    this.name = 'MetadataFull';
  }
}
