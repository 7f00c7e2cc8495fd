/** A lead watch's ports (src/gas/ports.ts) over Apps Script: its sheet, the person's e-mail and records. */
import { WRITE_LOCK_WAIT_MS } from '../limits';
import { appsScriptClock } from './clock';
import { readLedger, readRowLedger, recordSent, saveRowLedger } from './leadStore';
import { withDocumentLock } from './lock';
import { mailLeft, sendMail } from './mail';
import { granted } from './permissions';
import type { LeadRunPorts, MailPort } from './ports';
import { sheetPort } from './sheetPort';
import { clientConfig } from './settings';

const mailPort: MailPort = {
  left: mailLeft,
  send: (to, subject, body) => sendMail([to], subject, body),
};

/** A watch's ports over its sheet; `previews` is Generate's, which src/addon hands in. */
export function leadRunPorts(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  previews: LeadRunPorts['previews'],
): LeadRunPorts {
  const docId = sheet.getParent().getId();
  const config = clientConfig();
  return {
    sheet: sheetPort(sheet),
    mail: mailPort,
    mailed: {
      read: () => readLedger(docId, appsScriptClock.now()),
      record: (sent) => void recordSent(docId, sent, appsScriptClock.now()),
    },
    rows: {
      read: (watchId) => readRowLedger(docId, watchId),
      save: (watchId, ledger) => saveRowLedger(docId, watchId, ledger),
    },
    locked: (work, busy) => withDocumentLock(WRITE_LOCK_WAIT_MS, work, busy),
    previews,
    service: { hasKey: !!config.apiKey, baseUrl: config.baseUrl },
    granted,
    now: () => appsScriptClock.now(),
  };
}
