/**
 * What is worth remembering for a while in the user's cache, which may evict it: hints that save
 * work or noise, never a record anything depends on (docs/platform-limits.md, K1).
 */
import type { BatchReached } from '../domain/generationRun';
import { appsScriptClock, quotaDay } from './clock';

const cache = () => CacheService.getUserCache();

const DROP_KEY = 'vis.drop.last';

/** When this user's connection last dropped a batch (ms), while the hint lasts. */
export function lastDrop(): number | null {
  const at = Number(cache()?.get(DROP_KEY) ?? NaN);
  return Number.isFinite(at) ? at : null;
}

export function rememberDrop(forMs: number): void {
  cache()?.put(DROP_KEY, String(appsScriptClock.now()), forMs / 1000);
}

const BATCH_KEY = 'vis.batch.reached';

/**
 * The batch size a clean Generate reached before its time ran out, and how many requests it had
 * sent without a loss, while the hint lasts.
 */
export function batchReached(): BatchReached | null {
  const [size = NaN, clean = 0] = (cache()?.get(BATCH_KEY) ?? '').split(':').map(Number);
  return Number.isInteger(size) && size > 0
    ? { size, clean: Number.isInteger(clean) && clean > 0 ? clean : 0 }
    : null;
}

export function rememberBatch(reached: BatchReached | null, forMs: number): void {
  if (reached === null) cache()?.remove(BATCH_KEY);
  else cache()?.put(BATCH_KEY, `${reached.size}:${reached.clean}`, forMs / 1000);
}

/** True the first time `what` is asked about on a quota day; an eviction only says it again. */
export function firstTimeToday(what: string): boolean {
  const key = `vis.once.${quotaDay()}.${what}`;
  if (cache()?.get(key)) return false;
  cache()?.put(key, '1', 21600);
  return true;
}
