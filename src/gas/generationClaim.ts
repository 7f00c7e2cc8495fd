/**
 * The document's Generate claim (domain/generationClaim), kept in the file as developer metadata:
 * one PROJECT-visible entry per run that claims, so two runs never overwrite each other's.
 */
import {
  claimFor,
  holderOf,
  lapsedClaims,
  mayClaim,
  readClaim,
  SETTLE_MS,
  writtenInTime,
  type GenerationClaim,
} from '../domain/generationClaim';
import { EXECUTION_LIMIT_MS, PRESS_LOCK_WAIT_MS } from '../limits';
import { appsScriptClock } from './clock';
import { metadataStartingWith, setMetadata } from './docMetadata';
import { withDocumentLock } from './lock';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const PREFIX = 'vis.generating.';

function claims(book: Book): GenerationClaim[] {
  return Object.values(metadataStartingWith(book, PREFIX)).flatMap((text) => readClaim(text) ?? []);
}

const write = (book: Book, c: GenerationClaim | null, run: string) =>
  setMetadata(book, PREFIX + run, c ? JSON.stringify(c) : null);

/**
 * Takes or renews the claim for `run`, an execution started at `started`; false when another run
 * holds it, or took it at the same moment and wrote first. A new claim waits `SETTLE_MS` before
 * it is sure.
 */
export function claimGeneration(book: Book, run: string, started: number): boolean {
  const ends = started + EXECUTION_LIMIT_MS;
  const before = claims(book);
  const now = appsScriptClock.now();
  if (!mayClaim(before, run, now)) return false;
  const mine = before.find((c) => c.run === run);
  if (mine) {
    write(book, claimFor(run, mine.at, now, ends), run);
    return true;
  }
  for (const c of lapsedClaims(before, now)) write(book, null, c.run);
  const at = appsScriptClock.now();
  write(book, claimFor(run, at, at, ends), run);
  // Written for other executions to read, not kept in this one's buffer.
  SpreadsheetApp.flush();
  if (writtenInTime(at, appsScriptClock.now())) {
    Utilities.sleep(SETTLE_MS);
    if (holderOf(claims(book), appsScriptClock.now())?.run === run) return true;
  }
  write(book, null, run);
  return false;
}

/** Lets go of `run`'s claim (another run's is left alone). */
export function releaseGeneration(book: Book, run: string): void {
  write(book, null, run);
}

/**
 * Work under the document's Generate claim: one run at a time sends previews in a document,
 * whether a person pressed Generate or a lead watch saw new rows. The claim needs no lock (a
 * trigger's is not a sidebar's: domain/generationClaim).
 */
export function withGenerationClaim<T>(
  book: Book,
  run: string,
  started: number,
  work: () => T,
  busy: () => T,
): T {
  if (!claimGeneration(book, run, started)) return busy();
  // A document another run keeps locked would leave the answers unwritten: nothing is sent then.
  if (
    !withDocumentLock(
      PRESS_LOCK_WAIT_MS,
      () => true,
      () => false,
    )
  ) {
    releaseGeneration(book, run);
    return busy();
  }
  try {
    return work();
  } finally {
    releaseGeneration(book, run);
  }
}
