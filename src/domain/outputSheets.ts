/**
 * The sheets the add-on makes and rewrites itself. They are never a list to act on (Score,
 * Generate, pitches, contacted, freeze), and a scan of the workbook for a list's columns (the
 * preview poll, the follow-ups) does not even open them: `Score history` alone may hold 50,000
 * rows.
 */
import { SHEETS } from './sheetNames';

export const LOG_SHEET = SHEETS.log.name;

export const OUTPUT_SHEETS: readonly string[] = Object.values(SHEETS)
  .filter((s) => s.output)
  .map((s) => s.name);

export function isOutputSheet(name: string): boolean {
  // Sheets' names are one whatever their case (G16): "score history" is the history.
  const named = String(name).toLowerCase();
  return OUTPUT_SHEETS.some((s) => s.toLowerCase() === named);
}

/** What a list action says on one of these sheets: nothing is written there. */
export function outputSheetRefusal(name: string, action: string): string | null {
  return isOutputSheet(name)
    ? `"${name}" is a sheet the add-on makes: nothing was written there. Open your own list, select its websites, then ${action} again.`
    : null;
}
