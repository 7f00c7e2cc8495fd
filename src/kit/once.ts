/**
 * Hints worth remembering for a day in the person's cache, which may evict them: what saves noise
 * (a notice said once a day), never a record anything depends on (docs/platform-limits.md, K1).
 */
import * as z from 'zod/mini';
import type { Permission } from '../domain/permissions';
import { recordKind, RECORD_LIMITS, textKind, type Kit } from './ports';

const ONCE = recordKind<boolean>('once', () => z.boolean(), false);

/**
 * The permissions a background run found missing, by file (`mail@<file id>`, 40 at most): said
 * once in that file's log, not every hour. Granting everything again clears it.
 */
export const NOTED_MISSING = textKind('permissions.noted');

/** True the first time `what` is asked about on the file's day; an eviction only says it again. */
export function firstTimeToday(kit: Pick<Kit, 'records' | 'account'>, what: string): boolean {
  const id = `${kit.account.day(kit.account.now())}.${what}`;
  if (kit.records.cached.get(ONCE, id)) return false;
  kit.records.cached.put(ONCE, true, id, RECORD_LIMITS.cacheSeconds);
  return true;
}

/** True the first time a background run meets `p` missing in the file `fileId` (until granted). */
export function firstTimeMissing(
  kit: Pick<Kit, 'records'>,
  fileId: string,
  p: Permission,
): boolean {
  const { mine } = kit.records;
  const noted = (mine.get(NOTED_MISSING) ?? '').split(',').filter(Boolean);
  const key = `${p}@${fileId}`;
  if (noted.includes(key)) return false;
  mine.put(NOTED_MISSING, [...noted, key].slice(-40).join(','));
  return true;
}
