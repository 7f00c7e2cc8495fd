/** The platform kit over Apps Script (src/kit/ports.ts): the strings are Google's, the rules the kit's. */
import { sendAll } from '../api/batch';
import type { Kit, ServicePort } from '../kit/ports';
import type { OffsetAt } from '../domain/schedules';
import { cachedRecords, propertyRecords, recordStore, sharedRecords } from '../kit/records';
import { outboxOver } from '../kit/outbox';
import { packedCache } from '../domain/packedCache';
import { appsScriptCache, documentCache, sharedCache } from './cache';
import { resolverDeps } from './resolverDeps';
import { granted, permissionState } from './permissions';
import { quotaLeft, triggerTimeLeft, usage } from './quota';
import { activeBook, myEmail, newId, openBook } from './active';
import {
  documentStrings,
  filledNotice,
  METADATA_LIMIT,
  metadataStartingWith,
  metadataValue,
  setMetadata,
  shareWhereRoom,
} from './docMetadata';
import { appsScriptTables } from './kitTables';
import { appsScriptCells } from './kitCells';
import { appsScriptClock, dayIn, zoneOffsets } from './clock';
import { mailLeft, recipientsPerDay, sendMail } from './mail';
import { drawDeck } from './slides';
import { appsScriptView } from './view';
import { logAction, readLog } from './runLog';
import { documentLock } from './lock';
import { generationClaim } from './generationClaim';
import { clientConfig } from './settings';
import { urlFetchTransport } from './transport';
import { documentsWithWork, forgetDocument, setBackgroundWork } from './backgroundWork';
import {
  ensureFormTrigger,
  heardNow,
  removeFormTrigger,
  removePollTrigger,
  removeStaleFormTriggers,
  reviveSilentTrigger,
} from './triggers';
import { count, flushMeters } from './meter';
import { watchedFiles } from '../kit/leads';
import { appendHistory, HISTORY_CAP, latestReadings, readingsOf } from './history';
import { mayWriteWhatCanWait, myRecords, rereadUserProperties } from './userStore';

/** This person's cache, packed: a few dozen of its 1,000 items however many records (K2). */
const userCache = () =>
  packedCache(appsScriptCache(CacheService.getUserCache()), () => appsScriptClock.now());

/** The batch runner over UrlFetchApp and the Apps Script clock, within a time budget. */
const send: ServicePort['send'] = (requests, parse, budgetMs, options = {}) =>
  sendAll(urlFetchTransport, requests, parse, {
    ...options,
    clock: appsScriptClock,
    deadline: appsScriptClock.now() + budgetMs,
  });

const held = (lock: GoogleAppsScript.Lock.Lock, waitMs: number, taken = () => {}) => {
  if (!lock.tryLock(waitMs)) return null;
  taken();
  return { release: () => lock.releaseLock() };
};

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * A file of the hourly run's by id: the active one as it is (a bound script's trigger has its
 * container active), else opened; null where it cannot be (deleted, no longer shared), and it
 * leaves the run.
 */
function openById(id: string, active: Book | null): Book | null {
  if (active && active.getId() === id) return active;
  try {
    return openBook(id);
  } catch (error) {
    // No id or message: the log is the developers', and a spreadsheet is the user's (privacy.md).
    console.warn(
      'Background work: a spreadsheet cannot be opened (deleted, or no longer shared); it leaves the list.',
      error instanceof Error ? error.name : typeof error,
    );
    forgetDocument(id);
    return null;
  }
}

/**
 * The kit of one execution, over `book` (the active spreadsheet when none is given, looked for only
 * when a table or a file record is used: a Workspace add-on's card has none).
 */
export function appsScriptKit(book?: GoogleAppsScript.Spreadsheet.Spreadsheet): Kit {
  const bookOf = () => book ?? activeBook();
  const mine = myRecords();
  let offsets: OffsetAt | undefined;
  return {
    records: {
      mine,
      document: propertyRecords(documentStrings(bookOf)),
      cached: cachedRecords(userCache()),
      file: recordStore(
        {
          get: (key) => metadataValue(bookOf(), key),
          // The file's own records, never the document's copies.
          startingWith: (prefix) => metadataStartingWith(bookOf(), prefix, true),
          setAll: (values) => {
            for (const [key, value] of Object.entries(values))
              setMetadata(bookOf(), key, value, true);
          },
          delete: (key) => setMetadata(bookOf(), key, null, true),
        },
        METADATA_LIMIT,
      ),
      roomNotice: filledNotice,
      shared: sharedRecords({
        startingWith: (prefix, alsoDocument) =>
          metadataStartingWith(bookOf(), prefix, !alsoDocument),
        share: (key, value) => shareWhereRoom(bookOf(), key, value),
      }),
    },
    tables: appsScriptTables(bookOf),
    cells: appsScriptCells(bookOf),
    history: {
      append: (readings, cosign) => appendHistory(bookOf(), readings, HISTORY_CAP, cosign),
      readings: (sites, whose, lastRows) => readingsOf(bookOf(), sites, whose, lastRows),
      latest: (sites, whose, lastRows) => latestReadings(bookOf(), sites, whose, lastRows),
    },
    later: {
      keep: (work, count) => setBackgroundWork(bookOf().getId(), work, count),
      files: documentsWithWork,
      open: (id) => {
        const opened = openById(id, book ?? activeBook());
        return opened && appsScriptKit(opened);
      },
      stop: () => void removePollTrigger(),
      tidy: () =>
        void removeStaleFormTriggers(
          watchedFiles(mine),
          (id) => openById(id, book ?? activeBook()) !== null,
        ),
      timeLeft: triggerTimeLeft,
      ended: (ms) => {
        heardNow();
        // Recorded at once (not only in the cache): tomorrow's budget must not rest on an eviction.
        count('triggerMs', ms);
        flushMeters(true);
      },
      wake: () => void (documentsWithWork().length > 0 && reviveSilentTrigger()),
      formTrigger: () => ensureFormTrigger(bookOf()),
      dropFormTrigger: () => removeFormTrigger(bookOf().getId()),
    },
    service: {
      lookups: (deadline, keyed) => resolverDeps(keyed ? documentCache() : sharedCache(), deadline),
      config: clientConfig,
      send,
      ask: (requests, parse, budgetMs, options) => send(requests, parse, budgetMs, options).results,
    },
    outbox: {
      ...outboxOver(urlFetchTransport, mine),
      mail: sendMail,
      recipientsPerDay,
      recipientsLeft: mailLeft,
    },
    account: {
      now: appsScriptClock.now,
      // The file's calendar where there is one; the script's where none is open (a card).
      day: (time) => dayIn(bookOf()?.getSpreadsheetTimeZone() ?? Session.getScriptTimeZone())(time),
      // One calendar an execution: its offsets are remembered by the quarter hour.
      offsets: () => (offsets ??= zoneOffsets(bookOf().getSpreadsheetTimeZone())),
      newId,
      email: myEmail,
      quotaLeft,
      granted,
      permissions: permissionState,
      usage,
      // A file in a shared drive has no owner: getOwner() is null (P3).
      owner: () => bookOf().getOwner()?.getEmail() ?? null,
      sparing: () => !mayWriteWhatCanWait(),
    },
    locks: {
      // The execution's snapshot of the person's properties is read again once the lock is held.
      mine: (waitMs) => held(LockService.getUserLock(), waitMs, rereadUserProperties),
      document: documentLock,
      claim: (run, started) => generationClaim(bookOf(), run, started),
    },
    slides: { draw: drawDeck },
    view: appsScriptView(bookOf),
    log: {
      line: (text) => console.log(text),
      action: (action, line, run) => logAction(bookOf(), action, line, run),
      recent: (count) => readLog(bookOf(), count),
    },
  };
}
