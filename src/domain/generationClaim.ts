/**
 * Two Generates in one document at once would send the same rows twice. Rather than hold the
 * document lock while previews are sent (every other press would be told the document is busy),
 * a run claims the document for a short while, renews the claim at each round trip, and lets go
 * at its end. A claim never outlives the execution that holds it (the platform stops every
 * execution at 6 minutes), so a run cut off leaves nothing stuck: the next press finds it lapsed.
 *
 * No lock is shared by every run that claims: a sidebar has the document lock, an add-on's
 * trigger has none (its fallback, the user lock, is each person's own), and the script lock of
 * a published add-on is every user's in every file. So a claim is taken without one: each run
 * writes its own entry stamped when it was written, waits `SETTLE_MS`, and reads them all back;
 * the earliest unlapsed entry holds the document and every later one withdraws. Two runs that
 * both read the document free then agree on the one that wrote first, provided each write is
 * seen within `SETTLE_MS`: a run whose write took longer withdraws (`writtenInTime`).
 */
export interface GenerationClaim {
  run: string;
  /** When its entry was written (ms): the earliest holds the document. */
  at: number;
  until: number;
}

/** One round trip of POSTs (UrlFetchApp waits up to a minute) and the rows' write, with room. */
export const CLAIM_MS = 2 * 60 * 1000;
/** How long a claim waits for another run's entry written at the same moment to be seen. */
export const SETTLE_MS = 1000;

export function readClaim(text: string | null): GenerationClaim | null {
  try {
    const v = JSON.parse(text ?? 'null') as Partial<GenerationClaim> | null;
    return v && typeof v.run === 'string' && typeof v.until === 'number'
      ? { run: v.run, at: typeof v.at === 'number' ? v.at : 0, until: v.until }
      : null;
  } catch {
    return null;
  }
}

/**
 * A claim lasting past what any run can hold (a clock moved, a record not written by a run)
 * counts as lapsed: nothing may hold a document for ever.
 */
const lapsed = (c: GenerationClaim, now: number) => c.until <= now || c.until > now + CLAIM_MS;

/** The claim that holds the document now: the earliest unlapsed (a tie goes to the lower id). */
export function holderOf(claims: GenerationClaim[], now: number): GenerationClaim | null {
  const live = claims.filter((c) => !lapsed(c, now));
  live.sort((a, b) => a.at - b.at || (a.run < b.run ? -1 : a.run > b.run ? 1 : 0));
  return live[0] ?? null;
}

/** Whether `run` may try for the claim now (or keep it): nobody holds it, or it is ours. */
export function mayClaim(claims: GenerationClaim[], run: string, now: number): boolean {
  const holder = holderOf(claims, now);
  return !holder || holder.run === run;
}

/** Entries that lapsed: anyone taking the claim tidies them away. */
export const lapsedClaims = (claims: GenerationClaim[], now: number): GenerationClaim[] =>
  claims.filter((c) => lapsed(c, now));

/** Whether a new entry was seen soon enough that a rival written meanwhile would be seen too. */
export const writtenInTime = (at: number, seenAt: number): boolean => seenAt - at < SETTLE_MS / 2;

/** `run`'s claim from `now`, lapsing at the latest when its execution is stopped (`executionEnds`). */
export function claimFor(
  run: string,
  at: number,
  now: number,
  executionEnds: number,
): GenerationClaim {
  return { run, at, until: Math.min(now + CLAIM_MS, executionEnds) };
}
