/**
 * The contract between the sidebar page and the server, imported by both: the one list of server
 * functions the sidebar calls, with their JSON-safe payloads. The bundle's exports implement it
 * (checked by src/addon/sidebarApi.ts); the page (src/ui/client.ts) calls through it.
 */
import type { VisibilityLevel } from './domain/levels';

/** The sidebar's tabs, in order; a menu item may open the sidebar on one of them. */
export const PANELS = [
  'start',
  'scores',
  'previews',
  'outreach',
  'scans',
  'schedules',
  'settings',
] as const;
export type Panel = (typeof PANELS)[number];

export interface SettingsView {
  hasKey: boolean;
  /** e.g. "••••••••3f9a": never the key itself. */
  maskedKey: string | null;
  baseUrl: string;
  defaultBaseUrl: string;
  allowFormulasToUseKey: boolean;
  /** The person says their account is on Google Workspace: its larger daily quotas apply. */
  workspaceAccount: boolean;
  /** A refusal learnt at Generate (plan, partner team, read-only), until the key changes. */
  accountNotice: string | null;
  triggerMinutes: number;
  /**
   * Custom functions run with the spreadsheet owner's properties, so only the owner's key can
   * serve them: false when the user is known not to be the owner.
   */
  mayAllowFormulas: boolean;
  /** Why the last change was not saved (a bad address, a key with spaces, not the owner). */
  refused: string | null;
}

export interface SettingsChange {
  apiKey?: string;
  baseUrl?: string;
  allowFormulasToUseKey?: boolean;
  workspaceAccount?: boolean;
}

export interface ConnectionReport {
  ok: boolean;
  serviceReachable: boolean;
  keyAccepted: boolean | null;
  message: string;
}

export interface SelectionSummary {
  sheetName: string;
  a1: string | null;
  urls: number;
  alreadyHavePreview: number;
  willSend: number;
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
   * failed previews (Retry), or the rows Score found not in the public index.
   */
  only?: 'failed' | 'notInIndex';
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
}

export type Level = VisibilityLevel;

export interface PollReport {
  /** Previews this poll found complete, by the brand name the service gives. */
  justCompleted: Array<{ sheet: string; row: number; brandName: string; score: number | null }>;
  triggered: number;
  pending: number;
  complete: number;
  failed: number;
  errors: Array<{ sheet: string; row: number; status: string; message: string }>;
  levels: Record<Level, number>;
  busy: boolean;
  /** Previews this poll asked about: one URL fetch each (the rest were not due yet). */
  asked: number;
}

export interface MonitorReport {
  exists: boolean;
  watched: number;
  running: number;
  complete: number;
  failed: number;
  none: number;
  errors: number;
  busy: boolean;
  message: string;
  /** Scans that finished (complete or failed) since the row last showed them. */
  finished: Array<{
    agentId: number;
    state: string;
    score: number | null;
    previous: number | null;
  }>;
}

export interface RescanReport {
  state: 'done' | 'refused' | 'busy' | 'nothing';
  message: string;
  triggered: number;
}

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
  /** Rows the public index does not hold: a preview can score them. */
  notInIndex: number;
  request: ScoreRequest | null;
}

export interface FreezeReport {
  state: 'done' | 'nothing' | 'busy';
  message: string;
  changed: number;
  skipped: number;
}

export interface ChartReport {
  state: 'done' | 'nothing' | 'refused';
  message: string;
}

export interface UsageView {
  /** URL fetches made today by this user. */
  today: number;
  quota: number;
  left: number;
  /** Kept back for polling previews already started. */
  reserve: number;
  tier: 'consumer' | 'workspace';
  /** Why this quota is assumed, in plain words. */
  why: string;
  /** Property reads and writes the add-on made today (Google counts them against a quota). */
  properties: { today: number; quota: number };
  /** Minutes the background work ran today, of the day's trigger run time. */
  triggerMinutes: { today: number; quota: number };
}

/** The service's levels, lowest first (the sidebar lists them; `domain/levels.ts` maps scores). */
export const VISIBILITY_LEVELS = ['invisible', 'low', 'moderate', 'strong', 'dominant'] as const;

/** Defaults of the options a person sets (Scores tab, schedules, alerts), in one place. */
export const DEFAULTS = { refresh: 'stale', staleDays: 7, minChange: 10 } as const;

export interface Schedule {
  id?: string;
  action: 'refreshScores' | 'refreshScanMonitor';
  sheetName: string;
  every: 'day' | 'week';
  /** 0-23, in the spreadsheet's time zone. */
  hour: number;
  /** 1-7, Monday 1; weekly schedules only. */
  weekday?: number;
  refresh?: 'stale' | 'all';
  staleDays?: number;
  paused?: boolean;
  /** `unusualOnly`: a move is news only when it is also unusual for the brand (its usual swing). */
  alert?: { email: boolean; minChange: number; unusualOnly?: boolean };
}

/** A schedule as the Schedules tab shows it: whose it is, and how its runs went. */
export interface ScheduleView extends Schedule {
  id: string;
  owner: string;
  /** Saved by the user looking at it: only they may edit it, and it runs as them. */
  mine: boolean;
  lastRun: string | null;
  nextRun: string | null;
  lastResult: string | null;
  failures: number;
}

export interface ScheduleReport {
  ok: boolean;
  message: string;
  schedule: ScheduleView | null;
}

export interface LogEntry {
  time: string;
  run: string;
  action: string;
  sheet: string;
  rows: number | string;
  requests: number | string;
  changed: number | string;
  errors: number | string;
  result: string;
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

/** A pitch template: one of the starters, or one the user saved. */
export interface PitchTemplate {
  name: string;
  text: string;
}

/** What the Outreach tab shows of the active sheet and the user's templates. */
export interface OutreachView {
  sheetName: string;
  /** The placeholders this sheet offers: its row-1 headers, then the derived facts. */
  placeholders: string[];
  starters: PitchTemplate[];
  saved: PitchTemplate[];
  /** The follow-ups' smallest change, as last set in this spreadsheet. */
  minChange: number;
}

export interface PitchRequest {
  template: string;
}

export interface PitchReport {
  state: 'done' | 'nothing' | 'refused';
  message: string;
  written: number;
  /** Rows that got no pitch for want of a value (their `Pitch message` says which). */
  missing: number;
}

/** The first selected rows' pitches, before anything is written. */
export interface PitchPreview {
  state: 'done' | 'nothing' | 'refused';
  message: string;
  rows: Array<{ row: number; pitch: string | null; missing: string[] }>;
}

export interface TemplateSaveReport {
  ok: boolean;
  message: string;
  saved: PitchTemplate[];
}

export interface ContactReport {
  state: 'done' | 'nothing' | 'busy';
  message: string;
  marked: number;
}

export interface FollowUpReport {
  state: 'done' | 'nothing' | 'refused' | 'busy';
  message: string;
  rows: number;
}

/** Help > Run self-check: what the platform did with each rule the add-on relies on. */
export interface SelfCheckReport {
  checks: Array<{ name: string; ok: boolean; detail: string }>;
}

export interface SidebarApi {
  getSettings(): SettingsView;
  saveSettings(change: SettingsChange): SettingsView;
  testConnection(): ConnectionReport;
  getSelectionSummary(): SelectionSummary;
  startPreviewsForSelection(request?: GenerateRequest): GenerateReport;
  pollPendingPreviews(): PollReport;
  openScanMonitor(): MonitorReport;
  pollScanMonitor(force?: boolean): MonitorReport;
  rescanSelected(): RescanReport;
  getScorePlan(options?: ScoreRunOptions): ScorePlanView;
  scoreSelection(options?: ScoreRunOptions): ScoreReport;
  freezeSelection(): FreezeReport;
  restoreSelection(): FreezeReport;
  insertCompareChart(): ChartReport;
  getUsage(): UsageView;
  getSchedules(): ScheduleView[];
  saveSchedule(schedule: Schedule): ScheduleReport;
  deleteSchedule(id: string): ScheduleReport;
  getRunLog(): LogEntry[];
  insertExample(): ScoreReport | { state: 'nothing'; message: string };
  getSiteHistory(): SiteHistory;
  selectRow(sheetName: string, row: number): boolean;
  retryPreviews(request: GenerateRequest): GenerateReport;
  insertTemplate(kind: 'prospects' | 'monitor'): TemplateReport;
  getOutreach(): OutreachView;
  previewPitches(request: PitchRequest): PitchPreview;
  writePitches(request: PitchRequest): PitchReport;
  savePitchTemplate(template: PitchTemplate): TemplateSaveReport;
  deletePitchTemplate(name: string): TemplateSaveReport;
  markContacted(): ContactReport;
  refreshFollowUps(options?: { minChange?: number }): FollowUpReport;
}

/** The same list at run time, for bridges that must refuse anything else (dev/playground). */
export const SIDEBAR_FUNCTIONS = [
  'getSettings',
  'saveSettings',
  'testConnection',
  'getSelectionSummary',
  'startPreviewsForSelection',
  'pollPendingPreviews',
  'openScanMonitor',
  'pollScanMonitor',
  'rescanSelected',
  'getScorePlan',
  'scoreSelection',
  'freezeSelection',
  'restoreSelection',
  'insertCompareChart',
  'getUsage',
  'getSchedules',
  'saveSchedule',
  'deleteSchedule',
  'getRunLog',
  'insertExample',
  'getSiteHistory',
  'selectRow',
  'retryPreviews',
  'insertTemplate',
  'getOutreach',
  'previewPitches',
  'writePitches',
  'savePitchTemplate',
  'deletePitchTemplate',
  'markContacted',
  'refreshFollowUps',
] as const satisfies ReadonlyArray<keyof SidebarApi>;
