/**
 * Schedules and the run log. Payloads the server's functions (src/index.ts) return and the sidebar
 * page reads: JSON-safe, imported by both.
 */
/** Monday first, as a weekly schedule numbers them (1-7). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export interface Schedule {
  id?: string;
  action: 'refreshScores' | 'refreshScanMonitor' | 'sendReport';
  sheetName: string;
  /** A monthly schedule runs on the 1st. */
  every: 'day' | 'week' | 'month';
  /** 0-23, in the spreadsheet's time zone. */
  hour: number;
  /** 1-7, Monday 1; weekly schedules only. */
  weekday?: number;
  refresh?: 'stale' | 'all';
  staleDays?: number;
  paused?: boolean;
  /**
   * `unusualOnly`: a move is news only when it is also unusual for the brand (its usual swing).
   * `team`: the digest also goes to the owner's team webhook (Slack or Google Chat, in Settings).
   */
  alert?: { email: boolean; minChange: number; unusualOnly?: boolean; team?: boolean };
  /** Send report: whose deck, against whom, over how many weeks, e-mailed to whom. */
  report?: ReportSchedule;
}

export interface ReportSchedule {
  /** The brand's website, as in the sheet's Website column. */
  site: string;
  competitors: string[];
  weeks: number;
  /** Addresses the link goes to; none: the schedule's owner. */
  to: string[];
}

/** A schedule as the Schedules tab shows it: whose it is, and how its runs went. */
export interface ScheduleView extends Schedule {
  id: string;
  owner: string;
  /** Saved by the user looking at it: only they may edit it, and it runs as them. */
  mine: boolean;
  /**
   * Not theirs, and its owner's runs went silent (two due times passed with no run): the user
   * may take it over, and it then runs as them, with their key.
   */
  mayTakeOver: boolean;
  lastRun: string | null;
  nextRun: string | null;
  /** The next run in words on the spreadsheet's clock ("tomorrow at 9:00"); null when paused. */
  nextRunText: string | null;
  lastResult: string | null;
  failures: number;
  /** Send report: the deck each run updates, shown to its owner. */
  deckUrl: string | null;
  /** Send report: how many addresses it mails; the addresses themselves go to its owner only. */
  recipients: number;
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

/** What a workflow says of a run in the log: the time, run kind and action are the log's. */
export type LogLine = Omit<LogEntry, 'time' | 'run' | 'action'>;
