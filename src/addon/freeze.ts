/** Freeze and restore the selection's VIS_* formulas: one read and two writes each. */
import { freeze, restore, type Block, type Rewrite } from '../domain/freeze';
import { withDocumentLock } from '../gas/lock';
import { PRESS_LOCK_WAIT_MS } from '../limits';
import type { FreezeReport } from '../contract';

const NOTHING_TO = {
  freeze: 'No =VIS_ formulas in the selection: select the cells that hold them, then freeze again.',
  restore:
    'No frozen values in the selection: select cells frozen by this add-on (their note says "Frozen by Visibility for Sheets"), then restore again.',
};

function apply(rewrite: (block: Block) => Rewrite, verb: keyof typeof NOTHING_TO): FreezeReport {
  const range = SpreadsheetApp.getActiveSpreadsheet().getActiveRange();
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
      const block: Block = {
        values: range.getValues(),
        formulas: range.getFormulas(),
        notes: range.getNotes(),
      };
      const out = rewrite(block);
      if (out.changed === 0) {
        const why = out.skipped
          ? `${out.skipped} still loading or showing an error: left as formulas. Wait, or fix them, and try again.`
          : NOTHING_TO[verb];
        return { state: 'nothing', message: why, changed: 0, skipped: out.skipped };
      }
      range.setValues(out.values);
      range.setNotes(out.notes);
      const skipped = out.skipped
        ? ` ${out.skipped} still loading or showing an error were left as formulas.`
        : '';
      return {
        state: 'done',
        message: `${out.changed} formula${out.changed === 1 ? '' : 's'} ${verb === 'freeze' ? 'frozen into values (each kept in its note)' : 'restored'}.${skipped}`,
        changed: out.changed,
        skipped: out.skipped,
      };
    },
    () => ({
      state: 'busy',
      message: 'Another run is writing to this document: try again in a moment.',
      changed: 0,
      skipped: 0,
    }),
  );
}

/** Every VIS_* formula in the selection becomes its value; the formula waits in the note. */
export function freezeSelection(): FreezeReport {
  return apply(freeze, 'freeze');
}

/** Puts back the formulas frozenSelection kept in the selection's notes. */
export function restoreSelection(): FreezeReport {
  return apply(restore, 'restore');
}
