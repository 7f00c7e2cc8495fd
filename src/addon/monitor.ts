/**
 * The scan monitor: a sheet of brand-agent IDs kept current by polling the service on its 30 to
 * 60 s guidance, with rescans whose previous result stays visible until the fresh one arrives.
 */
import * as z from 'zod/mini';
import {
  POLL_BUDGET_MS,
  POLL_LOCK_WAIT_MS,
  PRESS_LOCK_WAIT_MS,
  REGISTRY_LOCK_WAIT_MS,
} from '../limits';
import { parsers, requests } from '../api/client';
import { serviceError } from '../api/errors';
import { HEADER_ROW } from '../domain/table';
import {
  claimRetries,
  EMPTY_MONITOR,
  ontoCurrentRows,
  pressesKept,
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
} from '../domain/scanWatch';
import { scanRowDue } from '../domain/pollPlan';
import { appsScriptKit } from '../gas/kit';
import { markPollExecution } from '../gas/userStore';
import type { MonitorReport, RescanReport } from '../contract/scans';
import { activeBook } from '../gas/active';
import { counted } from '../contract/words';
import { askEach } from '../kit/askEach';
import { recordKind, type Kit } from '../kit/ports';
import type { TableRows } from '../domain/table';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type MonitorKey = keyof typeof MONITOR_COLUMNS;

/**
 * The rescans this person pressed in a file, by agent (when, ms), in their own properties: the one
 * automatic retry of a failed rescan is sent only for these, with their key. A date typed into a
 * row's `Rescan requested` cell is a request for display, never authority to spend anyone's key.
 */
const PRESSED = recordKind('rescans', () => z.record(z.string(), z.number()), {});

/** Every row with something in its Brand agent ID cell. */
function watched(table: TableRows<MonitorKey> | null): WatchedRow[] {
  return (table?.rows ?? [])
    .filter(({ cells }) => cells.agentId !== '' && cells.agentId !== null)
    .map(({ row, cells }) => ({
      row,
      id: parseAgentId(cells.agentId),
      state: cells.state,
      scanDate: cells.scanDate,
      overall: cells.overall,
      rescanRequested: cells.rescanRequested,
      lastChecked: cells.lastChecked,
    }));
}

const monitorRows = (kit: Kit) => watched(kit.tables.read(MONITOR_SHEET, MONITOR_COLUMNS));
const tally = (rows: WatchedRow[]) => tallyScans(rows.map((w) => w.state));

/**
 * Creates (or reuses) the monitor sheet with its columns as every run adds them (formats, colour
 * scale, the how-to note on its first header), shows it, and polls it.
 */
export function openScanMonitor(): MonitorReport {
  const kit = appsScriptKit(activeBook());
  const backTo = kit.view.place();
  kit.tables.write(MONITOR_SHEET, MONITOR_COLUMNS, new Map());
  kit.view.show(MONITOR_SHEET);
  return { ...monitorWith(kit, true), backTo };
}

/** `force`: a person asked (Refresh now), so every row is checked, due or not. */
export function pollScanMonitor(force?: boolean): MonitorReport {
  markPollExecution();
  return pollMonitorIn(activeBook(), force === true);
}

/** Polls one document's scan monitor: the active one, or one the background opened by ID. */
export const pollMonitorIn = (book: Book, force = false): MonitorReport =>
  monitorWith(appsScriptKit(book), force);

const hasKey = (kit: Kit) => !!kit.service.config().apiKey;

/**
 * Only rows due under the service's guidance are asked about, unless a person asked for all. The
 * service is asked outside the document lock (a poll waiting on the network never makes a press
 * "busy"); the answers are then written under it, onto the rows that hold each agent by then.
 */
export function monitorWith(kit: Kit, force = false): MonitorReport {
  const table = kit.tables.read(MONITOR_SHEET, MONITOR_COLUMNS);
  if (!table)
    return {
      ...EMPTY_MONITOR,
      message: 'No scan monitor yet: open it from the menu or the sidebar.',
    };
  const now = new Date(kit.account.now());
  const asked = hasKey(kit) ? statuses(kit, dueIds(watched(table), force, now)) : null;
  const pressed = pressedBy(kit);
  const settled = underLock(kit, () => {
    const rows = monitorRows(kit);
    const checked = asked ? settleScans(rows, asked, now, pressed) : keyMissing(rows, now);
    claimRetries(checked, now);
    kit.tables.write(MONITOR_SHEET, MONITOR_COLUMNS, checked.patches);
    kit.history.append(checked.readings);
    return { rows: monitorRows(kit), checked };
  });
  if (!settled) return BUSY_MONITOR;
  const { retry, finished } = settled.checked;
  const rows = (hasKey(kit) && retryOnce(kit, retry, now)) || settled.rows;
  const report = { ...tally(rows), finished };
  kit.later.keep('scans', report.running);
  return report;
}

/** Each agent's scan, asked once. */
const statuses = (kit: Kit, ids: number[]) =>
  askEach(
    kit.service,
    POLL_BUDGET_MS,
    ids,
    (id) => requests.scanStatus(kit.service.config(), id),
    parsers.scanStatus,
  );

/** The rescans this person pressed here, by agent (when, ms). */
const pressedBy = (kit: Kit): Map<number, number> =>
  new Map(
    Object.entries(kit.records.mine.get(PRESSED, kit.tables.fileId())).map(([id, at]) => [
      Number(id),
      at,
    ]),
  );

/** The person's record of their presses changed, read afresh under their lock. */
function changePresses(kit: Kit, change: { pressed?: number[]; retried?: number[] }, now: number) {
  const held = kit.locks.mine(REGISTRY_LOCK_WAIT_MS);
  try {
    const doc = kit.tables.fileId();
    const kept = pressesKept(kit.records.mine.get(PRESSED, doc), change, now);
    if (Object.keys(kept).length) kit.records.mine.put(PRESSED, kept, doc);
    else kit.records.mine.drop(PRESSED, doc);
  } finally {
    held?.release();
  }
}

/**
 * Sends the one automatic retry of the person's failed rescans, and writes it onto the rows that
 * hold those agents now: the rows as written, or null when nothing was (re)written.
 */
function retryOnce(kit: Kit, retry: Agent[], now: Date): WatchedRow[] | null {
  if (!retry.length) return null;
  changePresses(kit, { retried: retry.map((a) => a.id) }, now.getTime());
  const retried = triggerRescans(kit, retry, true);
  return retried.ok ? underLock(kit, () => writeOntoCurrentRows(kit, retried, retry)) : null;
}

const BUSY_MONITOR: MonitorReport = {
  ...EMPTY_MONITOR,
  busy: true,
  message: 'Another update of the scan monitor is running: its results show here when it ends.',
};

/** Runs `work` under the document lock; null when another run holds it past the wait. */
function underLock<T>(kit: Kit, work: () => T, wait = POLL_LOCK_WAIT_MS): T | null {
  const held = kit.locks.document(wait);
  if (!held) return null;
  try {
    return work();
  } finally {
    held.release();
  }
}

function keyMissing(rows: WatchedRow[], now: Date): Checked {
  const patch = monitorErrorPatch(serviceError('KEY_MISSING'), now);
  return {
    patches: new Map(rows.map((w) => [w.row, patch])),
    readings: [],
    finished: [],
    retry: [],
  };
}

/** The agents to ask about now: every one when forced, else those the poll plan says are due. */
function dueIds(rows: WatchedRow[], force: boolean, now: Date): number[] {
  return rows
    .filter((w) => w.id !== null && (force || scanRowDue(String(w.state), w.lastChecked, +now)))
    .map((w) => w.id as number);
}

/** A rescan's answers, written onto the rows that hold its agents now (read again under the lock). */
function writeOntoCurrentRows(
  kit: Kit,
  outcome: Extract<RescanOutcome, { ok: true }>,
  agents: Agent[],
): WatchedRow[] {
  const patches = ontoCurrentRows(outcome.patches, agents, monitorRows(kit));
  kit.tables.write(MONITOR_SHEET, MONITOR_COLUMNS, patches);
  return monitorRows(kit);
}

/** Triggers a rescan of the selected agents on the monitor sheet. */
export function rescanSelected(): RescanReport {
  const r = rescan();
  if (r.state === 'done' || r.state === 'refused')
    appsScriptKit(activeBook()).log.action('rescan agents', {
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
  const kit = appsScriptKit(activeBook());
  const selected = kit.view.selected();
  if (selected?.name !== MONITOR_SHEET)
    return {
      state: 'nothing',
      message: `Select the agents' rows on the "${MONITOR_SHEET}" sheet first.`,
      triggered: 0,
    };
  return rescanWith(kit, selected.first, selected.last);
}

/** Rescans the agents of rows `first` to `last` of the monitor. */
export function rescanWith(kit: Kit, first: number, last: number): RescanReport {
  if (!hasKey(kit))
    return { state: 'refused', message: serviceError('KEY_MISSING').message, triggered: 0 };
  const selected = monitorRows(kit)
    .filter((w) => w.row >= Math.max(first, HEADER_ROW + 1) && w.row <= last && w.id !== null)
    .map((w) => ({ row: w.row, id: w.id as number }));
  if (selected.length === 0)
    return {
      state: 'nothing',
      message: `No brand agent IDs in the selection: select agents' rows on the "${MONITOR_SHEET}" sheet, then rescan.`,
      triggered: 0,
    };
  const at = new Date(kit.account.now());
  const outcome = triggerRescans(kit, selected, false, at);
  if (!outcome.ok) return { state: 'refused', message: outcome.message, triggered: 0 };
  changePresses(kit, { pressed: selected.map((a) => a.id) }, at.getTime());
  const rows = underLock(
    kit,
    () => writeOntoCurrentRows(kit, outcome, selected),
    PRESS_LOCK_WAIT_MS,
  );
  // The rescans were sent: a busy sheet only delays showing them, the next poll writes them.
  if (rows) kit.later.keep('scans', tally(rows).running);
  return {
    state: 'done',
    message: `Rescan started for ${counted(outcome.triggered, 'agent')}.`,
    triggered: outcome.triggered,
  };
}

/**
 * POSTs a rescan for each agent once, and says what each row shows. A rescan may start a paid
 * scan: a batch lost to a dropped connection is not sent again.
 */
function triggerRescans(
  kit: Kit,
  agents: Agent[],
  automatic: boolean,
  at = new Date(kit.account.now()),
): RescanOutcome {
  const config = kit.service.config();
  const byId = askEach(
    kit.service,
    POLL_BUDGET_MS,
    agents.map((a) => a.id),
    (id) => requests.scanTrigger(config, id),
    parsers.scanTrigger,
    { retryable: (e) => e.code === 'RATE_LIMITED', maxLostTries: 1 },
  );
  return rescanOutcome(agents, byId, at, automatic);
}
