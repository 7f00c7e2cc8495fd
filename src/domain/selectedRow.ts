/**
 * A selected row as an action on prospects reads it, and which rows it acts on: a person selects a
 * block, perhaps in a filtered sheet, and means the prospects they see.
 */
import { isBlank } from './cells';
import { counted } from '../contract/words';
import type { SheetGrid } from './table';

/** A selection's whole rows in its list, the list read once. */
export interface SelectedRows {
  list: SheetGrid;
  /** The selected rows inside the list (rows below its last are left out). */
  rows: SelectedRow[];
}

export interface SelectedRow {
  row: number;
  /** The row's cells in header order. */
  values: unknown[];
  /** What each cell shows (a number as formatted, a date as yyyy-mm-dd). */
  shown: string[];
  /** Hidden by the sheet's filter: the person does not see it, so nothing acts on it. */
  hidden: boolean;
}

/**
 * The rows to act on (not empty, not filtered out, and what `also` asks of them), and a sentence
 * on those left alone.
 */
export function actionable<T extends Pick<SelectedRow, 'values' | 'hidden'>>(
  rows: T[],
  also?: { keeps: (r: T) => boolean; leftAlone: (n: number) => string },
): { rows: T[]; note: string } {
  const visible = rows.filter((r) => !r.hidden);
  const filled = visible.filter((r) => !r.values.every(isBlank));
  const acted = also ? filled.filter(also.keeps) : filled;
  const [empty, hidden, other] = [
    visible.length - filled.length,
    rows.length - visible.length,
    filled.length - acted.length,
  ];
  const parts = [
    empty ? counted(empty, 'empty row') : '',
    hidden ? `${counted(hidden, 'row')} hidden by the filter` : '',
    other && also ? also.leftAlone(other) : '',
  ].filter(Boolean);
  const listed =
    parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return { rows: acted, note: listed ? `Left alone: ${listed}.` : '' };
}
