/**
 * This user's quotas for the day (https://developers.google.com/apps-script/guides/services/quotas):
 * URL fetches (20,000 on consumer accounts, 100,000 on Google Workspace), so work stops cleanly
 * with a message near the quota instead of failing mid-batch; property reads and writes (50,000 /
 * 500,000) and trigger run time (90 minutes / 6 hours), shown in Help and spent by the background
 * work's budget. Today's use is kept by `meter.ts`.
 */
import type { UsageView } from '../contract';
import { count, flushMeters, usedToday } from './meter';

/** Kept back for polls, so previews already started can still complete. */
export const QUOTA_RESERVE = 500;

const QUOTAS = {
  consumer: { fetches: 20000, properties: 50000, triggerMs: 90 * 60000 },
  workspace: { fetches: 100000, properties: 500000, triggerMs: 6 * 3600000 },
} as const;

/** Blank where Google withholds it (a custom function). */
function accountEmail(): string {
  try {
    return Session.getEffectiveUser().getEmail();
  } catch {
    return '';
  }
}

/** Which quota applies: Workspace accounts have their organisation's domain. */
function tier(): { tier: UsageView['tier']; why: string } {
  const email = accountEmail();
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  if (domain && domain !== 'gmail.com' && domain !== 'googlemail.com')
    return {
      tier: 'workspace',
      why: `your account is on ${domain}, so a Google Workspace quota is assumed`,
    };
  return {
    tier: 'consumer',
    why: domain
      ? 'your account is a consumer (gmail.com) account'
      : 'your account type is not visible here, so the smaller consumer quota is assumed',
  };
}

export function quotaLeft(): number {
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
