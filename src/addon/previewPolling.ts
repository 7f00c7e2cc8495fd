/**
 * Polling pending previews: the workflow's second half. Rows are found by their uuid in every
 * sheet (users sort, insert and delete meanwhile), asked for in one batch, written in one write.
 */
import { MAX_POLLED_PER_RUN, POLL_BUDGET_MS, POLL_LOCK_WAIT_MS } from '../limits';
import { parsers, requests, type PreviewPoll } from '../api/client';
import { oneLine, type Result } from '../api/errors';
import { VISIBILITY_LEVELS, visibilityLevel } from '../domain/levels';
import { isPending, pollPatch, STATUS, type RowPatch } from '../domain/previewJobs';
import {
  HEADER_ROW,
  PREVIEW_HEADERS,
  websiteColumnIndex,
  type PreviewKey as Key,
} from '../domain/table';
import { timeOf } from '../domain/cells';
import { duePreviews } from '../domain/pollPlan';
import { isErrorText } from '../domain/status';
import { previewReading, type HistoryReading } from '../domain/scoreList';
import { setBackgroundWork } from '../gas/backgroundWork';
import { appsScriptClock } from '../gas/clock';
import { appendHistory } from '../gas/history';
import { lastAsked, rememberAsked } from '../gas/pollMemory';
import { withDocumentLock } from '../gas/lock';
import { quotaLeft } from '../gas/quota';
import { askEach } from '../gas/send';
import { clientConfig } from '../gas/settings';
import { cell, openTable, writePatches, type Table } from '../gas/sheetTable';
import type { Level, PollReport } from '../contract';

function previewState(table: Table<Key>, row: number): { uuid: string; status: string } {
  return {
    uuid: String(cell(table, row, 'uuid') ?? '').trim(),
    status: String(cell(table, row, 'status') ?? '').trim(),
  };
}

/** Rows listed by name in the sidebar. */
const MAX_LISTED = 50;

const NO_LEVELS = (): Record<Level, number> =>
  Object.fromEntries(VISIBILITY_LEVELS.map((l) => [l, 0])) as Record<Level, number>;

/** The sidebar's and the menu's poll, over the document the user has open. */
export function pollPendingPreviews(): PollReport {
  return pollPreviewsIn(SpreadsheetApp.getActiveSpreadsheet());
}

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Pending = { table: Table<Key>; row: number; uuid: string };
type Answers = Map<string, Result<PreviewPoll> | undefined>;

/**
 * Polls one document's pending previews: the active one, or one the background opened by ID. The
 * service is asked outside the document lock (a poll waiting on the network never makes another
 * report "busy"); the rows are then found again by uuid under the lock, as users may have sorted
 * or edited the sheet meanwhile, and written at once.
 */
export function pollPreviewsIn(book: Book): PollReport {
  const config = clientConfig();
  const before = readPending(book);
  const uuids = config.apiKey && quotaLeft() > 0 ? dueNow(before.pending) : [];
  const answers: Answers = uuids.length ? askService(config, uuids) : new Map();
  return withDocumentLock(
    POLL_LOCK_WAIT_MS,
    () => {
      const now = answers.size ? readPending(book) : before;
      const { patches, justCompleted, readings } = patchesFor(now.pending, answers);
      for (const [table, rows] of patches) writePatches(table, rows);
      appendHistory(book, readings);
      const result = { ...tally(now.tables), justCompleted, busy: false, asked: uuids.length };
      setBackgroundWork(book.getId(), 'previews', result.pending);
      return result;
    },
    () => ({ ...tally([]), justCompleted: [], busy: true, asked: uuids.length }),
  );
}

/** The uuids worth a request now (old enough to be done, not asked just now), each once. */
function dueNow(pending: Pending[]): string[] {
  const now = appsScriptClock.now();
  const asked = lastAsked(Array.from(new Set(pending.map((p) => p.uuid))));
  const due = duePreviews(
    pending.map((p) => ({
      uuid: p.uuid,
      requestedAt: timeOf(cell(p.table, p.row, 'requested')),
      lastAskedAt: asked.get(p.uuid) ?? null,
    })),
    now,
    MAX_POLLED_PER_RUN,
  );
  rememberAsked(due, now);
  return due;
}

function readPending(book: Book): { tables: Table<Key>[]; pending: Pending[] } {
  const tables: Table<Key>[] = [];
  const pending: Pending[] = [];
  for (const sheet of book.getSheets()) {
    const table = openTable(sheet, PREVIEW_HEADERS, false);
    if (!table.columns.uuid) continue;
    tables.push(table);
    for (let row = HEADER_ROW + 1; row <= table.values.length; row++) {
      const { uuid, status } = previewState(table, row);
      if (isPending(uuid, status)) pending.push({ table, row, uuid });
    }
  }
  return { tables, pending };
}

function askService(config: ReturnType<typeof clientConfig>, uuids: string[]): Answers {
  return askEach(
    POLL_BUDGET_MS,
    uuids,
    (u) => requests.previewPoll(config, u),
    parsers.previewPoll,
  );
}

function patchesFor(pending: Pending[], answers: Answers) {
  const patches = new Map<Table<Key>, Map<number, RowPatch>>();
  const justCompleted: PollReport['justCompleted'] = [];
  const readings: HistoryReading[] = [];
  const now = new Date(appsScriptClock.now());
  for (const p of pending) {
    const result = answers.get(p.uuid);
    let patch: RowPatch | null = null;
    if (result?.ok) {
      patch = pollPatch(result.value);
      if (patch?.status === STATUS.complete)
        readings.push(previewReading(result.value, p.uuid, websiteOf(p.table, p.row), now));
      if (patch?.status === STATUS.complete && justCompleted.length < MAX_LISTED) {
        justCompleted.push({
          sheet: p.table.sheet.getName(),
          row: p.row,
          brandName: oneLine(result.value.brandName ?? '', 80),
          score: result.value.overallScore,
        });
      }
    } else if (result && result.error.code === 'NOT_FOUND') {
      patch = {
        status: STATUS.failed,
        message:
          'the service does not know this preview (made with another key?): check the key in Settings, or clear the Preview UUID and press Generate',
      };
    }
    if (!patch) continue;
    const rows = patches.get(p.table) ?? new Map<number, RowPatch>();
    rows.set(p.row, patch);
    patches.set(p.table, rows);
  }
  return { patches, justCompleted, readings };
}

/** The row's `Website` cell when the sheet has that column (the history names the site). */
function websiteOf(table: Table<Key>, row: number): unknown {
  const column = websiteColumnIndex(table.values[HEADER_ROW - 1] ?? []);
  return column >= 0 ? (table.values[row - 1]?.[column] ?? '') : '';
}

type Tally = Omit<PollReport, 'busy' | 'justCompleted' | 'asked'>;

function tally(tables: Table<Key>[]): Tally {
  const out: Tally = {
    triggered: 0,
    pending: 0,
    complete: 0,
    failed: 0,
    errors: [],
    levels: NO_LEVELS(),
  };
  for (const table of tables) {
    const sheet = table.sheet.getName();
    for (let row = HEADER_ROW + 1; row <= table.values.length; row++) {
      const { uuid, status } = previewState(table, row);
      if (uuid) out.triggered++;
      if (isPending(uuid, status)) out.pending++;
      else if (status === STATUS.complete) {
        out.complete++;
        const score = cell(table, row, 'score');
        if (typeof score === 'number') out.levels[visibilityLevel(score)]++;
      } else if (status === STATUS.failed || isErrorText(status)) {
        out.failed++;
        if (out.errors.length < MAX_LISTED)
          out.errors.push({
            sheet,
            row,
            status,
            message: String(cell(table, row, 'message') ?? ''),
          });
      }
    }
  }
  return out;
}
