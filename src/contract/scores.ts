/**
 * Scores: the plan, the run and what the list does with them. Payloads the server's functions
 * (src/index.ts) return and the sidebar page reads: JSON-safe, imported by both.
 */
export interface ScoreRequest {
  sheetName: string;
  a1: string;
  /** When the run began: a continued run never fetches a row this run already checked. */
  runStarted: number;
}

export interface ScoreRunOptions {
  refresh?: 'missing' | 'stale' | 'all';
  staleDays?: number;
  /** A continued run names its rows and start; a new run uses the selection. */
  request?: ScoreRequest | null;
}

export interface ScorePlanView {
  sheetName: string;
  a1: string | null;
  rows: number;
  distinct: number;
  fresh: number;
  toFetch: number;
  cached: number;
  invalid: number;
  /** URL fetches the run will make, beside what is left today. */
  requests: number;
  quotaLeft: number;
  message: string | null;
}

export interface Mover {
  sheet: string;
  row: number;
  website: string;
  brand: string;
  from: number;
  to: number;
  change: number;
  /**
   * The brand's usual swing before this run and whether this move is past it (domain/swing.ts);
   * absent with too few readings.
   */
  swing?: { usual: string; unusual: boolean };
}

export interface ScoreReport {
  state: 'done' | 'partial' | 'refused' | 'busy' | 'nothing';
  message: string;
  scored: number;
  fetched: number;
  remaining: number;
  /** Sites not fetched because today's URL-fetch quota ran out: tomorrow's run does them. */
  leftForTomorrow: number;
  /** Sites the service could not answer for (not counting brands the index lacks). */
  failedSites: number;
  /** Sites answered: a score, or "not in index". */
  answeredSites: number;
  movers: Mover[];
  historyAdded: number;
  historyTrimmed: number;
  /**
   * Rows the public index does not hold and no preview serves yet: what "Generate previews for
   * these rows" would send (0: no button).
   */
  notInIndex: number;
  request: ScoreRequest | null;
  /** Where the run's scores are: the `Public score` cells of its rows, to go and look at. */
  scoresAt: ListPlace | null;
}

export interface FreezeReport {
  state: 'done' | 'nothing' | 'busy';
  message: string;
  changed: number;
  skipped: number;
}

/** A list and the block selected in it: where a person came from, to go back to. */
export interface ListPlace {
  sheetName: string;
  a1: string;
}

export interface ChartReport {
  state: 'done' | 'nothing' | 'refused';
  message: string;
  /** The chart's sheet is now the active one: the way back to the list it was drawn from. */
  backTo: ListPlace | null;
}

export interface SiteHistory {
  /** The selected row's site, or null when the selection holds none. */
  site: string | null;
  /** Its public scores by scan date, oldest first. */
  points: Array<{ at: string; score: number }>;
}

export interface TemplateReport {
  state: 'done' | 'nothing';
  message: string;
}

/**
 * The Scores tab's button for a run's rows not in the public index, and the run's summary that
 * names it: one label, so the summary quotes the button as it reads ("for this row", not "these 1").
 */
export const previewNotInIndexLabel = (rows: number) =>
  rows === 1
    ? 'Generate a preview for this row'
    : `Generate previews for these ${rows.toLocaleString('en-US')} rows`;

/** "Open in Looker Studio" (src/domain/dashboardLink.ts): its address, or what it lacks in words. */
export type DashboardLink = { url: string } | { missing: string };
