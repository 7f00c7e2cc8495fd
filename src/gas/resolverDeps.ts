/** What the resolver needs in Apps Script: UrlFetchApp, a cache, the clock, and today's quota. */
import type { KeyValueCache } from '../domain/cache';
import type { ResolverDeps } from '../domain/resolver';
import { appsScriptClock } from './clock';
import { quotaLeft, quotaSpentToday } from './quota';
import { QUOTA_RESERVE } from '../limits';
import { urlFetchTransport } from './transport';
import { mayWriteWhatCanWait, setUserProperties, userProperty } from './userStore';

/** No round trip starts past `deadline`; what would pass today's quota less the polling reserve waits. */
export function resolverDeps(cache: KeyValueCache, deadline: number): ResolverDeps {
  return {
    transport: urlFetchTransport,
    cache,
    clock: appsScriptClock,
    deadline,
    maxRequests: quotaLeft() - QUOTA_RESERVE,
    overQuota: quotaSpentToday() ? 'QUOTA_SPENT' : 'QUOTA',
    pace: {
      read: () => userProperty(PACE),
      ...(mayWriteWhatCanWait() ? { write: (t: string) => setUserProperties({ [PACE]: t }) } : {}),
    },
  };
}

/** The service's pace (round trips: requests, ms) as this person's runs last measured it. */
const PACE = 'vis.pace';
