/**
 * Polling pending previews: the workflow's second half. Rows are found by their uuid in every
 * sheet (users sort, insert and delete meanwhile), asked for in one batch, written in one write.
 */
import type { RowPatch } from '../domain/previewColumns';
import { MAX_POLLED_PER_RUN, POLL_LOCK_WAIT_MS } from '../limits';
import type { PreviewPoll } from '../api/client';
import type { Result } from '../api/errors';
import { settlePoll, tallyPreviews, unknownToMyKey, type PreviewRow } from '../domain/previewPoll';
import {
  heardDue,
  idKey,
  roleOf,
  stranded,
  waitingOnOthers,
  type Ownership,
  type Role,
} from '../domain/previewOwners';
import { HEADER_ROW, websiteColumnIndex } from '../domain/table';
import { timeOf } from '../domain/cells';
import { duePreviews } from '../domain/pollPlan';
import { documentsWithWork } from '../gas/backgroundWork';
import { reviveSilentTrigger } from '../gas/triggers';
import { markPollExecution } from '../gas/userStore';
import type { PollReport } from '../contract/previews';
import { activeBook } from '../gas/active';
import { permissionState } from '../gas/permissions';
import { pollPorts } from '../gas/pollPorts';
import type { PollPorts, PreviewList } from '../gas/ports';
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
/** A row as the poll reads it, with the list it was read from and whose preview it is. */
type Row = PreviewRow & { list: PreviewList; requestedAt: number | null; role: Role };
type Answers = Map<string, Result<PreviewPoll> | undefined>;

/** Polls one document's pending previews: the active one, or one the background opened by ID. */
export const pollPreviewsIn = (book: Book): PollReport => pollWith(pollPorts(book));

/**
 * The service is asked outside the document lock (a poll waiting on the network never makes
 * another report "busy"); the rows are then found again by uuid under the lock, as users may
 * have sorted or edited the sheet meanwhile, and written at once.
 */
export function pollWith(ports: PollPorts): PollReport {
  const owners = ports.owners.read();
  // Said at most hourly: teammates then know this person's previews are not stranded.
  if (heardDue(owners)) ports.owners.heard();
  const before = ports.lists();
  const uuids = ports.mayAsk ? dueNow(ports, toAsk(rowsIn(before, owners))) : [];
  const answers: Answers = uuids.length ? ports.ask(uuids) : new Map();
  const report = ports.locked(
    POLL_LOCK_WAIT_MS,
    () => settle(ports, answers.size ? ports.lists() : before, answers, owners),
    () => null,
  );
  if (!report)
    return {
      ...tallyPreviews([]),
      justCompleted: [],
      waitingOnOthers: [],
      stranded: [],
      busy: true,
      asked: uuids.length,
    };
  ports.owners.update(report.change);
  return { ...report.result, asked: uuids.length };
}

/** Under the lock: the answers written where their rows are now, and what remains. */
function settle(ports: PollPorts, lists: PreviewList[], answers: Answers, owners: Ownership) {
  const rows = rowsIn(lists, owners);
  const { patches, justCompleted, readings } = settlePoll(
    rows,
    answers,
    new Date(ports.now()),
    owners.me,
  );
  for (const [list, byRow] of byList(patches)) list.write(byRow);
  ports.history(readings);
  // Each list's values hold what was written: the tally counts what the sheet shows.
  const after = rowsIn(lists, owners);
  const result = {
    ...tallyPreviews(after),
    justCompleted,
    waitingOnOthers: waitingOnOthers(after.filter((r) => r.role === 'theirs')),
    stranded: stranded(after, owners),
    busy: false,
  };
  ports.stillPending(toAsk(after).length);
  return { result, change: recordChange(rows, after, answers, owners) };
}

const rowsIn = (lists: PreviewList[], owners: Ownership): Row[] =>
  lists.flatMap(rowsOf).map((r) => ({ ...r, role: roleOf(r, owners) }));

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

function byList(patches: Array<{ at: Row; patch: RowPatch }>) {
  const out = new Map<PreviewList, Map<number, RowPatch>>();
  for (const { at, patch } of patches) {
    const rows = out.get(at.list) ?? new Map<number, RowPatch>();
    rows.set(at.row, patch);
    out.set(at.list, rows);
  }
  return out;
}

/** The uuids worth a request now (old enough to be done, not asked just now), each once. */
function dueNow(ports: PollPorts, pending: Row[]): string[] {
  const now = ports.now();
  const asked = ports.asked.last(Array.from(new Set(pending.map((p) => p.uuid))));
  const due = duePreviews(
    pending.map((p) => ({
      uuid: p.uuid,
      requestedAt: p.requestedAt,
      lastAskedAt: asked.get(p.uuid) ?? null,
    })),
    now,
    MAX_POLLED_PER_RUN,
  );
  ports.asked.remember(due, now);
  return due;
}

function rowsOf(list: PreviewList): Array<Omit<Row, 'role'>> {
  const { values, columns, sheet } = list;
  const website = websiteColumnIndex(values[HEADER_ROW - 1] ?? []);
  const at = (row: number, header: string): unknown =>
    columns[header] ? (values[row - 1]?.[columns[header]! - 1] ?? '') : '';
  const rows: Array<Omit<Row, 'role'>> = [];
  for (let row = HEADER_ROW + 1; row <= values.length; row++)
    rows.push({
      list,
      sheet,
      row,
      uuid: String(at(row, 'uuid') ?? '').trim(),
      status: String(at(row, 'status') ?? '').trim(),
      score: at(row, 'score'),
      message: at(row, 'message'),
      requestedBy: String(at(row, 'requestedBy') ?? '').trim(),
      requestedAt: timeOf(at(row, 'requested')),
      website: website >= 0 ? (values[row - 1]?.[website] ?? '') : '',
    });
  return rows;
}
