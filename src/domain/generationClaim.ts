/**
 * Two Generates in one document at once would send the same rows twice. Rather than hold the
 * document lock while previews are sent (every other press would be told the document is busy),
 * a run claims the document for a short while, renews the claim as it works, and lets go at its
 * end. A claim never outlives the execution that holds it (the platform stops every execution at
 * 6 minutes), so a run cut off leaves nothing stuck: the next press finds it lapsed.
 *
 * No lock is shared by every run that claims: a sidebar has the document lock, an add-on's
 * trigger has none (its fallback, the user lock, is each person's own), and the script lock of
 * a published add-on is every user's in every file. So a claim is taken without one, and without
 * trusting two executions' clocks to agree (they may differ by seconds):
 * 1. `enter`: a run that finds any other live entry is busy; its own held entry is renewed.
 * 2. Otherwise it writes its entry, unconfirmed, waits `SETTLE_MS`, and reads them all back.
 * 3. `wins`: it holds the document when no other entry is held and no other contender comes
 *    before it by run id (an order every run computes alike, whatever its clock says); it then
 *    marks its entry held, and withdraws if that write was not seen within `SETTLE_MS / 2`
 *    (a contender arriving meanwhile must see the mark). Every loser deletes its entry.
 * A latecomer that missed the winner's entry wrote after the winner's read, so its own read,
 * `SETTLE_MS` later, finds the winner's mark: clocks only stamp when an entry lapses.
 */
export interface GenerationClaim {
  run: string;
  /** When its entry was first written (ms, by its own clock): shown, never compared. */
  at: number;
  until: number;
  /** Confirmed: this run holds the document (set once it won). */
  held?: boolean;
}

/** One round trip of POSTs (UrlFetchApp waits up to a minute) and the rows' write, with room. */
export const CLAIM_MS = 2 * 60 * 1000;
/** How long a claim waits for another run's entry written at the same moment to be seen. */
export const SETTLE_MS = 1000;
/** How far two executions' clocks may disagree without a live claim reading as lapsed. */
export const SKEW_MS = 5000;

export function readClaim(text: string | null): GenerationClaim | null {
  try {
    const v = JSON.parse(text ?? 'null') as Partial<GenerationClaim> | null;
    return v && typeof v.run === 'string' && typeof v.until === 'number'
      ? {
          run: v.run,
          at: typeof v.at === 'number' ? v.at : 0,
          until: v.until,
          ...(v.held === true ? { held: true } : {}),
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * A claim past its time (allowing for a clock some seconds off), or lasting past what any run
 * can hold (a clock far off, a record not written by a run), counts as lapsed: nothing may hold
 * a document for ever.
 */
const lapsed = (c: GenerationClaim, now: number) =>
  c.until + SKEW_MS <= now || c.until > now + CLAIM_MS + SKEW_MS;

const live = (claims: GenerationClaim[], now: number) => claims.filter((c) => !lapsed(c, now));

/**
 * What a run does first: `renew` its own held claim, `busy` when another run's entry is live
 * (held, or contending now), else `contend`.
 */
export function enter(
  claims: GenerationClaim[],
  run: string,
  now: number,
): 'renew' | 'busy' | 'contend' {
  const alive = live(claims, now);
  if (alive.some((c) => c.run === run && c.held)) return 'renew';
  return alive.some((c) => c.run !== run) ? 'busy' : 'contend';
}

/** After settling: whether `run` holds the document (no other held, no contender before it). */
export function wins(claims: GenerationClaim[], run: string, now: number): boolean {
  return !live(claims, now).some((c) => c.run !== run && (c.held || c.run < run));
}

/** Entries that lapsed: anyone taking the claim tidies them away. */
export const lapsedClaims = (claims: GenerationClaim[], now: number): GenerationClaim[] =>
  claims.filter((c) => lapsed(c, now));

/** Whether the mark was seen soon enough that a contender's read after it would see it. */
export const markedInTime = (start: number, seenAt: number): boolean =>
  seenAt - start < SETTLE_MS / 2;

/** `run`'s claim from `now`, lapsing at the latest when its execution is stopped (`executionEnds`). */
export function claimFor(
  run: string,
  at: number,
  now: number,
  executionEnds: number,
  held: boolean,
): GenerationClaim {
  return { run, at, until: Math.min(now + CLAIM_MS, executionEnds), ...(held ? { held } : {}) };
}
