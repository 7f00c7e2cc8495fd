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
import { explainingProtection } from '../gas/protection';
import { onSelectedCells } from './onSelectedCells';

export function combineFilledDown(): FreezeReport {
  return onSelectedCells(
    'choose Combine formulas filled down',
    'Select the formulas filled down first',
    (range) => {
      const sheet = range.getSheet();
      const runs = filledDownRuns(range.getRow(), range.getColumn(), range.getFormulas());
      explainingProtection(sheet, () => {
        for (const run of runs) {
          // The first cell's formula answers the rows below: they are cleared for its result.
          const block = [[run.formula], ...Array.from({ length: run.rows - 1 }, () => [''])];
          const cells = sheet.getRange(run.row, run.col, run.rows, 1);
          cells.setValues(block);
          // The notes that said why a cell was refused go with the refusal; the person's stay.
          const notes = cells.getNotes().map(([n]) => [isRefusedNote(n) ? '' : (n ?? '')]);
          notes[0] = [combinedNote(run)];
          cells.setNotes(notes);
        }
      });
      const changed = runs.reduce((n, r) => n + r.rows, 0);
      const state = runs.length ? 'done' : 'nothing';
      return { state, message: combinedMessage(runs), changed, skipped: 0 };
    },
  );
}

/**
 * Formulas filled down in `range` that Sheets refused (#ERROR!): each such cell gets a note with
 * the cause and the way out (one write per run), and the sidebar's words come back; null when
 * the range holds none. A sheet the person may not write keeps its notes: the words still say it.
 */
export function noteRefusedFormulas(range: GoogleAppsScript.Spreadsheet.Range): string | null {
  const [top, left] = [range.getRow(), range.getColumn()];
  const runs = filledDownRuns(top, left, range.getFormulas());
  if (!runs.length) return null;
  const notes = range.getNotes();
  const refused = refusedCellNotes(runs, top, left, range.getValues(), notes);
  for (const run of runs) {
    const mine = refused.filter(
      (n) => n.col === run.col && n.row >= run.row && n.row < run.row + run.rows,
    );
    if (!mine.length) continue;
    const block = Array.from({ length: run.rows }, (_, i) => [
      notes[run.row + i - top]?.[run.col - left] ?? '',
    ]);
    for (const n of mine) block[n.row - run.row] = [n.note];
    try {
      range.getSheet().getRange(run.row, run.col, run.rows, 1).setNotes(block);
    } catch {
      break;
    }
  }
  return refusedMessage(runs, refused.length);
}
