/**
 * The scan monitor: a sheet of brand-agent IDs kept current by polling the service on its 30 to
 * 60 s guidance, with rescans whose previous result stays visible until the fresh one arrives.
 */
import { forgetPressed, pressedRescans, recordPressed } from '../gas/rescanRecord';
import { POLL_BUDGET_MS, POLL_LOCK_WAIT_MS, PRESS_LOCK_WAIT_MS } from '../limits';
import { parsers, requests } from '../api/client';
import { serviceError } from '../api/errors';
import { HEADER_ROW } from '../domain/table';
import {
  claimRetries,
  EMPTY_MONITOR,
  ontoCurrentRows,
  rescanOutcome,
  settleScans,
  tallyScans,
  type Agent,
  type Checked,
  type RescanOutcome,
  type WatchedRow,
} from '../domain/monitorRun';
import {
  MONITOR_COLUMNS,
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
import type { MonitorReport, RescanReport } from '../contract/scans';
import { activeBook } from '../gas/active';
import { currentPlace } from '../gas/selection';
import { counted } from '../domain/words';

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
  const backTo = currentPlace();
  const sheet = monitorSheet(activeBook(), true)!;
  openTable(sheet, MONITOR_COLUMNS, true);
  sheet.activate();
  return { ...pollMonitorIn(activeBook(), true), backTo };
}

/** `force`: a person asked (Refresh now), so every row is checked, due or not. */
export function pollScanMonitor(force?: boolean): MonitorReport {
  markPollExecution();
  return pollMonitorIn(activeBook(), force === true);
}

/**
 * Polls one document's scan monitor: the active one, or one the background opened by ID. Only
 * rows due under the service's guidance are asked about, unless a person asked for all. The
 * service is asked outside the document lock (a poll waiting on the network never makes a press
 * "busy"); the answers are then written under it, onto the rows that hold each agent by then.
 */
export function pollMonitorIn(book: Book, force = false): MonitorReport {
  const sheet = monitorSheet(book, false);
  if (!sheet)
    return {
      ...EMPTY_MONITOR,
      message: 'No scan monitor yet: open it from the menu or the sidebar.',
    };
  const config = clientConfig();
  const now = new Date(appsScriptClock.now());
  const asked = config.apiKey
    ? askStatuses(config, rows(openTable(sheet, MONITOR_COLUMNS, false)), force, now)
    : null;
  const pressed = pressedRescans(book.getId());
  const settled = underLock(() => {
    const table = openTable(sheet, MONITOR_COLUMNS, true);
    const checked = asked
      ? settleScans(rows(table), asked, now, pressed)
      : keyMissing(rows(table), now);
    claimRetries(checked, now);
    writePatches(table, checked.patches);
    appendHistory(book, checked.readings);
    return { table, checked };
  });
  if (!settled) return BUSY_MONITOR;
  const { retry, finished } = settled.checked;
  const table = (config.apiKey && retryOnce(book, sheet, config, retry, now)) || settled.table;
  const report = { ...tally(table), finished };
  setBackgroundWork(book.getId(), 'scans', report.running);
  return report;
}

/**
 * Sends the one automatic retry of the person's failed rescans, and writes it onto the rows that
 * hold those agents now: the table as written, or null when nothing was (re)written.
 */
function retryOnce(
  book: Book,
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  config: ReturnType<typeof clientConfig>,
  retry: Agent[],
  now: Date,
): Table<MonitorKey> | null {
  if (!retry.length) return null;
  forgetPressed(
    book.getId(),
    retry.map((a) => a.id),
    now.getTime(),
  );
  const retried = triggerRescans(config, retry, true);
  return retried.ok ? underLock(() => writeOntoCurrentRows(sheet, retried, retry)) : null;
}

const BUSY_MONITOR: MonitorReport = {
  ...EMPTY_MONITOR,
  busy: true,
  message: 'Another update of the scan monitor is running: its results show here when it ends.',
};

/** Runs `work` under the document lock; null when another run holds it past the wait. */
function underLock<T>(work: () => T, wait = POLL_LOCK_WAIT_MS): T | null {
  return withDocumentLock(wait, work, () => null);
}

function keyMissing(watched: WatchedRow[], now: Date): Checked {
  const patch = monitorErrorPatch(serviceError('KEY_MISSING'), now);
  return {
    patches: new Map(watched.map((w) => [w.row, patch])),
    readings: [],
    finished: [],
    retry: [],
  };
}

/** The agents to ask about now: every one when forced, else those the poll plan says are due. */
function dueIds(watched: WatchedRow[], force: boolean, now: Date): number[] {
  return watched
    .filter((w) => w.id !== null && (force || scanRowDue(String(w.state), w.lastChecked, +now)))
    .map((w) => w.id as number);
}

function askStatuses(
  config: ReturnType<typeof clientConfig>,
  watched: WatchedRow[],
  force: boolean,
  now: Date,
) {
  return askEach(
    POLL_BUDGET_MS,
    dueIds(watched, force, now),
    (id) => requests.scanStatus(config, id),
    parsers.scanStatus,
  );
}

/** A rescan's answers, written onto the rows that hold its agents now (read again under the lock). */
function writeOntoCurrentRows(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  outcome: Extract<RescanOutcome, { ok: true }>,
  agents: Agent[],
): Table<MonitorKey> {
  const table = openTable(sheet, MONITOR_COLUMNS, true);
  writePatches(table, ontoCurrentRows(outcome.patches, agents, rows(table)));
  return table;
}

/** Triggers a rescan of the selected agents on the monitor sheet. */
export function rescanSelected(): RescanReport {
  const r = rescan();
  if (r.state === 'done' || r.state === 'refused')
    logAction(activeBook(), 'rescan agents', {
      sheet: MONITOR_SHEET,
      rows: r.triggered,
      requests: r.triggered,
      changed: r.triggered,
      errors: r.state === 'refused' ? 1 : 0,
      result: r.message,
    });
  return r;
}

/** The selected agents are read, rescanned outside the lock, and their rows written under it. */
function rescan(): RescanReport {
  const book = activeBook();
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
  const selected = agentsIn(sheet, range);
  if (selected.length === 0)
    return {
      state: 'nothing',
      message: `No brand agent IDs in the selection: select agents' rows on the "${MONITOR_SHEET}" sheet, then rescan.`,
      triggered: 0,
    };

  const at = new Date(appsScriptClock.now());
  const outcome = triggerRescans(config, selected, false, at);
  if (!outcome.ok) return { state: 'refused', message: outcome.message, triggered: 0 };
  recordPressed(
    book.getId(),
    selected.map((a) => a.id),
    at.getTime(),
  );
  const table = underLock(() => writeOntoCurrentRows(sheet, outcome, selected), PRESS_LOCK_WAIT_MS);
  // The rescans were sent: a busy sheet only delays showing them, the next poll writes them.
  if (table) setBackgroundWork(book.getId(), 'scans', tally(table).running);
  const triggered = outcome.triggered;
  return {
    state: 'done',
    message: `Rescan started for ${counted(triggered, 'agent')}.`,
    triggered,
  };
}

/** The agents of the selected rows that hold a brand agent ID. */
function agentsIn(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  range: GoogleAppsScript.Spreadsheet.Range,
): Agent[] {
  const first = Math.max(range.getRow(), HEADER_ROW + 1);
  const last = range.getRow() + range.getNumRows() - 1;
  return rows(openTable(sheet, MONITOR_COLUMNS, false))
    .filter((w) => w.row >= first && w.row <= last && w.id !== null)
    .map((w) => ({ row: w.row, id: w.id as number }));
}

/** POSTs a rescan for each agent once, and says what each row shows. */
function triggerRescans(
  config: ReturnType<typeof clientConfig>,
  agents: Agent[],
  automatic: boolean,
  at = new Date(appsScriptClock.now()),
): RescanOutcome {
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
