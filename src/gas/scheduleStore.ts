/**
 * Where schedules live. The definitions are in the document's properties, so every editor sees
 * them in the Schedules tab; each owner's copy, with how its runs went, is in that owner's user
 * properties, because the clock trigger runs with no document (and so no document properties).
 * How the runs went (a pause after failures included) is also kept in the file itself, as
 * developer metadata the trigger can write through `openById`, so every editor sees it.
 */
import { utf8Bytes } from '../domain/bytes';
import type { Schedule } from '../contract/schedules';
import type { HeldNews, RunState } from '../domain/scheduleRun';
import { DIGEST_LINES } from '../domain/schedules';
import { metadataStartingWith, setMetadata, shareWhereRoom } from './docMetadata';
import { propertyCalled } from './propertyCalls';
import { storedJson } from './storedJson';
import {
  deleteUserProperty,
  rereadUserProperties,
  setUserProperties,
  userPropertiesStartingWith,
  userProperty,
  userStoreSize,
} from './userStore';

export type Definition = Schedule & {
  id: string;
  owner: string;
  /** When it was first saved (ms): the Schedules tab lists in that order. */
  created?: number;
};

export interface MyRun {
  docId: string;
  schedule: Definition;
  lastRun: number | null;
  /** A schedule that never ran counts from the start of the period it was saved in. */
  since: number;
  lastResult: string | null;
  failures: number;
  /** A run continued over several firings keeps its start, so no row is fetched twice. */
  runStarted: number | null;
  /** Send report: the deck every run updates in place. */
  deck?: string;
  /** The alerts already news (domain/schedules.ts alertKey). */
  alerted?: string[];
}

/**
 * One property per schedule, in the document (its definition) and in the owner's properties (its
 * runs): a value holds 9 KB (https://developers.google.com/apps-script/guides/services/quotas),
 * so an agency's fiftieth schedule saves as the first did, and a run's state never grows a value
 * that other schedules share. Versions before this kept each list in one value (`LEGACY_*`): they
 * are read, and split into one property each at the next change.
 */
const DEF_PREFIX = 'vis.schedule.def.';
const RUN_PREFIX = 'vis.run.';
const LEGACY_DOC_KEY = 'vis.schedules';
const LEGACY_USER_KEY = 'vis.schedules.mine';
/** What a run record keeps of its last result; the run log has it whole. */
const RESULT_CHARS = 500;

/** The document's properties; each call on them is counted (`calls`: how many the caller makes). */
const docProps = (calls: number) => {
  propertyCalled(calls);
  return PropertiesService.getDocumentProperties();
};
/** Whether this execution's read of the document found a legacy list, to split at the next change. */
let legacyInDocument = false;

/** The document's schedules, oldest first, from one read of its properties. */
export function documentSchedules(): Definition[] {
  const all = docProps(1).getProperties();
  const byId = new Map<string, Definition>();
  legacyInDocument = LEGACY_DOC_KEY in all;
  for (const d of storedJson<Definition[]>(all[LEGACY_DOC_KEY], [])) byId.set(d.id, d);
  for (const [key, value] of Object.entries(all)) {
    const d = key.startsWith(DEF_PREFIX) ? storedJson<Definition | null>(value, null) : null;
    if (d?.id) byId.set(d.id, d);
  }
  return [...byId.values()].sort((a, b) => (a.created ?? 0) - (b.created ?? 0));
}

/** Writes one definition (null deletes it); `list`, from `documentSchedules`, splits a legacy list. */
export function saveDocumentSchedule(id: string, d: Definition | null, list: Definition[]): void {
  const props = docProps(legacyInDocument ? 3 : 1);
  if (legacyInDocument) {
    legacyInDocument = false;
    const split = Object.fromEntries(
      list.filter((x) => x.id !== id).map((x) => [DEF_PREFIX + x.id, JSON.stringify(x)]),
    );
    props.setProperties(split);
    props.deleteProperty(LEGACY_DOC_KEY);
  }
  if (d) props.setProperty(DEF_PREFIX + id, JSON.stringify(d));
  else props.deleteProperty(DEF_PREFIX + id);
}

/** This user's run records, by schedule id, from this execution's one read of their properties. */
export function myRuns(): Record<string, MyRun> {
  const runs = storedJson<Record<string, MyRun>>(userProperty(LEGACY_USER_KEY), {});
  for (const value of Object.values(userPropertiesStartingWith(RUN_PREFIX))) {
    const run = storedJson<MyRun | null>(value, null);
    if (run?.schedule?.id) runs[run.schedule.id] = run;
  }
  return runs;
}

const runValue = (run: MyRun): string =>
  JSON.stringify({ ...run, lastResult: run.lastResult?.slice(0, RESULT_CHARS) ?? null });

/** A legacy list split into one property per run, less `except`. */
function splitLegacy(except: string): Record<string, string> {
  const legacy = storedJson<Record<string, MyRun>>(userProperty(LEGACY_USER_KEY), {});
  return Object.fromEntries(
    Object.values(legacy)
      .filter((r) => r.schedule.id !== except)
      .map((r) => [RUN_PREFIX + r.schedule.id, runValue(r)]),
  );
}

/** Writes one run record (null deletes it), in one property write. */
export function saveMyRun(id: string, run: MyRun | null): void {
  const hadLegacy = userProperty(LEGACY_USER_KEY) !== null;
  const values = hadLegacy ? splitLegacy(id) : {};
  if (run) values[RUN_PREFIX + id] = runValue(run);
  setUserProperties(values);
  if (hadLegacy) deleteUserProperty(LEGACY_USER_KEY);
  if (!run) deleteUserProperty(RUN_PREFIX + id);
}

/**
 * Whether the schedule is still saved, read afresh: a background run that took minutes must not
 * write back a schedule its owner deleted meanwhile from the sidebar.
 */
export function stillSaved(id: string): boolean {
  rereadUserProperties();
  return id in myRuns();
}

/** What the user's store would hold with one more run record like `run` (characters). */
export function storeSizeWith(run: MyRun): number {
  return userStoreSize() + utf8Bytes(RUN_PREFIX + run.schedule.id + runValue(run));
}

/**
 * What a run continued over several firings has found so far, for the one digest at its end.
 * One user property per schedule, its lines capped and cut, and the rest only counted.
 */
const NEWS_KEY = (id: string) => `vis.schedules.news.${id}`;
const HELD_LINE_CHARS = 160;

export function heldNews(id: string): HeldNews {
  return storedJson(userProperty(NEWS_KEY(id)), { lines: [], more: 0 });
}

export function holdNews(id: string, news: HeldNews): void {
  const lines = news.lines.slice(0, DIGEST_LINES).map((l) => l.slice(0, HELD_LINE_CHARS));
  const more = news.more + Math.max(0, news.lines.length - DIGEST_LINES);
  setUserProperties({ [NEWS_KEY(id)]: JSON.stringify({ lines, more }) });
}

export function dropNews(id: string): void {
  deleteUserProperty(NEWS_KEY(id));
}

/**
 * What every editor is shown of a schedule's runs, and whose runs they are: a teammate who took
 * the schedule over is named here, where the old owner's trigger (which has no document
 * properties) reads it and stops.
 */
export type SharedRun = Pick<RunState, 'lastRun' | 'lastResult' | 'failures' | 'paused'> & {
  owner?: string;
};

const SHARED_PREFIX = 'vis.schedule.';
const SHARED_RESULT_CHARS = 300;

export function sharedRuns(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
): Record<string, SharedRun> {
  const found: Record<string, SharedRun> = {};
  for (const [id, value] of Object.entries(metadataStartingWith(book, SHARED_PREFIX)))
    found[id] = storedJson<SharedRun>(value, EMPTY_SHARED);
  return found;
}

const EMPTY_SHARED: SharedRun = { lastRun: null, lastResult: null, failures: 0, paused: false };

const sharedText = (run: SharedRun | null) =>
  run &&
  JSON.stringify({ ...run, lastResult: run.lastResult?.slice(0, SHARED_RESULT_CHARS) ?? null });

/**
 * Writes (or, with null, removes) one schedule's shared record: one entry per schedule. Only its
 * owner field decides anything (a takeover, `handOverRun`): the rest is shown, and a clock
 * trigger finding no room leaves it as it was.
 */
export function saveSharedRun(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  id: string,
  run: SharedRun | null,
): void {
  shareWhereRoom(book, SHARED_PREFIX + id, sharedText(run));
}

/**
 * Names the schedule's new owner where the old owner's hourly run reads it (the file's metadata,
 * never the document's properties, which that run cannot read): else both would run it.
 */
export function handOverRun(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  id: string,
  run: SharedRun,
): void {
  setMetadata(book, SHARED_PREFIX + id, sharedText(run), true);
}
