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
import type { Extent } from '../domain/visFunctions';
import { DOCUMENT_BUSY, withDocumentLock } from '../gas/lock';
import { refusedSheet } from '../gas/selection';
import { PRESS_LOCK_WAIT_MS } from '../limits';
import type { FreezeReport } from '../contract/scores';
import { activeRange } from '../gas/active';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

type Block = GoogleAppsScript.Spreadsheet.Range;

/** A result's block and its cells as read: one range, read once and written once. */
function read(sheet: Sheet, e: Extent): { block: Block; cells: Cells } {
  const block = sheet.getRange(e.row, e.col, e.rows, e.cols);
  return { block, cells: { values: block.getValues(), formulas: block.getFormulas() } };
}

/** Each formula's whole result becomes values; the formula waits in its first cell's note. */
function freezeEach(sheet: Sheet, found: Found[], tally: FreezeTally): void {
  for (const f of found) {
    const { block, cells } = read(sheet, f.extent);
    const out = freezeResult(f, cells);
    if (out.kind === 'skipped') {
      tally.skipped++;
      continue;
    }
    block.setValues(out.values);
    sheet.getRange(f.extent.row, f.extent.col).setNote(out.note);
    tally.changed++;
  }
}

/** Each frozen result is cleared and its formula put back, unless someone typed into it since. */
function restoreEach(sheet: Sheet, found: Found[], tally: FreezeTally): void {
  for (const f of found) {
    const { block, cells } = read(sheet, f.extent);
    const out = restoreResult(f, cells);
    if (out.kind === 'blocked') {
      tally.blocked.push({ at: a1(f.extent.row, f.extent.col), changed: out.changed });
      continue;
    }
    block.setValues(out.values);
    sheet.getRange(f.extent.row, f.extent.col).setNote('');
    tally.changed++;
  }
}

/** Freezes or restores every result reaching a block of a sheet. */
export function freezeOrRestore(verb: FreezeVerb, sheet: Sheet, selection: Extent): FreezeTally {
  // A result's first cell is above or left of any of its cells: scan from A1 to the selection.
  const scanned = sheet.getRange(
    1,
    1,
    selection.row + selection.rows - 1,
    selection.col + selection.cols - 1,
  );
  const tally: FreezeTally = { changed: 0, skipped: 0, blocked: [] };
  if (verb === 'freeze') {
    const grid = { rows: sheet.getMaxRows(), cols: sheet.getMaxColumns() };
    const scan = { top: 1, left: 1, cells: scanned.getFormulas() };
    freezeEach(sheet, formulasReaching(scan, selection, grid), tally);
  } else {
    const scan = { top: 1, left: 1, cells: scanned.getNotes() };
    restoreEach(sheet, frozenReaching(scan, selection), tally);
  }
  return tally;
}

function apply(verb: FreezeVerb): FreezeReport {
  const refused = refusedSheet(`choose ${verb === 'freeze' ? 'Freeze' : 'Restore'}`);
  if (refused) return { state: 'nothing', message: refused, changed: 0, skipped: 0 };
  const range = activeRange();
  if (!range)
    return {
      state: 'nothing',
      message: `Select the cells to ${verb} first, then choose this again.`,
      changed: 0,
      skipped: 0,
    };
  return withDocumentLock<FreezeReport>(
    PRESS_LOCK_WAIT_MS,
    () => {
      const sheet = range.getSheet();
      // Past the last filled row and column nothing can be frozen: a whole column (B:B) of a
      // 50,000-row sheet is scanned as far as it holds something.
      const [row, col] = [range.getRow(), range.getColumn()];
      const tally = freezeOrRestore(verb, sheet, {
        row,
        col,
        rows: Math.max(1, Math.min(range.getNumRows(), sheet.getLastRow() - row + 1)),
        cols: Math.max(1, Math.min(range.getNumColumns(), sheet.getLastColumn() - col + 1)),
      });
      return { ...freezeMessage(verb, tally), changed: tally.changed, skipped: tally.skipped };
    },
    () => ({
      state: 'busy',
      message: DOCUMENT_BUSY,
      changed: 0,
      skipped: 0,
    }),
  );
}

/** Every VIS_* formula reaching the selection becomes its whole result, as values. */
export function freezeSelection(): FreezeReport {
  return apply('freeze');
}

/** Puts back the formulas whose frozen results the selection reaches. */
export function restoreSelection(): FreezeReport {
  return apply('restore');
}
