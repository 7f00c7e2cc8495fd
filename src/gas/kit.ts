/** The platform kit over Apps Script (src/kit/ports.ts): the strings are Google's, the rules the kit's. */
import { sendAll } from '../api/batch';
import type { Kit } from '../kit/ports';
import { cachedRecords, propertyRecords } from '../kit/records';
import { myEmail } from './active';
import { appsScriptClock } from './clock';
import { clientConfig } from './settings';
import { urlFetchTransport } from './transport';
import { deleteUserProperty, setUserProperties, userProperty } from './userStore';

function userCache() {
  const cache = CacheService.getUserCache();
  return {
    get: (key: string) => cache.get(key),
    put: (key: string, value: string, seconds: number) => cache.put(key, value, seconds),
  };
}

export function appsScriptKit(): Kit {
  return {
    records: {
      mine: propertyRecords({
        get: userProperty,
        set: (key, value) => setUserProperties({ [key]: value }),
        delete: deleteUserProperty,
      }),
      cached: cachedRecords(userCache()),
    },
    service: {
      config: clientConfig,
      ask: (requests, parse, budgetMs, options = {}) =>
        sendAll(urlFetchTransport, requests, parse, {
          ...options,
          clock: appsScriptClock,
          deadline: appsScriptClock.now() + budgetMs,
        }).results,
    },
    account: { now: () => Date.now(), email: myEmail },
    locks: {
      mine(waitMs) {
        const lock = LockService.getUserLock();
        return lock.tryLock(waitMs) ? { release: () => lock.releaseLock() } : null;
      },
    },
    log: { line: (text) => console.log(text) },
  };
}
