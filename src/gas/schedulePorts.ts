/** Schedules' ports (src/gas/ports.ts) over Apps Script: the document, the person, their stores. */
import { myEmail, newId } from './active';
import { setBackgroundWork } from './backgroundWork';
import { appsScriptClock, zoneOffsets } from './clock';
import { recipientsPerDay, sendMail } from './mail';
import type { ScheduleEditPorts, ScheduleRunPorts, SchedulePorts, ScheduleStore } from './ports';
import { appendLog, readLog } from './runLog';
import {
  documentSchedules,
  dropNews,
  heldNews,
  holdNews,
  myRuns,
  saveDocumentSchedule,
  saveMyRun,
  saveSharedRun,
  sharedRuns,
  stillSaved,
  storeSizeWith,
} from './scheduleStore';
import { deckUrl } from './slides';
import { postToTeam } from './webhook';

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
  news: { held: heldNews, hold: holdNews, drop: dropNews },
});

function schedulePorts(book: Book): SchedulePorts {
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
    running: (count) => setBackgroundWork(id, 'schedules', count),
    log: (entry) => appendLog(book, entry),
    now: () => appsScriptClock.now(),
  };
}

/** What the Schedules tab reads beside the schedules (no schedule port needed for these). */
export const scheduleTabReads = (book: Book): Pick<ScheduleEditPorts, 'sheets' | 'readLog'> => ({
  sheets: () => book.getSheets().map((s) => s.getName()),
  readLog: (count) => readLog(book, count),
});

export const scheduleEditPorts = (book: Book): ScheduleEditPorts => ({
  ...schedulePorts(book),
  ...scheduleTabReads(book),
  newId,
  recipientsPerDay,
  deckUrl,
});

/** The runs' ports; what runs an action and the lead watches' line are src/addon's, handed in. */
export const scheduleRunPorts = (
  book: Book,
  attempt: ScheduleRunPorts['attempt'],
  leadsLine: ScheduleRunPorts['leadsLine'],
): ScheduleRunPorts => ({
  ...schedulePorts(book),
  attempt,
  mail: sendMail,
  team: postToTeam,
  leadsLine,
});
