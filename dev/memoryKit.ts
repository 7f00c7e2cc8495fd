/**
 * The platform kit in memory (src/kit/ports.ts): what a workflow's unit tests run on. The records'
 * rules are the kit's own (src/kit/records.ts), the service is the batch runner over any
 * transport (the emulator in process, say), and the clock moves only when told or slept on.
 */
import { sendAll, type Clock } from '../src/api/batch';
import {
  lowerCaseHeaders,
  type HttpRequest,
  type HttpResponse,
  type Transport,
} from '../src/api/http';
import { HEADER_ROW, HISTORY_COLUMNS, HISTORY_SHEET, type HistoryKey } from '../src/domain/table';
import { LOG_CAP, LOG_COLUMNS, logEntryOf } from '../src/domain/logColumns';
import { LOG_SHEET } from '../src/domain/outputSheets';
import { fnv1a } from '../src/domain/hash';
import { latestIn, readingsIn, type Whose } from '../src/domain/historyRead';
import { readingText, sameReading, sealsIn } from '../src/domain/readingSeal';
import { readingKey, type HistoryReading } from '../src/domain/scoreList';
import type {
  Cells,
  Claimed,
  Extent,
  History,
  Kit,
  Log,
  RowSpan,
  ServicePort,
  Slides,
  Tables,
  View,
  Work,
} from '../src/kit/ports';
import { isOutputSheet } from '../src/domain/outputSheets';
import type { SelectedRow } from '../src/domain/selectedRow';
import { a1, columnNumber, parseColumnBlock } from '../src/domain/a1';
import type { Deck } from '../src/domain/report';
import { claimFor, enter, lapsedClaims, type GenerationClaim } from '../src/domain/generationClaim';
import { EXECUTION_LIMIT_MS, QUOTA_RESERVE } from '../src/limits';
import {
  cachedRecords,
  propertyRecords,
  recordStore,
  sharedRecords,
  startingWithIn,
  type Strings,
} from '../src/kit/records';
import { utf8Bytes } from '../src/domain/bytes';
import { tieredCache } from '../src/domain/packedCache';
import { configOf } from '../src/kit/settings';
import { outboxOver } from '../src/kit/outbox';
import type { KeyValueCache } from '../src/domain/cache';
import type { Permission } from '../src/domain/permissions';
import type { HttpTransport } from './gas-runtime/sync-http';
import { memoryCells, memoryTables, type Workbook } from './memoryTables';

/** One spreadsheet every person's kit works on: its sheets, its records, its lock. */
export interface MemoryFile {
  id: string;
  sheets: Workbook;
  records: Map<string, string>;
  /** The document's properties. */
  properties: Map<string, string>;
  /** The sheets a form fills, by name. */
  forms: Set<string>;
  /** Who has a form-submit trigger on the file. */
  formTriggers: Set<string>;
  /** Deleted, or no longer shared with the person: it can no longer be opened. */
  gone?: boolean;
  lock: { held: boolean };
  /** The work the hourly run goes on with here, by kind (none kept: none left). */
  work: Map<Work, number>;
  /** The runs' Generate claims, as the file's entries keep them (domain/generationClaim). */
  claims: GenerationClaim[];
  /** The document's cache: public answers every user of the file is served. */
  cache: Map<string, Kept>;
  /**
   * The sheet the person has open and what is selected there (`2:2`: a whole row); `hidden`, the
   * rows its filter hides.
   */
  view: { sheet: string | null; a1: string; hidden?: number[] };
}

/** A cached value, until when it is kept. */
interface Kept {
  value: string;
  until: number;
}

/** A cache over `items`, its expiries by `now`. */
function cacheOver(items: Map<string, Kept>, now: () => number): KeyValueCache {
  const kept = (key: string) => {
    const item = items.get(key);
    return item && item.until > now() ? item.value : null;
  };
  const put = (key: string, value: string, seconds: number) =>
    void items.set(key, { value, until: now() + seconds * 1000 });
  return {
    get: kept,
    put,
    getAll: (keys) =>
      Object.fromEntries(keys.flatMap((k) => (kept(k) === null ? [] : [[k, kept(k)!]]))),
    putAll: (values, seconds) => Object.entries(values).forEach(([k, v]) => put(k, v, seconds)),
  };
}

export const memoryFile = (id = 'memory-file'): MemoryFile => ({
  id,
  sheets: new Map(),
  records: new Map(),
  properties: new Map(),
  forms: new Set(),
  formTriggers: new Set(),
  lock: { held: false },
  work: new Map(),
  claims: [],
  cache: new Map(),
  view: { sheet: null, a1: '' },
});

/**
 * This person's seal of a reading in memory: their mark over what it says, which changes when any
 * field a seal signs does (the Apps Script kit's is an HMAC under a key in their properties).
 */
const sealFor = (email: string, r: Partial<Record<HistoryKey, unknown>>) =>
  `m${fnv1a(`${email} ${readingText(r)}`)}`;

/**
 * `Score history` over the memory tables: each reading once, by its key, sealed as the person's.
 * Its trim to the workbook's room is the Apps Script kit's (src/gas/history.ts).
 */
function memoryHistory(tables: Tables, email: () => string): History {
  const rows = (lastRows = Infinity) =>
    (tables.read(HISTORY_SHEET, HISTORY_COLUMNS)?.rows ?? []).slice(
      Number.isFinite(lastRows) ? -lastRows : 0,
    );
  const sealed = (cells: Partial<Record<HistoryKey, unknown>>) =>
    sealsIn(cells.seal).includes(sealFor(email(), cells));
  const trust = (whose: Whose) => (whose === 'anyone' ? () => true : sealed);
  return {
    append(readings, cosign = false) {
      const held = new Map(rows().map((r) => [readingKey(r.cells as HistoryReading), r]));
      const cosigned = new Map<number, Partial<Record<HistoryKey, unknown>>>();
      const fresh: HistoryReading[] = [];
      for (const r of readings) {
        const there = held.get(readingKey(r));
        if (!there) fresh.push({ ...r, seal: sealFor(email(), r) });
        else if (cosign && !sealed(there.cells) && sameReading(there.cells, r))
          cosigned.set(there.row, {
            seal: [...sealsIn(there.cells.seal), sealFor(email(), there.cells)].join(' '),
          });
        held.set(readingKey(r), there ?? { row: 0, cells: r as Record<HistoryKey, unknown> });
      }
      if (cosigned.size) tables.write(HISTORY_SHEET, HISTORY_COLUMNS, cosigned);
      if (fresh.length) tables.append(HISTORY_SHEET, HISTORY_COLUMNS, fresh);
      return { appended: fresh.length, trimmed: 0, limitedBy: 'cap' };
    },
    readings: (sites, whose, lastRows) =>
      readingsIn(
        rows(lastRows).map((r) => r.cells),
        sites,
        trust(whose),
      ),
    latest: (sites, whose, lastRows) =>
      latestIn(
        rows(lastRows).map((r) => r.cells),
        sites,
        trust(whose),
      ),
  };
}

/**
 * The Generate claim in one process: the domain's own steps (enter, renew, lapse), with no second
 * execution writing at the same moment, so no settling is needed.
 */
function memoryClaim(
  file: MemoryFile,
  run: string,
  started: number,
  now: () => number,
): Claimed | null {
  const take = (): boolean => {
    const first = enter(file.claims, run, now());
    if (first === 'busy') return false;
    const kept = file.claims.find((c) => c.run === run);
    file.claims = [
      ...file.claims.filter((c) => c.run !== run && !lapsedClaims([c], now()).length),
      claimFor(run, kept?.at ?? now(), now(), started + EXECUTION_LIMIT_MS, true),
    ];
    return true;
  };
  if (file.lock.held || !take()) return null;
  return {
    renew: take,
    release: () => void (file.claims = file.claims.filter((c) => c.run !== run)),
  };
}

/**
 * What the person sees of the memory file: a sheet, and what is selected there in A1 notation: a
 * rectangle (`B2:D9`, `B2`), a whole column (`B:B`) or whole rows (`2:9`), each as wide and as long
 * as the memory grid's size says (a new sheet's 1,000 rows and 26 columns at least).
 */
function memoryView(file: MemoryFile, tables: Tables, cells: Cells): View {
  const rectangle = (sheet: string, text: string): Extent | null => {
    const size = cells.size(sheet);
    return size && rectangleOf(text, size.maxRows, size.maxCols);
  };
  return {
    sheet: () => file.view.sheet ?? '',
    rows() {
      const { sheet, a1, hidden = [] } = file.view;
      const span = sheet && !isOutputSheet(sheet) ? rowsOf(a1) : null;
      const list = span && tables.grid(sheet!);
      if (!span || !list) return null;
      const rows: SelectedRow[] = [];
      for (let row = Math.max(span.first, HEADER_ROW + 1); row <= span.last; row++) {
        const values = list.values[row - 1];
        if (!values) break;
        const shown = values.map((v) =>
          v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? ''),
        );
        rows.push({ row, values, shown, hidden: hidden.includes(row) });
      }
      return { list, rows };
    },
    selected() {
      const span = file.view.sheet ? rowsOf(file.view.a1) : null;
      const grid = span && tables.grid(file.view.sheet!);
      if (!span || !grid) return null;
      // A column's block, or whole rows (`2:9`) from column A.
      const column = parseColumnBlock(file.view.a1)?.column;
      const values = [];
      for (let row = span.first; row <= span.last; row++) {
        const line = grid.values[row - 1] ?? [];
        values.push(column ? [line[column - 1] ?? ''] : [...line]);
      }
      return { sheetId: grid.sheetId, name: grid.name, ...span, column: column ?? 1, values };
    },
    place: () =>
      file.view.sheet && file.view.a1 && !isOutputSheet(file.view.sheet)
        ? { sheetName: file.view.sheet, a1: file.view.a1 }
        : null,
    block(named) {
      const place =
        named ?? (file.view.sheet ? { sheetName: file.view.sheet, a1: file.view.a1 } : null);
      const grid = place && !isOutputSheet(place.sheetName) ? tables.grid(place.sheetName) : null;
      if (!place || !grid) return null;
      const lastRow = grid.values.length;
      // A named block as far as the sheet holds it now, as Apps Script's rememberedRange.
      const range = named ? heldRange(named.a1, lastRow) : rectangle(grid.name, place.a1);
      if (!range) return null;
      const first = Math.max(range.row, HEADER_ROW + 1);
      const last = Math.min(range.row + range.rows - 1, lastRow);
      if (last < first) return null;
      const text = named ? a1(range.row, range.col, range.rows) : place.a1;
      return { sheetId: grid.sheetId, name: grid.name, first, last, column: range.col, a1: text };
    },
    extent() {
      const { sheet, a1: text } = file.view;
      const grid = sheet ? tables.grid(sheet) : null;
      const extent = grid && rectangle(grid.name, text);
      return extent && { sheet: { sheetId: grid.sheetId, name: grid.name }, extent };
    },
    show(at, select) {
      const grid = tables.grid(at);
      if (!grid) return false;
      if (typeof select === 'object' && select.last > grid.values.length) return false;
      const a1 =
        typeof select === 'object'
          ? `${select.first}:${select.last}`
          : select === undefined
            ? ''
            : heldBlock(select, grid.values.length);
      file.view = { sheet: grid.name, a1 };
      return true;
    },
  };
}

/** A selection's cells: a rectangle, a whole column or whole rows, on a grid of the size given. */
function rectangleOf(text: string, maxRows: number, maxCols: number): Extent | null {
  const rows = /^(\d+):(\d+)$/.exec(text);
  if (rows) {
    const [first, last] = [Number(rows[1]), Number(rows[2])];
    return { row: first, col: 1, rows: last - first + 1, cols: maxCols };
  }
  const m = /^([A-Z]+)(\d*)(?::([A-Z]+)(\d*))?$/.exec(text);
  if (!m) return null;
  const [from, to = from] = [columnNumber(m[1]!), m[3] ? columnNumber(m[3]) : undefined];
  const first = m[2] ? Number(m[2]) : 1;
  const last = m[3] ? (m[4] ? Number(m[4]) : maxRows) : m[2] ? first : maxRows;
  return { row: first, col: from, rows: last - first + 1, cols: to - from + 1 };
}

/** The rows a selection spans: a column's block (`B2:B9`) or whole rows (`2:9`). */
function rowsOf(a1: string): RowSpan | null {
  const rows = /^(\d+):(\d+)$/.exec(a1);
  if (rows) return { first: Number(rows[1]), last: Number(rows[2]) };
  const block = parseColumnBlock(a1);
  return block && { first: block.first, last: block.last ?? block.first };
}

/** A column's block as far as a sheet of `lastRow` rows holds it; where none, its first cell. */
function heldBlock(text: string, lastRow: number): string {
  const held = heldRange(text, lastRow);
  const block = parseColumnBlock(text);
  return held ? a1(held.row, held.col, held.rows) : block ? a1(block.first, block.column) : '';
}

/** A column's block (`B2:B9`, `B2:B`) as far as a sheet of `lastRow` rows holds it; null where none. */
function heldRange(text: string, lastRow: number): Extent | null {
  const block = parseColumnBlock(text);
  const last = block && Math.min(block.last ?? Infinity, lastRow);
  return block && last !== null && last >= block.first
    ? { row: block.first, col: block.column, rows: last - block.first + 1, cols: 1 }
    : null;
}

/**
 * The execution's lines, and the document's `Visibility log` over the memory tables: a line per
 * action by the sidebar's runs, the oldest gone past the log's cap.
 */
function memoryLog(lines: string[], tables: Tables, file: MemoryFile, now: () => number): Log {
  return {
    line: (text) => void lines.push(text),
    action(action, line, run = 'sidebar') {
      tables.append(LOG_SHEET, LOG_COLUMNS, [{ time: new Date(now()), run, action, ...line }]);
      const grid = file.sheets.get(LOG_SHEET)!;
      const excess = grid.length - HEADER_ROW - LOG_CAP;
      if (excess > 0) grid.splice(HEADER_ROW, excess);
    },
    recent(count) {
      const rows = tables.read(LOG_SHEET, LOG_COLUMNS)?.rows ?? [];
      return rows
        .slice(Math.max(0, rows.length - count))
        .reverse()
        .map((r) => logEntryOf(r.cells));
    },
  };
}

/** A map of strings as a store of them. */
const stringsIn = (values: Map<string, string>): Strings => ({
  get: (key) => values.get(key) ?? null,
  startingWith: (prefix) => startingWith(values, prefix),
  setAll: (set) => Object.entries(set).forEach(([k, v]) => values.set(k, v)),
  delete: (key) => void values.delete(key),
});

/** Each value whose key starts with `prefix`, by the rest of its key. */
const startingWith = (values: Map<string, string>, prefix: string) =>
  startingWithIn(Object.fromEntries(values), prefix);

/** The file's records as Google keeps developer metadata: 30,000 characters a file (D1). */
const FILE_RECORD_CHARACTERS = 30_000;

export interface MemoryKit extends Kit {
  /** The person's properties as strings, by key: what a test inspects, or plants. */
  readonly properties: Map<string, string>;
  readonly logged: string[];
  /** Requests sent, in order: what a test counts. */
  readonly sent: HttpRequest[];
  /** Each deck drawn, in order, with the presentation asked for. */
  readonly drawn: Array<{ deck: Deck; id?: string }>;
  /** Moves the clock (the cache's expiries with it). */
  advance(ms: number): void;
  /** Forgets every cached record, as Google may at any time. */
  evictCache(): void;
  /** Another execution of the person holds their lock (or lets it go). */
  holdLock(held: boolean): void;
  /** How often a run asked for the hourly run to be made again (Later.wake). */
  readonly woken: () => number;
  /** The e-mails sent from the person's account, in order (one per 50 recipients). */
  readonly mailed: Array<{ to: string[]; subject: string; body: string }>;
  /** The recipients the person's account may still e-mail today are now `n`. */
  setMailLeft(n: number): void;
  /** What the hourly run did of its own: stopped its trigger, tidied the form triggers, each firing's time. */
  readonly hourly: { stopped: boolean; tidied: number; ended: number[] };
}

export interface MemoryKitOptions {
  transport?: Transport;
  baseUrl?: string;
  apiKey?: string | null;
  email?: string;
  now?: number;
  /** The spreadsheet, shared by the kits of several people. */
  file?: MemoryFile;
  /** Requests the person's key may still make today (1,000 when not said). */
  quotaLeft?: number;
  /** What the person did not grant. */
  missing?: Permission[];
  /** A sidebar poll's execution (Account.sparing). */
  sparing?: boolean;
  /** Google Slides refuses every deck, in these words. */
  slidesRefuse?: string;
  /** The spreadsheet owner's address (the person's when not said; null: a shared drive's file). */
  owner?: string | null;
  /** Recipients the person's account may still e-mail today (100 when not said). */
  mailLeft?: number;
  /**
   * The person's properties and sent e-mails, shared by their executions (each a kit of its own);
   * a kit's own when not given.
   */
  person?: {
    properties: Map<string, string>;
    mailed: MemoryKit['mailed'];
    cache?: Map<string, Kept>;
  };
  /**
   * The add-on's script cache, which every user and document of it shares: pass one map to the
   * kits of two documents to see a public answer reach the other (a kit's own when not given).
   */
  scriptCache?: Map<string, Kept>;
  /** The person's other files with work for the hourly run, which it opens by id. */
  files?: MemoryFile[];
  /** The person's trigger run time left today (90 minutes when not said). */
  triggerMsLeft?: number;
}

/**
 * The person's presentations in memory: a deck is drawn in the one asked for when it is there,
 * else in a new one, as the Apps Script kit's are (src/gas/slides.ts).
 */
function memorySlides(drawn: MemoryKit['drawn'], refuse?: string): Slides {
  const presentations = new Set<string>();
  return {
    draw(deck, id) {
      drawn.push({ deck, ...(id === undefined ? {} : { id }) });
      if (refuse) return `Google Slides refused it (${refuse}).`;
      const there = id !== undefined && presentations.has(id);
      const at = there ? id : `deck-${presentations.size + 1}`;
      presentations.add(at);
      return {
        id: at,
        url: `https://docs.google.com/presentation/d/${at}/edit`,
        slides: deck.slides.length,
        made: !there,
      };
    },
  };
}

const nowhere: Transport = {
  fetchAll: (requests) => requests.map(() => ({ status: 0, headers: {}, body: '' })),
};

/** Ids are unique across every kit of the process, as Google's uuids are. */
let newIds = 0;

export function memoryKit(options: MemoryKitOptions = {}): MemoryKit {
  let now = options.now ?? Date.UTC(2026, 10, 28, 9);
  const clock: Clock = { now: () => now, sleep: (ms) => void (now += Math.max(0, ms)) };
  // The person's settings are their properties, as Settings keeps them (src/kit/settings.ts).
  const properties = options.person?.properties ?? new Map<string, string>();
  if (options.apiKey) properties.set('vis.apiKey', options.apiKey);
  if (options.baseUrl) properties.set('vis.baseUrl', options.baseUrl);
  let woken = 0;
  const hourly: MemoryKit['hourly'] = { stopped: false, tidied: 0, ended: [] };
  /** The trigger run time this kit's firings took today. */
  const spent = () => hourly.ended.reduce((sum, ms) => sum + ms, 0);
  const cache = options.person?.cache ?? new Map<string, Kept>();
  const scriptCache = options.scriptCache ?? new Map<string, Kept>();
  const logged: string[] = [];
  const sent: HttpRequest[] = [];
  const drawn: MemoryKit['drawn'] = [];
  let held = false;
  let heldElsewhere = false;
  const file = options.file ?? memoryFile();
  const lock = (taken: () => boolean, take: (h: boolean) => void) => (waitMs: number) => {
    if (taken()) {
      now += waitMs;
      return null;
    }
    take(true);
    return { release: () => take(false) };
  };
  const transport = options.transport ?? nowhere;
  const counting: Transport = {
    fetchAll(requests) {
      sent.push(...requests);
      return transport.fetchAll(requests);
    },
  };
  const tables = memoryTables(file.sheets, file.id, file.id, file.forms);
  const cells = memoryCells(file.sheets);
  const email = () => options.email ?? 'owner@example.com';
  const send: ServicePort['send'] = (requests, parse, budgetMs, options = {}) =>
    sendAll(counting, requests, parse, { ...options, clock, deadline: now + budgetMs });
  const mine = {
    ...propertyRecords(stringsIn(properties)),
    bytes: () => [...properties].reduce((n, [k, v]) => n + utf8Bytes(k) + utf8Bytes(v), 0),
    // Every execution of the person's in memory reads the one store as it is.
    reread: () => {},
  };
  const missing = options.missing ?? [];
  const mailed: MemoryKit['mailed'] = options.person?.mailed ?? [];
  let mailLeft = options.mailLeft ?? 100;
  return {
    properties,
    woken: () => woken,
    hourly,
    mailed,
    setMailLeft: (n) => void (mailLeft = n),
    logged,
    sent,
    drawn,
    advance: (ms) => void (now += ms),
    evictCache: () => (cache.clear(), file.cache.clear(), scriptCache.clear()),
    holdLock: (h) => void (heldElsewhere = h),
    records: {
      mine,
      document: propertyRecords(stringsIn(file.properties)),
      // The file's metadata in memory is never full.
      roomNotice: () => null,
      cached: cachedRecords(cacheOver(cache, clock.now)),
      file: recordStore(stringsIn(file.records), FILE_RECORD_CHARACTERS),
      // The file's metadata in memory is never full: the shared records are the file's.
      shared: sharedRecords({
        startingWith: (prefix) => startingWith(file.records, prefix),
        share: (key, value) =>
          void (value === null ? file.records.delete(key) : file.records.set(key, value)),
      }),
    },
    tables,
    cells,
    history: memoryHistory(tables, email),
    later: {
      keep: (work, count) => void (count > 0 ? file.work.set(work, count) : file.work.delete(work)),
      files: () => [file, ...(options.files ?? [])].filter((f) => f.work.size > 0).map((f) => f.id),
      open(id) {
        const found = [file, ...(options.files ?? [])].find((f) => f.id === id);
        if (!found || found.gone) {
          found?.work.clear();
          return null;
        }
        const person = { properties, mailed, cache };
        return memoryKit({ ...options, file: found, now, person });
      },
      stop: () => void (hourly.stopped = true),
      tidy: () => void hourly.tidied++,
      timeLeft: () => Math.max(0, (options.triggerMsLeft ?? 90 * 60_000) - spent()),
      ended: (ms) => void hourly.ended.push(ms),
      wake: () => void (file.work.size > 0 && woken++),
      formTrigger: () => {
        if (missing.includes('background')) return 'permission';
        file.formTriggers.add(email());
        return 'on';
      },
      dropFormTrigger: () => void file.formTriggers.delete(email()),
    },
    service: {
      // As src/gas/cache.ts: a keyed lookup's answers stay in the document's cache; a public one
      // reads it, then the script cache every document shares, and is kept in both.
      lookups: (deadline, keyed) => ({
        transport: counting,
        cache: keyed
          ? cacheOver(file.cache, clock.now)
          : tieredCache(cacheOver(file.cache, clock.now), cacheOver(scriptCache, clock.now)),
        clock,
        deadline,
        maxRequests: (options.quotaLeft ?? 1_000) - QUOTA_RESERVE,
      }),
      config: () => configOf(mine),
      send,
      ask: (requests, parse, budgetMs, options) => send(requests, parse, budgetMs, options).results,
    },
    outbox: {
      ...outboxOver(counting, mine),
      mail(to, subject, body) {
        if (missing.includes('mail')) return 'no permission';
        if (mailLeft < to.length) return 'no quota left';
        mailLeft -= to.length;
        for (let at = 0; at < to.length; at += 50)
          mailed.push({ to: to.slice(at, at + 50), subject, body });
        return 'sent';
      },
      recipientsPerDay: () => Math.max(100, options.mailLeft ?? 100),
      recipientsLeft: () => (missing.includes('mail') ? 0 : mailLeft),
    },
    account: {
      now: () => now,
      // The memory file's calendar is UTC's.
      day: (time) => new Date(time).toISOString().slice(0, 10),
      // The memory file's calendar is UTC's.
      offsets: () => () => 0,
      newId: () => `id-${++newIds}`,
      email,
      quotaLeft: () => options.quotaLeft ?? 1_000,
      granted: (p) => !missing.includes(p),
      permissions: () => ({ missing, grantUrl: missing.length ? 'https://grant.invalid' : null }),
      usage: () => ({
        today: sent.length,
        quota: sent.length + (options.quotaLeft ?? 1_000),
        left: options.quotaLeft ?? 1_000,
        reserve: QUOTA_RESERVE,
        tier: 'consumer',
        why: 'the memory kit’s',
        properties: { today: 0, quota: 50_000 },
        triggerMinutes: { today: Math.round(spent() / 60_000), quota: 90 },
      }),
      owner: () => (options.owner === undefined ? email() : options.owner),
      sparing: () => options.sparing ?? false,
    },
    locks: {
      mine: lock(
        () => held || heldElsewhere,
        (h) => void (held = h),
      ),
      document: lock(
        () => file.lock.held,
        (h) => void (file.lock.held = h),
      ),
      claim: (run, started) => memoryClaim(file, run, started, () => now),
    },
    slides: memorySlides(drawn, options.slidesRefuse),
    view: memoryView(file, tables, cells),
    log: memoryLog(logged, tables, file, () => now),
  };
}

/**
 * The runtime's way to a server (the emulator in process) as the client's Transport; `routes`: public
 * address prefixes answered there instead (Slack's and Chat's webhooks, by the emulator's stand-ins).
 */
export function transportOver(
  http: HttpTransport,
  timeoutMs = 60_000,
  routes: Record<string, string> = {},
): Transport {
  const routed = (url: string) => {
    const prefix = Object.keys(routes).find((p) => url.startsWith(p));
    return prefix === undefined ? url : routes[prefix] + url.slice(prefix.length);
  };
  return {
    fetchAll(requests) {
      const raw = http.fetchAll(
        requests.map((r) => ({
          url: routed(r.url),
          method: r.method.toUpperCase(),
          headers: r.headers,
          ...(r.payload === undefined ? {} : { payload: JSON.stringify(r.payload) }),
        })),
        timeoutMs,
      );
      return raw.map((a): HttpResponse =>
        a.error !== undefined
          ? { status: 0, headers: {}, body: '' }
          : { status: a.status, headers: lowerCaseHeaders(a.headers), body: a.body },
      );
    },
  };
}
