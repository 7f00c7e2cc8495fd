/** A lead watch's run's ports (src/addon/leadRun.ts LeadRunPorts) over Apps Script: its sheet, the person's e-mail and records. */
import type { RowLedger } from '../domain/leadRowLedger';
import { WRITE_LOCK_WAIT_MS } from '../limits';
import { appsScriptClock } from './clock';
import { readLedger, readRowLedger, recordSent, saveRowLedger } from './leadStore';
import { withDocumentLock } from './lock';
import { mailLeft, sendMail } from './mail';
import { granted } from './permissions';
import { sheetPort } from './sheetPort';
import { clientConfig } from './settings';

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
      read: () => readLedger(docId, appsScriptClock.now()),
      record: (sent: { key: string; toKey: string }) =>
        void recordSent(docId, sent, appsScriptClock.now()),
    },
    rows: {
      read: (watchId: string) => readRowLedger(docId, watchId),
      save: (watchId: string, ledger: RowLedger | null) => saveRowLedger(docId, watchId, ledger),
    },
    locked: <T>(work: () => T, busy: () => T): T =>
      withDocumentLock(WRITE_LOCK_WAIT_MS, work, busy),
    service: { hasKey: !!config.apiKey, baseUrl: config.baseUrl },
    granted,
    now: () => appsScriptClock.now(),
  };
}
