/**
 * Combine formulas filled down: VIS_* formulas filled down a column one cell at a time become one
 * formula over the column (src/domain/filledDown.ts). One read of the selection's formulas, one
 * write and one note per run.
 */
import { combinedMessage, combinedNote, filledDownRuns } from '../domain/filledDown';
import type { FreezeReport } from '../contract/scores';
import { activeRange } from '../gas/active';
import { DOCUMENT_BUSY, withDocumentLock } from '../gas/lock';
import { explainingProtection } from '../gas/protection';
import { refusedSheet } from '../gas/selection';
import { PRESS_LOCK_WAIT_MS } from '../limits';

export function combineFilledDown(): FreezeReport {
  const refused = refusedSheet('choose Combine formulas filled down');
  if (refused) return { state: 'nothing', message: refused, changed: 0, skipped: 0 };
  const range = activeRange();
  if (!range)
    return {
      state: 'nothing',
      message: 'Select the formulas filled down first, then choose this again.',
      changed: 0,
      skipped: 0,
    };
  return withDocumentLock<FreezeReport>(
    PRESS_LOCK_WAIT_MS,
    () => {
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
      return {
        state: runs.length ? 'done' : 'nothing',
        message: combinedMessage(runs),
        changed,
        skipped: 0,
      };
    },
    () => ({ state: 'busy', message: DOCUMENT_BUSY, changed: 0, skipped: 0 }),
  );
}
