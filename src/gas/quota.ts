/**
 * Counts this user's URL fetches per day (Apps Script allows 20,000 a day on consumer accounts),
 * so work stops cleanly with a message near the quota instead of failing mid-batch.
 */
export const DAILY_FETCH_QUOTA = 20000;
/** Kept back for polls, so previews already started can still complete. */
export const QUOTA_RESERVE = 500;
const DAY_SECONDS = 26 * 3600;

function counterKey(): string {
  return `vis.fetches.${new Date().toISOString().slice(0, 10)}`;
}

function cache(): GoogleAppsScript.Cache.Cache {
  return CacheService.getUserCache() ?? CacheService.getScriptCache();
}

export function fetchesToday(): number {
  return Number(cache().get(counterKey()) ?? 0);
}

export function quotaLeft(): number {
  return Math.max(0, DAILY_FETCH_QUOTA - fetchesToday());
}

export function countFetches(n: number): void {
  const c = cache();
  const key = counterKey();
  c.put(key, String(Number(c.get(key) ?? 0) + n), Math.min(DAY_SECONDS, 21600));
}
