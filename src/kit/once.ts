/**
 * Hints worth remembering for a day in the person's cache, which may evict them: what saves noise
 * (a notice said once a day), never a record anything depends on (docs/platform-limits.md, K1).
 */
import * as z from 'zod/mini';
import { recordKind, RECORD_LIMITS, type Kit } from './ports';

const ONCE = recordKind<boolean>('once', () => z.boolean(), false);

/** True the first time `what` is asked about on the file's day; an eviction only says it again. */
export function firstTimeToday(kit: Pick<Kit, 'records' | 'account'>, what: string): boolean {
  const id = `${kit.account.day(kit.account.now())}.${what}`;
  if (kit.records.cached.get(ONCE, id)) return false;
  kit.records.cached.put(ONCE, true, id, RECORD_LIMITS.cacheSeconds);
  return true;
}
