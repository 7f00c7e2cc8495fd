/** Lead watches' ports (src/gas/ports.ts) over Apps Script: the document, its sheets, the person. */
import { needsPermission } from '../domain/permissions';
import { WRITE_LOCK_WAIT_MS } from '../limits';
import { myEmail, newId } from './active';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock } from './clock';
import {
  digestedTotals,
  myWatches,
  readRowLedger,
  saveRowLedger,
  saveDigestedTotals,
  saveMyWatch,
  saveSharedWatch,
  sharedWatches,
} from './leadStore';
import { withDocumentLock } from './lock';
import { permissionState } from './permissions';
import type { LeadWatchPorts } from './ports';
import { clientConfig } from './settings';
import { sheetPort } from './sheetPort';
import { readHeaderRow } from './sheetTable';
import { ensureFormTrigger, removeFormTrigger } from './triggers';

/** The watches' ports in `book`; a watch's run is src/addon's, handed in. */
export function leadWatchPorts(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  run: LeadWatchPorts['run'],
): LeadWatchPorts {
  const docId = book.getId();
  return {
    mine: () => myWatches(docId),
    saveMine: (id, watch) => saveMyWatch(docId, id, watch),
    shared: () => sharedWatches(book),
    saveShared: (id, watch) => saveSharedWatch(book, id, watch),
    rows: {
      read: (watchId) => readRowLedger(docId, watchId),
      save: (watchId, ledger) => saveRowLedger(docId, watchId, ledger),
    },
    digested: { read: digestedTotals, save: saveDigestedTotals },
    sheets: () =>
      book.getSheets().map((s) => ({
        id: s.getSheetId(),
        name: s.getName(),
        headers: () => readHeaderRow(s),
      })),
    sheet: (id) => {
      const found = book.getSheets().find((s) => s.getSheetId() === id);
      return found ? sheetPort(found) : null;
    },
    locked: (work, busy) => withDocumentLock(WRITE_LOCK_WAIT_MS, work, busy),
    run,
    trigger: { ensure: () => ensureFormTrigger(book), remove: () => removeFormTrigger(docId) },
    watching: (on) => setBackgroundWork(docId, 'leads', on ? 1 : 0),
    hasKey: !!clientConfig().apiKey,
    // Decks are not a watch's: the Leads tab names only what its rows wait on.
    missing: () =>
      permissionState()
        .missing.filter((p) => p !== 'decks')
        .map(needsPermission),
    me: myEmail(),
    newId,
    now: () => appsScriptClock.now(),
  };
}
