/** src/gas/ports.ts's ScorePorts over a block of an Apps Script sheet. */
import { sharedCache } from './cache';
import { appsScriptClock } from './clock';
import { appendHistory, latestReadings } from './history';
import { sheetPort } from './sheetPort';
import { withDocumentLock } from './lock';
import { granted } from './permissions';
import type { ScorePorts } from './ports';
import { resolverDeps } from './resolverDeps';
import type { Block } from './selection';
import { clientConfig } from './settings';

/**
 * `previewable` is Generate's count, which src/addon hands in. `earlierFromMine`: a scheduled
 * run's moves are measured from the owner's sealed readings, not from cells anyone may type in.
 */
export function scorePorts(
  block: Block,
  previewable: ScorePorts['previewable'],
  earlierFromMine = false,
): ScorePorts {
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
    lookups: (deadline) => resolverDeps(cache, deadline),
    cache,
    history: (readings) => appendHistory(block.sheet.getParent(), readings),
    previewable,
    locked: (waitMs, work, busy) => withDocumentLock(waitMs, work, busy),
    granted,
    baseUrl: clientConfig().baseUrl,
    now: () => appsScriptClock.now(),
  };
}

/** The latest score of each site the person's own runs recorded and sealed. */
function sealedScores(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  sites: string[],
): Map<string, number> {
  const out = new Map<string, number>();
  for (const [site, reading] of latestReadings(book, sites, 'mine'))
    if (typeof reading.score === 'number') out.set(site, reading.score);
  return out;
}
