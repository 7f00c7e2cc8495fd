/**
 * Small records kept in the file itself, as developer metadata: unlike document properties, a
 * clock trigger can read and write them through `openById`, and every editor's copy of the add-on
 * sees them. Only PROJECT-visible entries are read (D2): those only this add-on's code writes. A
 * DOCUMENT-visible entry may have been written by any script an editor runs on the file, so it is
 * never authority (a forged claim, run record or watch is ignored). An earlier version wrote its
 * own entries DOCUMENT-visible; they are not copied (nothing tells them from a forgery) but
 * replaced: each record is written again from its owner's own user properties at its owner's next
 * save or run (a claim lapses within minutes anyway), and that write removes the old entry.
 */
import { METADATA_FULL } from '../contract/settings';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Entry = GoogleAppsScript.Spreadsheet.DeveloperMetadata;

const project = () => SpreadsheetApp.DeveloperMetadataVisibility.PROJECT;

function ownEntries(book: Book): Entry[] {
  return book.getDeveloperMetadata().filter((md) => md.getVisibility() === project());
}

export function metadataValue(book: Book, key: string): string | null {
  return (
    ownEntries(book)
      .find((md) => md.getKey() === key)
      ?.getValue() ?? null
  );
}

/** Every value whose key starts with `prefix`, by the rest of the key. */
export function metadataStartingWith(book: Book, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const md of ownEntries(book)) {
    const key = md.getKey();
    if (key.startsWith(prefix)) found[key.slice(prefix.length)] = md.getValue() ?? '';
  }
  return found;
}

/**
 * Writes one PROJECT-visible entry per key (null removes it), and removes a DOCUMENT-visible entry
 * of the same key: an earlier version's, or one planted to look like it.
 */
export function setMetadata(book: Book, key: string, value: string | null): void {
  const existing = book.getDeveloperMetadata().filter((md) => md.getKey() === key);
  const kept = existing.find((md) => md.getVisibility() === project());
  for (const md of existing) if (value === null || md !== kept) md.remove();
  if (value === null) return;
  try {
    if (kept) kept.setValue(value);
    else book.addDeveloperMetadata(key, value, project());
  } catch (error) {
    if (!/metadata/i.test(String(error)) || !/large|size|limit|characters/i.test(String(error)))
      throw error;
    throw new MetadataFull(ownEntries(book).reduce((n, md) => n + entrySize(md), 0));
  }
}

const entrySize = (md: Entry) => md.getKey().length + (md.getValue()?.length ?? 0);

/** Google keeps this many characters of developer metadata a spreadsheet (D1). */
const METADATA_LIMIT = 30_000;

/**
 * The file's developer metadata is full: said in words, with how little of it is the add-on's
 * (another script on the file, which the add-on can neither see nor remove, filled the rest).
 */
export class MetadataFull extends Error {
  constructor(ownChars: number) {
    super(
      `${METADATA_FULL} (Google keeps ${METADATA_LIMIT.toLocaleString('en-US')} characters a file) and the add-on's own records use only ${ownChars.toLocaleString('en-US')} of them: another script or add-on on this file filled the rest. Remove that script's records (Extensions → Apps Script, or ask whoever added it), then try again. Nothing was sent.`,
    );
    this.name = 'MetadataFull';
  }
}
