/**
 * The scan monitor: a sheet of brand-agent IDs kept current by polling the service on its 30 to
 * 60 s guidance, with rescans whose previous result stays visible until the fresh one arrives.
 */
import { POLL_LOCK_WAIT_MS, PRESS_LOCK_WAIT_MS } from '../limits';
import { serviceError } from '../api/errors';
import { findColumns, HEADER_ROW } from '../domain/table';
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
  MONITOR_HEADERS,
  MONITOR_SHEET,
  monitorErrorPatch,
  parseAgentId,
} from '../domain/scanWatch';
import { scanRowDue } from '../domain/pollPlan';
import { logAction } from '../gas/runLog';
import { monitorPorts } from '../gas/monitorPorts';
import type { SheetPort } from '../gas/ports';
import { openTable } from '../gas/sheetTable';
import { markPollExecution } from '../gas/userStore';
import type { MonitorReport, RescanReport } from '../contract/scans';
import { activeBook } from '../gas/active';
import { currentPlace } from '../gas/selection';
import { counted } from '../contract/words';
import type { HistoryReading } from '../domain/scoreList';
import type { ScanStatus } from '../api/client';
import type { Result } from '../api/errors';
import { sheetNamed } from '../gas/sheets';

/** What the scan monitor reads, asks, writes and records (src/addon/monitor.ts). */
export interface MonitorPorts {
  /** The `Scan monitor` sheet; null where there is none yet. */
  sheet: SheetPort | null;
  hasKey: boolean;
  /** Each agent's scan, asked once. */
  statuses(ids: number[]): Map<number, Result<ScanStatus> | undefined>;
  /** A rescan of each agent, sent once (a batch lost to a dropped connection is not sent again). */
  rescans(ids: number[]): Map<number, Result<unknown> | undefined>;
  /** The rescans this person pressed, by agent, when. */
  pressed: {
    read(): Map<number, number>;
    record(ids: number[], at: number): void;
    forget(ids: number[], now: number): void;
  };
  history(readings: HistoryReading[]): void;
  /** How many scans still run here (the hourly run keeps the document). */
  stillRunning(count: number): void;
  locked<T>(waitMs: number, work: () => T, busy: () => T): T;
  now(): number;
}

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/** Every row with something in its Brand agent ID cell. */
function rows(values: unknown[][]): WatchedRow[] {
  const columns = findColumns(values[HEADER_ROW - 1] ?? [], MONITOR_HEADERS);
  const cell = (row: number, key: keyof typeof MONITOR_HEADERS): unknown =>
    columns[key] ? (values[row - 1]?.[columns[key] - 1] ?? '') : '';
  const out: WatchedRow[] = [];
  for (let row = HEADER_ROW + 1; row <= values.length; row++) {
    const raw = cell(row, 'agentId');
    if (raw === '' || raw === null) continue;
    out.push({
      row,
      id: parseAgentId(raw),
      state: cell(row, 'state'),
      scanDate: cell(row, 'scanDate'),
      overall: cell(row, 'overall'),
      rescanRequested: cell(row, 'rescanRequested'),
      lastChecked: cell(row, 'lastChecked'),
    });
  }
  return out;
}

const tally = (values: unknown[][]) => tallyScans(rows(values).map((w) => w.state));

/** Creates (or reuses) the monitor sheet with its headers, and shows it. */
export function openScanMonitor(): MonitorReport {
  const backTo = currentPlace();
  const book = activeBook();
  const sheet = sheetNamed(book, MONITOR_SHEET) ?? madeMonitor(book);
  openTable(sheet, MONITOR_COLUMNS, true);
  sheet.activate();
  return { ...pollMonitorIn(book, true), backTo };
}

function madeMonitor(book: Book): GoogleAppsScript.Spreadsheet.Sheet {
  const sheet = book.insertSheet(MONITOR_SHEET);
  sheet.setFrozenRows(HEADER_ROW);
  return sheet;
}

/** `force`: a person asked (Refresh now), so every row is checked, due or not. */
export function pollScanMonitor(force?: boolean): MonitorReport {
  markPollExecution();
  return pollMonitorIn(activeBook(), force === true);
}

/** Polls one document's scan monitor: the active one, or one the background opened by ID. */
export const pollMonitorIn = (book: Book, force = false): MonitorReport =>
  monitorWith(monitorPorts(book), force);

/**
 * Only rows due under the service's guidance are asked about, unless a person asked for all. The
 * service is asked outside the document lock (a poll waiting on the network never makes a press
 * "busy"); the answers are then written under it, onto the rows that hold each agent by then.
 */
export function monitorWith(ports: MonitorPorts, force = false): MonitorReport {
  const sheet = ports.sheet;
  if (!sheet)
    return {
      ...EMPTY_MONITOR,
      message: 'No scan monitor yet: open it from the menu or the sidebar.',
    };
  const now = new Date(ports.now());
  const asked = ports.hasKey ? ports.statuses(dueIds(rows(sheet.grid()), force, now)) : null;
  const pressed = ports.pressed.read();
  const settled = underLock(ports, () => {
    const values = sheet.grid();
    const checked = asked
      ? settleScans(rows(values), asked, now, pressed)
      : keyMissing(rows(values), now);
    claimRetries(checked, now);
    sheet.write(MONITOR_COLUMNS, checked.patches, values);
    ports.history(checked.readings);
    return { values: sheet.grid(), checked };
  });
  if (!settled) return BUSY_MONITOR;
  const { retry, finished } = settled.checked;
  const values = (ports.hasKey && retryOnce(ports, sheet, retry, now)) || settled.values;
  const report = { ...tally(values), finished };
  ports.stillRunning(report.running);
  return report;
}

/**
 * Sends the one automatic retry of the person's failed rescans, and writes it onto the rows that
 * hold those agents now: the grid as written, or null when nothing was (re)written.
 */
function retryOnce(
  ports: MonitorPorts,
  sheet: SheetPort,
  retry: Agent[],
  now: Date,
): unknown[][] | null {
  if (!retry.length) return null;
  ports.pressed.forget(
    retry.map((a) => a.id),
    now.getTime(),
  );
  const retried = triggerRescans(ports, retry, true);
  return retried.ok ? underLock(ports, () => writeOntoCurrentRows(sheet, retried, retry)) : null;
}

const BUSY_MONITOR: MonitorReport = {
  ...EMPTY_MONITOR,
  busy: true,
  message: 'Another update of the scan monitor is running: its results show here when it ends.',
};

/** Runs `work` under the document lock; null when another run holds it past the wait. */
function underLock<T>(ports: MonitorPorts, work: () => T, wait = POLL_LOCK_WAIT_MS): T | null {
  return ports.locked(wait, work, () => null);
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

/** A rescan's answers, written onto the rows that hold its agents now (read again under the lock). */
function writeOntoCurrentRows(
  sheet: SheetPort,
  outcome: Extract<RescanOutcome, { ok: true }>,
  agents: Agent[],
): unknown[][] {
  const values = sheet.grid();
  sheet.write(MONITOR_COLUMNS, ontoCurrentRows(outcome.patches, agents, rows(values)), values);
  return sheet.grid();
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
  const range = book.getActiveRange();
  const ports = monitorPorts(book);
  if (!ports.sheet || !range || range.getSheet().getName() !== MONITOR_SHEET) {
    return {
      state: 'nothing',
      message: `Select the agents' rows on the "${MONITOR_SHEET}" sheet first.`,
      triggered: 0,
    };
  }
  return rescanWith(ports, ports.sheet, range.getRow(), range.getRow() + range.getNumRows() - 1);
}

/** Rescans the agents of rows `first` to `last` of the monitor. */
export function rescanWith(
  ports: MonitorPorts,
  sheet: SheetPort,
  first: number,
  last: number,
): RescanReport {
  if (!ports.hasKey)
    return { state: 'refused', message: serviceError('KEY_MISSING').message, triggered: 0 };
  const selected = rows(sheet.grid())
    .filter((w) => w.row >= Math.max(first, HEADER_ROW + 1) && w.row <= last && w.id !== null)
    .map((w) => ({ row: w.row, id: w.id as number }));
  if (selected.length === 0)
    return {
      state: 'nothing',
      message: `No brand agent IDs in the selection: select agents' rows on the "${MONITOR_SHEET}" sheet, then rescan.`,
      triggered: 0,
    };
  const at = new Date(ports.now());
  const outcome = triggerRescans(ports, selected, false, at);
  if (!outcome.ok) return { state: 'refused', message: outcome.message, triggered: 0 };
  ports.pressed.record(
    selected.map((a) => a.id),
    at.getTime(),
  );
  const values = underLock(
    ports,
    () => writeOntoCurrentRows(sheet, outcome, selected),
    PRESS_LOCK_WAIT_MS,
  );
  // The rescans were sent: a busy sheet only delays showing them, the next poll writes them.
  if (values) ports.stillRunning(tally(values).running);
  return {
    state: 'done',
    message: `Rescan started for ${counted(outcome.triggered, 'agent')}.`,
    triggered: outcome.triggered,
  };
}

/** POSTs a rescan for each agent once, and says what each row shows. */
function triggerRescans(
  ports: MonitorPorts,
  agents: Agent[],
  automatic: boolean,
  at = new Date(ports.now()),
): RescanOutcome {
  const byId = ports.rescans(agents.map((a) => a.id));
  return rescanOutcome(agents, byId, at, automatic);
}
