/** Schedules' ports (src/addon/scheduleRuns.ts, schedules.ts) over Apps Script: the document, the person, their stores. */
import { myEmail, newId } from './active';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock, zoneOffsets } from './clock';
import { recipientsPerDay, sendMail } from './mail';
import { appendLog, type Entry } from './runLog';
import {
  documentSchedules,
  dropNews,
  heldNews,
  holdNews,
  myRuns,
  saveDocumentSchedule,
  saveMyRun,
  handOverRun,
  saveSharedRun,
  sharedRuns,
  stillSaved,
  storeSizeWith,
} from './scheduleStore';
import { deckUrl } from './slides';
import { outboxOver } from '../kit/outbox';
import { urlFetchTransport } from './transport';
import { myRecords } from './userStore';
import type { Definition, MyRun, SharedRun } from './scheduleStore';
import type { HeldNews } from '../domain/scheduleRun';

/**
 * Where schedules live (src/gas/scheduleStore.ts): definitions in the document for every editor,
 * each owner's run records in their own properties, how the runs went in the file.
 */
export interface ScheduleStore {
  /** The document's schedules, oldest first. */
  definitions(): Definition[];
  /** Writes one definition (null deletes it); `list` is what `definitions` read. */
  saveDefinition(id: string, d: Definition | null, list: Definition[]): void;
  /** This person's run records, by schedule id. */
  mine(): Record<string, MyRun>;
  saveMine(id: string, run: MyRun | null): void;
  /** Read afresh: a run that took minutes must not write back a schedule deleted meanwhile. */
  stillSaved(id: string): boolean;
  /** What the person's store would hold with one more record like `run` (characters). */
  sizeWith(run: MyRun): number;
  /** How each schedule's runs went, as every editor reads it from the file. */
  shared(): Record<string, SharedRun>;
  saveShared(id: string, run: SharedRun | null): void;
  /** Names the new owner where the old owner's hourly run reads it; throws where it cannot. */
  handOver(id: string, run: SharedRun): void;
  /** What a run continued over several firings found so far, for its one digest. */
  news: {
    held(id: string): HeldNews;
    hold(id: string, news: HeldNews): void;
    drop(id: string): void;
  };
}

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const storeOf = (book: Book): ScheduleStore => ({
  definitions: documentSchedules,
  saveDefinition: saveDocumentSchedule,
  mine: myRuns,
  saveMine: saveMyRun,
  stillSaved,
  sizeWith: storeSizeWith,
  shared: () => sharedRuns(book),
  saveShared: (id, run) => saveSharedRun(book, id, run),
  handOver: (id, run) => handOverRun(book, id, run),
  news: { held: heldNews, hold: holdNews, drop: dropNews },
});

function schedulePorts(book: Book) {
  const id = book.getId();
  return {
    store: storeOf(book),
    doc: {
      id,
      name: book.getName(),
      url: book.getUrl(),
      zone: zoneOffsets(book.getSpreadsheetTimeZone()),
    },
    me: myEmail(),
    running: (count: number) => setBackgroundWork(id, 'schedules', count),
    log: (entry: Entry) => appendLog(book, entry),
    now: () => appsScriptClock.now(),
  };
}

/** What the Schedules tab reads beside the schedules (no schedule port needed for these). */
export const scheduleTabReads = (book: Book) => ({
  sheets: () => book.getSheets().map((s) => s.getName()),
});

export const scheduleEditPorts = (book: Book) => ({
  ...schedulePorts(book),
  ...scheduleTabReads(book),
  newId,
  recipientsPerDay,
  deckUrl,
});

/** The runs' ports; what runs an action and the lead watches' line are src/addon's own. */
export const scheduleRunPorts = (book: Book) => ({
  ...schedulePorts(book),
  mail: sendMail,
  team: outboxOver(urlFetchTransport, myRecords()).team,
});
