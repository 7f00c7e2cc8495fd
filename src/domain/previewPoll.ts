/**
 * A poll's decisions over plain data: which previews to ask about now, what each answer writes
 * (and which rows it lists as just completed and records in the history), what the person's
 * record learns, and the tally the sidebar shows. src/addon/previewPolling.ts runs them between
 * what its ports read and what they write.
 */
import { PREVIEW_COLUMNS, type PreviewKey, type RowPatch } from './previewColumns';
import type { Columns } from './columns';
import type { PreviewPoll } from '../api/client';
import type { Result } from '../api/errors';
import { oneLine } from '../api/serviceText';
import { VISIBILITY_LEVELS, type Level } from '../contract/levels';
import { waitingOnOthersWords, type PollReport } from '../contract/previews';
import { visibilityLevel } from './levels';
import { idKey, isPending, pollPatch } from './previewJobs';
import {
  NOT_AN_ID,
  NOT_YOURS_MESSAGE,
  UNKNOWN_ID_MESSAGE,
  roleOf,
  heardDue,
  stranded,
  unadopted,
  waitingOnOthers,
  type Ownership,
  type Role,
} from './previewOwners';
import { duePreviews } from './pollPlan';
import { timeOf } from './cells';
import { COMPANY_HEADER, WEBSITE_HEADER, type TableRows } from './table';
import { previewReading, type HistoryReading } from './scoreList';
import { statusKind, STATUS } from './status';
import { counted } from '../contract/words';

/** Rows listed by name in the sidebar. */
export const MAX_LISTED = 50;

/** A sheet row as the poll reads it. */
export interface PreviewRow {
  sheet: string;
  row: number;
  uuid: string;
  status: string;
  score: unknown;
  message: unknown;
  website: unknown;
  /** Who made the row's preview, as the cell says: display only (previewOwners.ts). */
  requestedBy: string;
}

const NOT_FOUND_MESSAGE =
  'the service does not know this preview (made with another key?): check the key in Settings, or clear the Preview UUID and press Generate';

/**
 * What an answer writes: its result, `failed` for a uuid the service does not know, the reason
 * an answer could not be read (an impossible score: the row stays pending and says so), or nothing.
 */
export function answerPatch(result: Result<PreviewPoll> | undefined): RowPatch | null {
  if (result?.ok) return pollPatch(result.value);
  if (result?.error.code === 'NOT_FOUND')
    return { status: STATUS.failed, message: NOT_FOUND_MESSAGE };
  if (result?.error.code === 'MALFORMED_RESPONSE')
    return { message: `${result.error.what}: it is asked again at the next check` };
  // No answer, or an error worth asking again: the row stays pending.
  return null;
}

/**
 * An adopted preview's one answer: the person's key knows it (it is theirs: the row names them),
 * or it does not (the row says so, nothing else changes: it may be a teammate's).
 */
export function claimPatch(result: Result<PreviewPoll> | undefined, me: string): RowPatch | null {
  if (result?.ok) return { ...(pollPatch(result.value) ?? {}), requestedBy: me };
  if (result?.error.code === 'NOT_FOUND') return { message: NOT_YOURS_MESSAGE };
  return answerPatch(result);
}

/**
 * Whether an adopted preview's answer says the person's key does not know it, so it is never
 * asked about again. One the key knows is theirs: still pending it joins their record, and a
 * row that shares it later (Generate reusing it for the same site) is asked about in its turn.
 */
export const unknownToMyKey = (result: Result<PreviewPoll> | undefined): boolean =>
  !!result && !result.ok && result.error.code === 'NOT_FOUND';

export interface Settled<R> {
  patches: Array<{ at: R; patch: RowPatch }>;
  justCompleted: PollReport['justCompleted'];
  readings: HistoryReading[];
}

/**
 * The answers for the rows (several rows may share a uuid), each by its role: the person's own
 * previews and the ones they adopted get their answers, a cell that holds no preview ID says so,
 * an ID nobody's record knows says once that no poll asks about it, a teammate's is left alone.
 */
export function settlePoll<R extends PreviewRow & { role: Role }>(
  rows: R[],
  answers: ReadonlyMap<string, Result<PreviewPoll> | undefined>,
  now: Date,
  me: string,
): Settled<R> {
  const out: Settled<R> = { patches: [], justCompleted: [], readings: [] };
  for (const at of rows) {
    const result = answers.get(at.uuid);
    const patch =
      at.role === 'notAnId'
        ? NOT_AN_ID
        : at.role === 'mine'
          ? answerPatch(result)
          : at.role === 'unclaimed'
            ? answers.has(at.uuid)
              ? claimPatch(result, me)
              : unknownIdPatch(at.message)
            : null;
    if (!patch) continue;
    out.patches.push({ at, patch });
    if (!result?.ok || statusKind(patch.status) !== 'complete') continue;
    out.readings.push(previewReading(result.value, at.uuid, at.website, now));
    if (out.justCompleted.length < MAX_LISTED)
      out.justCompleted.push({
        sheet: at.sheet,
        row: at.row,
        name: oneLine(result.value.brandName ?? '', 80),
        score: result.value.overallScore,
      });
  }
  return out;
}

/**
 * "Just completed" in the person's words: a row's Company cell where its list has one (how they
 * name the prospect), else the service's brand name. Shown back to the same person only.
 */
export function namedByCompany(
  completed: PollReport['justCompleted'],
  companyOf: (sheet: string, row: number) => unknown,
): PollReport['justCompleted'] {
  return completed.map((c) => {
    const company = oneLine(String(companyOf(c.sheet, c.row) ?? ''), 80);
    return company ? { ...c, name: company } : c;
  });
}

/** Said once: a row that already says it is not written again at every poll. */
const unknownIdPatch = (message: unknown): RowPatch | null =>
  String(message ?? '') === UNKNOWN_ID_MESSAGE ? null : { message: UNKNOWN_ID_MESSAGE };

export type Tally = Omit<
  PollReport,
  'busy' | 'justCompleted' | 'asked' | 'waitingOnOthers' | 'stranded' | 'unadopted'
>;

const NO_LEVELS = (): Record<Level, number> =>
  Object.fromEntries(VISIBILITY_LEVELS.map((l) => [l, 0])) as Record<Level, number>;

/** Previews triggered, pending, complete (by level) and failed, with the first failures named. */
export function tallyPreviews(rows: PreviewRow[]): Tally {
  const out: Tally = {
    triggered: 0,
    pending: 0,
    complete: 0,
    failed: 0,
    notSent: 0,
    errors: [],
    levels: NO_LEVELS(),
  };
  for (const r of rows) {
    if (r.uuid) out.triggered++;
    const kind = statusKind(r.status);
    if (isPending(r.uuid, r.status)) out.pending++;
    else if (kind === 'complete') {
      out.complete++;
      if (typeof r.score === 'number') out.levels[visibilityLevel(r.score)]++;
    } else if (kind === 'failed' || kind === 'error') {
      if (r.uuid) out.failed++;
      else out.notSent++;
      if (out.errors.length < MAX_LISTED)
        out.errors.push({
          sheet: r.sheet,
          row: r.row,
          status: r.status,
          message: String(r.message ?? ''),
        });
    }
  }
  return out;
}

/**
 * The menu's "Refresh pending previews" in one toast. A spreadsheet with nothing pending says so
 * rather than "Checked 0 (the rest are not due yet)", which reads as if previews were waiting.
 */
export function pollToast(r: PollReport, leftToday: number): string {
  return r.notice ? `${r.notice} ${tallyToast(r, leftToday)}` : tallyToast(r, leftToday);
}

function tallyToast(r: PollReport, leftToday: number): string {
  if (r.busy) return 'Another run is writing to this spreadsheet: refresh again in a minute.';
  if (r.triggered === 0)
    return 'No previews in this spreadsheet yet: select the websites and generate them (this menu or the Previews tab).';
  const counts = `${r.complete} complete, ${r.pending} pending, ${r.failed} failed${r.notSent ? `, ${r.notSent} not sent` : ''}`;
  if (r.pending === 0) return `${counts}: no preview is waiting.`;
  const theirs = r.waitingOnOthers.reduce((n, w) => n + w.count, 0);
  const nobodys = r.stranded.reduce((n, s) => n + s.count, 0);
  const stranded = nobodys
    ? ` ${counted(nobodys, 'pending preview')} nobody completes: "Make them again with my key" in the Previews tab.`
    : '';
  const unknown = r.unadopted.rows
    ? ` ${counted(r.unadopted.rows, 'pending row')} ${r.unadopted.rows === 1 ? 'holds an ID' : 'hold IDs'} nobody’s record knows, which no poll asks about: "Adopt these IDs" in the Previews tab.`
    : '';
  if (theirs + nobodys + r.unadopted.rows === r.pending)
    return `${counts}.${theirs ? ` ${waitingOnOthersWords(r.waitingOnOthers)}` : ''}${stranded}${unknown}`;
  return `${counts}.${stranded}${unknown} Checked ${r.asked} (the rest are not due yet): ${counted(r.asked, 'request')}, ${leftToday.toLocaleString('en-US')} left today.`;
}

/** What a poll reads of a list with a `Preview UUID` column: its preview columns and its sites. */
export const POLL_COLUMNS = {
  ...PREVIEW_COLUMNS,
  website: { header: WEBSITE_HEADER },
} satisfies Columns<PreviewKey | 'website'>;

/** A list's Company column: how the person names a prospect, read for what just completed only. */
export const COMPANY_COLUMN = { company: { header: COMPANY_HEADER } } satisfies Columns<'company'>;

/** Rows apart past which the Company cells of completed rows are not read (the name falls back). */
const COMPANY_SPAN = 200;

/**
 * The rows of each list whose Company cells name what just completed: one read a list, between its
 * first and last completed row, and none wider than COMPANY_SPAN rows (never the whole list).
 */
export function companySpans(
  completed: PollReport['justCompleted'],
): Map<string, { first: number; last: number }> {
  const spans = new Map<string, { first: number; last: number }>();
  for (const { sheet, row } of completed) {
    const s = spans.get(sheet);
    spans.set(
      sheet,
      s
        ? { first: Math.min(s.first, row), last: Math.max(s.last, row) }
        : { first: row, last: row },
    );
  }
  for (const [sheet, s] of spans) if (s.last - s.first >= COMPANY_SPAN) spans.delete(sheet);
  return spans;
}

export type PreviewList = TableRows<keyof typeof POLL_COLUMNS>;

/** What a poll reads of a document before it asks the service. */
export interface PollSnapshot {
  lists: PreviewList[];
  owners: Ownership;
  /** When each pending preview was last asked about, by any run of this person. */
  asked: ReadonlyMap<string, number>;
  /** Whether the service may be asked now (a key, today's requests, the permission). */
  mayAsk: boolean;
  now: number;
}

/** What a poll asks, and records before it does. */
export interface AskPlan {
  /** The previews to ask about, each once: remembered as asked at `at`. */
  uuids: string[];
  at: number;
  /** Say in the file that the person's polls are still heard from (at most hourly). */
  heard: boolean;
}

/** What the person's record learns: what settled, what their key claimed, what was asked. */
export interface OwnershipChange {
  settled: string[];
  claimed: string[];
  asked: string[];
}

/** What a poll writes once it has its answers: applied as one, under the document lock. */
export interface PollWrite {
  /** Each list's rows' preview cells, by sheet name and row. */
  writes: Map<string, Map<number, RowPatch>>;
  readings: HistoryReading[];
  /** How many previews the person still waits on here (the hourly run keeps the document). */
  stillPending: number;
  owners: OwnershipChange;
  report: Omit<PollReport, 'asked'>;
}

type Answers = ReadonlyMap<string, Result<PreviewPoll> | undefined>;
type PollRow = PreviewRow & { requestedAt: number | null; role: Role };

/** The rows of every list with whose preview each is. */
function pollRows(lists: PreviewList[], owners: Ownership): PollRow[] {
  return lists.flatMap(rowsOf).map((r) => ({ ...r, role: roleOf(r, owners) }));
}

function rowsOf({ name, rows }: PreviewList): Array<Omit<PollRow, 'role'>> {
  const text = (v: unknown) => String(v ?? '').trim();
  return rows.map(({ row, cells }) => ({
    sheet: name,
    row,
    uuid: text(cells.uuid),
    status: text(cells.status),
    score: cells.score,
    message: cells.message,
    requestedBy: text(cells.requestedBy),
    requestedAt: timeOf(cells.requested),
    website: cells.website,
  }));
}

/** The previews still pending in the lists, each once: what a snapshot reads the ask times of. */
export const pendingIds = (lists: PreviewList[]): string[] => [
  ...new Set(
    lists
      .flatMap(rowsOf)
      .filter((r) => isPending(r.uuid, r.status))
      .map((r) => r.uuid),
  ),
];

/** The rows a poll asks about: the person's own previews, from their record, and nothing else. */
const mineOnly = (rows: PollRow[]) => rows.filter((r) => r.role === 'mine');

/**
 * The person's own previews worth a request now (old enough to be done, not asked just now), at
 * most `limit`. No other ID is ever asked about by a poll, whoever's key it holds.
 */
export function askPlan(s: PollSnapshot, limit: number): AskPlan {
  const pending = s.mayAsk ? mineOnly(pollRows(s.lists, s.owners)) : [];
  const uuids = duePreviews(
    pending.map((p) => ({
      uuid: p.uuid,
      requestedAt: p.requestedAt,
      lastAskedAt: s.asked.get(p.uuid) ?? null,
    })),
    s.now,
    limit,
  );
  return { uuids, at: s.now, heard: heardDue(s.owners) };
}

/**
 * "Adopt these IDs", pressed by the person: every ID nobody's record knows, each asked about once
 * with their key (at most `limit`, the rest left for another press). What the key knows becomes
 * theirs; what it does not is never asked about again.
 */
export function adoptPlan(s: PollSnapshot, limit: number): AskPlan {
  const waiting = s.mayAsk ? pollRows(s.lists, s.owners).filter((r) => r.role === 'unclaimed') : [];
  const uuids = [...new Set(waiting.map((r) => r.uuid))].slice(0, Math.max(0, limit));
  return { uuids, at: s.now, heard: heardDue(s.owners) };
}

/**
 * The answers written where their rows are now (`lists`, read again under the lock: people sort
 * and edit meanwhile), and the tally of what the lists then show.
 */
export function pollWrite(
  lists: PreviewList[],
  answers: Answers,
  owners: Ownership,
  now: number,
): PollWrite {
  const rows = pollRows(lists, owners);
  const { patches, justCompleted, readings } = settlePoll(rows, answers, new Date(now), owners.me);
  const writes = new Map<string, Map<number, RowPatch>>();
  for (const { at, patch } of patches) {
    const rowsOfList = writes.get(at.sheet) ?? new Map<number, RowPatch>();
    writes.set(at.sheet, rowsOfList.set(at.row, patch));
  }
  const listsAfter = lists.map((l) => patched(l, writes.get(l.name)));
  const change = ownershipChange(rows, pollRows(listsAfter, owners), answers, owners);
  // The tally by the record as this write leaves it: an adopted ID is now someone's.
  const after = pollRows(listsAfter, recordAfter(owners, change));
  return {
    writes,
    readings,
    stillPending: mineOnly(after).length,
    owners: change,
    report: {
      ...tallyPreviews(after),
      justCompleted,
      waitingOnOthers: waitingOnOthers(after.filter((r) => r.role === 'theirs')),
      stranded: stranded(after, owners),
      unadopted: unadopted(after),
      busy: false,
    },
  };
}

/** A list as it reads once `patches` are written: the tally counts what the sheet shows. */
function patched(list: PreviewList, patches: Map<number, RowPatch> | undefined): PreviewList {
  if (!patches) return list;
  return {
    ...list,
    rows: list.rows.map((r) => {
      const patch = patches.get(r.row);
      return patch ? { row: r.row, cells: { ...r.cells, ...patch } } : r;
    }),
  };
}

function recordAfter(o: Ownership, change: OwnershipChange): Ownership {
  const mine = new Set([...o.mine].filter((id) => !change.settled.includes(id)));
  for (const id of change.claimed) mine.add(id);
  return { ...o, mine, asked: new Set([...o.asked, ...change.asked]) };
}

function ownershipChange(
  before: PollRow[],
  after: PollRow[],
  answers: Answers,
  owners: Ownership,
): OwnershipChange {
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
