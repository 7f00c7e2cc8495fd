/**
 * Freeze and restore the VIS_* formulas reaching the selection, each over its whole result: one
 * read to find them, then a read and one write of each result.
 */
import { a1 } from '../domain/a1';
import {
  formulasReaching,
  freezeMessage,
  freezeResult,
  frozenReaching,
  restoreResult,
  type Cells,
  type FreezeTally,
  type FreezeVerb,
  type Found,
} from '../domain/freeze';
import type { FreezeReport } from '../contract/scores';
import { cellsPort } from '../gas/cellsPort';
import { onSelectedCells } from './onSelectedCells';
import { frozenRecords } from '../gas/frozenRecords';
import type { Extent } from '../domain/visFunctions';

/** A sheet's cells as Freeze and Restore read them: values, formulas and notes by block. */
export interface CellsPort {
  /** The grid's size and the last row and column with content. */
  size(): { maxRows: number; maxCols: number; lastRow: number; lastCol: number };
  formulas(e: Extent): string[][];
  notes(e: Extent): string[][];
  values(e: Extent): unknown[][];
  /** One write of a block's values. */
  write(e: Extent, values: unknown[][]): void;
  note(row: number, col: number, text: string): void;
}

/**
 * What the person froze, in their own user properties: Restore writes a formula only from a note
 * this person's freeze wrote, word for word (an editor can write any note; it is never a formula).
 */
export interface FrozenRecords {
  /** Keeps a freeze's note; false when it cannot be kept (then the result is not frozen). */
  keep(note: string): boolean;
  mine(note: string): boolean;
  forget(note: string): void;
}

/** A result's cells as read: each read twice at most (values, formulas), written once. */
const read = (cells: CellsPort, e: Extent): Cells => ({
  values: cells.values(e),
  formulas: cells.formulas(e),
});

/**
 * Each formula's whole result becomes values; the formula waits in its first cell's note, and the
 * note in the person's own records (what Restore trusts).
 */
function freezeEach(
  cells: CellsPort,
  kept: FrozenRecords,
  found: Found[],
  tally: FreezeTally,
): void {
  for (const f of found) {
    const out = freezeResult(f, read(cells, f.extent));
    if (out.kind === 'skipped' || !kept.keep(out.note)) {
      tally.skipped++;
      continue;
    }
    cells.write(f.extent, out.values);
    cells.note(f.extent.row, f.extent.col, out.note);
    tally.changed++;
  }
}

/**
 * Each frozen result this person froze is cleared and its formula put back, unless someone typed
 * into it since. A note the person's records do not hold word for word is never a formula.
 */
function restoreEach(
  cells: CellsPort,
  kept: FrozenRecords,
  found: Found[],
  tally: FreezeTally,
): void {
  for (const f of found) {
    if (!f.note || !kept.mine(f.note)) {
      tally.notMine++;
      continue;
    }
    const out = restoreResult(f, read(cells, f.extent));
    if (out.kind === 'blocked') {
      tally.blocked.push({ at: a1(f.extent.row, f.extent.col), changed: out.changed });
      continue;
    }
    cells.write(f.extent, out.values);
    cells.note(f.extent.row, f.extent.col, '');
    kept.forget(f.note);
    tally.changed++;
  }
}

/**
 * Freezes or restores every result reaching a block of a sheet. Past the last filled row and
 * column nothing can be frozen: a whole column (B:B) of a 50,000-row sheet is scanned as far as
 * it holds something.
 */
export function freezeOrRestore(
  verb: FreezeVerb,
  cells: CellsPort,
  kept: FrozenRecords,
  picked: Extent,
): FreezeTally {
  const size = cells.size();
  const selection = {
    row: picked.row,
    col: picked.col,
    rows: Math.max(1, Math.min(picked.rows, size.lastRow - picked.row + 1)),
    cols: Math.max(1, Math.min(picked.cols, size.lastCol - picked.col + 1)),
  };
  // A result's first cell is above or left of any of its cells: scan from A1 to the selection.
  const scanned = {
    row: 1,
    col: 1,
    rows: selection.row + selection.rows - 1,
    cols: selection.col + selection.cols - 1,
  };
  const tally: FreezeTally = { changed: 0, skipped: 0, notMine: 0, blocked: [] };
  if (verb === 'freeze') {
    const grid = { rows: size.maxRows, cols: size.maxCols };
    const scan = { top: 1, left: 1, cells: cells.formulas(scanned) };
    freezeEach(cells, kept, formulasReaching(scan, selection, grid), tally);
  } else {
    const scan = { top: 1, left: 1, cells: cells.notes(scanned) };
    restoreEach(cells, kept, frozenReaching(scan, selection), tally);
  }
  return tally;
}

function apply(verb: FreezeVerb): FreezeReport {
  const name = verb === 'freeze' ? 'Freeze' : 'Restore';
  return onSelectedCells(`choose ${name}`, `Select the cells to ${verb} first`, (range) => {
    const tally = freezeOrRestore(
      verb,
      cellsPort(range.getSheet()),
      frozenRecords(range.getSheet()),
      {
        row: range.getRow(),
        col: range.getColumn(),
        rows: range.getNumRows(),
        cols: range.getNumColumns(),
      },
    );
    return { ...freezeMessage(verb, tally), changed: tally.changed, skipped: tally.skipped };
  });
}

/** Every VIS_* formula reaching the selection becomes its whole result, as values. */
export function freezeSelection(): FreezeReport {
  return apply('freeze');
}

/** Puts back the formulas whose frozen results the selection reaches. */
export function restoreSelection(): FreezeReport {
  return apply('restore');
}
