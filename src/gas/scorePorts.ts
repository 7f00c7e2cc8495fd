/** Score's ports (src/addon/scores.ts ScorePorts) over a block of an Apps Script sheet. */
import { sharedCache } from './cache';
import { appsScriptClock } from './clock';
import { appendHistory, HISTORY_CAP, latestReadings, readingsOf } from './history';
import type { Whose } from '../domain/historyRead';
import { sheetPort } from './sheetPort';
import { documentLock } from './lock';
import { granted } from './permissions';
import { PLATFORMS } from '../engines';
import type { ReportPoint } from '../domain/report';
import type { EarlierReading, HistoryReading } from '../domain/scoreList';
import { resolverDeps } from './resolverDeps';
import type { Block } from './selection';
import { clientConfig } from './settings';

/**
 * `earlierFromMine`: a scheduled run's moves are measured from the owner's sealed readings, not
 * from cells anyone may type in. What Generate would preview is src/addon's own.
 */
export function scorePorts(block: Block, earlierFromMine = false) {
  const cache = sharedCache();
  const book = block.sheet.getParent();
  return {
    ...(earlierFromMine ? { earlier: (sites: string[]) => sealedScores(book, sites) } : {}),
    sheet: sheetPort(block.sheet),
    block: {
      sheetName: block.sheet.getName(),
      first: block.first,
      last: block.last,
      column: block.column,
      a1: block.a1,
    },
    lookups: (deadline: number) => resolverDeps(cache, deadline),
    cache,
    // A schedule's run seals what a teammate recorded first: its owner's record stays complete.
    history: (readings: HistoryReading[]) =>
      appendHistory(block.sheet.getParent(), readings, HISTORY_CAP, earlierFromMine),
    // A schedule's alerts weigh moves against the owner's own sealed readings only (its digest
    // goes out from their account); the sidebar shows every editor's.
    recentReadings: (sites: string[]) =>
      recentReadings(book, sites, earlierFromMine ? 'mine' : 'anyone'),
    lock: documentLock,
    granted,
    baseUrl: clientConfig().baseUrl,
    now: () => appsScriptClock.now(),
  };
}

/**
 * The latest score of each site the person's own runs recorded and sealed, from the history's
 * newest rows only (readings are appended in time order): a refresh's cost follows its list, not
 * the history's years. A site whose last sealed reading is older than that has no earlier score,
 * and makes no move: never a move measured from a cell.
 */
const NEWEST_ROWS_PER_SITE = 3;
const NEWEST_ROWS_AT_LEAST = 2000;

function sealedScores(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sites: string[],
): Map<string, EarlierReading> {
  const out = new Map<string, EarlierReading>();
  const rows = Math.max(NEWEST_ROWS_AT_LEAST, NEWEST_ROWS_PER_SITE * sites.length);
  for (const [site, reading] of latestReadings(book, sites, 'mine', rows)) {
    if (typeof reading.score !== 'number') continue;
    const engines: EarlierReading['engines'] = {};
    for (const p of PLATFORMS) {
      const v = reading.engines[p];
      if (typeof v === 'number') engines[p] = v;
    }
    out.set(site, { score: reading.score, engines, scanned: reading.lastScanned });
  }
  return out;
}

/**
 * Each site's scores in the history's newest rows (readings are appended in time order): enough
 * for a usual swing of a site scored with its list every week or so, and a cost that follows the
 * movers asked about, not the history's years.
 */
const RECENT_ROWS_PER_SITE = 12;

function recentReadings(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sites: string[],
  whose: Whose,
): Map<string, ReportPoint[]> {
  if (sites.length === 0) return new Map();
  const rows = Math.max(NEWEST_ROWS_AT_LEAST, RECENT_ROWS_PER_SITE * sites.length);
  return readingsOf(book, sites, whose, rows);
}
