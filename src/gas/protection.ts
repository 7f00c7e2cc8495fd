/** Writes that may meet a protected range, their refusal said in words (domain/protection.ts). */
import { isProtectedRefusal, protectedMessage, type Refusing } from '../domain/protection';
import { myEmail } from './active';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/**
 * `write` on `sheet`; a protection's refusal becomes an error naming the range and its editors,
 * after `refused`: what could not be done (a value write, unless a change of structure says).
 */
export function explainingProtection<T>(sheet: Sheet, write: () => T, refused?: string): T {
  try {
    return write();
  } catch (error) {
    if (!isProtectedRefusal(error)) throw error;
  }
  // Google's refusal says only that something is protected: these words replace it whole.
  throw new Error(protectedMessage(myEmail(), refusingOn(sheet), refused));
}

/** The protections of the sheet this person may not edit (only asked once a write was refused). */
function refusingOn(sheet: Sheet): Refusing[] {
  const types = [SpreadsheetApp.ProtectionType.SHEET, SpreadsheetApp.ProtectionType.RANGE];
  return types
    .flatMap((t) => sheet.getProtections(t))
    .filter((p) => !p.canEdit())
    .map((p) => ({
      sheet: sheet.getName(),
      a1:
        p.getProtectionType() === SpreadsheetApp.ProtectionType.RANGE
          ? p.getRange().getA1Notation()
          : null,
      description: p.getDescription(),
      editors: p.getEditors().map((u) => u.getEmail()),
    }));
}
