/**
 * The platform kit: the few capabilities a workflow needs from Google, each one port. A workflow
 * takes a `Kit` and reads like its decisions (read, decide in src/domain, ask, decide, write);
 * src/gas/kit.ts gives the kit over Apps Script, dev/memoryKit.ts in memory, and one contract
 * suite (test/kit/contract.ts) holds both, and the Apps Script one on dev/gas-runtime, to the
 * same rules. What Google limits (a property's 9 KB, the cache's 100 KB and 6 hours) is enforced
 * here, once, not by each implementation.
 */
import type { BatchOptions, BatchOutcome } from '../api/batch';
import type { ClientConfig } from '../api/client';
import type { Result } from '../api/errors';
import type { HttpRequest, HttpResponse } from '../api/http';
import type { Columns } from '../domain/columns';
import type { SheetRoom } from '../domain/grid';
import type { ColumnBlock, SheetGrid, SheetRef, TableRows } from '../domain/table';
import type { SelectedRows } from '../domain/selectedRow';
import type { Permission, PermissionState } from '../domain/permissions';
import type { PostOutcome } from '../domain/webhook';
import type { UsageView } from '../contract/settings';
import type { ListPlace } from '../contract/scores';
import type { LogEntry, LogLine } from '../contract/schedules';
import type { ResolverDeps } from '../domain/resolver';
import type { OffsetAt } from '../domain/schedules';
import type { Extent } from '../domain/visFunctions';
import type { HistoryReading } from '../domain/scoreList';
import type { HistoryWrite, LatestReading, Whose } from '../domain/historyRead';
import type { Deck, DrawnDeck, ReportPoint } from '../domain/report';
import * as z from 'zod/mini';
import { lazy } from '../api/schemas';

/**
 * How a record is kept as strings where not as one JSON value: an earlier release's format that
 * people's stores already hold, or a list longer than one value holds.
 */
export interface RecordCodec<T> {
  /** The values it is kept in, in order: the first under the record's key, the next `key.1`, … */
  write(value: T): string[];
  read(texts: string[]): unknown;
}

/** A kind of record a workflow keeps: its name, its shape, and what it reads as when none is kept. */
export interface RecordKind<T> {
  readonly name: string;
  /** Built on first use (not at load, which every execution pays for). */
  readonly schema: () => z.ZodMiniType<T>;
  /** What `get` answers when nothing is kept, or what is kept no longer parses (a hand edit). */
  readonly none: T;
  /** One JSON value when not given. */
  readonly codec?: RecordCodec<T>;
}

export const recordKind = <T>(
  name: string,
  schema: () => z.ZodMiniType<T>,
  none: T,
  codec?: RecordCodec<T>,
): RecordKind<T> => ({ name, schema: lazy(schema), none, ...(codec ? { codec } : {}) });

/** A record kept as its own text (an earlier release's format); none is no value kept. */
export const textKind = (name: string): RecordKind<string | null> =>
  recordKind<string | null>(name, () => z.nullable(z.string()), null, {
    write: (value) => [value ?? ''],
    read: ([kept]) => kept || null,
  });

/** One record to write, typed by its kind where `entry` made it. */
export interface RecordEntry {
  readonly kind: RecordKind<unknown>;
  readonly value: unknown;
  readonly id?: string;
}

export const entry = <T>(kind: RecordKind<T>, value: T, id?: string): RecordEntry => ({
  kind: kind as RecordKind<unknown>,
  value,
  ...(id === undefined ? {} : { id }),
});

/** Typed records in one durable store: the person's own properties, or the file's metadata. */
export interface RecordStore {
  get<T>(kind: RecordKind<T>, id?: string): T;
  /**
   * Each record of a kind kept as one value (no codec) whose id starts with `idPrefix`, by id, in
   * one read: a kind kept as many small records (a run's parts, say). A value that does not parse
   * is left out.
   */
  list<T>(kind: RecordKind<T>, idPrefix: string): Map<string, T>;
  /** Throws `RecordTooLarge` (nothing written) past the store's size for one value. */
  put<T>(kind: RecordKind<T>, value: T, id?: string): void;
  /** Several records written at once: one call to the store, as Google counts them (Q5). */
  putAll(entries: readonly RecordEntry[]): void;
  drop(kind: RecordKind<unknown>, id?: string): void;
}

/** Records the cache may keep for a while, or lose at any time: never the only copy of anything. */
export interface CachedRecords {
  /** null: not kept (never written, expired, evicted, or no longer of the kind's shape). */
  get<T>(kind: RecordKind<T>, id: string): T | null;
  /** False where the cache cannot hold it (too large); seconds are capped at the cache's 6 hours. */
  put<T>(kind: RecordKind<T>, value: T, id: string, seconds: number): boolean;
  /** The records of `ids` the cache keeps, in one read however many. */
  getAll<T>(kind: RecordKind<T>, ids: readonly string[]): Map<string, T>;
  /** Many records in one write, each within the cache's size for one value (others left out). */
  putAll<T>(kind: RecordKind<T>, values: ReadonlyMap<string, T>, seconds: number): void;
}

/**
 * Records every editor is shown and no run decides by (who was heard from in the file): the file's
 * metadata, or the document's properties where another script filled it.
 */
export interface SharedRecords {
  /** Each of the kind's records by id: `alsoDocument`, those kept in the document's properties too. */
  list<T>(kind: RecordKind<T>, alsoDocument: boolean): Map<string, T>;
  /** Written where there is room; left as it was where there is none (a clock trigger's run). */
  put<T>(kind: RecordKind<T>, value: T, id: string): void;
  /** Removed wherever it is kept. */
  drop(kind: RecordKind<unknown>, id: string): void;
}

/** The person's own properties. */
export interface PersonRecords extends RecordStore {
  /** What the store holds, keys included, in bytes, against Google's 500 KB (P1). */
  bytes(): number;
  /**
   * Reads the store afresh: what another execution of the person put since this one read it (a
   * run that took minutes must not write back a record deleted meanwhile from the sidebar).
   */
  reread(): void;
}

export interface Records {
  /** The person's own properties: what decides what their key spends lives here. */
  mine: PersonRecords;
  /**
   * The document's properties, which every editor's executions read and write; none is kept for a
   * clock trigger's run, which has no document (what such a run needs is kept in `mine` too).
   */
  document: RecordStore;
  /**
   * The file's own records (PROJECT-visible developer metadata), which every editor's runs read,
   * a clock trigger's too; coordination, never authority over what a key spends (D2). Where
   * another script filled the file's metadata, a put throws `MetadataFull` in words.
   */
  file: RecordStore;
  shared: SharedRecords;
  /**
   * What this execution found of the file's room, in words, where another script filled the
   * file's metadata (records were kept in the document, or left as they were); else null.
   */
  roomNotice(): string | null;
  /**
   * This person's cache (many records packed into few of its 1,000 items, K2): answers fetched
   * with their key are never served to another.
   */
  cached: CachedRecords;
}

/** The service, spoken to with the person's own settings. */
export interface ServicePort {
  /**
   * What the public lookups (a brand's public score, by name or site) go through: the answers kept
   * where every user of the document is served them (nothing in them is the person's), the
   * service's pace as the person's runs last measured it, and today's quota less the polls'
   * reserve. No round trip starts past `deadline`. `keyed`: a lookup asked with the person's key
   * (a formula's), its answers kept only with the document they were asked for, never where
   * another document's lookups are served from.
   */
  lookups(deadline: number, keyed?: boolean): ResolverDeps;
  /** The person's service address and key (the key goes into request headers, never elsewhere). */
  config(): ClientConfig;
  /**
   * Sends every request (batched, paced and retried by api/batch.ts) and parses each answer;
   * undefined where `budgetMs` ran out before it could be sent. Every request counts in the
   * person's fetch meter, as the sidebar's do.
   */
  ask<T>(
    requests: HttpRequest[],
    parse: (response: HttpResponse, nowMs: number) => Result<T>,
    budgetMs: number,
    /** A POST's narrower rules: what may be sent again, and a slow loss never resent. */
    options?: AskOptions,
  ): Array<Result<T> | undefined>;
  /**
   * `ask` with the batch's whole outcome (requests sent, losses, the batch size it reached), each
   * round trip seen as it comes (`onRoundTrip`: a run that writes rows as their answers arrive)
   * and the batch sizes chosen by the caller.
   */
  send<T>(
    requests: HttpRequest[],
    parse: (response: HttpResponse, nowMs: number) => Result<T>,
    budgetMs: number,
    options?: SendOptions,
  ): BatchOutcome<T>;
}

export type AskOptions = Partial<Pick<BatchOptions, 'retryable' | 'maxLostTries' | 'slowLossMs'>>;
export type SendOptions = Partial<Omit<BatchOptions, 'clock' | 'deadline'>>;

/** The clock and the person running. */
export interface Account {
  now(): number;
  /** A moment's day (yyyy-mm-dd) as the file's calendar says it: its time zone, not the server's. */
  day(time: number): string;
  /** The person's address where Google gives it (empty where it does not, as in a custom function). */
  email(): string;
  /** Requests the person's key may still make today, by their plan and their meter. */
  quotaLeft(): number;
  /** Each moment's offset from UTC in the file's time zone (ms): its calendar's hours. */
  offsets(): OffsetAt;
  /** A new unique id (a schedule's, say). */
  newId(): string;
  /** Whether the person granted what `p` needs (docs/platform-limits.md A-rows). */
  granted(p: Permission): boolean;
  /** What the person has not granted, and Google's link that asks for it. */
  permissions(): PermissionState;
  /** Today's use of the person's quotas (URL fetches, property calls, trigger minutes). */
  usage(): UsageView;
  /**
   * The spreadsheet owner's address ('' where Google withholds it); null for a file in a shared
   * drive, which has no owner (P3).
   */
  owner(): string | null;
  /**
   * A sidebar poll's execution, every 10 s while the sidebar is open: a write that can wait (ids
   * of previews that settled, say) is left to the hourly run, within two property calls a poll.
   */
  sparing(): boolean;
}

/** A lock held, to be let go of once: no closure is handed down to run under it. */
export interface Held {
  release(): void;
}

/** A claim held while its run works without a lock, kept alive as it goes. */
export interface Claimed extends Held {
  /** False when another run took it meanwhile (this one lapsed): stop sending. */
  renew(): boolean;
}

export interface Locks {
  /**
   * The person's own lock (one of their executions at a time), or null when another holds it past
   * `waitMs`. Their records read while it is held are what the store holds then (what another
   * execution of theirs wrote included): a read-change-write under it loses nothing.
   */
  mine(waitMs: number): Held | null;
  /**
   * The document's lock (one execution of anyone at a time), or null past `waitMs`. Where Google
   * gives none (an add-on's trigger), the person's own lock stands in (L3).
   */
  document(waitMs: number): Held | null;
  /**
   * The document's Generate claim for `run`, an execution started at `started`: one run at a time
   * sends previews in a document (a person's press, a lead watch), holding no lock while it sends.
   * Null when another run's claim is live, or another run keeps the document locked (the answers
   * could not be written). It lapses by itself when its execution is stopped.
   */
  claim(run: string, started: number): Claimed | null;
}

/** The cells the person has selected, on the sheet as found. */
export interface Selection extends SheetRef {
  name: string;
  /** Its first and last row, and first column (1-based). */
  first: number;
  last: number;
  column: number;
  /** Its values, row by row, as Sheets shows them. */
  values: unknown[][];
}

/** What the person sees: where they are in the spreadsheet, and where to take them. */
export interface View {
  /** The name of the sheet the person has open (no cell of it read). */
  sheet(): string;
  /** The selected cells; null with nothing selected. */
  selected(): Selection | null;
  /**
   * The whole rows of the selection (any column of them) in a list, its sheet read once: what
   * each cell holds and shows, and whether the sheet's filter hides the row. Null with nothing
   * selected, or on one of the add-on's own sheets.
   */
  rows(): SelectedRows | null;
  /**
   * The list and block the person has selected, to come back to; null on one of the add-on's own
   * sheets, or with nothing selected.
   */
  place(): ListPlace | null;
  /**
   * The rows of one column a press acts on: the selection's first column (a selected header row
   * skipped, rows past the sheet's last filled one dropped, so a whole column costs its filled
   * rows), or with `named` the block a continued run names, as far as the sheet holds it now (rows
   * deleted since make it shorter). Null on one of the add-on's own sheets, with nothing selected,
   * or where no row is left.
   */
  block(named?: ListPlace | null): ColumnBlock | null;
  /** The selected cells' rectangle on the sheet as found, no cell of it read; null with none. */
  extent(): { sheet: SheetRef; extent: Extent } | null;
  /**
   * Makes a sheet the active one. `rows`: selected across its columns, only where the sheet holds
   * them (false, and nothing shown, when they are past its last row). `a1`: a column's block,
   * selected as far as the sheet still holds its rows (where it holds none, the block's first
   * cell: a new list's first row). False when there is no such sheet.
   */
  show(at: TableAt, select?: RowSpan | string): boolean;
}

/** Google Slides in the person's Drive. */
export interface Slides {
  /**
   * Draws `deck` in the presentation `id` when it is there (its slides replaced), else in a new one;
   * or Google's refusal in words (the day's new presentations used up, a logo it could not read).
   */
  draw(deck: Deck, id?: string): DrawnDeck | string;
}

/** What a run says it did. */
export interface Log {
  /** A line for the execution's log (Apps Script's Executions page): never a key, never cell text. */
  line(text: string): void;
  /**
   * A line in the document's `Visibility log`, which every editor reads: when, who started the
   * execution (menu, sidebar or trigger), the action and what it did; the oldest lines go past
   * 1,000. Its text is written as text, never as a formula. `run`: who started it where not the
   * execution (a schedule's run, within the hourly one).
   */
  action(action: string, line: LogLine, run?: string): void;
  /** The `Visibility log`'s newest `count` lines, newest first. */
  recent(count: number): LogEntry[];
}

/** A block of a sheet's cells (1-based): its first row and column, and how many of each. */
export type { Extent } from '../domain/visFunctions';

/**
 * A sheet's cells by block, as they are (no header, no table): what works on formulas, their
 * results and notes (Freeze, Restore, Combine formulas filled down). A write here is raw, a text
 * starting with `=` a formula: only a formula the person's own records hold, or one their own
 * cells held, is ever written through it, never what a service or another editor sent.
 */
export interface Cells {
  /** The grid's size, and its last row and column with content; null where there is no such sheet. */
  size(at: TableAt): { maxRows: number; maxCols: number; lastRow: number; lastCol: number } | null;
  /** Each cell's formula ('' for a value). */
  formulas(at: TableAt, e: Extent): string[][];
  /** Each cell's value as Sheets holds it (a formula's result). */
  values(at: TableAt, e: Extent): unknown[][];
  notes(at: TableAt, e: Extent): string[][];
  /** One write of a block; a protection refusing it is said in words. */
  write(at: TableAt, e: Extent, values: unknown[][]): void;
  /** One write of a block's notes ('' removes one); a protection refusing it is said in words. */
  annotate(at: TableAt, e: Extent, notes: string[][]): void;
}

/** A sheet of the file as found. */
export interface SheetInfo extends SheetRef {
  name: string;
  /** A form's responses sheet (Sheets links it to the form): only what the form delivers is a lead. */
  form: boolean;
}

/** Rows `first` to `last` of a sheet, both included. */
export interface RowSpan {
  first: number;
  last: number;
}

/**
 * A sheet by its name, or as a run found it (`SheetRef`): a write there lands in that sheet even
 * when it was renamed meanwhile, and throws `SheetGone` when it was deleted.
 */
export type TableAt = string | SheetRef;

/** The sheet a run read was deleted before it wrote: nothing is written, nothing made. */
export class SheetGone extends Error {
  constructor() {
    super(
      'The sheet was deleted while this run worked on it, so its rows could not be written. Nothing else was changed.',
    );
    this.name = 'SheetGone';
  }
}

/** A sheet a run found, read whole now; throws `SheetGone` where it was deleted since. */
export function foundGrid(kit: Pick<Kit, 'tables'>, at: SheetRef): SheetGrid {
  const grid = kit.tables.grid(at);
  if (!grid) throw new SheetGone();
  return grid;
}

/**
 * The workbook's tables, read and written by their headers, with the grid's rules inside: one
 * read of the columns asked for, one write per run of them, nothing outside our columns touched,
 * and text that Sheets would read as a formula or a number written so it stays text.
 */
export interface Tables {
  /** Every list with `key`'s column; the add-on's own sheets are not opened. */
  find<K extends string>(columns: Columns<K>, key: NoInfer<K>): TableRows<K>[];
  /**
   * One sheet's table by its name; null where there is no such sheet. `rows`: only the rows from
   * `first` to `last` are read (a few cells of a long list).
   */
  read<K extends string>(at: TableAt, columns: Columns<K>, rows?: RowSpan): TableRows<K> | null;
  /**
   * A sheet's cells in one read, as Sheets shows them: a selection's own column (whatever its
   * header) and several tables read from the same cells. Null where there is no such sheet.
   */
  grid(at: TableAt): SheetGrid | null;
  /**
   * Writes cells by row and key into a sheet (made when missing by name): headers missing are
   * added at the table's right (a `scaled` column with the 0-100 colour scale), every other cell
   * left as it is. Answers where each column is now (1-based), the added ones included.
   */
  write<K extends string>(
    at: TableAt,
    columns: Columns<K>,
    patches: Map<number, Partial<Record<K, unknown>>>,
    /** The sheet's cells as this run just read them whole (`grid`), sparing a second read. */
    read?: unknown[][],
  ): Record<K, number>;
  /** Adds rows below the sheet's last row with content; answers the first row written. */
  append<K extends string>(
    name: string,
    columns: Columns<K>,
    rows: Array<Partial<Record<K, unknown>>>,
  ): number;
  /**
   * Replaces one of the add-on's own sheets (made when missing) with `values`, blanking the rest;
   * `formats`: number formats of columns (1-based) down the rows written.
   */
  replace(
    name: string,
    values: unknown[][],
    formats?: Array<{ column: number; format: string }>,
  ): void;
  /** What a sheet of that name holds and takes of the workbook's cells, read before replacing it. */
  room(name: string): SheetRoom;
  /**
   * Draws a bar chart of a sheet's values (its first row the series' names) beside them, in place
   * of the charts it held: one of the add-on's own sheets, just replaced.
   */
  chart(name: string, title: string): void;
  /** Google's id of a sheet (the `gid` in its address); null where there is none. */
  sheetId(name: string): number | null;
  /** The file's id: what the person's own records of it are kept under. */
  fileId(): string;
  /** The file's name, as Drive shows it. */
  fileName(): string;
  /** The file's address. */
  fileUrl(): string;
  /** The file's sheets in their order: each by its id and name, and whether a form fills it. */
  sheets(): SheetInfo[];
  /** One sheet as found (by name, or by its id whatever it is called now); null where there is none. */
  sheet(at: TableAt): SheetInfo | null;
  /** A sheet's header row as it shows (no other row read); [] where there is no such sheet. */
  headers(at: TableAt): unknown[];
  /** A sheet's last row with content (0 where it is empty or gone), no cell read. */
  lastRow(at: TableAt): number;
}

/**
 * `Score history`, the one table every workflow records readings in: each reading once (by
 * `readingKey`), sealed as the person's, the oldest trimmed within the history's and the workbook's
 * room.
 */
export interface History {
  /**
   * Appends the readings the history does not hold yet, sealed as this person's, trimming the
   * oldest rows past its cap or the workbook's room. `cosign`: a run whose record must be complete
   * (a schedule's) adds its seal to a reading someone else recorded first, when it says the same.
   */
  append(readings: HistoryReading[], cosign?: boolean): HistoryWrite;
  /**
   * Each site's score readings, oldest first, one per scan: anyone's, or only those this person's
   * runs recorded and sealed (`mine`: a row typed or changed by anyone else is left out).
   * `lastRows`: only the history's newest rows are read (readings are appended in time order).
   */
  readings(sites: readonly string[], whose: Whose, lastRows?: number): Map<string, ReportPoint[]>;
  /** Each site's latest score reading, whose and how far back as `readings`. */
  latest(sites: readonly string[], whose: Whose, lastRows?: number): Map<string, LatestReading>;
}

/** Work the person's hourly run goes on with in this file: previews pending, scans running… */
export type Work = 'previews' | 'scans' | 'schedules' | 'leads';

export interface Later {
  /** How much of `work` is left here; 0 lets the hourly run leave the file (and stop, with none). */
  keep(work: Work, count: number): void;
  /** The files the person's hourly run goes on in, by id. */
  files(): string[];
  /**
   * The kit of another file of the hourly run's (an add-on's clock trigger has no active
   * document, and opens each by id); null where it can no longer be opened (deleted, no longer
   * shared), and it leaves the run.
   */
  open(id: string): Kit | null;
  /** Nothing is left to do anywhere: the hourly run's trigger goes. */
  stop(): void;
  /** The person's form-submit triggers on files they no longer watch, or cannot open, go. */
  tidy(): void;
  /** The person's trigger run time left today (ms), by their plan's daily minutes (Q2). */
  timeLeft(): number;
  /** A firing of the hourly run ends after `ms`: it was heard from, its time counted at once. */
  ended(ms: number): void;
  /**
   * The hourly run made again where work waits for it and it was never made (background runs
   * were not granted then) or has been silent too long.
   */
  wake(): void;
  /**
   * The person's form-submit trigger on this file, made where missing: 'permission' without
   * background runs granted, 'limit' where the account holds Google's 20 triggers (T1, Q3).
   */
  formTrigger(): FormTrigger;
  /** The person's form-submit trigger on this file goes. */
  dropFormTrigger(): void;
}

export type FormTrigger = 'on' | 'permission' | 'limit';

/** What the person's runs send beyond the service. */
export interface Outbox {
  /** One post of `text` to a webhook: one request, its answer read, nothing thrown. */
  post(url: string, text: string): PostOutcome;
  /**
   * An alert to the person's saved team webhook: 'no webhook' when none is saved, 'stopped' when it
   * was refused before (said once then). A refusal is remembered: no later alert posts to it.
   */
  team(text: string): PostOutcome | 'no webhook' | 'stopped';
  /**
   * An e-mail from the person's account, one message per 50 recipients, all or none: the day's
   * quota (counted by recipient, Q4) is checked for all first.
   */
  mail(to: string[], subject: string, body: string): MailOutcome;
  /** The most recipients a day may hold for the person's account (100 consumer, 1,500 Workspace). */
  recipientsPerDay(): number;
  /** Recipients the day still allows the person's account; 0 without the permission to send. */
  recipientsLeft(): number;
}

export type MailOutcome = 'sent' | 'no quota left' | 'no permission';

export interface Kit {
  records: Records;
  tables: Tables;
  cells: Cells;
  history: History;
  later: Later;
  service: ServicePort;
  outbox: Outbox;
  account: Account;
  locks: Locks;
  slides: Slides;
  view: View;
  log: Log;
}

/** Google's sizes for one value (docs/platform-limits.md P1, K1). */
export const RECORD_LIMITS = {
  propertyValueBytes: 9 * 1024,
  cacheValueBytes: 100 * 1024,
  cacheKeyLength: 250,
  cacheSeconds: 21_600,
} as const;

export class RecordTooLarge extends Error {
  constructor(kind: string, bytes: number, limit: number) {
    super(`The ${kind} record is ${bytes} bytes, past the ${limit} bytes one value may hold.`);
    this.name = 'RecordTooLarge';
  }
}
