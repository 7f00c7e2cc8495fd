/**
 * The document's Generate claim (domain/generationClaim), kept in the file as developer metadata:
 * one PROJECT-visible entry per run that claims, so two runs never overwrite each other's. Where
 * another script filled the file's metadata, a run's entry is kept in the add-on's script
 * properties instead, under the file's id: the one store every run of the add-on reads, a
 * trigger's too (document properties are not a trigger's, D1). Entries there last minutes and
 * any run writing one removes every lapsed one, so the add-on's users never fill it.
 */
import {
  claimFor,
  enter,
  lapsedClaims,
  markedInTime,
  readClaim,
  SETTLE_MS,
  wins,
  type GenerationClaim,
} from '../domain/generationClaim';
import { EXECUTION_LIMIT_MS, PRESS_LOCK_WAIT_MS } from '../limits';
import { appsScriptClock } from './clock';
import { MetadataFull, metadataStartingWith, noteFilled, setMetadata } from './docMetadata';
import { documentLock } from './lock';
import type { Claimed } from '../kit/ports';
import { propertyCalled } from './propertyCalls';

type Book = GoogleAppsScript.Spreadsheet.Spreadsheet;

const PREFIX = 'vis.generating.';
const ELSEWHERE = 'vis.claim.';

/** The script properties' claims, every file's, by key (one read of the store). */
function claimsElsewhere(): Record<string, GenerationClaim> {
  propertyCalled();
  const found: Record<string, GenerationClaim> = {};
  for (const [key, value] of Object.entries(
    PropertiesService.getScriptProperties().getProperties(),
  )) {
    const c = key.startsWith(ELSEWHERE) ? readClaim(value) : null;
    if (c) found[key] = c;
  }
  return found;
}

const elsewhereKey = (book: Book, run: string) => `${ELSEWHERE}${book.getId()}.${run}`;

/** Script-property keys of this file's entries this execution wrote or read: removed there. */
const keptElsewhere = new Set<string>();

function claims(book: Book): GenerationClaim[] {
  const here = elsewhereKey(book, '');
  const elsewhere = Object.entries(claimsElsewhere()).filter(([key]) => key.startsWith(here));
  for (const [key] of elsewhere) keptElsewhere.add(key);
  return [
    ...Object.values(metadataStartingWith(book, PREFIX, true)).flatMap(
      (text) => readClaim(text) ?? [],
    ),
    ...elsewhere.map(([, c]) => c),
  ];
}

function write(book: Book, c: GenerationClaim | null, run: string): void {
  const key = elsewhereKey(book, run);
  try {
    setMetadata(book, PREFIX + run, c ? JSON.stringify(c) : null, true);
    if (!keptElsewhere.delete(key)) return;
  } catch (error) {
    if (!(error instanceof MetadataFull) || !c) throw error;
    noteFilled(error);
    keepElsewhere(key, c);
    return;
  }
  propertyCalled();
  PropertiesService.getScriptProperties().deleteProperty(key);
}

/** Writes `key`'s entry in the script properties, removing every lapsed one of any file. */
function keepElsewhere(key: string, c: GenerationClaim): void {
  const store = PropertiesService.getScriptProperties();
  const now = appsScriptClock.now();
  const all = Object.entries(claimsElsewhere());
  const lapsed = new Set(
    lapsedClaims(
      all.map(([, v]) => v),
      now,
    ),
  );
  for (const [k, v] of all)
    if (lapsed.has(v)) {
      propertyCalled();
      store.deleteProperty(k);
    }
  propertyCalled();
  store.setProperty(key, JSON.stringify(c));
  keptElsewhere.add(key);
}

/** Written for other executions to read now, not kept in this one's buffer. */
function published(book: Book, c: GenerationClaim | null, run: string): void {
  write(book, c, run);
  SpreadsheetApp.flush();
}

/**
 * Takes or renews the claim for `run`, an execution started at `started`; false when another run
 * holds it or is taking it (domain/generationClaim: the steps, and why no clock is compared).
 */
export function claimGeneration(book: Book, run: string, started: number): boolean {
  const ends = started + EXECUTION_LIMIT_MS;
  const clock = appsScriptClock;
  const before = claims(book);
  const first = enter(before, run, clock.now());
  const mine = before.find((c) => c.run === run);
  if (first === 'renew') {
    write(book, claimFor(run, mine!.at, clock.now(), ends, true), run);
    return true;
  }
  if (first === 'busy') return false;
  for (const c of lapsedClaims(before, clock.now())) write(book, null, c.run);
  const at = clock.now();
  published(book, claimFor(run, at, at, ends, false), run);
  Utilities.sleep(SETTLE_MS);
  if (wins(claims(book), run, clock.now())) {
    const marking = clock.now();
    published(book, claimFor(run, at, marking, ends, true), run);
    if (markedInTime(marking, clock.now())) return true;
    // A slow mark: a contender that read before it landed shows by now, and decides as before.
    Utilities.sleep(SETTLE_MS);
    if (wins(claims(book), run, clock.now())) return true;
  }
  published(book, null, run);
  return false;
}

/** Lets go of `run`'s claim (another run's is left alone). */
export function releaseGeneration(book: Book, run: string): void {
  write(book, null, run);
}

/**
 * The document's Generate claim held by `run`: one run at a time sends previews in a document,
 * whether a person pressed Generate or a lead watch saw new rows; null when another run holds it.
 * The claim needs no lock (a trigger's is not a sidebar's: domain/generationClaim).
 */
export function generationClaim(book: Book, run: string, started: number): Claimed | null {
  if (!claimGeneration(book, run, started)) return null;
  // A document another run keeps locked would leave the answers unwritten: nothing is sent then.
  const held = documentLock(PRESS_LOCK_WAIT_MS);
  if (!held) {
    releaseGeneration(book, run);
    return null;
  }
  held.release();
  return {
    renew: () => claimGeneration(book, run, started),
    release: () => releaseGeneration(book, run),
  };
}
