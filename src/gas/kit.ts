/** The platform kit over Apps Script (src/kit/ports.ts): the strings are Google's, the rules the kit's. */
import { sendAll } from '../api/batch';
import type { Kit } from '../kit/ports';
import { cachedRecords, propertyRecords, recordStore } from '../kit/records';
import { activeBook, myEmail } from './active';
import { METADATA_LIMIT, metadataValue, setMetadata } from './docMetadata';
import { appsScriptTables } from './kitTables';
import { appsScriptClock } from './clock';
import { clientConfig } from './settings';
import { urlFetchTransport } from './transport';
import { setBackgroundWork } from './backgroundWork';
import { appendHistory } from './history';
import {
  deleteUserProperty,
  rereadUserProperties,
  setUserProperties,
  userProperty,
} from './userStore';

function userCache() {
  const cache = CacheService.getUserCache();
  return {
    get: (key: string) => cache.get(key),
    put: (key: string, value: string, seconds: number) => cache.put(key, value, seconds),
  };
}

const held = (lock: GoogleAppsScript.Lock.Lock, waitMs: number, taken = () => {}) => {
  if (!lock.tryLock(waitMs)) return null;
  taken();
  return { release: () => lock.releaseLock() };
};

/**
 * The kit of one execution, over `book` (the active spreadsheet when none is given, looked for only
 * when a table or a file record is used: a Workspace add-on's card has none).
 */
export function appsScriptKit(book?: GoogleAppsScript.Spreadsheet.Spreadsheet): Kit {
  const bookOf = () => book ?? activeBook();
  return {
    records: {
      mine: propertyRecords({
        get: userProperty,
        set: (key, value) => setUserProperties({ [key]: value }),
        delete: deleteUserProperty,
      }),
      cached: cachedRecords(userCache()),
      file: recordStore(
        {
          get: (key) => metadataValue(bookOf(), key),
          set: (key, value) => setMetadata(bookOf(), key, value, true),
          delete: (key) => setMetadata(bookOf(), key, null, true),
        },
        METADATA_LIMIT,
      ),
    },
    tables: appsScriptTables(bookOf),
    history: { append: (readings) => appendHistory(bookOf(), readings).appended },
    later: { keep: (work, count) => setBackgroundWork(bookOf().getId(), work, count) },
    service: {
      config: clientConfig,
      ask: (requests, parse, budgetMs, options = {}) =>
        sendAll(urlFetchTransport, requests, parse, {
          ...options,
          clock: appsScriptClock,
          deadline: appsScriptClock.now() + budgetMs,
        }).results,
    },
    account: { now: appsScriptClock.now, email: myEmail },
    locks: {
      // The execution's snapshot of the person's properties is read again once the lock is held.
      mine: (waitMs) => held(LockService.getUserLock(), waitMs, rereadUserProperties),
      document: (waitMs) =>
        held(LockService.getDocumentLock() ?? LockService.getUserLock(), waitMs),
    },
    log: { line: (text) => console.log(text) },
  };
}
