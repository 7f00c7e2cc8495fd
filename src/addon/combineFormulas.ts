/**
 * Combine formulas filled down: VIS_* formulas filled down a column one cell at a time become one
 * formula over the column (src/domain/filledDown.ts). One read of the selection's formulas, one
 * write and one note per run.
 */
import {
  combinedMessage,
  combinedNote,
  filledDownRuns,
  refusedCellNotes,
  refusedMessage,
  isRefusedNote,
} from '../domain/filledDown';
import type { FreezeReport } from '../contract/scores';
import type { Kit } from '../kit/ports';
import type { SheetRef } from '../domain/table';
import type { Extent } from '../domain/visFunctions';
import { onSelectedCells } from './onSelectedCells';

/** The formulas filled down in a block, each run become one formula over its rows. */
export function combineIn(kit: Kit, sheet: SheetRef, e: Extent): FreezeReport {
  const runs = filledDownRuns(e.row, e.col, kit.cells.formulas(sheet, e));
  for (const run of runs) {
    const block = { row: run.row, col: run.col, rows: run.rows, cols: 1 };
    // The first cell's formula answers the rows below: they are cleared for its result.
    kit.cells.write(sheet, block, [
      [run.formula],
      ...Array.from({ length: run.rows - 1 }, () => ['']),
    ]);
    // The notes that said why a cell was refused go with the refusal; the person's stay.
    const notes = kit.cells.notes(sheet, block).map(([n]) => [isRefusedNote(n) ? '' : (n ?? '')]);
    notes[0] = [combinedNote(run)];
    kit.cells.annotate(sheet, block, notes);
  }
  const changed = runs.reduce((n, r) => n + r.rows, 0);
  const state = runs.length ? 'done' : 'nothing';
  return { state, message: combinedMessage(runs), changed, skipped: 0 };
}

export const combineFilledDown = (): FreezeReport =>
  onSelectedCells(
    'choose Combine formulas filled down',
    'Select the formulas filled down first',
    (kit, at) => combineIn(kit, at.sheet, at.extent),
  );

/**
 * Formulas filled down in a block that Sheets refused (#ERROR!): each such cell gets a note with
 * the cause and the way out (one write per run), and the sidebar's words come back; null when
 * the range holds none. A sheet the person may not write keeps its notes: the words still say it.
 */
export function noteRefusedIn(kit: Kit, sheet: SheetRef, e: Extent): string | null {
  const runs = filledDownRuns(e.row, e.col, kit.cells.formulas(sheet, e));
  if (!runs.length) return null;
  const notes = kit.cells.notes(sheet, e);
  const refused = refusedCellNotes(runs, e.row, e.col, kit.cells.values(sheet, e), notes);
  for (const run of runs) {
    const mine = refused.filter(
      (n) => n.col === run.col && n.row >= run.row && n.row < run.row + run.rows,
    );
    if (!mine.length) continue;
    const block = Array.from({ length: run.rows }, (_, i) => [
      notes[run.row + i - e.row]?.[run.col - e.col] ?? '',
    ]);
    for (const n of mine) block[n.row - run.row] = [n.note];
    try {
      kit.cells.annotate(sheet, { row: run.row, col: run.col, rows: run.rows, cols: 1 }, block);
    } catch {
      break;
    }
  }
  return refusedMessage(runs, refused.length);
}
