/** src/gas/ports.ts's MonitorPorts over an Apps Script spreadsheet's `Scan monitor` sheet. */
import { parsers, requests } from '../api/client';
import { MONITOR_SHEET } from '../domain/scanWatch';
import { POLL_BUDGET_MS } from '../limits';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock } from './clock';
import { appendHistory } from './history';
import { sheetPort } from './sheetPort';
import { withDocumentLock } from './lock';
import type { MonitorPorts } from './ports';
import { forgetPressed, pressedRescans, recordPressed } from './rescanRecord';
import { askEach } from './send';
import { clientConfig } from './settings';

export function monitorPorts(book: GoogleAppsScript.Spreadsheet.Spreadsheet): MonitorPorts {
  const config = clientConfig();
  const doc = book.getId();
  const sheet = book.getSheetByName(MONITOR_SHEET);
  return {
    sheet: sheet && sheetPort(sheet),
    hasKey: !!config.apiKey,
    statuses: (ids) =>
      askEach(POLL_BUDGET_MS, ids, (id) => requests.scanStatus(config, id), parsers.scanStatus),
    // A rescan may start a paid scan: a batch lost to a dropped connection is not sent again.
    rescans: (ids) =>
      askEach(POLL_BUDGET_MS, ids, (id) => requests.scanTrigger(config, id), parsers.scanTrigger, {
        retryable: (e) => e.code === 'RATE_LIMITED',
        maxLostTries: 1,
      }),
    pressed: {
      read: () => pressedRescans(doc),
      record: (ids, at) => recordPressed(doc, ids, at),
      forget: (ids, now) => forgetPressed(doc, ids, now),
    },
    history: (readings) => void appendHistory(book, readings),
    stillRunning: (count) => setBackgroundWork(doc, 'scans', count),
    locked: (waitMs, work, busy) => withDocumentLock(waitMs, work, busy),
    now: () => appsScriptClock.now(),
  };
}
