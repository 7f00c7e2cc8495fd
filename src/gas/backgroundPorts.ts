/** The hourly run's ports (src/addon/background.ts) over Apps Script: it opens each document by ID. */
import type { LogLine } from '../contract/schedules';
import { MONITOR_SHEET } from '../domain/scanWatch';
import { activeBook, openBook } from './active';
import { documentsWithWork, forgetDocument } from './backgroundWork';
import { appsScriptClock } from './clock';
import { count, flushMeters } from './meter';
import { firstTimeMissing, permissionState } from './permissions';
import { triggerTimeLeft, usage } from './quota';
import { logAction } from './runLog';
import { heardNow, removePollTrigger, removeStaleFormTriggers } from './triggers';
import { watchedFiles } from '../kit/leads';
import { appsScriptKit } from './kit';
import { firstTimeToday } from './userHints';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * An add-on's clock trigger has no active document and opens each by ID; a bound script's has
 * its container active, which is used as it is.
 */
function open(id: string, active: Book | null): Book | null {
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

export function backgroundPorts() {
  const active = activeBook();
  return {
    documents: documentsWithWork,
    open: (id: string) => {
      const book = open(id, active);
      return (
        book && {
          id,
          book,
          hasMonitor: !!book.getSheetByName(MONITOR_SHEET),
          log: (action: string, entry: LogLine) => logAction(book, action, entry),
        }
      );
    },
    stop: () => void removePollTrigger(),
    tidyTriggers: () =>
      void removeStaleFormTriggers(
        watchedFiles(appsScriptKit()),
        (id) => open(id, active) !== null,
      ),
    missing: () => permissionState().missing,
    firstTimeMissing,
    firstTimeToday,
    timeLeft: triggerTimeLeft,
    minutes: () => usage().triggerMinutes,
    ended: (ms: number) => {
      heardNow();
      // Recorded at once (not only in the cache): tomorrow's budget must not rest on an eviction.
      count('triggerMs', ms);
      flushMeters(true);
    },
    now: () => appsScriptClock.now(),
  };
}
