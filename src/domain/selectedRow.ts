/**
 * A selected row as an action on prospects reads it, and which rows it acts on: a person selects a
 * block, perhaps in a filtered sheet, and means the prospects they see.
 */
import { isBlank } from './cells';
import { counted } from './words';

export interface SelectedRow {
  row: number;
  /** The row's cells in header order. */
  values: unknown[];
  /** What each cell shows (a number as formatted, a date as yyyy-mm-dd). */
  shown: string[];
  /** Hidden by the sheet's filter: the person does not see it, so nothing acts on it. */
  hidden: boolean;
}

/** The rows to act on (not empty, not filtered out), and a sentence on those left alone. */
export function actionable<T extends Pick<SelectedRow, 'values' | 'hidden'>>(
  rows: T[],
): { rows: T[]; note: string } {
  const visible = rows.filter((r) => !r.hidden);
  const acted = visible.filter((r) => !r.values.every(isBlank));
  const empty = visible.length - acted.length;
  const hidden = rows.length - visible.length;
  const parts = [
    empty ? counted(empty, 'empty row') : '',
    hidden ? `${counted(hidden, 'row')} hidden by the filter` : '',
  ].filter(Boolean);
  return { rows: acted, note: parts.length ? `Left alone: ${parts.join(' and ')}.` : '' };
}
