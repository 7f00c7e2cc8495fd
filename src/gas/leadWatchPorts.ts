/** Lead watches' ports (src/addon/leads.ts LeadWatchPorts) over Apps Script: the document, its sheets, the person. */
import type { RowLedger } from '../domain/leadRowLedger';
import type { LeadWatch } from '../domain/leads';
import { needsPermission } from '../domain/permissions';
import { myEmail, newId } from './active';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock } from './clock';
import {
  admittedRows,
  changeAdmitted,
  digestedTotals,
  myWatches,
  readRowLedger,
  saveRowLedger,
  saveDigestedTotals,
  saveMyWatch,
  saveSharedWatch,
  sharedWatches,
  type SharedWatch,
} from './leadStore';
import { documentLock } from './lock';
import { permissionState } from './permissions';
import { clientConfig } from './settings';
import { sheetPort } from './sheetPort';
import { readHeaderRow } from './sheetTable';
import { ensureFormTrigger, removeFormTrigger } from './triggers';

/** The watches' ports in `book`; a watch's run is src/addon's own. */
export function leadWatchPorts(book: GoogleAppsScript.Spreadsheet.Spreadsheet) {
  const docId = book.getId();
  return {
    mine: () => myWatches(docId),
    saveMine: (id: string, watch: LeadWatch | null) => saveMyWatch(docId, id, watch),
    shared: () => sharedWatches(book),
    saveShared: (id: string, watch: SharedWatch | null) => saveSharedWatch(book, id, watch),
    rows: {
      read: (watchId: string) => readRowLedger(docId, watchId),
      save: (watchId: string, ledger: RowLedger | null) => saveRowLedger(docId, watchId, ledger),
    },
    admitted: {
      read: (watchId: string) => admittedRows(docId, watchId),
      change: (watchId: string, add: readonly string[], keep?: (id: string) => boolean) =>
        changeAdmitted(docId, watchId, add, keep),
    },
    digested: { read: digestedTotals, save: saveDigestedTotals },
    sheets: () =>
      book.getSheets().map((s) => ({
        id: s.getSheetId(),
        name: s.getName(),
        headers: () => readHeaderRow(s),
        form: s.getFormUrl() !== null,
      })),
    sheet: (id: number) => {
      const found = book.getSheets().find((s) => s.getSheetId() === id);
      return found ? sheetPort(found) : null;
    },
    lock: documentLock,
    trigger: { ensure: () => ensureFormTrigger(book), remove: () => removeFormTrigger(docId) },
    watching: (on: boolean) => setBackgroundWork(docId, 'leads', on ? 1 : 0),
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
