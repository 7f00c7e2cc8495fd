/**
 * The platform as a workflow of src/addon sees it: small interfaces, implemented over Apps Script
 * here in src/gas and over plain memory in the unit tests (test/unit/fakes.ts), so a workflow's
 * orchestration is tested without the runtime, the bundle or the emulator.
 */
import type { DashboardSource } from '../domain/dashboardLink';
import type { FormTrigger } from './triggers';
import type { RowLedger } from '../domain/leadRowLedger';
import type { BatchReached, KeptAnswer } from '../domain/generationRun';
import type { LedgerView } from '../domain/leadLedger';
import type { LogEntry, LogLine } from '../contract/schedules';
import type { Columns } from '../domain/columns';
import type { Permission } from '../domain/permissions';
import type { SelectedRow } from '../domain/selectedRow';
import type { Extent } from '../domain/visFunctions';
import type { KeyValueCache } from '../domain/cache';
import type { ResolverDeps } from '../domain/resolver';
import type { HistoryReading } from '../domain/scoreList';
import type { ScanStatus } from '../api/client';
import type { BatchOptions, BatchOutcome } from '../api/batch';
import type { HttpRequest, HttpResponse } from '../api/http';
import type { RowPatch } from '../domain/previewColumns';
import type { Deck, ReportPoint, ReportRow } from '../domain/report';
import type { Branding } from '../contract/reports';
import type { DrawnDeck } from './slides';
import type { Result } from '../api/errors';
import type { HistoryWrite } from './history';
import type { MailOutcome } from './mail';
import type { Definition, MyRun, SharedRun } from './scheduleStore';
import type { Entry } from './runLog';
import type { HeldNews, RunOutcome } from '../domain/scheduleRun';
import type { OffsetAt } from '../domain/schedules';
import type { PostOutcome } from '../domain/webhook';
import type { LeadWatch } from '../domain/leads';
import type { SharedWatch } from './leadStore';
import type { LeadTotals } from '../domain/leads';
import type { StoredSettings } from './settings';
import type { SavedWebhook } from './webhook';
import type { PermissionState } from './permissions';
import type { SettingsChange } from '../contract/settings';
import type { ClientConfig } from '../api/client';
import type { Transport } from '../api/http';
import type { ListPlace, ScoreReport } from '../contract/scores';
import type { UsageView } from '../contract/settings';
import type { MonitorReport } from '../contract/scans';
import type { FollowUpReport } from '../contract/outreach';
import type { ScoreOptions } from '../domain/scoreList';
import type { Platform } from '../engines';

/** One sheet, read and written by header. */
export interface SheetPort {
  /** Every row with content, the header row first: one read. */
  grid(): unknown[][];
  /**
   * Writes cells of a column table by row (its missing headers are added at the right), in as
   * few writes as the layout allows, leaving every other cell as it is.
   */
  write<K extends string>(
    table: Columns<K>,
    patches: Map<number, Partial<Record<K, unknown>>>,
    /** The grid as this run just read it (under the lock), sparing a second read. */
    read?: unknown[][],
  ): void;
}

/** E-mail from the person's own account. */
export interface MailPort {
  /** Recipients the day still allows; 0 without the permission. */
  left(): number;
  /** One message; throws when Google refuses it (an address its rules reject). */
  send(to: string, subject: string, body: string): MailOutcome;
}

/** The owner's record of the rows each of their watches handled (domain/leadRowLedger.ts). */
export interface RowLedgerPort {
  /** null: no record yet (a watch an earlier version ran). */
  read(watchId: string): RowLedger | null;
  save(watchId: string, ledger: RowLedger | null): void;
}

/** What one lead watch's run reads, writes and sends (src/addon/leadRun.ts). */
export interface LeadRunPorts {
  sheet: SheetPort;
  mail: MailPort;
  /** The owner's record of the lead e-mails their watches sent in the document. */
  mailed: {
    read(): LedgerView;
    /** One e-mail, recorded once MailApp has sent it. */
    record(sent: { key: string; toKey: string }): void;
  };
  rows: RowLedgerPort;
  /** Runs work under the document's lock; `busy` when another run holds it for too long. */
  locked<T>(work: () => T, busy: () => T): T;
  /**
   * Previews for rows (Generate's plan and writer): the account-wide refusal that stopped it, and
   * the report link the service gave this person's key for each preview made, by its uuid.
   */
  previews(
    rows: readonly number[],
    websiteColumn: number,
  ): { refusal: string | null; links: ReadonlyMap<string, string> };
  service: { hasKey: boolean; baseUrl: string };
  granted(p: Permission): boolean;
  now(): number;
}

/** A list as a workflow reads it: its name and, per row below the header, the cells by key. */
export interface ListRows<K extends string> {
  name: string;
  rows: Array<Record<K, unknown>>;
}

/** The workbook a workflow reads lists from and rebuilds the add-on's own sheets in. */
export interface BookPort {
  /** Every list with `key`'s column (the add-on's own sheets are not opened): one header read each. */
  lists<K extends string>(headers: Record<K, string>, key: NoInfer<K>): ListRows<K>[];
  /**
   * Replaces one of the add-on's sheets (made when missing) with `values` in one write, blanking
   * what it held beyond them, and sets the number formats of its columns.
   */
  replace(
    name: string,
    values: unknown[][],
    formats: Array<{ column: number; format: string }>,
  ): void;
  /** A small record kept in the file (developer metadata), which every editor shares. */
  meta: { get(key: string): string | null; set(key: string, value: string | null): void };
  /** Runs work under the document's lock; `busy` when another run holds it past `waitMs`. */
  locked<T>(waitMs: number, work: () => T, busy: () => T): T;
}

/** The person's selection in the active list, as a list action reads it. */
export interface SelectionPort {
  /** Why the action refuses the active sheet (one of the add-on's own), or null. */
  refused(action: string): string | null;
  /** The selected rows with the list's header row; null when no cells are selected. */
  rows(): {
    sheetName: string;
    headers: unknown[];
    rows: SelectedRow[];
    grid: unknown[][];
    sheet: SheetPort;
  } | null;
  /** A line in the document's `Visibility log` for what the action did. */
  log(action: string, entry: LogLine): void;
  /** Runs work under the document's lock; `busy` when another run holds it past `waitMs`. */
  locked<T>(waitMs: number, work: () => T, busy: () => T): T;
}

/** What a run-log line says beside its time, who ran it and its action. */

/** A sheet's cells as Freeze and Restore read them: values, formulas and notes by block. */
export interface CellsPort {
  /** The grid's size and the last row and column with content. */
  size(): { maxRows: number; maxCols: number; lastRow: number; lastCol: number };
  formulas(e: Extent): string[][];
  notes(e: Extent): string[][];
  values(e: Extent): unknown[][];
  /** One write of a block's values. */
  write(e: Extent, values: unknown[][]): void;
  note(row: number, col: number, text: string): void;
}

/**
 * What the person froze, in their own user properties: Restore writes a formula only from a note
 * this person's freeze wrote, word for word (an editor can write any note; it is never a formula).
 */
export interface FrozenRecords {
  /** Keeps a freeze's note; false when it cannot be kept (then the result is not frozen). */
  keep(note: string): boolean;
  mine(note: string): boolean;
  forget(note: string): void;
}

/** A block of one column of websites in a list: a selection, or a sheet's whole Website column. */
export interface ListBlock {
  sheetName: string;
  first: number;
  last: number;
  column: number;
  a1: string;
}

/** What scoring a list into values reads, asks, writes and records (src/addon/scores.ts). */
export interface ScorePorts {
  sheet: SheetPort;
  block: ListBlock;
  /** The public lookups' transport, cache and clock, no round trip starting past `deadline`. */
  lookups(deadline: number): ResolverDeps;
  /** The answers kept from earlier lookups (the plan counts what is cached). */
  cache: KeyValueCache;
  /** Appends readings to `Score history`. */
  history(readings: HistoryReading[]): HistoryWrite;
  /** Rows not in the public index a preview could be made for (the Scores tab's offer). */
  previewable(values: unknown[][]): number;
  locked<T>(waitMs: number, work: () => T, busy: () => T): T;
  granted(p: Permission): boolean;
  baseUrl: string;
  now(): number;
  /**
   * Each site's earlier score and engine scores as the person's own runs recorded them (their
   * sealed readings), for a run whose moves their account e-mails unattended; absent: the list's
   * own cells.
   */
  earlier?: (sites: string[]) => Map<string, EarlierReading>;
  /**
   * Each site's readings in the history's newest rows, oldest first, read before this run adds its
   * own: what a move's usual swing is measured on (rows in proportion to the sites asked).
   */
  recentReadings(sites: string[]): Map<string, ReportPoint[]>;
}

/** A site's last reading a move is measured from. */
export interface EarlierReading {
  score: number;
  engines: Partial<Record<Platform, number>>;
}

/** What sending a Generate's previews and writing their rows goes through (a press, a lead run). */
export interface GeneratePorts {
  /** Requests sent within the budget, in round trips as `options` says (src/api/batch.ts). */
  send<T>(
    budgetMs: number,
    requests: HttpRequest[],
    parse: (response: HttpResponse, nowMs: number) => Result<T>,
    options: Partial<Omit<BatchOptions, 'clock' | 'deadline'>>,
  ): BatchOutcome<T>;
  /** Answers kept in the person's record before their rows are written (KeptAnswer). */
  answers: {
    kept(): KeptAnswer[];
    keep(answers: readonly KeptAnswer[]): void;
    forget(uuids: readonly string[]): void;
  };
  /** What this person's recent runs learnt of the connection (a drop, a batch that went through). */
  hints: {
    lastDrop(): number | null;
    batchReached(): BatchReached | null;
    rememberDrop(forMs: number): void;
    rememberBatch(reached: BatchReached | null, forMs: number): void;
  };
  /**
   * Writes rows' preview cells under the document's lock over the sheet as it is then, renewing
   * the run's claim; throws when the document stays busy.
   */
  writeRows(patches: Map<number, RowPatch>): void;
  /** Previews this person's key just made: theirs from now on. */
  recordMine(uuids: string[]): void;
  me: string;
  now(): number;
}

/** What the scan monitor reads, asks, writes and records (src/addon/monitor.ts). */
export interface MonitorPorts {
  /** The `Scan monitor` sheet; null where there is none yet. */
  sheet: SheetPort | null;
  hasKey: boolean;
  /** Each agent's scan, asked once. */
  statuses(ids: number[]): Map<number, Result<ScanStatus> | undefined>;
  /** A rescan of each agent, sent once (a batch lost to a dropped connection is not sent again). */
  rescans(ids: number[]): Map<number, Result<unknown> | undefined>;
  /** The rescans this person pressed, by agent, when. */
  pressed: {
    read(): Map<number, number>;
    record(ids: number[], at: number): void;
    forget(ids: number[], now: number): void;
  };
  history(readings: HistoryReading[]): void;
  /** How many scans still run here (the hourly run keeps the document). */
  stillRunning(count: number): void;
  locked<T>(waitMs: number, work: () => T, busy: () => T): T;
  now(): number;
}

/** What a report deck is made from and drawn with (src/addon/reports.ts). */
export interface DeckPorts {
  /** The latest reading of each site in `Score history`, as the owner's runs recorded it. */
  latest(sites: string[]): Map<string, Omit<ReportRow, 'row' | 'site' | 'reportUrl'>>;
  /** Every reading of a site in `Score history`. */
  readings(site: string): ReportPoint[];
  /** What the service says of a site's score, from the cache, or (`fresh`) from one request. */
  said(site: string, fresh: boolean): string;
  branding: Branding;
  /** A day as the spreadsheet's calendar says it. */
  day(time: number): string;
  /** Whether the person granted the Slides permission. */
  mayDraw: boolean;
  /** Draws the deck into the presentation `deckId` when it is there, else a new one; or why not. */
  draw(deck: Deck, deckId?: string): DrawnDeck | string;
  now(): number;
}

/**
 * Where schedules live (src/gas/scheduleStore.ts): definitions in the document for every editor,
 * each owner's run records in their own properties, how the runs went in the file.
 */
export interface ScheduleStore {
  /** The document's schedules, oldest first. */
  definitions(): Definition[];
  /** Writes one definition (null deletes it); `list` is what `definitions` read. */
  saveDefinition(id: string, d: Definition | null, list: Definition[]): void;
  /** This person's run records, by schedule id. */
  mine(): Record<string, MyRun>;
  saveMine(id: string, run: MyRun | null): void;
  /** Read afresh: a run that took minutes must not write back a schedule deleted meanwhile. */
  stillSaved(id: string): boolean;
  /** What the person's store would hold with one more record like `run` (characters). */
  sizeWith(run: MyRun): number;
  /** How each schedule's runs went, as every editor reads it from the file. */
  shared(): Record<string, SharedRun>;
  saveShared(id: string, run: SharedRun | null): void;
  /** What a run continued over several firings found so far, for its one digest. */
  news: {
    held(id: string): HeldNews;
    hold(id: string, news: HeldNews): void;
    drop(id: string): void;
  };
}

/** The document schedules are kept in, and the person who lists, saves or runs them. */
export interface SchedulePorts {
  store: ScheduleStore;
  doc: { id: string; name: string; url: string; zone: OffsetAt };
  me: string;
  /** How many of this person's schedules run in the document (the hourly run keeps it). */
  running(count: number): void;
  /** A line in the document's `Visibility log`. */
  log(entry: Entry): void;
  now(): number;
}

/** What the Schedules tab also reads (src/addon/schedules.ts). */
export interface ScheduleEditPorts extends SchedulePorts {
  sheets(): string[];
  newId(): string;
  /** Recipients a day the person's account may e-mail. */
  recipientsPerDay(): number;
  deckUrl(id: string): string;
  readLog(count: number): LogEntry[];
}

/** What the hourly run of due schedules also does (src/addon/scheduleRuns.ts). */
export interface ScheduleRunPorts extends SchedulePorts {
  /** One run of a schedule's action: what it found, or why it failed (it never throws). */
  attempt(run: MyRun, deadline: number): RunOutcome;
  mail(to: string[], subject: string, body: string): MailOutcome;
  /** An alert to the person's team webhook. */
  team(text: string): PostOutcome | 'no webhook' | 'stopped';
  /** What the person's lead watches in the document did since the schedule's last digest. */
  leadsLine(scheduleId: string): string | null;
}

/** A sheet of the document as the Leads tab offers it. */
export interface SheetInfo {
  id: number;
  name: string;
  /** Its header row, read when asked. */
  headers(): unknown[];
}

/**
 * What the Leads tab and the digest read and keep of lead watches (src/addon/leads.ts): each
 * owner's definitions in their own properties, every editor's view in the file.
 */
export interface LeadWatchPorts {
  /** This person's watches in the document, oldest first. */
  mine(): LeadWatch[];
  saveMine(id: string, watch: LeadWatch | null): void;
  /** The document's watches as every editor sees them (no template, no addresses). */
  shared(): SharedWatch[];
  saveShared(id: string, watch: SharedWatch | null): void;
  rows: RowLedgerPort;
  /** The totals a schedule's last digest counted up to. */
  digested: { read(scheduleId: string): LeadTotals; save(scheduleId: string, t: LeadTotals): void };
  sheets(): SheetInfo[];
  /** One of the document's sheets, by id. */
  sheet(id: number): SheetPort | null;
  /** Runs work under the document's lock; `busy` when another run holds it for too long. */
  locked<T>(work: () => T, busy: () => T): T;
  /** Handles a watch's open rows now (the run of a form response or the hourly run). */
  run(watch: LeadWatch): void;
  /** This person's form-submit trigger on the document: made (false: not granted yet), removed. */
  trigger: { ensure(): FormTrigger; remove(): void };
  /** Whether this person has watches here (the hourly run keeps the document). */
  watching(on: boolean): void;
  hasKey: boolean;
  /** The permissions a watch needs that the person has not granted, in words. */
  missing(): string[];
  me: string;
  newId(): string;
  now(): number;
}

/** What Settings reads and keeps, all of it in the person's own properties (src/addon/settings.ts). */
export interface SettingsPorts {
  read(): StoredSettings;
  write(change: SettingsChange): void;
  /** The key and address the service is asked with. */
  config(): ClientConfig;
  branding(): Branding;
  /** What Test connection found of the saved key. */
  rememberKeyTest(accepted: boolean): void;
  webhook: {
    saved(): SavedWebhook | null;
    save(url: string | null): void;
    /** One post to `url`, its answer read, nothing thrown. */
    post(url: string, text: string): PostOutcome;
  };
  /** What the person granted; background work registered without its trigger gets it now. */
  permissions(): PermissionState;
  transport: Transport;
  /**
   * The spreadsheet owner's and this person's address ('' where Google withholds it), asked only
   * when Settings needs to know whether they are the same person; the owner is null for a file
   * in a shared drive, which has none.
   */
  owner(): string | null;
  me(): string;
  now(): number;
  /**
   * Settings opened without the permission to read the spreadsheet: what is per document (the
   * formulas' use of the key) can be neither read nor changed; the rest, and what is missing, show.
   */
  withoutDocument?: boolean;
}

/** The active cell as the Scores tab's small reads see it. */
export interface ActiveCell {
  value: unknown;
  /** The header row of its sheet. */
  headers: unknown[];
  /** Another cell of its row (1-based column). */
  inRow(column: number): unknown;
}

/** What the Scores tab's chart of one site reads (src/addon/siteHistory.ts). */
export interface SiteHistoryPorts {
  /** The active cell; null when none is selected. */
  active(): ActiveCell | null;
  /** Every reading of a site in `Score history`. */
  readings(site: string): ReportPoint[];
}

/** What "Open in Looker Studio" reads: the file, its `Score history` and the list in view. */
export interface DashboardPorts {
  source(): DashboardSource;
}

/** What the comparison chart reads, asks and draws (src/addon/compareChart.ts). */
export interface ComparePorts {
  /** The selection's values, in reading order. */
  selected(): unknown[];
  /** The public lookups' transport, cache and clock. */
  lookups(): ResolverDeps;
  baseUrl: string;
  /** Where the person was (the chart's sheet becomes the active one). */
  place(): ListPlace | null;
  /** The `Comparison` sheet's numbers as values, and its bar chart. */
  draw(data: unknown[][]): void;
}

/** What Help's diagnostics read: nothing secret leaves them (src/addon/help.ts). */
export interface DiagnosticsPorts {
  settings(): StoredSettings;
  webhook(): SavedWebhook | null;
  missing(): Permission[];
  usage(): UsageView;
  /** How many documents the person's hourly run keeps. */
  documentsWithWork(): number;
  log(count: number): LogEntry[];
}

/** A sheet of the active spreadsheet to go to (src/addon/attention.ts). */
export interface SheetToVisit {
  lastRow: number;
  /** Makes it the active sheet with the row selected across its columns. */
  selectRow(row: number): void;
  /** Makes it the active sheet with the block `a1` selected, as far as the sheet still holds it. */
  selectBlock(a1: string): void;
}

/** The person's place in the spreadsheet, to go to a row or back to a list. */
export interface NavigationPort {
  /** A sheet by name; null when there is none. */
  sheet(name: string): SheetToVisit | null;
}

/** What the example sheet reads, writes and scores (src/addon/example.ts). */
export interface ExamplePorts {
  /** Where the person was before. */
  place(): ListPlace | null;
  /** The example sheet, made when missing, and made the active one. */
  open(name: string): { empty: boolean; fill(values: unknown[][]): void };
  /** Its public scores, written as a Score press writes them; null without a Website column. */
  score(): ScoreReport | null;
  log(action: string, entry: LogLine): void;
}

/** What a new sheet from a template is made of (src/addon/templates.ts). */
export interface TemplateSheet {
  /** The person's own headers it starts with, before the add-on's columns. */
  own: string[];
  /** The add-on's columns, with their formats and colour scale. */
  columns: Columns<string>;
  /** A note on its first header; else its first row below the header is selected. */
  note: string | null;
}

export interface TemplatePorts {
  exists(name: string): boolean;
  make(name: string, sheet: TemplateSheet): void;
}

/** What a scheduled action reads and runs in its document (src/addon/scheduleActions.ts). */
export interface ScheduleActionPorts {
  /** A list by name: its header row, and its grid over some columns; null when it is gone. */
  list(name: string): { headers: unknown[]; read(columns: number[]): unknown[][] } | null;
  /** Score over a list's whole Website column; null when it has no rows (or no such column). */
  score(
    name: string,
    options: ScoreOptions,
    runStarted: number | null,
    deadline: number,
  ): ScoreReport | null;
  /** The Follow-ups sheet rebuilt. */
  followUps(): FollowUpReport;
  hasKey: boolean;
  /** The scan monitor polled now, every agent. */
  monitor(): MonitorReport;
  /** A report deck's ports (read only by Send report). */
  deck(): DeckPorts;
}
