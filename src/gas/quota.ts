/**
 * This user's URL fetches today, against Apps Script's daily quota (20,000 on consumer accounts,
 * 100,000 on Google Workspace: https://developers.google.com/apps-script/guides/services/quotas),
 * so work stops cleanly with a message near the quota instead of failing mid-batch.
 *
 * The count lives in the user's properties, which never expire (a cache entry may be evicted,
 * and then undercount the day). Property writes have a daily quota of their own, so each call's
 * fetches go to the user's cache first, and an execution that may write folds them into the
 * property at most every FOLD_MS (custom functions never may). What an eviction can lose is at
 * most those minutes' fetches, well inside the reserve kept for polling.
 */
import type { UsageView } from '../contract';
import { mayWriteProperties, setUserProperties, userProperty } from './userStore';

const CONSUMER_QUOTA = 20000;
const WORKSPACE_QUOTA = 100000;
/** Kept back for polls, so previews already started can still complete. */
export const QUOTA_RESERVE = 500;

const COUNTER = 'vis.usage';
const PENDING = 'vis.usage.pending';
const CACHE_SECONDS = 21600;

/** Google counts 24 hours from the first request; a calendar day (UTC) is close and simple. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

interface Counter {
  day: string;
  fetches: number;
  /** When the cache's count was last folded in (ms). */
  at?: number;
}

const FOLD_MS = 10 * 60000;

function readCounter(): Counter {
  try {
    const c = JSON.parse(userProperty(COUNTER) ?? 'null') as Counter | null;
    if (c && c.day === today() && Number.isFinite(c.fetches)) return c;
  } catch {
    // A damaged counter starts the day again.
  }
  return { day: today(), fetches: 0 };
}

function pendingKey(): string {
  return `${PENDING}.${today()}`;
}

function pendingInCache(): number {
  return Number(CacheService.getUserCache()?.get(pendingKey()) ?? 0) || 0;
}

function fetchesToday(): number {
  return readCounter().fetches + pendingInCache();
}

/** Blank where Google withholds it (a custom function). */
function accountEmail(): string {
  try {
    return Session.getEffectiveUser().getEmail();
  } catch {
    return '';
  }
}

/** Which quota applies: Workspace accounts have their organisation's domain. */
function tier(): { quota: number; tier: UsageView['tier']; why: string } {
  const email = accountEmail();
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  if (domain && domain !== 'gmail.com' && domain !== 'googlemail.com')
    return {
      quota: WORKSPACE_QUOTA,
      tier: 'workspace',
      why: `your account is on ${domain}, so a Google Workspace quota is assumed`,
    };
  return {
    quota: CONSUMER_QUOTA,
    tier: 'consumer',
    why: domain
      ? 'your account is a consumer (gmail.com) account'
      : 'your account type is not visible here, so the smaller consumer quota is assumed',
  };
}

export function quotaLeft(): number {
  return Math.max(0, tier().quota - fetchesToday());
}

export function usage(): UsageView {
  countFetches(0, true);
  const t = tier();
  const used = fetchesToday();
  return {
    today: used,
    quota: t.quota,
    left: Math.max(0, t.quota - used),
    reserve: QUOTA_RESERVE,
    tier: t.tier,
    why: t.why,
  };
}

/** `fold`: fold the cache's count into the property now (the meter, the self-check). */
export function countFetches(n: number, fold = false): void {
  const cache = CacheService.getUserCache();
  const pending = pendingInCache() + n;
  const counter = readCounter();
  const due = fold || Date.now() - (counter.at ?? 0) >= FOLD_MS;
  if (!mayWriteProperties() || !due || pending === 0) {
    if (n) cache?.put(pendingKey(), String(pending), CACHE_SECONDS);
    return;
  }
  setUserProperties({
    [COUNTER]: JSON.stringify({
      day: counter.day,
      fetches: counter.fetches + pending,
      at: Date.now(),
    }),
  });
  cache?.remove(pendingKey());
}
