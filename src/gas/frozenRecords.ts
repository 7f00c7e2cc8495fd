/**
 * Freeze's records (src/addon/freeze.ts FrozenRecords) in the person's own user properties: one entry per frozen
 * result, keyed by the file, the sheet and a hash of its note, holding the note itself, so a note
 * is the person's only when it is theirs word for word (a hash alone could be matched on purpose).
 */
import { fnv1a } from '../domain/hash';
import { deleteUserProperty, freshUserProperty, setUserProperties } from './userStore';

/** A user property holds 9 KB (P1): a note past this is not kept, and its result not frozen. */
const NOTE_KEPT_CHARS = 8000;

export function frozenRecords(sheet: GoogleAppsScript.Spreadsheet.Sheet) {
  const place = `vis.frozen.${sheet.getParent().getId()}.${sheet.getSheetId()}.`;
  const key = (note: string) => place + fnv1a(note);
  return {
    keep: (note: string) => {
      if (note.length > NOTE_KEPT_CHARS) return false;
      setUserProperties({ [key(note)]: note });
      return true;
    },
    mine: (note: string) => freshUserProperty(key(note)) === note,
    forget: (note: string) => deleteUserProperty(key(note)),
  };
}
