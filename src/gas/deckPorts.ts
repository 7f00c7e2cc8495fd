/** A deck's ports (src/addon/reports.ts DeckPorts) over an Apps Script spreadsheet and Google Slides. */
import { resolveAll } from '../domain/resolver';
import { scoreSpec } from '../domain/scoreLookup';
import { FORMULA_BUDGET_MS } from '../limits';
import { sharedCache } from './cache';
import { appsScriptClock, dayIn } from './clock';
import { latestReadings, readingsOf } from './history';
import type { Whose } from '../domain/historyRead';
import { granted } from './permissions';
import { resolverDeps } from './resolverDeps';
import { clientConfig, savedBranding } from './settings';
import { drawDeck } from './slides';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

/**
 * `whose`: a deck someone makes while looking at their document reads anyone's readings; one a
 * schedule sends unattended from its owner's account reads only the owner's sealed ones.
 */
export function deckPorts(book: Book, whose: Whose) {
  return {
    latest: (sites: string[]) => latestReadings(book, sites, whose),
    readings: (site: string) => readingsOf(book, [site], whose).get(site) ?? [],
    said: serviceSays,
    branding: savedBranding(),
    day: dayIn(book.getSpreadsheetTimeZone()),
    mayDraw: granted('decks'),
    draw: drawDeck,
    now: () => appsScriptClock.now(),
  };
}

/**
 * What the service says of a brand's score (its record's `_service` text): from the record a Score
 * cached in the last 6 hours, or, when the person asked (`fresh`), from one request; '' if none.
 */
function serviceSays(site: string, fresh: boolean): string {
  const deps = resolverDeps(sharedCache(), appsScriptClock.now() + FORMULA_BUDGET_MS);
  const spec = scoreSpec({ baseUrl: clientConfig().baseUrl }, 'url', '');
  const maxRequests = fresh ? Math.min(1, deps.maxRequests ?? 1) : 0;
  const found = resolveAll([site], spec, { ...deps, maxRequests }).outcomes.get(site);
  return found?.kind === 'value' ? found.value.said : '';
}
