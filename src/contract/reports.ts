/**
 * Reports: a brand's deck made from the list's readings. Payloads the server's functions
 * (src/index.ts) return and the sidebar page reads: JSON-safe, imported by both.
 */
export interface Branding {
  /** The agency's name on the cover ('' for none). */
  agency: string;
  /** #rrggbb */
  accent: string;
  /** https address of a logo image ('' for none). */
  logoUrl: string;
  /** Say on the cover that the add-on made the deck (white-label unless chosen). */
  credit: boolean;
}

/** Make report: the selection's first row is the brand, its other rows the competitors. */
export interface ReportRequest {
  /** The period, in weeks back from today (REPORT_PERIODS). */
  weeks?: number;
  /**
   * May ask the service for the brand's record (one request) for its own words on the score;
   * without it, only a record a Score fetched in the last 6 hours (the cache) is quoted.
   */
  fresh?: boolean;
}

export interface ReportResult {
  state: 'done' | 'refused' | 'nothing';
  message: string;
  /** The deck's address, when one was made. */
  url: string | null;
  slides: number;
}

/** The periods the form offers, in weeks; the first is the default. */
export const REPORT_PERIODS = [4, 8, 13] as const;
