/**
 * Where schedules live. The definitions are in the document's properties, so every editor sees
 * them in the Schedules tab; each owner's copy, with how its runs went, is in that owner's user
 * properties, because the clock trigger runs with no document (and so no document properties).
 * How the runs went (a pause after failures included) is also kept in the file itself, as
 * developer metadata the trigger can write through `openById`, so every editor sees it.
 */
import type { Schedule } from '../contract';
import type { HeldNews, RunState } from '../domain/scheduleRun';
import { DIGEST_LINES } from '../domain/schedules';

export type Definition = Schedule & { id: string; owner: string };

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
}

const DOC_KEY = 'vis.schedules';
const USER_KEY = 'vis.schedules.mine';

function parse<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

export function documentSchedules(): Definition[] {
  return parse(PropertiesService.getDocumentProperties().getProperty(DOC_KEY), []);
}

export function saveDocumentSchedules(list: Definition[]): void {
  const props = PropertiesService.getDocumentProperties();
  if (list.length) props.setProperty(DOC_KEY, JSON.stringify(list));
  else props.deleteProperty(DOC_KEY);
}

/**
 * What a run continued over several firings has found so far, for the one digest at its end.
 * One user property per schedule: a value may hold 9 KB
 * (https://developers.google.com/apps-script/guides/services/quotas#current_limitations), so the
 * lines kept are capped and cut, and the rest only counted.
 */
const NEWS_KEY = (id: string) => `vis.schedules.news.${id}`;
const HELD_LINE_CHARS = 160;

export function heldNews(id: string): HeldNews {
  return parse(PropertiesService.getUserProperties().getProperty(NEWS_KEY(id)), {
    lines: [],
    more: 0,
  });
}

export function holdNews(id: string, news: HeldNews): void {
  const lines = news.lines.slice(0, DIGEST_LINES).map((l) => l.slice(0, HELD_LINE_CHARS));
  const more = news.more + Math.max(0, news.lines.length - DIGEST_LINES);
  PropertiesService.getUserProperties().setProperty(NEWS_KEY(id), JSON.stringify({ lines, more }));
}

export function dropNews(id: string): void {
  PropertiesService.getUserProperties().deleteProperty(NEWS_KEY(id));
}

export function myRuns(): Record<string, MyRun> {
  return parse(PropertiesService.getUserProperties().getProperty(USER_KEY), {});
}

export function saveMyRuns(runs: Record<string, MyRun>): void {
  const props = PropertiesService.getUserProperties();
  if (Object.keys(runs).length) props.setProperty(USER_KEY, JSON.stringify(runs));
  else props.deleteProperty(USER_KEY);
}

/** What every editor is shown of a schedule's runs. */
export type SharedRun = Pick<RunState, 'lastRun' | 'lastResult' | 'failures' | 'paused'>;

const SHARED_PREFIX = 'vis.schedule.';
const SHARED_RESULT_CHARS = 300;

export function sharedRuns(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
): Record<string, SharedRun> {
  const found: Record<string, SharedRun> = {};
  for (const md of book.getDeveloperMetadata()) {
    const key = md.getKey();
    if (key.startsWith(SHARED_PREFIX))
      found[key.slice(SHARED_PREFIX.length)] = parse<SharedRun>(md.getValue(), EMPTY_SHARED);
  }
  return found;
}

const EMPTY_SHARED: SharedRun = { lastRun: null, lastResult: null, failures: 0, paused: false };

/** Writes (or, with null, removes) one schedule's shared record: one entry per schedule. */
export function saveSharedRun(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  id: string,
  run: SharedRun | null,
): void {
  const key = SHARED_PREFIX + id;
  const existing = book.getDeveloperMetadata().filter((md) => md.getKey() === key);
  if (!run) return existing.forEach((md) => md.remove());
  const value = JSON.stringify({
    ...run,
    lastResult: run.lastResult?.slice(0, SHARED_RESULT_CHARS) ?? null,
  });
  if (existing[0]) existing[0].setValue(value);
  else book.addDeveloperMetadata(key, value);
}
