/**
 * The shell of a menu action on the selected cells (Freeze, Restore, Combine formulas filled
 * down): refused on the add-on's own sheets, asking for a selection when there is none, and run
 * under the document lock, a busy document said in words.
 */
import type { FreezeReport } from '../contract/scores';
import { DOCUMENT_BUSY } from '../gas/lock';
import { appsScriptKit } from '../gas/kit';
import type { Kit } from '../kit/ports';
import type { SheetRef } from '../domain/table';
import type { Extent } from '../domain/visFunctions';
import { outputSheetRefusal } from '../domain/outputSheets';
import { PRESS_LOCK_WAIT_MS } from '../limits';

const nothing = (message: string): FreezeReport => ({
  state: 'nothing',
  message,
  changed: 0,
  skipped: 0,
});

export function onSelectedCells(
  /** What the person chose, as the refusal on an add-on sheet says it ("choose Freeze"). */
  choose: string,
  /** What to select, said when nothing is ("Select the cells to freeze first"). */
  selectFirst: string,
  work: (kit: Kit, at: { sheet: SheetRef; extent: Extent }) => FreezeReport,
): FreezeReport {
  const kit = appsScriptKit();
  const refused = outputSheetRefusal(kit.view.sheet(), choose);
  if (refused) return nothing(refused);
  const at = kit.view.extent();
  if (!at) return nothing(`${selectFirst}, then choose this again.`);
  const held = kit.locks.document(PRESS_LOCK_WAIT_MS);
  if (!held) return { ...nothing(DOCUMENT_BUSY), state: 'busy' };
  try {
    return work(kit, at);
  } finally {
    held.release();
  }
}
