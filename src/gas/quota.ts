/**
 * This user's quotas for the day (https://developers.google.com/apps-script/guides/services/quotas):
 * URL fetches (20,000 on consumer accounts, 100,000 on Google Workspace), so work stops cleanly
 * with a message near the quota instead of failing mid-batch; property reads and writes (50,000 /
 * 500,000) and trigger run time (90 minutes / 6 hours), shown in Help and spent by the background
 * work's budget. Today's use is kept by `meter.ts`.
 */
import type { UsageView } from '../contract/settings';
import { appsScriptClock } from './clock';
import { count, flushMeters, meterWindowCloses, usedToday } from './meter';
import { saidWorkspace } from './settings';
import { QUOTA_RESERVE } from '../limits';

const QUOTAS = {
  consumer: { fetches: 20000, properties: 50000, triggerMs: 90 * 60000 },
  workspace: { fetches: 100000, properties: 500000, triggerMs: 6 * 3600000 },
} as const;

/**
 * Which quota applies. Never guessed upward from the address: a consumer account may have any
 * address, and assuming Workspace's 100,000 would spend past the 20,000 a consumer has.
 */
function tier(): { tier: UsageView['tier']; why: string } {
  if (saidWorkspace())
    return {
      tier: 'workspace',
      why: 'you said in Settings that your account is on Google Workspace',
    };
  return {
    tier: 'consumer',
    why: 'a consumer account is assumed: a Google Workspace one can say so in Settings',
  };
}

const SPENT_KEY = 'vis.quotaSpent';
/** A cache entry lives 6 hours at most (K1); a minute at least, so the hint is ever kept. */
const [MIN_HINT_S, MAX_HINT_S] = [60, 21600];

/**
 * Google said the URL fetches of its window are used up (other scripts of the user spend the
 * same quota, so the add-on's own meter cannot see it coming). Remembered as a hint in the
 * user's cache until the window the meter knows closes (6 hours at most, the cache's longest):
 * if it is evicted or lapses early, the next fetch is refused again and says so again.
 */
export function noteQuotaSpent(): void {
  const closes = meterWindowCloses('fetches');
  const seconds = closes ? Math.round((closes - appsScriptClock.now()) / 1000) : MAX_HINT_S;
  CacheService.getUserCache()?.put(
    SPENT_KEY,
    '1',
    Math.max(MIN_HINT_S, Math.min(MAX_HINT_S, seconds)),
  );
}

export function quotaSpentToday(): boolean {
  try {
    return CacheService.getUserCache()?.get(SPENT_KEY) === '1';
  } catch {
    return false;
  }
}

export function quotaLeft(): number {
  if (quotaSpentToday()) return 0;
  return Math.max(0, QUOTAS[tier().tier].fetches - usedToday().fetches);
}

/** Trigger run time left today (ms), for the background work's budget. */
export function triggerTimeLeft(): number {
  return Math.max(0, QUOTAS[tier().tier].triggerMs - usedToday().triggerMs);
}

export function usage(): UsageView {
  flushMeters(true);
  const t = tier();
  const quota = QUOTAS[t.tier];
  const used = usedToday();
  return {
    today: used.fetches,
    quota: quota.fetches,
    left: Math.max(0, quota.fetches - used.fetches),
    reserve: QUOTA_RESERVE,
    tier: t.tier,
    why: t.why,
    properties: { today: used.properties, quota: quota.properties },
    triggerMinutes: {
      today: Math.round(used.triggerMs / 60000),
      quota: quota.triggerMs / 60000,
    },
  };
}

/** A round trip's fetches, in the cache at once: an execution cut off by its time limit keeps them. */
export function countFetches(n: number): void {
  count('fetches', n);
  flushMeters();
}
