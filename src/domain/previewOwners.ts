/**
 * Whose preview a row is, as plain data. A preview belongs to the person whose key made it; that
 * is known from their own user properties (the ids they made, kept by Generate), never from a
 * cell an editor can type into. Each person's poll asks the service about their own previews
 * only. An ID nobody's record knows (typed, pasted, or made before makers were recorded) is never
 * asked about by any poll: only the person's explicit "Adopt these IDs" press asks, one request
 * each, and it is theirs if their key knows it. `Requested by` shows the maker: display, not
 * authority; a maker counts only as the file's heard-from entries know them.
 */
import { isUuid } from '../api/serviceText';
import { idKey, isPending, type RowState } from './previewJobs';
import { errorStatus } from './status';
import type { RowPatch } from './previewColumns';

const HOUR = 3600 * 1000;
/**
 * A teammate not heard from in a file for this long (no poll of theirs, from their sidebar or
 * their hourly run, which polls every hour while they have previews pending) is gone: they left,
 * or the add-on stopped where they worked. Their pending previews may then be made again.
 */
export const TEAM_SILENT_MS = 7 * 24 * HOUR;
/** How often a person's polls say they are still here: their hourly run is enough. */
export const HEARD_EVERY_MS = HOUR;

export interface Ownership {
  /** The person polling (their e-mail, as `Requested by` names them). */
  me: string;
  /** Keys of the previews their key made and that were pending when last seen. */
  mine: ReadonlySet<string>;
  /** Keys of previews nobody's record knew, adopted (asked about once) with their key. */
  asked: ReadonlySet<string>;
  /**
   * When each person's polls were last heard from in this file, as only the add-on's own code
   * writes it (each person writes their own): who may be gone.
   */
  heard: ReadonlyMap<string, number>;
  now: number;
}

/**
 * - mine: made with my key: polled, and marked failed if the service does not know it.
 * - unclaimed: pending, and no record knows its maker (nobody named, a name never heard from in
 *   the file, or me named but not in my record): never polled; asked about only when adopted.
 * - theirs: a teammate's, heard from in the file: left to their sidebar and hourly run.
 * - gone: a teammate's, whose last poll here is older than `TEAM_SILENT_MS`: nobody completes it,
 *   so anyone may make it again with their own key (never asked about with it).
 * - askedOnce: adopted, and unknown to the key: never sent again; it too may be made again.
 * - notAnId: the UUID cell holds something else: never sent; the row says so.
 * - settled: not pending.
 */
export type Role = 'mine' | 'unclaimed' | 'theirs' | 'gone' | 'askedOnce' | 'notAnId' | 'settled';

export interface OwnedRow {
  uuid: string;
  status: string;
  requestedBy: string;
}

/**
 * A row's role from the person's record and the file's heard-from entries only: the `Requested`
 * and `Requested by` cells are anyone's to type, so a made-up maker or an old date in them makes
 * nothing "nobody's" (to be made again) and nothing "theirs" (to be left alone).
 */
export function roleOf(row: OwnedRow, o: Ownership): Role {
  if (!isPending(row.uuid, row.status)) return 'settled';
  if (!isUuid(row.uuid)) return 'notAnId';
  const key = idKey(row.uuid);
  if (o.mine.has(key)) return 'mine';
  const heard = row.requestedBy && row.requestedBy !== o.me ? o.heard.get(row.requestedBy) : null;
  if (heard !== undefined && heard !== null)
    return heard < o.now - TEAM_SILENT_MS ? 'gone' : 'theirs';
  return o.asked.has(key) ? 'askedOnce' : 'unclaimed';
}

/** Whether this person's polls should say again that they are still here. */
export const heardDue = (o: Ownership): boolean =>
  !!o.me && o.now - (o.heard.get(o.me) ?? 0) >= HEARD_EVERY_MS;

/** Rows nobody's poll completes, which the person may make again with their own key. */
const mayMakeAgain = (role: Role): boolean => role === 'gone' || role === 'askedOnce';

/**
 * Previews nobody completes, by list and by maker (`by` empty: an ID the person's key does not
 * know, typed or made by someone who never worked here), most first.
 */
export function stranded(
  rows: Array<{ sheet: string; requestedBy: string; role: Role }>,
  o: Ownership,
): Array<{ sheet: string; by: string; count: number; heard: string | null }> {
  const groups = new Map<
    string,
    { sheet: string; by: string; count: number; heard: string | null }
  >();
  for (const r of rows) {
    if (!mayMakeAgain(r.role)) continue;
    const by = r.role === 'gone' ? r.requestedBy : '';
    const key = `${r.sheet}\n${by}`;
    const group = groups.get(key) ?? {
      sheet: r.sheet,
      by,
      count: 0,
      heard: o.heard.has(by) ? new Date(o.heard.get(by)!).toISOString() : null,
    };
    group.count++;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/**
 * "Make them again with my key": `by`'s stranded previews in the list (`by` empty: the IDs the
 * person's key does not know) are sent as new, each role decided here from the person's own record
 * and the file's heard-from entries, never from what the page asked for. The other rows stay as
 * they are (a site previewed in one of them is reused).
 */
export function strandedSelection(
  rows: RowState[],
  o: Ownership,
  by: string,
): { selection: RowState[]; sheet: RowState[] } {
  const chosen = (r: RowState) => {
    const role = roleOf(r, o);
    return mayMakeAgain(role) && (role === 'gone' ? r.requestedBy === by : by === '');
  };
  return {
    selection: rows.filter(chosen).map((r) => ({ ...r, uuid: '', status: '', reportUrl: '' })),
    sheet: rows.filter((r) => !chosen(r)),
  };
}

export const NOT_AN_ID: RowPatch = {
  status: errorStatus('not an ID'),
  message:
    'the Preview UUID cell holds something that is not a preview ID, so it was not sent: clear it, then press Generate',
};

/**
 * What a row whose ID nobody's record knows says, once: no poll asks about it, and how to.
 */
export const UNKNOWN_ID_MESSAGE =
  'no poll asks about this preview ID: nobody’s record here knows who made it (typed, pasted, or made before makers were recorded). "Adopt these IDs" in the Previews tab asks the service with your key, one request each';

/** Pending rows whose ID awaits adoption, and the requests adopting them all would cost. */
export function unadopted(rows: Array<{ uuid: string; role: Role }>): {
  rows: number;
  ids: number;
} {
  const waiting = rows.filter((r) => r.role === 'unclaimed');
  return { rows: waiting.length, ids: new Set(waiting.map((r) => r.uuid)).size };
}

export const NOT_YOURS_MESSAGE =
  'not a preview made with your key: if a teammate made it, their sidebar or hourly run completes it; otherwise "Make them again with my key" in the Previews tab sends it anew';

/** Pending previews left to teammates, by who made them, most first. */
export function waitingOnOthers(
  rows: Array<{ requestedBy: string }>,
): Array<{ by: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.requestedBy, (counts.get(r.requestedBy) ?? 0) + 1);
  return [...counts].map(([by, count]) => ({ by, count })).sort((a, b) => b.count - a.count);
}
