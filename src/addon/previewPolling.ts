/**
 * Polling pending previews: the workflow's second half. Rows are found by their uuid in every
 * sheet (users sort, insert and delete meanwhile), asked for in one batch, written in one write.
 */
import * as z from 'zod/mini';
import { MAX_POLLED_PER_RUN, POLL_BUDGET_MS, POLL_LOCK_WAIT_MS } from '../limits';
import { parsers, requests, type PreviewPoll } from '../api/client';
import type { Result } from '../api/errors';
import { PREVIEW_COLUMNS } from '../domain/previewColumns';
import {
  adoptPlan,
  askPlan,
  companySpans,
  COMPANY_COLUMN,
  namedByCompany,
  pendingIds,
  POLL_COLUMNS,
  pollWrite,
  tallyPreviews,
  type AskPlan,
  type PollSnapshot,
  type PollWrite,
  type PreviewList,
} from '../domain/previewPoll';
import { documentsWithWork } from '../gas/backgroundWork';
import { reviveSilentTrigger } from '../gas/triggers';
import { markPollExecution } from '../gas/userStore';
import type { PollReport } from '../contract/previews';
import { activeBook } from '../gas/active';
import { permissionState } from '../gas/permissions';
import { appsScriptKit } from '../gas/kit';
import { askEach } from '../kit/askEach';
import { recordKind, type Kit } from '../kit/ports';
import { markHeard, ownership, updateRecord } from '../kit/previewRecords';
import { notGrantedMessage } from '../domain/permissions';

type Answers = Map<string, Result<PreviewPoll> | undefined>;

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

/** When each preview was last asked about: losing it only means a preview is asked a little sooner. */
const ASKED_AT = recordKind('askedAt', () => z.number(), 0);
const ASKED_AT_SECONDS = 600;

/** Polls one document's pending previews: the active one, or one the background opened by ID. */
export const pollPreviewsIn = (book: Book): PollReport => pollWith(appsScriptKit(book));

/**
 * "Adopt these IDs": the person's own press, in the document they have open, asking the service
 * about the IDs nobody's record knows (the sidebar said what it costs before the press).
 */
export const adoptPreviewIds = (): PollReport => adoptWith(appsScriptKit(activeBook()));

export const adoptWith = (kit: Kit): PollReport => pollWith(kit, adoptPlan);

/** Every list with a Preview UUID column, over its preview columns and its Website column. */
const previewLists = (kit: Kit): PreviewList[] => kit.tables.find(POLL_COLUMNS, 'uuid');

/** The document's preview lists, the person's record, and when their pending previews were asked. */
function snapshotOf(kit: Kit): PollSnapshot {
  const lists = previewLists(kit);
  return {
    lists,
    owners: ownership(
      kit,
      lists.flatMap((l) => l.rows.map((r) => r.cells.requestedBy)),
    ),
    asked: kit.records.cached.getAll(ASKED_AT, pendingIds(lists)),
    mayAsk:
      !!kit.service.config().apiKey &&
      kit.account.quotaLeft() > 0 &&
      kit.account.granted('service'),
    now: kit.account.now(),
  };
}

/** Records the plan (asked when, heard from), then asks the service about its previews. */
function ask(kit: Kit, { uuids, at, heard }: AskPlan): Answers {
  if (heard) markHeard(kit);
  if (!uuids.length) return new Map();
  kit.records.cached.putAll(ASKED_AT, new Map(uuids.map((u) => [u, at])), ASKED_AT_SECONDS);
  const config = kit.service.config();
  return askEach(
    kit.service,
    POLL_BUDGET_MS,
    uuids,
    (u) => requests.previewPoll(config, u),
    parsers.previewPoll,
  );
}

/** What the poll decided, written: its lists' cells, the readings, the work left, the record. */
function write(kit: Kit, w: PollWrite): PollReport['justCompleted'] {
  for (const [name, rows] of w.writes) kit.tables.write(name, PREVIEW_COLUMNS, rows);
  kit.history.append(w.readings);
  kit.later.keep('previews', w.stillPending);
  updateRecord(kit, w.owners);
  return named(kit, w.report.justCompleted);
}

/** "Just completed" in the person's words: each list's Company cells over the rows that completed. */
function named(kit: Kit, completed: PollReport['justCompleted']): PollReport['justCompleted'] {
  const company = new Map<string, unknown>();
  for (const [sheet, span] of companySpans(completed))
    for (const { row, cells } of kit.tables.read(sheet, COMPANY_COLUMN, span)?.rows ?? [])
      company.set(`${sheet}|${row}`, cells.company);
  return namedByCompany(completed, (sheet, row) => company.get(`${sheet}|${row}`));
}

const BUSY: Omit<PollReport, 'asked'> = {
  ...tallyPreviews([]),
  justCompleted: [],
  waitingOnOthers: [],
  stranded: [],
  unadopted: { rows: 0, ids: 0 },
  busy: true,
};

/**
 * The service is asked outside the document lock (a poll waiting on the network never makes
 * another report "busy"); the rows are then found again by uuid under the lock, as users may
 * have sorted or edited the sheet meanwhile, and written at once. `plan`: which previews to ask
 * about (a poll: the person's own; an adoption: the IDs nobody's record knows).
 */
export function pollWith(kit: Kit, plan: typeof askPlan = askPlan): PollReport {
  const snapshot = snapshotOf(kit);
  const asking = plan(snapshot, MAX_POLLED_PER_RUN);
  const answers = ask(kit, asking);
  const asked = asking.uuids.length;
  const held = kit.locks.document(POLL_LOCK_WAIT_MS);
  if (!held) return { ...BUSY, asked };
  try {
    const lists = answers.size > 0 ? previewLists(kit) : snapshot.lists;
    const w = pollWrite(lists, answers, snapshot.owners, kit.account.now());
    return { ...w.report, justCompleted: write(kit, w), asked };
  } finally {
    held.release();
  }
}
