/**
 * The scan monitor: a sheet of brand-agent IDs kept current by polling the service on its 30 to
 * 60 s guidance, with rescans whose previous result stays visible until the fresh one arrives.
 */
import { POLL_BUDGET_MS, POLL_LOCK_WAIT_MS, PRESS_LOCK_WAIT_MS } from '../limits';
import { parsers, requests, type ScanStatus } from '../api/client';
import { serviceError } from '../api/errors';
import { HEADER_ROW } from '../domain/table';
import {
  isRescanRefusal,
  needsAutoRetry,
  readRescan,
  rescanCell,
  MONITOR_HEADERS,
  MONITOR_SHEET,
  monitorErrorPatch,
  monitorPatch,
  parseAgentId,
  SCAN_STATE,
  type MonitorKey,
  type MonitorPatch,
} from '../domain/scanWatch';
import { timeOf } from '../domain/cells';
import { scanRowDue } from '../domain/pollPlan';
import { errorStatus } from '../domain/status';
import { scanReading, type HistoryReading } from '../domain/scoreList';
import { appsScriptClock } from '../gas/clock';
import { appendHistory } from '../gas/history';
import { logAction } from '../gas/runLog';
import { askEach } from '../gas/send';
import { withDocumentLock } from '../gas/lock';
import { setBackgroundWork } from '../gas/backgroundWork';
import { clientConfig } from '../gas/settings';
import { cell, openTable, writePatches, type Table } from '../gas/sheetTable';
import type { MonitorReport, RescanReport } from '../contract';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

function monitorSheet(book: Book, create: boolean): GoogleAppsScript.Spreadsheet.Sheet | null {
  const found = book.getSheetByName(MONITOR_SHEET);
  if (found || !create) return found;
  const sheet = book.insertSheet(MONITOR_SHEET);
  sheet.setFrozenRows(HEADER_ROW);
  return sheet;
}

type Listed = { row: number; id: number | null; raw: unknown };

function rows(table: Table<MonitorKey>): Listed[] {
  const out = [];
  for (let row = HEADER_ROW + 1; row <= table.values.length; row++) {
    const raw = cell(table, row, 'agentId');
    if (raw === '' || raw === null) continue;
    out.push({ row, id: parseAgentId(raw), raw });
  }
  return out;
}

/** Creates (or reuses) the monitor sheet with its headers, and shows it. */
export function openScanMonitor(): MonitorReport {
  const sheet = monitorSheet(SpreadsheetApp.getActiveSpreadsheet(), true)!;
  openTable(sheet, MONITOR_HEADERS, true);
  sheet.activate();
  return pollScanMonitor(true);
}

/** `force`: a person asked (Refresh now), so every row is checked, due or not. */
export function pollScanMonitor(force?: boolean): MonitorReport {
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
      ...EMPTY,
      busy: true,
      message: 'Another update of the scan monitor is running: its results show here when it ends.',
    }),
  );
}

const EMPTY: MonitorReport = {
  exists: false,
  watched: 0,
  running: 0,
  complete: 0,
  failed: 0,
  none: 0,
  errors: 0,
  busy: false,
  message: '',
  finished: [],
};

function poll(book: Book, force: boolean): MonitorReport {
  const sheet = monitorSheet(book, false);
  if (!sheet)
    return { ...EMPTY, message: 'No scan monitor yet: open it from the menu or the sidebar.' };
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
      };
  writePatches(table, checked.patches);
  appendHistory(book, checked.readings);
  const report = { ...tally(table), finished: checked.finished };
  setBackgroundWork(book.getId(), 'scans', report.running);
  return report;
}

const NOT_AN_ID = {
  state: errorStatus('not an ID'),
  message: 'a brand agent ID is a whole number: copy it from your account on the service',
};

interface Checked {
  patches: Map<number, MonitorPatch>;
  readings: HistoryReading[];
  finished: MonitorReport['finished'];
}

/** The agents to ask about now: every one when forced, else those the poll plan says are due. */
function dueIds(table: Table<MonitorKey>, watched: Listed[], force: boolean, now: Date): number[] {
  const due = (w: Listed) =>
    force ||
    scanRowDue(
      String(cell(table, w.row, 'state')),
      cell(table, w.row, 'lastChecked'),
      now.getTime(),
    );
  return watched.filter((w) => w.id !== null && due(w)).map((w) => w.id as number);
}

/** One agent's answer into its row, its history reading and the run's news. True when a rescan
 * reached no engine and should be sent once more. */
function showAnswer(
  table: Table<MonitorKey>,
  w: { row: number; id: number },
  status: ScanStatus,
  now: Date,
  out: Checked,
): boolean {
  const rescan = readRescan(cell(table, w.row, 'rescanRequested'));
  const reading = scanReading(status, w.id, now);
  if (reading) {
    out.readings.push(reading);
    const news = finishedScan(table, w.row, w.id, reading);
    if (news) out.finished.push(news);
  }
  out.patches.set(w.row, monitorPatch(status, rescan?.at ?? null, now));
  return needsAutoRetry(status, rescan);
}

/** Asks about the rows that are due, and says what each shows; a rescan that reached no engine is sent once more. */
function checkAgents(
  table: Table<MonitorKey>,
  config: ReturnType<typeof clientConfig>,
  force: boolean,
  now: Date,
): Checked {
  const watched = rows(table);
  const out: Checked = { patches: new Map(), readings: [], finished: [] };
  const retry: Watched[] = [];
  const byId = askEach(
    POLL_BUDGET_MS,
    dueIds(table, watched, force, now),
    (id) => requests.scanStatus(config, id),
    parsers.scanStatus,
  );
  for (const w of watched) {
    if (w.id === null) {
      out.patches.set(w.row, { lastChecked: now, ...NOT_AN_ID });
      continue;
    }
    const result = byId.get(w.id);
    // Not due this time (or not reached in the budget): the row stays as it is.
    if (!result) continue;
    if (!result.ok) out.patches.set(w.row, monitorErrorPatch(result.error, now));
    else if (showAnswer(table, { row: w.row, id: w.id }, result.value, now, out))
      retry.push({ row: w.row, id: w.id });
  }
  if (retry.length) {
    const retried = triggerRescans(config, retry, true);
    if (retried.ok) for (const [row, patch] of retried.patches) out.patches.set(row, patch);
  }
  return out;
}

function tally(table: Table<MonitorKey>): MonitorReport {
  const out: MonitorReport = { ...EMPTY, exists: true };
  for (const w of rows(table)) {
    out.watched++;
    const state = String(cell(table, w.row, 'state'));
    if (state === SCAN_STATE.running) out.running++;
    else if (state === SCAN_STATE.complete) out.complete++;
    else if (state === SCAN_STATE.failed) out.failed++;
    else if (state === SCAN_STATE.none) out.none++;
    else out.errors++;
  }
  out.message = `${out.watched} agents: ${out.complete} complete, ${out.running} running, ${out.failed} failed, ${out.none} never scanned${out.errors ? `, ${out.errors} to check` : ''}.`;
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
  const selected = rows(table).filter(
    (w): w is Watched & { raw: unknown } => w.row >= first && w.row <= last && w.id !== null,
  );
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

type Watched = { row: number; id: number };

/**
 * POSTs a rescan for each agent once, and says what each row shows: running with the trigger
 * time, or the row's error. Account-wide refusals (read-only, maintenance) touch no row.
 */
function triggerRescans(
  config: ReturnType<typeof clientConfig>,
  watched: Watched[],
  automatic: boolean,
):
  | { ok: true; patches: Map<number, MonitorPatch>; triggered: number }
  | { ok: false; message: string } {
  const ids = watched.map((w) => w.id);
  const at = new Date(appsScriptClock.now());
  // A rescan may start a paid scan: a batch lost to a dropped connection is not sent again.
  const byId = askEach(
    POLL_BUDGET_MS,
    ids,
    (id) => requests.scanTrigger(config, id),
    parsers.scanTrigger,
    { retryable: (e) => e.code === 'RATE_LIMITED', maxLostTries: 1 },
  );
  const refusal = Array.from(byId.values()).find((r) => r && !r.ok && isRescanRefusal(r.error));
  if (refusal && !refusal.ok) return { ok: false, message: refusal.error.message };
  const patches = new Map<number, MonitorPatch>();
  let triggered = 0;
  for (const w of watched) {
    const result = byId.get(w.id);
    if (!result) continue;
    if (!result.ok) {
      patches.set(w.row, monitorErrorPatch(result.error, at));
      continue;
    }
    triggered++;
    patches.set(w.row, {
      rescanRequested: rescanCell(at, automatic),
      state: SCAN_STATE.running,
      progress: '',
      message: automatic
        ? 'The rescan reached no engine, so it was sent once more automatically.'
        : 'Rescan requested: the previous scores stay until the new scan completes.',
    });
  }
  return { ok: true, patches, triggered };
}

/** A scan date the row does not show yet: this scan finished since the last look. */
function finishedScan(
  table: Table<MonitorKey>,
  row: number,
  agentId: number,
  reading: HistoryReading,
): MonitorReport['finished'][number] | null {
  if (timeOf(cell(table, row, 'scanDate')) === timeOf(reading.lastScanned)) return null;
  const score = typeof reading.score === 'number' ? reading.score : null;
  return {
    agentId,
    state: score === null ? SCAN_STATE.failed : SCAN_STATE.complete,
    score,
    previous: numberOrNull(cell(table, row, 'overall')),
  };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}
