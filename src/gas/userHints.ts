/**
 * What is worth remembering for a while in the user's cache, which may evict it: hints that save
 * work or noise, never a record anything depends on (docs/platform-limits.md, K1).
 */
import { quotaDay } from './clock';

const cache = () => CacheService.getUserCache();

/** True the first time `what` is asked about on a quota day; an eviction only says it again. */
export function firstTimeToday(what: string): boolean {
  const key = `vis.once.${quotaDay()}.${what}`;
  if (cache()?.get(key)) return false;
  cache()?.put(key, '1', 21600);
  return true;
}
