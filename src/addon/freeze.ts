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
import { onSelectedCells } from './onSelectedCells';
import type { Extent } from '../domain/visFunctions';
import type { SheetRef } from '../domain/table';
import type { Kit } from '../kit/ports';
import { frozenRecords, type FrozenRecords } from '../kit/frozen';

/** A sheet's cells on the kit, as Freeze and Restore read and write them. */
interface SheetCells {
  kit: Kit;
  sheet: SheetRef;
}

/** A result's cells as read: each read twice at most (values, formulas), written once. */
const read = ({ kit, sheet }: SheetCells, e: Extent): Cells => ({
  values: kit.cells.values(sheet, e),
  formulas: kit.cells.formulas(sheet, e),
});

/** A result's first cell's note. */
const noteOn = ({ kit, sheet }: SheetCells, e: Extent, note: string) =>
  kit.cells.annotate(sheet, { row: e.row, col: e.col, rows: 1, cols: 1 }, [[note]]);

/**
 * Each formula's whole result becomes values; the formula waits in its first cell's note, and the
 * note in the person's own records (what Restore trusts).
 */
function freezeEach(
  cells: SheetCells,
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
    cells.kit.cells.write(cells.sheet, f.extent, out.values);
    noteOn(cells, f.extent, out.note);
    tally.changed++;
  }
}

/**
 * Each frozen result this person froze is cleared and its formula put back, unless someone typed
 * into it since. A note the person's records do not hold word for word is never a formula.
 */
function restoreEach(
  cells: SheetCells,
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
    cells.kit.cells.write(cells.sheet, f.extent, out.values);
    noteOn(cells, f.extent, '');
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
  kit: Kit,
  sheet: SheetRef,
  picked: Extent,
): FreezeTally {
  const cells = { kit, sheet };
  const kept = frozenRecords(kit, sheet);
  const size = kit.cells.size(sheet);
  if (!size) return { changed: 0, skipped: 0, notMine: 0, blocked: [] };
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
    const scan = { top: 1, left: 1, cells: kit.cells.formulas(sheet, scanned) };
    freezeEach(cells, kept, formulasReaching(scan, selection, grid), tally);
  } else {
    const scan = { top: 1, left: 1, cells: kit.cells.notes(sheet, scanned) };
    restoreEach(cells, kept, frozenReaching(scan, selection), tally);
  }
  return tally;
}

function apply(verb: FreezeVerb): FreezeReport {
  const name = verb === 'freeze' ? 'Freeze' : 'Restore';
  return onSelectedCells(`choose ${name}`, `Select the cells to ${verb} first`, (kit, at) => {
    const tally = freezeOrRestore(verb, kit, at.sheet, at.extent);
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
