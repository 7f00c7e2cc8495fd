/**
 * Two Generates in one document at once would send the same rows twice. Rather than hold the
 * document lock while previews are sent (every other press would be told the document is busy),
 * a run claims the document for a short while, renews the claim at each round trip, and lets go
 * at its end. A claim never outlives the execution that holds it (the platform stops every
 * execution at 6 minutes), so a run cut off leaves nothing stuck: the next press finds it lapsed.
 */
export interface GenerationClaim {
  run: string;
  until: number;
}

/** One round trip of POSTs (UrlFetchApp waits up to a minute) and the rows' write, with room. */
export const CLAIM_MS = 2 * 60 * 1000;

export function readClaim(text: string | null): GenerationClaim | null {
  try {
    const v = JSON.parse(text ?? 'null') as Partial<GenerationClaim> | null;
    return v && typeof v.run === 'string' && typeof v.until === 'number'
      ? { run: v.run, until: v.until }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether `run` may take (or keep) the claim now: nobody holds it, it lapsed, or it is ours. A
 * claim lasting past what any run can hold (a clock moved, a record not written by a run) counts
 * as lapsed: nothing may hold a document for ever.
 */
export function mayClaim(current: GenerationClaim | null, run: string, now: number): boolean {
  return !current || current.until <= now || current.until > now + CLAIM_MS || current.run === run;
}

/** `run`'s claim from `now`, lapsing at the latest when its execution is stopped (`executionEnds`). */
export function claimFor(run: string, now: number, executionEnds: number): GenerationClaim {
  return { run, until: Math.min(now + CLAIM_MS, executionEnds) };
}
