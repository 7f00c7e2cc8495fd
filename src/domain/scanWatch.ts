/**
 * The scan monitor's decisions: what a watched row shows for a scan status, and when a rescan's
 * result is really new (its scanDate is later than the rescan was requested: until then the
 * service keeps returning the previous scan, which stays visible and is marked as previous).
 */
import { SHEETS } from './sheetNames';
import { errorStatus, STATUS } from './status';
import type { ScanStatus } from '../api/client';
import type { ServiceError } from '../api/errors';
import { PLATFORMS } from '../engines';
import { engineColumns, FORMATS, headersOf, type Columns } from './columns';
import { dateCell, safeLink, safeText, scoreCell, type Cell } from './cells';

export const MONITOR_SHEET = SHEETS.monitor.name;

/** The `Scan monitor` sheet's columns (the shape of domain/columns.ts). */
/** How the scan monitor is filled in: a note on its first header, never a row a poll would read. */
export const MONITOR_HOW_TO =
  'Put one brand agent ID per row below (a whole number, from your account on the service). Rows are checked while the sidebar is open and hourly otherwise; select rows and choose "Rescan selected agents" to rescan.';

export const MONITOR_COLUMNS = {
  agentId: { header: 'Brand agent ID', note: MONITOR_HOW_TO },
  state: { header: 'Scan state' },
  progress: { header: 'Progress' },
  overall: { header: 'Overall score', scaled: true },
  ...engineColumns(() => ({ scaled: true })),
  scanDate: { header: 'Scan date', format: FORMATS.time },
  reportUrl: { header: 'Report URL' },
  lastChecked: { header: 'Last checked', format: FORMATS.time },
  message: { header: 'Scan message' },
  rescanRequested: { header: 'Rescan requested', format: FORMATS.time },
} satisfies Columns<string>;

export const MONITOR_HEADERS = headersOf(MONITOR_COLUMNS);

export type MonitorKey = keyof typeof MONITOR_COLUMNS;
export type MonitorPatch = Partial<Record<MonitorKey, Cell>>;

function scores(status: ScanStatus | null): MonitorPatch {
  const out: MonitorPatch = {};
  for (const p of PLATFORMS)
    out[p] = status?.state === 'complete' ? scoreCell(status.platformScores[p]) : '';
  out.overall = status?.state === 'complete' ? scoreCell(status.overallScore) : '';
  return out;
}

/** `completed/total` while a scan runs and reports progress; blank otherwise. */
export function progressText(status: ScanStatus): string {
  return status.state === 'running' && status.completed !== null && status.total !== null
    ? `${status.completed}/${status.total}`
    : '';
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A ScanStatus's completion time, when it has one. */
function scanTime(status: ScanStatus): number | null {
  if (status.state !== 'complete' && status.state !== 'failed') return null;
  const t = status.scanDate ? Date.parse(status.scanDate) : NaN;
  return Number.isNaN(t) ? null : t;
}

/**
 * The row for a polled status. `rescanAt` is when we asked for a rescan (null when none is
 * outstanding); `now` is the check time.
 */
const FAILED_SCAN_MESSAGE =
  'The scan failed: no AI engine answered (usually brief). Select the row and choose "Rescan selected agents" (menu or Scan monitor tab) to scan again.';

/** Service text as a sentence, so our advice after it does not run on from it. */
function asSentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t.charAt(0).toUpperCase()}${t.slice(1)}.`;
}

export function monitorPatch(status: ScanStatus, rescanAt: Date | null, now: Date): MonitorPatch {
  const base: MonitorPatch = { lastChecked: now };
  const finished = scanTime(status);
  if (rescanAt && (finished === null || finished <= rescanAt.getTime())) {
    // The rescan has not finished: keep the previous result (not patched) and say so.
    const progress = progressText(status);
    const previous =
      finished !== null
        ? `the scores shown are from the previous scan (${isoDay(new Date(finished))}) until it completes`
        : 'waiting for it to start';
    return {
      ...base,
      state: STATUS.running,
      progress,
      message: `Rescan running since ${isoDay(rescanAt)}: ${previous}.`,
    };
  }
  const fresh: MonitorPatch = { ...base, rescanRequested: '' };
  switch (status.state) {
    case 'complete':
      return {
        ...fresh,
        ...scores(status),
        state: STATUS.complete,
        progress: '',
        scanDate: dateCell(status.scanDate),
        reportUrl: safeLink(status.reportUrl),
        message: '',
      };
    case 'failed':
      return {
        ...fresh,
        ...scores(null),
        state: STATUS.failed,
        progress: '',
        scanDate: dateCell(status.scanDate),
        reportUrl: '',
        message: FAILED_SCAN_MESSAGE,
      };
    case 'running':
      return {
        ...fresh,
        ...scores(null),
        state: STATUS.running,
        progress: progressText(status),
        scanDate: '',
        reportUrl: '',
        message: safeText(status.message),
      };
    default:
      return {
        ...fresh,
        ...scores(null),
        state: STATUS.none,
        progress: '',
        scanDate: '',
        reportUrl: '',
        message: safeText(
          `${asSentence(status.message)} Select the row and choose "Rescan selected agents" to start one.`,
        ),
      };
  }
}

export function monitorErrorPatch(error: ServiceError, now: Date): MonitorPatch {
  if (error.code === 'NOT_FOUND') {
    return {
      lastChecked: now,
      state: errorStatus('unknown agent'),
      message: 'the service has no brand agent with this ID for your key: check the ID',
    };
  }
  return { lastChecked: now, message: safeText(`could not check: ${error.message}`) };
}

/** Rescan refusals that apply to the whole account: reported once, no row touched. */
export function isRescanRefusal(error: ServiceError): boolean {
  return [
    'READ_ONLY',
    'SCAN_PAUSED',
    'KEY_REFUSED',
    'KEY_MISSING',
    'QUOTA_SPENT',
    'PERMISSION',
  ].includes(error.code);
}

export function parseAgentId(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Marks a rescan the monitor sent again by itself after the first one reached no engine. */
const RETRIED_MARK = ' (retried automatically)';

export interface Rescan {
  at: Date;
  retried: boolean;
}

/** The `Rescan requested` cell: a date for the user's rescan, text for the one automatic retry. */
export function rescanCell(at: Date, retried: boolean): Cell {
  return retried ? `${at.toISOString()}${RETRIED_MARK}` : at;
}

export function readRescan(value: unknown): Rescan | null {
  if (value instanceof Date) return { at: value, retried: false };
  if (typeof value !== 'string' || value === '') return null;
  const retried = value.endsWith(RETRIED_MARK);
  const t = Date.parse(retried ? value.slice(0, -RETRIED_MARK.length) : value);
  return Number.isNaN(t) ? null : { at: new Date(t), retried };
}

/** A rescan that came back failed (later than it was asked for) is sent once more by itself. */
export function needsAutoRetry(status: ScanStatus, rescan: Rescan | null): boolean {
  if (!rescan || rescan.retried || status.state !== 'failed' || !status.scanDate) return false;
  return Date.parse(status.scanDate) > rescan.at.getTime();
}
