/**
 * Previews: what Generate and the polls send back. Payloads the server's functions (src/index.ts)
 * return and the sidebar page reads: JSON-safe, imported by both.
 */
import type { Level } from './levels';

export interface SelectionSummary {
  sheetName: string;
  a1: string | null;
  urls: number;
  alreadyHavePreview: number;
  willSend: number;
  /** Rows whose site an earlier row of the selection already sends: one preview serves both. */
  repeats: number;
  /** Not a website address (marked now or in an earlier run). */
  invalid: number;
  /** URL fetches left today (before the reserve kept for polling). */
  quotaLeft: number;
  message: string | null;
}

export interface GenerateRequest {
  sheetName: string;
  a1: string;
  /**
   * Rows found by what they say rather than by a range (which is then not used): the sheet's
   * failed previews (Retry), the rows Score found not in the public index, or previews nobody
   * completes (made again with the person's key).
   */
  only?: 'failed' | 'notInIndex' | 'stranded';
  /** With `stranded`: whose previews to make again (empty: the IDs no key of the person knows). */
  maker?: string;
  /** The run a continued call carries on, so it keeps the document's Generate claim. */
  run?: string;
}

export interface GenerateReport {
  state: 'done' | 'partial' | 'refused' | 'busy' | 'nothing';
  message: string;
  created: number;
  reused: number;
  failed: number;
  remaining: number;
  /** Where the run works, so a follow-up run continues on the same rows. */
  request: GenerateRequest | null;
  upgradeUrl: string | null;
  warning: string | null;
  /** Rows not sent because today's URL-fetch quota would not cover them. */
  leftForTomorrow: number;
  /** POSTs this run sent (a row with a bad URL sends none): what the run log counts. */
  requests?: number;
}

export interface PollReport {
  /** Previews this poll found complete, by the brand name the service gives. */
  /** `name`: as the person's list names it (its Company cell), else the service's brand name. */
  justCompleted: Array<{ sheet: string; row: number; name: string; score: number | null }>;
  /** Rows with a preview: pending + complete + failed. */
  triggered: number;
  pending: number;
  complete: number;
  /** Previews sent that failed (the service's failure, or a row whose preview is in doubt). */
  failed: number;
  /** Rows never sent (not a website address, refused before sending): no preview to count. */
  notSent: number;
  errors: Array<{ sheet: string; row: number; status: string; message: string }>;
  levels: Record<Level, number>;
  /** Said once, when this poll found the person's background work silent and made it again. */
  notice?: string;
  /** Pending previews teammates made, by who: their sidebar or hourly run completes them. */
  waitingOnOthers: Array<{ by: string; count: number }>;
  /**
   * Pending previews nobody completes, by list: a teammate's who has not been heard from in 7 days
   * (`heard`: their last poll here, ISO, if ever), or IDs the person's key does not know (`by`
   * empty). The person may make them again with their own key (`remakePreviews`).
   */
  stranded: Array<{ sheet: string; by: string; count: number; heard: string | null }>;
  /**
   * Pending rows whose ID nobody's record knows (typed, pasted, or made before makers were
   * recorded): no poll asks about them. `ids`: the requests "Adopt these IDs" would cost.
   */
  unadopted: { rows: number; ids: number };
  busy: boolean;
  /** Previews this poll asked about: one URL fetch each (the rest were not due yet). */
  asked: number;
}

/**
 * "2 previews pending, made by ben@agency.example: their sidebar or hourly run completes them." A
 * teammate's previews are theirs to finish: nobody else's key may ask about them. One wording for
 * the sidebar and the menu's toast.
 */
export const waitingOnOthersWords = (waiting: PollReport['waitingOnOthers']): string =>
  waiting
    .map(
      (w) =>
        `${w.count.toLocaleString('en-US')} ${w.count === 1 ? 'preview' : 'previews'} pending, made by ${w.by}: their sidebar or hourly run completes them.`,
    )
    .join(' ');

/**
 * "Prospects: 3 previews pending, made by ben@agency.example, who has not been heard from since
 * 2026-11-12: nobody completes them." One line per group of `PollReport['stranded']`, for the sidebar.
 */
export const strandedWords = (s: PollReport['stranded'][number]): string => {
  const n = `${s.count.toLocaleString('en-US')} ${s.count === 1 ? 'preview' : 'previews'}`;
  const heard = s.heard ? `since ${s.heard.slice(0, 10)}` : 'in 7 days';
  return s.by
    ? `${s.sheet}: ${n} pending, made by ${s.by}, who has not been heard from ${heard}: nobody completes ${s.count === 1 ? 'it' : 'them'}.`
    : `${s.sheet}: ${n} with an ID your key does not know (typed, or made with a key nobody here has): nobody completes ${s.count === 1 ? 'it' : 'them'}.`;
};
