/**
 * The scan monitor: a sheet of brand-agent IDs kept current by polling the service on its 30 to
 * 60 s guidance, with rescans whose previous result stays visible until the fresh one arrives.
 */
import { POLL_BUDGET_MS, POLL_LOCK_WAIT_MS, PRESS_LOCK_WAIT_MS } from '../limits';
import { parsers, requests } from '../api/client';
import { serviceError } from '../api/errors';
import { HEADER_ROW } from '../domain/table';
import {
  EMPTY_MONITOR,
  rescanOutcome,
  settleScans,
  tallyScans,
  type Agent,
  type Checked,
  type RescanOutcome,
  type WatchedRow,
} from '../domain/monitorRun';
import {
  MONITOR_HEADERS,
  MONITOR_SHEET,
  monitorErrorPatch,
  parseAgentId,
  type MonitorKey,
} from '../domain/scanWatch';
import { scanRowDue } from '../domain/pollPlan';
import { appsScriptClock } from '../gas/clock';
import { appendHistory } from '../gas/history';
import { logAction } from '../gas/runLog';
import { askEach } from '../gas/send';
import { withDocumentLock } from '../gas/lock';
import { setBackgroundWork } from '../gas/backgroundWork';
import { clientConfig } from '../gas/settings';
import { cell, openTable, writePatches, type Table } from '../gas/sheetTable';
import { markPollExecution } from '../gas/userStore';
import type { MonitorReport, RescanReport } from '../contract';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

function monitorSheet(book: Book, create: boolean): GoogleAppsScript.Spreadsheet.Sheet | null {
  const found = book.getSheetByName(MONITOR_SHEET);
  if (found || !create) return found;
  const sheet = book.insertSheet(MONITOR_SHEET);
  sheet.setFrozenRows(HEADER_ROW);
  return sheet;
}

/** Every row with something in its Brand agent ID cell. */
function rows(table: Table<MonitorKey>): WatchedRow[] {
  const out: WatchedRow[] = [];
  for (let row = HEADER_ROW + 1; row <= table.values.length; row++) {
    const raw = cell(table, row, 'agentId');
    if (raw === '' || raw === null) continue;
    out.push({
      row,
      id: parseAgentId(raw),
      state: cell(table, row, 'state'),
      scanDate: cell(table, row, 'scanDate'),
      overall: cell(table, row, 'overall'),
      rescanRequested: cell(table, row, 'rescanRequested'),
      lastChecked: cell(table, row, 'lastChecked'),
    });
  }
  return out;
}

const tally = (table: Table<MonitorKey>) => tallyScans(rows(table).map((w) => w.state));

/** Creates (or reuses) the monitor sheet with its headers, and shows it. */
export function openScanMonitor(): MonitorReport {
  const sheet = monitorSheet(SpreadsheetApp.getActiveSpreadsheet(), true)!;
  openTable(sheet, MONITOR_HEADERS, true);
  sheet.activate();
  return pollMonitorIn(SpreadsheetApp.getActiveSpreadsheet(), true);
}

/** `force`: a person asked (Refresh now), so every row is checked, due or not. */
export function pollScanMonitor(force?: boolean): MonitorReport {
  markPollExecution();
  return pollMonitorIn(SpreadsheetApp.getActiveSpreadsheet(), force === true);
}

/**
 * Polls one document's scan monitor: the active one, or one the background opened by ID. Only
 * rows due under the service's guidance are asked about, unless a person asked for all.
 */
export function pollMonitorIn(book: Book, force = false): MonitorReport {
  return withDocumentLock(
    POLL_LOCK_WAIT_MS,
    () => poll(book, force),
    () => ({
      ...EMPTY_MONITOR,
      busy: true,
      message: 'Another update of the scan monitor is running: its results show here when it ends.',
    }),
  );
}

function poll(book: Book, force: boolean): MonitorReport {
  const sheet = monitorSheet(book, false);
  if (!sheet)
    return {
      ...EMPTY_MONITOR,
      message: 'No scan monitor yet: open it from the menu or the sidebar.',
    };
  const table = openTable(sheet, MONITOR_HEADERS, true);
  const config = clientConfig();
  const now = new Date(appsScriptClock.now());
  const checked = config.apiKey
    ? checkAgents(table, config, force, now)
    : {
        patches: new Map(
          rows(table).map((w) => [w.row, monitorErrorPatch(serviceError('KEY_MISSING'), now)]),
        ),
        readings: [],
        finished: [],
        retry: [],
      };
  writePatches(table, checked.patches);
  appendHistory(book, checked.readings);
  const report = { ...tally(table), finished: checked.finished };
  setBackgroundWork(book.getId(), 'scans', report.running);
  return report;
}

/** The agents to ask about now: every one when forced, else those the poll plan says are due. */
function dueIds(watched: WatchedRow[], force: boolean, now: Date): number[] {
  return watched
    .filter((w) => w.id !== null && (force || scanRowDue(String(w.state), w.lastChecked, +now)))
    .map((w) => w.id as number);
}

/** Asks about the rows that are due, and says what each shows; a rescan that reached no engine is sent once more. */
function checkAgents(
  table: Table<MonitorKey>,
  config: ReturnType<typeof clientConfig>,
  force: boolean,
  now: Date,
): Checked {
  const watched = rows(table);
  const byId = askEach(
    POLL_BUDGET_MS,
    dueIds(watched, force, now),
    (id) => requests.scanStatus(config, id),
    parsers.scanStatus,
  );
  const out = settleScans(watched, byId, now);
  if (out.retry.length) {
    const retried = triggerRescans(config, out.retry, true);
    if (retried.ok) for (const [row, patch] of retried.patches) out.patches.set(row, patch);
  }
  return out;
}

/** Triggers a rescan of the selected agents on the monitor sheet. */
export function rescanSelected(): RescanReport {
  const r = rescanUnderLock();
  if (r.state === 'done' || r.state === 'refused')
    logAction(SpreadsheetApp.getActiveSpreadsheet(), 'rescan agents', {
      sheet: MONITOR_SHEET,
      rows: r.triggered,
      requests: r.triggered,
      changed: r.triggered,
      errors: r.state === 'refused' ? 1 : 0,
      result: r.message,
    });
  return r;
}

function rescanUnderLock(): RescanReport {
  return withDocumentLock(PRESS_LOCK_WAIT_MS, rescan, () => ({
    state: 'busy',
    message: 'Another update is running: try again in a moment.',
    triggered: 0,
  }));
}

function rescan(): RescanReport {
  const book = SpreadsheetApp.getActiveSpreadsheet();
  const sheet = monitorSheet(book, false);
  const range = book.getActiveRange();
  if (!sheet || !range || range.getSheet().getName() !== MONITOR_SHEET) {
    return {
      state: 'nothing',
      message: `Select the agents' rows on the "${MONITOR_SHEET}" sheet first.`,
      triggered: 0,
    };
  }
  const config = clientConfig();
  if (!config.apiKey)
    return { state: 'refused', message: serviceError('KEY_MISSING').message, triggered: 0 };
  const table = openTable(sheet, MONITOR_HEADERS, true);
  const first = Math.max(range.getRow(), HEADER_ROW + 1);
  const last = range.getRow() + range.getNumRows() - 1;
  const selected = rows(table)
    .filter((w) => w.row >= first && w.row <= last && w.id !== null)
    .map((w) => ({ row: w.row, id: w.id as number }));
  if (selected.length === 0)
    return {
      state: 'nothing',
      message: `No brand agent IDs in the selection: select agents' rows on the "${MONITOR_SHEET}" sheet, then rescan.`,
      triggered: 0,
    };

  const outcome = triggerRescans(config, selected, false);
  if (!outcome.ok) return { state: 'refused', message: outcome.message, triggered: 0 };
  writePatches(table, outcome.patches);
  setBackgroundWork(book.getId(), 'scans', tally(table).running);
  const triggered = outcome.triggered;
  return {
    state: 'done',
    message: `Rescan started for ${triggered} agent${triggered === 1 ? '' : 's'}.`,
    triggered,
  };
}

/** POSTs a rescan for each agent once, and says what each row shows. */
function triggerRescans(
  config: ReturnType<typeof clientConfig>,
  agents: Agent[],
  automatic: boolean,
): RescanOutcome {
  const at = new Date(appsScriptClock.now());
  // A rescan may start a paid scan: a batch lost to a dropped connection is not sent again.
  const byId = askEach(
    POLL_BUDGET_MS,
    agents.map((a) => a.id),
    (id) => requests.scanTrigger(config, id),
    parsers.scanTrigger,
    { retryable: (e) => e.code === 'RATE_LIMITED', maxLostTries: 1 },
  );
  return rescanOutcome(agents, byId, at, automatic);
}
