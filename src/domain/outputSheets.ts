/**
 * The sheets the add-on makes and rewrites itself. They are never a list to act on (Score,
 * Generate, pitches, contacted, freeze), and a scan of the workbook for a list's columns (the
 * preview poll, the follow-ups) does not even open them: `Score history` alone may hold 50,000
 * rows.
 */
import { COMPARISON_SHEET } from './compare';
import { MONITOR_SHEET } from './scanWatch';
import { FOLLOW_UPS_SHEET, HISTORY_SHEET } from './table';

export const LOG_SHEET = 'Visibility log';

export const OUTPUT_SHEETS = [
  HISTORY_SHEET,
  LOG_SHEET,
  COMPARISON_SHEET,
  FOLLOW_UPS_SHEET,
  MONITOR_SHEET,
] as const;

export function isOutputSheet(name: string): boolean {
  return (OUTPUT_SHEETS as readonly string[]).includes(name);
}

/** What a list action says on one of these sheets: nothing is written there. */
export function outputSheetRefusal(name: string, action: string): string | null {
  return isOutputSheet(name)
    ? `"${name}" is a sheet the add-on makes: nothing was written there. Open your own list, select its websites, then ${action} again.`
    : null;
}
