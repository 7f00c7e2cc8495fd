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
   * The move weighed against the brand's swing before this run (domain/swing.ts); absent when the
   * run did not weigh its moves (a schedule that alerts on any move).
   */
  swing?: Weighed;
  /** Each engine that moved, weighed against that engine's own swing when the run weighed. */
  engines?: EngineMove[];
  /** What the score rests on, as the row's `Evidence` cell says it (domain/evidence.ts). */
  evidence?: string;
  /** The scan the new score is of (ms), as the service dated it: one alert per site and scan. */
  scanned?: number | null;
}

/** A move weighed against the readings before it (domain/swing.ts `weigh`). */
export interface Weighed {
  /** The usual swing, as shown (one decimal at most). */
  usual: string;
  unusual: boolean;
  /** The brand's own swing (enough readings), or the default band. */
  own: boolean;
  /** Readings the swing rests on. */
  readings: number;
}

export interface EngineMove {
  /** The engine's name as people read it ("ChatGPT"). */
  engine: string;
  from: number;
  to: number;
  change: number;
  swing?: Weighed;
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

/** "Export tidy readings": `Score readings` rebuilt from `Score history`. */
export interface ReadingsExport {
  /** `refused`: a sheet of that name the add-on did not make, or no room in the spreadsheet. */
  state: 'done' | 'nothing' | 'busy' | 'refused';
  message: string;
  /** Rows written (one score each). */
  rows: number;
}
