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
  followUpMessage,
  followUpTable,
  type FollowUpSource,
} from '../domain/followUps';
import { positionalFormats } from '../domain/columns';
import { FOLLOW_UPS_SHEET } from '../domain/table';
import { activeBook } from '../gas/active';
import { appsScriptKit } from '../gas/kit';
import { MetadataFull } from '../gas/docMetadata';
import { DOCUMENT_BUSY } from '../gas/lock';
import { recordKind, type Kit } from '../kit/ports';
import * as z from 'zod/mini';
import { PRESS_LOCK_WAIT_MS } from '../limits';

/**
 * The smallest change that counts, kept in the file (`vis.followUps.minChange`, a number as
 * earlier releases kept it): a schedule's clock trigger reads it there.
 */
const MIN_CHANGE = recordKind('followUps.minChange', () => z.number(), DEFAULTS.minChange);

export function followUpThreshold(kit: Kit): number {
  const checked = checkMinChange(kit.records.file.get(MIN_CHANGE));
  return checked.ok ? checked.value : DEFAULTS.minChange;
}

/** A list's own columns the follow-ups quote (its `Sheet` and change are the add-on's). */
const SOURCE_COLUMNS = {
  website: FOLLOW_UP_COLUMNS.website,
  contacted: FOLLOW_UP_COLUMNS.contacted,
  scoreAtContact: FOLLOW_UP_COLUMNS.scoreAtContact,
  score: FOLLOW_UP_COLUMNS.score,
  reportUrl: FOLLOW_UP_COLUMNS.reportUrl,
  pitch: FOLLOW_UP_COLUMNS.pitch,
};

/**
 * The rows of every list that has a `Contacted` column: one header read per sheet (the add-on's
 * own sheets not opened), then only the columns quoted, of those lists only.
 */
const sources = (kit: Kit): FollowUpSource[] =>
  kit.tables
    .find(SOURCE_COLUMNS, 'contacted')
    .flatMap(({ name, rows }) => rows.map(({ cells }) => ({ sheet: name, ...cells })));

/** Rebuilds the follow-ups of a workbook (the schedule's run, or a person's). */
export function refreshFollowUpsIn(kit: Kit, minChange = followUpThreshold(kit)): FollowUpReport {
  const held = kit.locks.document(PRESS_LOCK_WAIT_MS * 50);
  if (!held) return { state: 'busy', message: DOCUMENT_BUSY, rows: 0 };
  try {
    const table = followUpTable(sources(kit), minChange);
    const message = followUpMessage(table, minChange);
    if (table.contacted === 0) return { state: 'nothing', message, rows: 0 };
    kit.tables.replace(FOLLOW_UPS_SHEET, table.values, positionalFormats(FOLLOW_UP_COLUMNS));
    return { state: 'done', message, rows: table.rows };
  } finally {
    held.release();
  }
}

/**
 * Keeps a threshold the person chose, for the schedule's runs (a clock trigger reads it from the
 * file); null when kept (or already), else the words saying why it could not be.
 */
function keepThreshold(kit: Kit, minChange: number): string | null {
  if (followUpThreshold(kit) === minChange) return null;
  try {
    kit.records.file.put(MIN_CHANGE, minChange);
    return null;
  } catch (error) {
    if (!(error instanceof MetadataFull)) throw error;
    return `This threshold is used now but not kept for scheduled runs: ${error.message}`;
  }
}

export function refreshFollowUps(options?: { minChange?: number }): FollowUpReport {
  const kit = appsScriptKit(activeBook());
  const checked = checkMinChange(options?.minChange);
  if (!checked.ok) return { state: 'refused', message: checked.message, rows: 0 };
  const unkept = options?.minChange === undefined ? null : keepThreshold(kit, checked.value);
  const refreshed = refreshFollowUpsIn(kit, checked.value);
  const report = unkept ? { ...refreshed, message: `${refreshed.message} ${unkept}` } : refreshed;
  if (report.state === 'done')
    kit.log.action('follow-ups', {
      sheet: FOLLOW_UPS_SHEET,
      rows: report.rows,
      requests: 0,
      changed: report.rows,
      errors: 0,
      result: report.message,
    });
  return report;
}
