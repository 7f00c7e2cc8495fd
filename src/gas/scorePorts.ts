/** src/gas/ports.ts's ScorePorts over a block of an Apps Script sheet. */
import { sharedCache } from './cache';
import { appsScriptClock } from './clock';
import { appendHistory } from './history';
import { sheetPort } from './sheetPort';
import { withDocumentLock } from './lock';
import { granted } from './permissions';
import type { ScorePorts } from './ports';
import { resolverDeps } from './resolverDeps';
import type { Block } from './selection';
import { clientConfig } from './settings';

/** `previewable` is Generate's count, which src/addon hands in. */
export function scorePorts(block: Block, previewable: ScorePorts['previewable']): ScorePorts {
  const cache = sharedCache();
  return {
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
