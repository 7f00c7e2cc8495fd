/**
 * This user's URL fetches today, against Apps Script's daily quota (20,000 on consumer accounts,
 * 100,000 on Google Workspace: https://developers.google.com/apps-script/guides/services/quotas),
 * so work stops cleanly with a message near the quota instead of failing mid-batch.
 *
 * The count lives in the user's properties, which never expire (a cache entry would, and then
 * undercount the day). Custom functions may not write properties: what they fetch is kept in
 * the user's cache and folded into the properties by the next execution that may write (any
 * fetch, or the sidebar's meter); the cache keeps it 6 hours, so formulas alone on a day when
 * the sidebar is never opened may undercount.
 */
import type { UsageView } from '../contract';

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
}

function readCounter(): Counter {
  try {
    const c = JSON.parse(
      PropertiesService.getUserProperties().getProperty(COUNTER) ?? 'null',
    ) as Counter | null;
    if (c && c.day === today() && Number.isFinite(c.fetches)) return c;
  } catch {
    // A damaged counter starts the day again.
  }
  return { day: today(), fetches: 0 };
}

function pendingKey(): string {
  return `${PENDING}.${today()}`;
}

function pendingFromFormulas(): number {
  return Number(CacheService.getUserCache()?.get(pendingKey()) ?? 0) || 0;
}

function fetchesToday(): number {
  return readCounter().fetches + pendingFromFormulas();
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
  countFetches(0);
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

export function countFetches(n: number): void {
  const cache = CacheService.getUserCache();
  try {
    const counter = readCounter();
    const pending = pendingFromFormulas();
    PropertiesService.getUserProperties().setProperty(
      COUNTER,
      JSON.stringify({ day: counter.day, fetches: counter.fetches + pending + n }),
    );
    if (pending) cache?.remove(pendingKey());
  } catch {
    // A custom function: properties are read-only here, so the cache holds the count for now.
    cache?.put(pendingKey(), String(pendingFromFormulas() + n), CACHE_SECONDS);
  }
}
