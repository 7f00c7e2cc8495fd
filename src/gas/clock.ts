import type { Clock } from '../api/batch';

export const appsScriptClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

/** Google's quotas count 24 hours from the first request; a calendar day (UTC) is close and simple. */
export const quotaDay = (): string => new Date(appsScriptClock.now()).toISOString().slice(0, 10);
