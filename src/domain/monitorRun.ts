/**
 * The scan monitor's run decisions over plain rows: what each answer writes, which scans just
 * finished, which rescans are sent once more, what a rescan's answers write, and the tally.
 */
import type { ScanStatus } from '../api/client';
import type { Result, ServiceError } from '../api/errors';
import type { MonitorReport } from '../contract/scans';
import { timeOf } from './cells';
import {
  isRescanRefusal,
  MONITOR_COLUMNS,
  MONITOR_SHEET,
  monitorErrorPatch,
  monitorPatch,
  needsAutoRetry,
  readRescan,
  rescanCell,
  type MonitorPatch,
} from './scanWatch';
import { scanReading, type HistoryReading } from './scoreList';
import { errorStatus, statusKind, STATUS } from './status';
import { counted } from '../contract/words';

/** A monitor row as read: the cells the decisions look at. */
export interface WatchedRow {
  row: number;
  /** The parsed brand agent ID, or null when the cell is not one. */
  id: number | null;
  state: unknown;
  scanDate: unknown;
  overall: unknown;
  rescanRequested: unknown;
  lastChecked: unknown;
}

export type Agent = { row: number; id: number };

export const NOT_AN_ID_PATCH = (now: Date): MonitorPatch => ({
  lastChecked: now,
  state: errorStatus('not an ID'),
  message: 'a brand agent ID is a whole number: copy it from your account on the service',
});

export interface Checked {
  patches: Map<number, MonitorPatch>;
  readings: HistoryReading[];
  finished: MonitorReport['finished'];
  /** Rescans that came back failed and are sent once more, automatically. */
  retry: Agent[];
}

/** A scan date the row does not show yet: this scan finished since the last look. */
function finishedScan(
  w: WatchedRow & Agent,
  reading: HistoryReading,
): MonitorReport['finished'][number] | null {
  if (timeOf(w.scanDate) === timeOf(reading.lastScanned)) return null;
  const score = typeof reading.score === 'number' ? reading.score : null;
  return {
    agentId: w.id,
    state: score === null ? STATUS.failed : STATUS.complete,
    score,
    previous: typeof w.overall === 'number' ? w.overall : null,
  };
}

/** How close the row's `Rescan requested` is to the person's own press, to be that press. */
const SAME_PRESS_MS = 60 * 1000;

/**
 * The answers (by agent ID) into rows; a row not asked about this time is left as it is.
 * `pressed`: the rescans this person pressed (agent → when, from their own record): a failed
 * rescan is retried automatically only for those, whatever date a cell holds.
 */
export function settleScans(
  watched: WatchedRow[],
  byId: Map<number, Result<ScanStatus> | undefined>,
  now: Date,
  pressed: ReadonlyMap<number, number>,
): Checked {
  const out: Checked = { patches: new Map(), readings: [], finished: [], retry: [] };
  for (const w of watched) {
    if (w.id === null) {
      out.patches.set(w.row, NOT_AN_ID_PATCH(now));
      continue;
    }
    const result = byId.get(w.id);
    // Unasked, or Google's daily quota spent: the row keeps what it showed.
    if (!result || (!result.ok && result.error.code === 'QUOTA_SPENT')) continue;
    if (!result.ok) {
      out.patches.set(w.row, monitorErrorPatch(result.error, now));
      continue;
    }
    const agent = { ...w, id: w.id };
    const rescan = readRescan(w.rescanRequested);
    const reading = scanReading(result.value, w.id, now);
    const news = reading && finishedScan(agent, reading);
    if (reading) out.readings.push(reading);
    if (news) out.finished.push(news);
    out.patches.set(w.row, monitorPatch(result.value, rescan?.at ?? null, now));
    const pressedAt = pressed.get(w.id);
    const ownPress =
      rescan !== null &&
      pressedAt !== undefined &&
      Math.abs(pressedAt - rescan.at.getTime()) <= SAME_PRESS_MS;
    if (ownPress && needsAutoRetry(result.value, rescan)) out.retry.push({ row: w.row, id: w.id });
  }
  return out;
}

/**
 * The automatic rescans this poll sends, claimed in their rows before anything is sent: the rows
 * say "sent once more" at once, so a poll running meanwhile (the sidebar's and the hourly
 * trigger's) never sends the same rescan twice, though neither holds the lock while it sends.
 */
export function claimRetries(checked: Checked, now: Date): void {
  for (const a of checked.retry)
    checked.patches.set(a.row, {
      ...checked.patches.get(a.row),
      rescanRequested: rescanCell(now, true),
    });
}

/**
 * Patches decided for agents (rows as they were read before the service was asked) moved onto
 * the rows that hold those agents now: people sort and insert rows while a request is out.
 */
export function ontoCurrentRows(
  decided: Map<number, MonitorPatch>,
  agents: Agent[],
  now: WatchedRow[],
): Map<number, MonitorPatch> {
  const byId = new Map<number, MonitorPatch>();
  for (const a of agents) {
    const patch = decided.get(a.row);
    if (patch) byId.set(a.id, patch);
  }
  const out = new Map<number, MonitorPatch>();
  for (const w of now) {
    const patch = w.id === null ? undefined : byId.get(w.id);
    if (patch) out.set(w.row, patch);
  }
  return out;
}

export type RescanOutcome =
  | { ok: true; patches: Map<number, MonitorPatch>; triggered: number }
  | { ok: false; message: string };

/**
 * What a rescan's answers write: running with the trigger time, or the row's error. An
 * account-wide refusal (read-only, maintenance) touches no row.
 */
export function rescanOutcome(
  agents: Agent[],
  byId: Map<number, Result<unknown> | undefined>,
  at: Date,
  automatic: boolean,
): RescanOutcome {
  const refusal = Array.from(byId.values()).find(
    (r): r is { ok: false; error: ServiceError } => !!r && !r.ok && isRescanRefusal(r.error),
  );
  if (refusal) return { ok: false, message: refusal.error.message };
  const patches = new Map<number, MonitorPatch>();
  let triggered = 0;
  for (const a of agents) {
    const result = byId.get(a.id);
    if (!result) continue;
    if (!result.ok) {
      patches.set(a.row, monitorErrorPatch(result.error, at));
      continue;
    }
    triggered++;
    patches.set(a.row, {
      rescanRequested: rescanCell(at, automatic),
      state: STATUS.running,
      progress: '',
      message: automatic
        ? 'The rescan reached no engine, so it was sent once more automatically.'
        : 'Rescan requested: the previous scores stay until the new scan completes.',
    });
  }
  return { ok: true, patches, triggered };
}

export const EMPTY_MONITOR: MonitorReport = {
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

const TALLIED = ['running', 'complete', 'failed', 'none'] as const;

/** The monitor's counts by state (anything else is a row to check), in one sentence. */
export function tallyScans(states: unknown[]): MonitorReport {
  const out: MonitorReport = { ...EMPTY_MONITOR, exists: true, watched: states.length };
  for (const state of states) {
    const kind = TALLIED.find((k) => k === statusKind(state));
    if (kind) out[kind]++;
    else out.errors++;
  }
  out.message = out.watched
    ? `${counted(out.watched, 'agent')}: ${out.complete} complete, ${out.running} running, ${out.failed} failed, ${out.none} never scanned${out.errors ? `, ${out.errors} to check` : ''}.`
    : `No brand agents yet: put their IDs in the "${MONITOR_SHEET}" sheet, one per row under "${MONITOR_COLUMNS.agentId.header}".`;
  return out;
}

/** Long enough for any scan to finish and fail; older presses are forgotten. */
const PRESS_KEPT_MS = 14 * 24 * 3600 * 1000;
/** At most this many remembered (the oldest go first): a value stays under Google's 9 KB. */
const PRESSES_KEPT = 300;

/**
 * The rescans a person pressed, by agent (when, ms), after `change`: the newest within their
 * time, in the order they were pressed.
 */
export function pressesKept(
  pressed: Readonly<Record<string, number>>,
  change: { pressed?: number[]; retried?: number[] },
  now: number,
): Record<string, number> {
  const out = new Map(Object.entries(pressed));
  for (const id of change.pressed ?? []) out.set(String(id), now);
  for (const id of change.retried ?? []) out.delete(String(id));
  return Object.fromEntries(
    [...out].filter(([, at]) => now - at < PRESS_KEPT_MS).slice(-PRESSES_KEPT),
  );
}
