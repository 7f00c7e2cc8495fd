/**
 * Where schedules live. The definitions are in the document's properties, so every editor sees
 * them in the Schedules tab; each owner's copy, with how its runs went, is in that owner's user
 * properties, because the clock trigger runs with no document (and so no document properties).
 */
import type { Schedule } from '../contract';

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

export function myRuns(): Record<string, MyRun> {
  return parse(PropertiesService.getUserProperties().getProperty(USER_KEY), {});
}

export function saveMyRuns(runs: Record<string, MyRun>): void {
  const props = PropertiesService.getUserProperties();
  if (Object.keys(runs).length) props.setProperty(USER_KEY, JSON.stringify(runs));
  else props.deleteProperty(USER_KEY);
}
