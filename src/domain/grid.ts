/**
 * A Google sheet is a fixed grid (docs/platform-limits.md): a range past its edge throws, so a
 * write first grows the sheet, in one call per direction. What to grow, and how much history
 * fits under the spreadsheet's cell limit, are decided here from plain numbers.
 */

/** Cells a spreadsheet may hold over all its sheets, blank ones included. */
export const SPREADSHEET_CELL_LIMIT = 10_000_000;
/** Cells kept free for what the user adds by hand, when the add-on sizes its own sheets. */
export const CELL_RESERVE = 100_000;

export interface Size {
  rows: number;
  columns: number;
}

/** Rows and columns to add so that a block ending at `needed` fits in a grid of `max`. */
export function growthFor(max: Size, needed: Size): Size {
  return {
    rows: Math.max(0, needed.rows - max.rows),
    columns: Math.max(0, needed.columns - max.columns),
  };
}

/** A sheet's place in the workbook, read before one is replaced: what is there, and what it takes. */
export interface SheetRoom {
  /** The sheet's first row, or null when there is no such sheet. */
  header: unknown[] | null;
  /** The sheet's grid (rows × columns), 0 when there is none. */
  cells: number;
  /** Cells of every other sheet's grid. */
  otherCells: number;
}

export interface HistoryRoom {
  /** Data rows the history may keep: its own cap, or less when the workbook is near full. */
  rows: number;
  /** Which of the two limits applies. */
  limitedBy: 'cap' | 'workbook';
}

/**
 * How many data rows the history sheet may hold: its cap, unless the other sheets leave fewer
 * cells (less a reserve) at the history sheet's width.
 */
export function historyRoom(input: {
  cap: number;
  /** Cells of every other sheet's grid. */
  otherCells: number;
  /** The history sheet's grid width. */
  columns: number;
  headerRows: number;
}): HistoryRoom {
  const free = SPREADSHEET_CELL_LIMIT - CELL_RESERVE - input.otherCells;
  const fit = Math.max(0, Math.floor(free / Math.max(1, input.columns)) - input.headerRows);
  return fit < input.cap
    ? { rows: fit, limitedBy: 'workbook' }
    : { rows: input.cap, limitedBy: 'cap' };
}
