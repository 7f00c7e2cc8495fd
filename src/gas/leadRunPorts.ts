/** A lead watch's run's ports (src/addon/leadRun.ts LeadRunPorts) over Apps Script: its sheet, the person's e-mail and records. */
import type { LogLine } from '../contract/schedules';
import type { RowLedger } from '../domain/leadRowLedger';
import type { LeadWatch } from '../domain/leads';
import { REGISTRY_LOCK_WAIT_MS } from '../limits';
import { newId } from './active';
import { appsScriptClock } from './clock';
import { filledNotice } from './docMetadata';
import { presser } from '../kit/previewRecords';
import { appsScriptKit } from './kit';
import type { Claimed } from '../kit/ports';
import { generationClaim } from './generationClaim';
import {
  admittedRows,
  changeAdmitted,
  readLedger,
  readRowLedger,
  recordSent,
  myWatchStats,
  saveMyWatch,
  saveRowLedger,
  saveSharedWatch,
  sharedWatches,
  type SharedWatch,
} from './leadStore';
import { documentLock, userLock } from './lock';
import { mailLeft, sendMail } from './mail';
import { granted } from './permissions';
import { logAction } from './runLog';
import { sheetPort } from './sheetPort';
import { clientConfig } from './settings';
import { firstTimeToday } from './userHints';

type Claim = { run: string; started: number };
type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const mailPort = {
  left: mailLeft,
  send: (to: string, subject: string, body: string) => sendMail([to], subject, body),
};

/** A watch's ports over its sheet; its previews are Generate's, src/addon's own. */
export function leadRunPorts(sheet: GoogleAppsScript.Spreadsheet.Sheet) {
  const docId = sheet.getParent().getId();
  const config = clientConfig();
  return {
    sheet: sheetPort(sheet),
    mail: mailPort,
    mailed: {
      read: () => readLedger(appsScriptClock.now()),
      record: (sent: { key: string; toKey: string }) =>
        void recordSent(sent, appsScriptClock.now()),
      lock: () => userLock(REGISTRY_LOCK_WAIT_MS),
    },
    rows: {
      read: (watchId: string) => readRowLedger(docId, watchId),
      save: (watchId: string, ledger: RowLedger | null) => saveRowLedger(docId, watchId, ledger),
    },
    form: sheet.getFormUrl() !== null,
    admitted: {
      read: (watchId: string) => admittedRows(docId, watchId),
      change: (watchId: string, add: readonly string[], keep?: (id: string) => boolean) =>
        changeAdmitted(docId, watchId, add, keep),
    },
    lock: documentLock,
    service: { hasKey: !!config.apiKey, baseUrl: config.baseUrl },
    granted,
    now: () => appsScriptClock.now(),
  };
}

/** A watch's run that found the file's metadata full says so in the log, once a day. */
function sayFilled(book: Book): void {
  const words = filledNotice();
  if (words && firstTimeToday(`room.${book.getId()}`))
    logAction(book, 'lead watch', {
      sheet: '',
      rows: '',
      requests: 0,
      changed: 0,
      errors: 0,
      result: `${words} This is said once a day.`,
    });
}

/**
 * One watch's sheet in `book`, found by its id (it may have been renamed); null when it is gone.
 * What a watch's run reads and records around the lead run itself (src/addon/leads.ts).
 */
export function watchedSheetPorts(book: GoogleAppsScript.Spreadsheet.Spreadsheet, sheetId: number) {
  const sheet = book.getSheets().find((s) => s.getSheetId() === sheetId);
  if (!sheet) return null;
  const docId = book.getId();
  return {
    name: sheet.getName(),
    lastRow: () => sheet.getLastRow(),
    saveMine: (watch: LeadWatch) => saveMyWatch(docId, watch.id, watch),
    /** Read afresh: under the claim no other run of this watch writes it meanwhile. */
    // Counted in the owner's own record too (a daily cap holds where the file has no room).
    stats: (watchId: string) =>
      myWatchStats(docId, watchId) ??
      sharedWatches(book).find((w) => w.id === watchId)?.stats ??
      null,
    saveShared: (watchId: string, watch: SharedWatch) => saveSharedWatch(book, watchId, watch),
    log: (entry: LogLine) => logAction(book, 'lead watch', entry),
    // What the run found filled (claiming, or in its work) is said once it lets the claim go.
    claim: (claim: Claim) => {
      const held = generationClaim(book, claim.run, claim.started);
      if (!held) sayFilled(book);
      return (
        held && {
          renew: held.renew,
          release: () => {
            held.release();
            sayFilled(book);
          },
        }
      );
    },
    leadRun: () => leadRunPorts(sheet),
    generate: (claim: Claimed) => {
      const kit = appsScriptKit(book);
      return { kit, presser: presser(kit), list: { sheetId, name: sheet.getName() }, claim };
    },
    newId,
    now: () => appsScriptClock.now(),
  };
}
