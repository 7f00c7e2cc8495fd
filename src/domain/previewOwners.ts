/**
 * Whose preview a row is, as plain data. A preview belongs to the person whose key made it; that
 * is known from their own user properties (the ids they made, kept by Generate), never from a
 * cell an editor can type into. Each person's poll asks the service about their own previews
 * only; a row with no maker named (made before makers were recorded, or typed) is asked about
 * once, and is theirs if their key knows it. `Requested by` shows the maker: display, not authority.
 */
import { isUuid } from '../api/serviceText';
import { isPending } from './previewJobs';
import { errorStatus } from './status';
import type { RowPatch } from './previewColumns';

/** How an id is kept in its maker's properties: 16 hex digits, enough to tell millions apart. */
export const idKey = (uuid: string): string => uuid.toLowerCase().replace(/-/g, '').slice(0, 16);

export interface Ownership {
  /** The person polling (their e-mail, as `Requested by` names them). */
  me: string;
  /** Keys of the previews their key made and that were pending when last seen. */
  mine: ReadonlySet<string>;
  /** Keys of unnamed previews already asked about once with their key. */
  asked: ReadonlySet<string>;
}

/**
 * - mine: made with my key: polled, and marked failed if the service does not know it.
 * - unclaimed: pending, no maker named (or me named, but not in my record): asked about once.
 * - theirs: a teammate's: left to their sidebar and hourly run, counted for them.
 * - askedOnce: unclaimed, already asked about once: never sent again.
 * - notAnId: the UUID cell holds something else: never sent; the row says so.
 * - settled: not pending.
 */
export type Role = 'mine' | 'unclaimed' | 'theirs' | 'askedOnce' | 'notAnId' | 'settled';

export function roleOf(
  row: { uuid: string; status: string; requestedBy: string },
  o: Ownership,
): Role {
  if (!isPending(row.uuid, row.status)) return 'settled';
  if (!isUuid(row.uuid)) return 'notAnId';
  const key = idKey(row.uuid);
  if (o.mine.has(key)) return 'mine';
  if (row.requestedBy && row.requestedBy !== o.me) return 'theirs';
  return o.asked.has(key) ? 'askedOnce' : 'unclaimed';
}

export const NOT_AN_ID: RowPatch = {
  status: errorStatus('not an ID'),
  message:
    'the Preview UUID cell holds something that is not a preview ID, so it was not sent: clear it, then press Generate',
};

export const NOT_YOURS_MESSAGE =
  'not a preview made with your key: if a teammate made it, their sidebar or hourly run completes it; otherwise clear the Preview UUID and press Generate';

/** Pending previews left to teammates, by who made them, most first. */
export function waitingOnOthers(
  rows: Array<{ requestedBy: string }>,
): Array<{ by: string; count: number }> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.requestedBy, (counts.get(r.requestedBy) ?? 0) + 1);
  return [...counts].map(([by, count]) => ({ by, count })).sort((a, b) => b.count - a.count);
}
