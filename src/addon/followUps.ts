/**
 * The `Follow-ups` sheet: every contacted prospect of every list in the workbook whose score moved
 * since contact, rebuilt on request and after each scheduled score refresh. The smallest change
 * that counts is kept in the file, so the schedule's rebuild (with no one there to ask) uses the
 * one the person last chose.
 */
import { DEFAULTS } from '../contract/defaults';
import type { FollowUpReport } from '../contract/outreach';
import {
  checkMinChange,
  FOLLOW_UP_COLUMNS,
  FOLLOW_UP_HEADERS,
  followUpMessage,
  followUpTable,
  type FollowUpSource,
} from '../domain/followUps';
import { positionalFormats } from '../domain/columns';
import { FOLLOW_UPS_SHEET } from '../domain/table';
import { activeBook } from '../gas/active';
import { bookPort } from '../gas/bookPort';
import { MetadataFull } from '../gas/docMetadata';
import { DOCUMENT_BUSY } from '../gas/lock';
import type { BookPort } from '../gas/ports';
import { logAction } from '../gas/runLog';
import { PRESS_LOCK_WAIT_MS } from '../limits';

const THRESHOLD_KEY = 'vis.followUps.minChange';

export function followUpThreshold(book: BookPort): number {
  const checked = checkMinChange(book.meta.get(THRESHOLD_KEY));
  return checked.ok ? checked.value : DEFAULTS.minChange;
}

/** A list's own columns the follow-ups quote (its `Sheet` and change are the add-on's). */
const SOURCE_HEADERS = {
  website: FOLLOW_UP_HEADERS.website,
  contacted: FOLLOW_UP_HEADERS.contacted,
  scoreAtContact: FOLLOW_UP_HEADERS.scoreAtContact,
  score: FOLLOW_UP_HEADERS.score,
  reportUrl: FOLLOW_UP_HEADERS.reportUrl,
  pitch: FOLLOW_UP_HEADERS.pitch,
};

/**
 * The rows of every list that has a `Contacted` column: one header read per sheet (the add-on's
 * own sheets not opened), then only the columns quoted, of those lists only.
 */
const sources = (book: BookPort): FollowUpSource[] =>
  book
    .lists(SOURCE_HEADERS, 'contacted')
    .flatMap(({ name, rows }) => rows.map((row) => ({ sheet: name, ...row })));

/** Rebuilds the follow-ups of a workbook (the schedule's run, or a person's). */
export function refreshFollowUpsIn(
  book: BookPort,
  minChange = followUpThreshold(book),
): FollowUpReport {
  const held = book.lock(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return { state: 'busy', message: DOCUMENT_BUSY, rows: 0 };
  try {
    const table = followUpTable(sources(book), minChange);
    const message = followUpMessage(table, minChange);
    if (table.contacted === 0) return { state: 'nothing', message, rows: 0 };
    book.replace(FOLLOW_UPS_SHEET, table.values, positionalFormats(FOLLOW_UP_COLUMNS));
    return { state: 'done', message, rows: table.rows };
  } finally {
    held.release();
  }
}

/**
 * Keeps a threshold the person chose, for the schedule's runs (a clock trigger reads it from the
 * file); null when kept (or already), else the words saying why it could not be.
 */
function keepThreshold(port: BookPort, minChange: number): string | null {
  if (followUpThreshold(port) === minChange) return null;
  try {
    port.meta.set(THRESHOLD_KEY, String(minChange));
    return null;
  } catch (error) {
    if (!(error instanceof MetadataFull)) throw error;
    return `This threshold is used now but not kept for scheduled runs: ${error.message}`;
  }
}

export function refreshFollowUps(options?: { minChange?: number }): FollowUpReport {
  const book = activeBook();
  const port = bookPort(book);
  const checked = checkMinChange(options?.minChange);
  if (!checked.ok) return { state: 'refused', message: checked.message, rows: 0 };
  const unkept = options?.minChange === undefined ? null : keepThreshold(port, checked.value);
  const refreshed = refreshFollowUpsIn(port, checked.value);
  const report = unkept ? { ...refreshed, message: `${refreshed.message} ${unkept}` } : refreshed;
  if (report.state === 'done')
    logAction(book, 'follow-ups', {
      sheet: FOLLOW_UPS_SHEET,
      rows: report.rows,
      requests: 0,
      changed: report.rows,
      errors: 0,
      result: report.message,
    });
  return report;
}
