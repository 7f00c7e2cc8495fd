/** The document's Generate claim (domain/generationClaim), kept in the file as developer metadata. */
import { claimFor, mayClaim, readClaim } from '../domain/generationClaim';
import { EXECUTION_LIMIT_MS } from '../limits';
import { appsScriptClock } from './clock';
import { metadataValue, setMetadata } from './docMetadata';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const KEY = 'vis.generating';

/**
 * Takes or renews the claim for `run`, an execution started at `started`; false when another run
 * holds it. Call under the document lock.
 */
export function claimGeneration(book: Book, run: string, started: number): boolean {
  const now = appsScriptClock.now();
  if (!mayClaim(readClaim(metadataValue(book, KEY)), run, now)) return false;
  setMetadata(book, KEY, JSON.stringify(claimFor(run, now, started + EXECUTION_LIMIT_MS)));
  return true;
}

/** Lets go of `run`'s claim (another run's is left alone). Call under the document lock. */
export function releaseGeneration(book: Book, run: string): void {
  if (readClaim(metadataValue(book, KEY))?.run === run) setMetadata(book, KEY, null);
}
