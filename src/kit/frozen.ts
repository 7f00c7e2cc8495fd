/**
 * What the person froze, in their own properties: one record per frozen result, under the file,
 * the sheet and a hash of its note, holding the note itself, so Restore writes a formula only from
 * a note this person's freeze wrote, word for word (a hash alone could be matched on purpose; an
 * editor can write any note, and it is never a formula). Kept as an earlier release wrote them
 * (`vis.frozen.<file>.<sheet id>.<hash>`).
 */
import { fnv1a } from '../domain/hash';
import type { SheetRef } from '../domain/table';
import { textKind, type Kit } from './ports';

const FROZEN = textKind('frozen');
/** A property holds 9 KB (P1): a note past this is not kept, and its result not frozen. */
const NOTE_KEPT_CHARS = 8000;

export function frozenRecords(kit: Pick<Kit, 'records' | 'tables'>, sheet: SheetRef) {
  const { mine } = kit.records;
  const id = (note: string) => `${kit.tables.fileId()}.${sheet.sheetId}.${fnv1a(note)}`;
  return {
    /** Keeps a freeze's note; false when it cannot be kept (then the result is not frozen). */
    keep(note: string): boolean {
      if (note.length > NOTE_KEPT_CHARS) return false;
      mine.put(FROZEN, note, id(note));
      return true;
    },
    /** Read afresh: the person's freeze in another execution counts. */
    mine(note: string): boolean {
      mine.reread();
      return mine.get(FROZEN, id(note)) === note;
    },
    forget: (note: string) => mine.drop(FROZEN, id(note)),
  };
}

export type FrozenRecords = ReturnType<typeof frozenRecords>;
