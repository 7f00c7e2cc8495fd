/** The scan monitor's ports (src/addon/monitor.ts MonitorPorts) over an Apps Script spreadsheet's `Scan monitor` sheet. */
import { parsers, requests } from '../api/client';
import { MONITOR_SHEET } from '../domain/scanWatch';
import type { HistoryReading } from '../domain/scoreList';
import { POLL_BUDGET_MS } from '../limits';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock } from './clock';
import { appendHistory } from './history';
import { sheetPort } from './sheetPort';
import { withDocumentLock } from './lock';
import { forgetPressed, pressedRescans, recordPressed } from './rescanRecord';
import { askEach } from './send';
import { clientConfig } from './settings';

export function monitorPorts(book: GoogleAppsScript.Spreadsheet.Spreadsheet) {
  const config = clientConfig();
  const doc = book.getId();
  const sheet = book.getSheetByName(MONITOR_SHEET);
  return {
    sheet: sheet && sheetPort(sheet),
    hasKey: !!config.apiKey,
    statuses: (ids: number[]) =>
      askEach(POLL_BUDGET_MS, ids, (id) => requests.scanStatus(config, id), parsers.scanStatus),
    // A rescan may start a paid scan: a batch lost to a dropped connection is not sent again.
    rescans: (ids: number[]) =>
      askEach(POLL_BUDGET_MS, ids, (id) => requests.scanTrigger(config, id), parsers.scanTrigger, {
        retryable: (e) => e.code === 'RATE_LIMITED',
        maxLostTries: 1,
      }),
    pressed: {
      read: () => pressedRescans(doc),
      record: (ids: number[], at: number) => recordPressed(doc, ids, at),
      forget: (ids: number[], now: number) => forgetPressed(doc, ids, now),
    },
    history: (readings: HistoryReading[]) => void appendHistory(book, readings),
    stillRunning: (count: number) => setBackgroundWork(doc, 'scans', count),
    locked: withDocumentLock,
    now: () => appsScriptClock.now(),
  };
}
