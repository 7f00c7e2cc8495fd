/**
 * Combine formulas filled down: VIS_* formulas filled down a column one cell at a time become one
 * formula over the column (src/domain/filledDown.ts). One read of the selection's formulas, one
 * write and one note per run.
 */
import { combinedMessage, combinedNote, filledDownRuns } from '../domain/filledDown';
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
          sheet.getRange(run.row, run.col, run.rows, 1).setValues(block);
          sheet.getRange(run.row, run.col).setNote(combinedNote(run));
        }
      });
      const changed = runs.reduce((n, r) => n + r.rows, 0);
      const state = runs.length ? 'done' : 'nothing';
      return { state, message: combinedMessage(runs), changed, skipped: 0 };
    },
  );
}
