/**
 * Polling pending previews: the workflow's second half. Rows are found by their uuid in every
 * sheet (users sort, insert and delete meanwhile), asked for in one batch, written in one write.
 */
import { PREVIEW_HEADERS, type PreviewKey as Key, type RowPatch } from '../domain/previewColumns';
import { MAX_POLLED_PER_RUN, POLL_BUDGET_MS, POLL_LOCK_WAIT_MS } from '../limits';
import { parsers, requests, type PreviewPoll } from '../api/client';
import type { Result } from '../api/errors';

import { settlePoll, tallyPreviews, unknownToMyKey, type PreviewRow } from '../domain/previewPoll';
import { idKey, roleOf, waitingOnOthers, type Ownership, type Role } from '../domain/previewOwners';
import { HEADER_ROW, websiteColumnIndex } from '../domain/table';
import { timeOf } from '../domain/cells';
import { duePreviews } from '../domain/pollPlan';
import { documentsWithWork, setBackgroundWork } from '../gas/backgroundWork';
import { reviveSilentTrigger } from '../gas/triggers';
import { appsScriptClock } from '../gas/clock';
import { appendHistory } from '../gas/history';
import { lastAsked, rememberAsked } from '../gas/pollMemory';
import { withDocumentLock } from '../gas/lock';
import { quotaLeft } from '../gas/quota';
import { askEach } from '../gas/send';
import { clientConfig } from '../gas/settings';
import { cell, findTables, writePatches, type Table } from '../gas/sheetTable';
import { markPollExecution } from '../gas/userStore';
import type { PollReport } from '../contract/previews';
import { activeBook } from '../gas/active';
import { ownership, updateRecord } from '../gas/previewOwners';
import { granted, permissionState } from '../gas/permissions';
import { notGrantedMessage } from '../domain/permissions';

/** The sidebar's and the menu's poll, over the document the user has open. */
export function pollPendingPreviews(): PollReport {
  markPollExecution();
  const book = activeBook();
  // Background work that went silent (its trigger listed, never firing) is made again from here.
  const revived = documentsWithWork().length > 0 && reviveSilentTrigger();
  const report = pollPreviewsIn(book);
  const notice = revived ? BACKGROUND_REVIVED : report.pending > 0 ? waitingOnPermission() : null;
  return notice ? { ...report, notice } : report;
}

/** Pending previews that wait for a permission the person did not grant, in words. */
function waitingOnPermission(): string | null {
  const p = permissionState().missing.find((m) => m === 'service' || m === 'background');
  return p ? notGrantedMessage(p) : null;
}

const BACKGROUND_REVIVED =
  'Background work had stopped (the add-on was disabled or removed in a spreadsheet where it ran): it runs again from this one, hourly, with the sidebar closed.';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;
/** A row as the poll reads it, with the table it was read from and whose preview it is. */
type Row = PreviewRow & { table: Table<Key>; role: Role };
type Answers = Map<string, Result<PreviewPoll> | undefined>;

/**
 * Polls one document's pending previews: the active one, or one the background opened by ID. The
 * service is asked outside the document lock (a poll waiting on the network never makes another
 * report "busy"); the rows are then found again by uuid under the lock, as users may have sorted
 * or edited the sheet meanwhile, and written at once.
 */
export function pollPreviewsIn(book: Book): PollReport {
  const config = clientConfig();
  const owners = ownership(book.getId());
  const before = readTables(book);
  const mayAsk = config.apiKey && quotaLeft() > 0 && granted('service');
  const uuids = mayAsk ? dueNow(toAsk(rowsIn(before, owners))) : [];
  const answers: Answers = uuids.length ? askService(config, uuids) : new Map();
  const report = withDocumentLock(
    POLL_LOCK_WAIT_MS,
    () => {
      const tables = answers.size ? readTables(book) : before;
      const now = new Date(appsScriptClock.now());
      const rows = rowsIn(tables, owners);
      const { patches, justCompleted, readings } = settlePoll(rows, answers, now, owners.me);
      for (const [table, byRow] of byTable(patches)) writePatches(table, byRow);
      appendHistory(book, readings);
      // writePatches keeps each table's values as written: the tally counts what the sheet shows.
      const after = rowsIn(tables, owners);
      const result = {
        ...tallyPreviews(after),
        justCompleted,
        waitingOnOthers: waitingOnOthers(after.filter((r) => r.role === 'theirs')),
        busy: false,
      };
      setBackgroundWork(book.getId(), 'previews', toAsk(after).length);
      return { result, change: recordChange(rows, after, answers, owners) };
    },
    () => null,
  );
  if (!report)
    return {
      ...tallyPreviews([]),
      justCompleted: [],
      waitingOnOthers: [],
      busy: true,
      asked: uuids.length,
    };
  updateRecord(book.getId(), report.change);
  return { ...report.result, asked: uuids.length };
}

const rowsIn = (tables: Read[], owners: Ownership): Row[] =>
  tables.flatMap(rowsOf).map((r) => ({ ...r, role: roleOf(r, owners) }));

/** The rows whose preview this person may ask about: their own, and unnamed ones once. */
const toAsk = (rows: Row[]) => rows.filter((r) => r.role === 'mine' || r.role === 'unclaimed');

/** What the poll learnt for the person's record: what settled, what their key claimed, what was asked. */
function recordChange(before: Row[], after: Row[], answers: Answers, owners: Ownership) {
  const pendingNow = new Set(after.filter((r) => r.role === 'mine').map((r) => idKey(r.uuid)));
  const unclaimed = before.filter((r) => r.role === 'unclaimed' && answers.has(r.uuid));
  const claimed = unclaimed.filter((r) => answers.get(r.uuid)?.ok).map((r) => idKey(r.uuid));
  const stillPending = new Set(after.filter((r) => r.role !== 'settled').map((r) => idKey(r.uuid)));
  return {
    settled: [...owners.mine].filter((id) => !pendingNow.has(id)),
    claimed: claimed.filter((id) => stillPending.has(id)),
    asked: unclaimed.filter((r) => unknownToMyKey(answers.get(r.uuid))).map((r) => idKey(r.uuid)),
  };
}

function byTable(patches: Array<{ at: Row; patch: RowPatch }>) {
  const out = new Map<Table<Key>, Map<number, RowPatch>>();
  for (const { at, patch } of patches) {
    const rows = out.get(at.table) ?? new Map<number, RowPatch>();
    rows.set(at.row, patch);
    out.set(at.table, rows);
  }
  return out;
}

/** The uuids worth a request now (old enough to be done, not asked just now), each once. */
function dueNow(pending: Row[]): string[] {
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

/** A sheet with a Preview UUID column, read over its needed columns, with its name. */
type Read = { table: Table<Key>; sheet: string };

function readTables(book: Book): Read[] {
  return findTables(book, PREVIEW_HEADERS, 'uuid', (header) => [
    websiteColumnIndex(header) + 1,
  ]).map(({ name, ...table }) => ({ table, sheet: name }));
}

function rowsOf({ table, sheet }: Read): Array<Omit<Row, 'role'>> {
  const website = websiteColumnIndex(table.values[HEADER_ROW - 1] ?? []);
  const rows: Array<Omit<Row, 'role'>> = [];
  for (let row = HEADER_ROW + 1; row <= table.values.length; row++)
    rows.push({
      table,
      sheet,
      row,
      uuid: String(cell(table, row, 'uuid') ?? '').trim(),
      status: String(cell(table, row, 'status') ?? '').trim(),
      score: cell(table, row, 'score'),
      message: cell(table, row, 'message'),
      requestedBy: String(cell(table, row, 'requestedBy') ?? '').trim(),
      website: website >= 0 ? (table.values[row - 1]?.[website] ?? '') : '',
    });
  return rows;
}

function askService(config: ReturnType<typeof clientConfig>, uuids: string[]): Answers {
  return askEach(
    POLL_BUDGET_MS,
    uuids,
    (u) => requests.previewPoll(config, u),
    parsers.previewPoll,
  );
}
