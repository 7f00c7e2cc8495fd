/**
 * The local Apps Script runtime: loads dist/Code.js into a fresh V8 context per
 * execution (as Apps Script loads the whole project for every call), offering only ECMAScript
 * built-ins, console and the services below. Enforces custom-function rules and execution limits,
 * and counts every service call.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { CacheStore, type CacheEviction } from './cache';
import { RuntimeClock, type ExecutionClock } from './clock';
import { Consent, OPEN_BY_ID_SCOPE, type Mode } from './consent';
import { cardService, readCardAnswer, type CardData, type CardResponse } from './cardService';
import {
  addOnsResponseService,
  checkConfigCard,
  readStepAnswer,
  stepEvent,
  type StepAnswer,
  type StepValue,
  type WorkflowElement,
} from './studio';
import {
  CardCache,
  createActionFunction,
  formEvent,
  LINK_CREATE_SCOPE,
  LINK_PREVIEW_SCOPE,
  linkPreviewEvent,
  linkPreviewFunction,
  type AddOns,
  type EditorHost,
} from './workspaceAddOn';
import { schemaProblems } from '../../scripts/manifest-rules.mjs';
import { editResponse, writeResponse, type ResponseEvent } from './formResponses';
import { compiledBundle } from './bundle';
import { FormulaCells } from './formulaCells';
import { spreadsheetApp } from './spreadsheetApp';
import { GasError, offeredOnly } from './errors';
import { lockId, LockState, type LockScope } from './lock';
import {
  cacheService,
  lockService,
  logging,
  propertiesService,
  session,
  utilities,
} from './services';
import { QuotaWindows } from './quotaWindow';
import { MailBox } from './mail';
import { SLIDES_SCOPE, SlidesDrive } from './slides';
import { PropertyStore } from './properties';
import { Sheet, Spreadsheet, type Hooks } from './spreadsheet';
import { SyncHttp, type HttpTransport } from './sync-http';
import { TriggerTable, type TriggerRecord } from './triggers';
import { htmlService, ui, type UiCapture } from './ui';
import { urlFetchApp, type FetchStats } from './urlfetch';

export interface RuntimeOptions {
  distDir?: string;
  owner?: string;
  /** Published Editor add-on rules for triggers (hourly at most, one per user per document). */
  addon?: boolean;
  customFunctionLimitMs?: number;
  /** Which cache items go past the 1,000 cap (K2, K3): the oldest written unless told. */
  cacheEviction?: CacheEviction;
  executionLimitMs?: number;
  /** What the time limits count: wall time as Google does, unless told (clock.ts). */
  executionClock?: ExecutionClock;
  urlFetchDailyQuota?: number;
  /** What one Sheets call costs an execution on the runtime clock (E9; default 2 ms). */
  sheetsCallMs?: number;
  /** What one e-mail MailApp sends costs on the runtime clock: a slow mail day (default 0). */
  mailSendMs?: number;
  /**
   * The accounts on Google Workspace, whose daily quotas are larger (Q9); every other account is a
   * consumer one, whatever its address.
   */
  workspaceAccounts?: string[];
  /** Property reads and writes a user may make a day (Google: 50,000 consumer, 500,000 Workspace). */
  propertiesDailyQuota?: number;
  /**
   * Prefixes added to the manifest's urlFetchWhitelist, as a bound-script build may add them at
   * build time: the emulator's address, whose port is chosen when it starts.
   */
  extraAllowlist?: string[];
  /**
   * Virtual time each fetch round trip takes on the runtime clock: a slow service modelled
   * without waiting for it, so big-list tests cross the execution limit on the emulated clock.
   */
  fetchRoundTripMs?: number;
  /** And per request of the round trip: a big batch takes the service longer than a small one. */
  fetchMsPerRequest?: number;
  /**
   * UrlFetchApp calls one user may make in a second, all their executions together, before
   * Google refuses with "too many times in a short time" (X5). Google names the refusal but not
   * the number, so it is enforced only where a test sets one.
   */
  fetchCallsPerSecond?: number;
  /**
   * Public address prefixes answered on loopback instead (no test reaches the internet): e.g.
   * Slack's and Chat's webhooks, served by the emulator's stand-ins. The manifest's allowlist is
   * still checked on the public address, as Google checks it.
   */
  routes?: Record<string, string>;
  /**
   * How UrlFetchApp reaches a server; default: real HTTP from a worker thread. Tests hand it the
   * emulator without a socket (dev/emulator/inProcess.ts).
   */
  http?: HttpTransport;
}

interface Execution {
  cutOffAt?: { call: string; nth: number; seen: number };
  /** How far this execution's clock reads from the true time (ms; negative: behind). */
  skewMs: number;
  interleave?: {
    at: { call: string; nth: number };
    run: () => void;
    seen: number;
    afterLocks?: boolean;
  };
  /** Executions waiting for this one to let go of its locks. */
  waiting?: () => void;
  killed?: boolean;
  user: string;
  /** The active document, or null where Google gives none (an add-on's clock trigger). */
  book: Document | null;
  mode: Mode;
  /** The clock's `spent()` when it started: its time limit counts from there. */
  start: number;
  limitMs: number;
  authNone: boolean;
}

export interface RunOptions {
  user?: string;
  mode?: Mode;
  /** AuthMode.NONE: an add-on's onOpen before the user authorised it. */
  authNone?: boolean;
  /** Overrides the execution limit for this run. */
  limitMs?: number;
  /** Stops the run as the platform's time limit would, at the nth call of a service method. */
  cutOffAt?: { call: string; nth: number };
  /**
   * This execution's clock reads this far from the true time (ms; negative: behind): Google's
   * executions run on many machines, whose clocks agree to within seconds, not exactly.
   */
  clockSkewMs?: number;
  /** The document the user has open (default: the first spreadsheet). */
  spreadsheet?: Spreadsheet;
  /**
   * Runs other executions in the middle of this one, as Apps Script runs executions in parallel:
   * at the nth call of a service method (before the call acts), this execution pauses, `run`
   * starts the others (with `rt.run`, `rt.customFunction`, …), then this one carries on. A lock
   * this execution holds meanwhile is held: another asking for it waits its timeout and is refused
   * (this one held it longer); one asking for another lock, or none, runs on. `afterLocks`: the
   * others start only once this one lets go of its last lock instead (they started later).
   */
  interleave?: { at: { call: string; nth: number }; run: () => void; afterLocks?: boolean };
}

/** A spreadsheet with what Apps Script keeps per document: its properties and its cache. */
interface Document {
  book: Spreadsheet;
  props: PropertyStore;
  cache: CacheStore;
}

/**
 * A user's executions at once, and what Apps Script says to one more
 * (https://developers.google.com/apps-script/guides/services/quotas#current_limitations; the
 * message as public reports quote it).
 */
const SIMULTANEOUS_EXECUTIONS = 30;
const SCRIPT_SIMULTANEOUS_EXECUTIONS = 1000;
/** What one Sheets call costs an execution (E9; assumed: Google publishes no figure). */
const SHEETS_CALL_MS = 2;
const SHEETS_CALL = /^(Range|RangeList|Sheet|Spreadsheet|Protection)\./;
const TOO_MANY_EXECUTIONS = 'There are too many scripts running.';

/** What every service of one execution is built from. */
interface Services {
  e: Execution;
  /** Counts a call (Sheets calls are what tests assert). */
  call: (name: string) => void;
  /** Counts a call and refuses it where the execution's mode may not make it. */
  allowed: (name: string) => void;
  now: () => number;
}

export class GasRuntime {
  readonly clock: RuntimeClock;
  readonly http: HttpTransport;
  readonly owner: string;
  readonly distDir: string;
  readonly spreadsheet: Spreadsheet;
  readonly counts: Record<string, number> = {};
  readonly fetchStats: FetchStats = {
    requests: 0,
    fetchAllCalls: 0,
    batches: [],
    fetchCalls: 0,
    perDay: {},
    recentCalls: {},
    log: [],
  };
  readonly logs: string[] = [];
  readonly ui: UiCapture = { menus: [], sidebar: null, alerts: [] };
  readonly triggers = new TriggerTable();
  readonly mail = new MailBox((user) => this.isConsumer(user));
  /** Presentations made with SlidesApp, by id. */
  readonly slides = new SlidesDrive((user) => this.isConsumer(user));
  /** Triggers' total run time per user and day, against the daily limit. */
  private triggerRuntime = new Map<string, number>();
  readonly locks = new LockState();
  private userProps = new Map<string, PropertyStore>();
  private userCaches = new Map<string, CacheStore>();
  readonly documentProps: PropertyStore;
  readonly scriptProps: PropertyStore;
  readonly scriptCache: CacheStore;
  readonly documentCache: CacheStore;
  /** Every spreadsheet the users have, by ID; the first is `spreadsheet`. */
  private documents = new Map<string, Document>();
  private readonly hooks: Hooks;
  private readonly consent: Consent;
  private readonly formulas = new FormulaCells((name, args, book, together) =>
    this.runFormula(name, args, book, together),
  );
  /** The manifest's urlFetchWhitelist (null: the manifest has none, so nothing is refused). */
  private readonly allowlist: string[] | null;
  private exec: Execution | null = null;
  private readonly addOns: AddOns | undefined;
  private readonly cards = new CardCache<CardResponse>();
  lastLoadMs = 0;

  constructor(private options: RuntimeOptions = {}) {
    // A consumer account, as most marketers have: the 20,000-fetch daily quota applies.
    this.owner = options.owner ?? 'owner@gmail.com';
    this.clock = new RuntimeClock(options.executionClock);
    const http = options.http ?? new SyncHttp();
    this.http = {
      fetchAll: (requests, timeoutMs) =>
        this.clock.waitOn(() => http.fetchAll(requests, timeoutMs)),
      close: () => http.close(),
    };
    this.distDir = options.distDir ?? path.resolve('dist');
    const hooks = {
      call: (n: string) => this.call(n),
      mayWrite: () => this.mayWrite(),
      user: () => this.exec?.user ?? '',
      now: () => this.clock.now(),
      cells: (kind: 'read' | 'written', n: number) => {
        this.counts[`cells.${kind}`] = (this.counts[`cells.${kind}`] ?? 0) + n;
      },
    };
    this.hooks = hooks;
    this.spreadsheet = this.addSpreadsheet('Prospects');
    const first = this.documents.get(this.spreadsheet.id)!;
    this.documentProps = first.props;
    this.documentCache = first.cache;
    this.scriptProps = new PropertyStore(hooks.call, hooks.mayWrite);
    this.scriptCache = this.newCache();
    const manifestPath = path.join(this.distDir, 'appsscript.json');
    const manifest = (
      existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {}
    ) as { oauthScopes?: string[]; urlFetchWhitelist?: string[]; addOns?: AddOns };
    // Google refuses to save a manifest whose addOns break its reference (W5).
    const problems = manifest.addOns ? schemaProblems(manifest) : [];
    if (problems.length) throw new GasError(`Invalid manifest: ${problems.join(' ')}`);
    this.addOns = manifest.addOns;
    this.consent = new Consent(manifest.oauthScopes ?? []);
    this.allowlist = manifest.urlFetchWhitelist
      ? [...manifest.urlFetchWhitelist, ...(options.extraAllowlist ?? [])]
      : null;
  }

  private newCache(): CacheStore {
    return new CacheStore(
      (n) => this.call(n),
      () => this.clock.now(),
      this.options.cacheEviction,
    );
  }

  /** Another spreadsheet of the same users, with its own document properties and cache. */
  addSpreadsheet(name: string): Spreadsheet {
    const book = new Spreadsheet('sheet-' + randomUUID().slice(0, 8), name, this.hooks);
    book.owner = this.owner;
    this.documents.set(book.id, {
      book,
      props: new PropertyStore(this.hooks.call, this.hooks.mayWrite),
      cache: this.newCache(),
    });
    return book;
  }

  /** The file is deleted (or no longer shared): openById fails for it from now on. */
  deleteSpreadsheet(id: string): void {
    this.documents.delete(id);
  }

  documentPropertiesOf(book: Spreadsheet): PropertyStore {
    return this.documents.get(book.id)!.props;
  }

  /**
   * Property reads and writes per user and day ("user yyyy-mm-dd"): every call on a Properties
   * store counts, whichever store (https://developers.google.com/apps-script/guides/services/quotas).
   */
  readonly propertyUse: Record<string, number> = {};

  /** Each user's quota windows (Google's "24 hours after the first request"). */
  readonly quotaWindows = new QuotaWindows();

  /** The property reads and writes of this user's open window (the runtime's clock). */
  propertiesUsedToday(user: string = this.owner): number {
    const window = this.quotaWindows.open('properties', user, this.clock.now());
    return window ? (this.propertyUse[window] ?? 0) : 0;
  }

  /** The URL fetches of this user's open window. */
  fetchesToday(user: string = this.owner): number {
    const window = this.quotaWindows.open('urlfetch', user, this.clock.now());
    return window ? (this.fetchStats.perDay[window] ?? 0) : 0;
  }

  private countProperty(e: Execution): void {
    const day = this.quotaWindows.use('properties', e.user, this.clock.now());
    const used = (this.propertyUse[day] ?? 0) + 1;
    const quota =
      this.options.propertiesDailyQuota ?? dailyPropertiesQuota(this.isConsumer(e.user));
    if (used > quota) throw new GasError('Service invoked too many times for one day: properties.');
    this.propertyUse[day] = used;
  }

  private elapsed(e: Execution): number {
    return this.clock.spent() - e.start;
  }

  /** Counts a service call and stops the execution once it is past its limit, as Apps Script does. */
  private call(name: string): void {
    this.counts[name] = (this.counts[name] ?? 0) + 1;
    const e = this.exec;
    if (!e) return;
    // A Sheets call goes to Google's servers: it costs the execution time (E9).
    if (SHEETS_CALL.test(name)) this.clock.advance(this.options.sheetsCallMs ?? SHEETS_CALL_MS);
    if (name === 'MailApp.sendEmail') this.clock.advance(this.options.mailSendMs ?? 0);
    if (name.startsWith('Properties.')) this.countProperty(e);
    const overlap = e.interleave;
    if (overlap && (overlap.at.call === name || overlap.at.call === '*'))
      if (++overlap.seen === overlap.at.nth) this.pauseFor(e, overlap.run);
    const cutOff = e.cutOffAt?.call === name && ++e.cutOffAt.seen >= e.cutOffAt.nth;
    // A cut-off is the platform's time limit arriving: the clock stands at the limit then.
    if (cutOff && !e.killed) this.clock.advance(Math.max(0, e.limitMs - this.elapsed(e)));
    // The platform ends the execution: a catch in the script cannot carry on, as in Apps Script.
    if (e.killed || cutOff || this.elapsed(e) > e.limitMs) {
      e.killed = true;
      throw new GasError('Exceeded maximum execution time');
    }
  }

  /** Lets other executions run while `e` is paused at a service call (RunOptions.interleave). */
  private pauseFor(e: Execution, others: () => void): void {
    if (e.interleave?.afterLocks && this.locks.holds(e)) {
      e.waiting = others;
      return;
    }
    this.exec = null;
    try {
      others();
    } finally {
      this.exec = e;
    }
  }

  /** An execution let go of its last lock: those waiting for it start now. */
  private released(): void {
    const e = this.exec;
    const others = e?.waiting;
    if (!e || !others || this.locks.holds(e)) return;
    delete e.waiting;
    this.pauseFor(e, others);
  }

  /** Executions running now, the paused ones included (RunOptions.interleave). */
  private running: Execution[] = [];

  private mayWrite(): boolean {
    return this.exec?.mode !== 'custom-function';
  }

  private allowed(what: string): void {
    if (this.exec) this.consent.check(this.exec, what);
  }

  /** The person leaves `scope` unticked on the consent screen (G1). */
  untickScope(user: string, scope: string): void {
    this.consent.untick(user, scope);
  }

  /**
   * Executions of the script's other users running at this moment (X4): a published add-on's
   * thousand users share its 1,000 at once, which a test cannot start one inside another.
   */
  othersRunning = 0;

  /** `getAuthorizedScopes()` answers null for `user` from now on (A8: its type allows it). */
  scopesUnsaid(user: string): void {
    this.consent.unsaid.add(user);
  }

  /** The person grants everything again (the authorization link followed). */
  grantAllScopes(user: string): void {
    this.consent.grantAll(user);
  }

  grantedScopes(user: string): string[] {
    return this.consent.granted(user);
  }

  userProperties(user: string): PropertyStore {
    let store = this.userProps.get(user);
    if (!store) {
      store = new PropertyStore(
        (n) => this.call(n),
        () => this.mayWrite(),
      );
      this.userProps.set(user, store);
    }
    return store;
  }

  /**
   * Another script of the owner's spends today's URL fetches (Q1), all but `leave`: the quota is
   * the user's, whatever spent it. Returns the day's counter and how many this spent.
   */
  spendFetchQuota(leave: number): { key: string; spent: number } {
    const key = this.quotaWindows.use('urlfetch', this.owner, this.clock.now());
    const quota = this.options.urlFetchDailyQuota ?? dailyFetchQuota(this.isConsumer(this.owner));
    const used = this.fetchStats.perDay[key] ?? 0;
    const spent = Math.max(0, quota - leave - used);
    this.fetchStats.perDay[key] = used + spent;
    return { key, spent };
  }

  /**
   * Evicts entries of every cache at random, as CacheService may before they expire (K1): what
   * must last may not be held in the cache alone. Reproducible for a given seed.
   */
  evictCachesAtRandom(fraction: number, seed = 1): number {
    let state = seed >>> 0 || 1;
    const random = () => {
      // xorshift32: enough to pick entries reproducibly.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 4294967296;
    };
    return this.allCaches().reduce((n, cache) => n + cache.evict(fraction, random), 0);
  }

  /** Every cache the runtime holds: script, each document's and each user's. */
  allCaches(): CacheStore[] {
    const documents = Array.from(this.documents.values(), (d) => d.cache);
    return [this.scriptCache, ...documents, ...this.userCaches.values()];
  }

  userCache(user: string): CacheStore {
    let cache = this.userCaches.get(user);
    if (!cache) {
      cache = this.newCache();
      this.userCaches.set(user, cache);
    }
    return cache;
  }

  /**
   * Another execution holds (or lets go of) a lock: for tests of concurrent presses. `whose`: the
   * document (default: the first spreadsheet) or the user (default: the owner) it belongs to.
   */
  holdLock(scope: LockScope, held: boolean, whose?: string): void {
    const id = lockId(
      scope,
      whose ?? (scope === 'document' ? this.spreadsheet.id : scope === 'user' ? this.owner : ''),
    );
    if (held) this.locks.heldElsewhere.add(id);
    else this.locks.heldElsewhere.delete(id);
  }

  /** The globals one execution sees, one service each: what it may call depends on how it runs. */
  private globals(e: Execution): Record<string, unknown> {
    const call = (n: string) => this.call(n);
    const allowed = (what: string) => {
      call(what);
      this.allowed(what);
    };
    const x: Services = { e, call, allowed, now: () => this.clock.now() };
    const services = this.services(e, x);
    return {
      Date: this.virtualDate(e.skewMs),
      ...logging(this.logs),
      ...Object.fromEntries(
        Object.entries(services).map(([name, service]) => [name, offeredOnly(name, service)]),
      ),
    };
  }

  /** Google's services as this execution sees them. */
  private services(e: Execution, x: Services): Record<string, object> {
    const { call, allowed } = x;
    return {
      SpreadsheetApp: spreadsheetApp({
        book: e.book?.book ?? null,
        mode: e.mode,
        call,
        allowed,
        ui: ui(this.ui, call),
        mayOpenById: this.consent.has(OPEN_BY_ID_SCOPE),
        byId: (id) => this.documents.get(id)?.book ?? null,
        // What SpreadsheetApp.flush() sees done: the formulas a script wrote are calculated.
        flush: (book) => this.formulas.calculate(book, (pending) => pending === true),
      }),
      UrlFetchApp: urlFetchApp({
        http: this.http,
        call: allowed,
        now: x.now,
        dailyQuota: this.options.urlFetchDailyQuota ?? dailyFetchQuota(this.isConsumer(e.user)),
        window: () => this.quotaWindows.use('urlfetch', e.user, x.now()),
        user: e.user,
        stats: this.fetchStats,
        remainingMs: () => e.limitMs - this.elapsed(e),
        allowlist: this.allowlist,
        routes: this.options.routes ?? {},
        callsPerSecond: this.options.fetchCallsPerSecond ?? null,
        elapse: (requests) =>
          this.clock.advance(
            (this.options.fetchRoundTripMs ?? 0) + requests * (this.options.fetchMsPerRequest ?? 0),
          ),
      }),
      PropertiesService: propertiesService(e, allowed, {
        user: (u) => this.userProperties(u),
        script: this.scriptProps,
        owner: this.owner,
      }),
      CacheService: cacheService(e, allowed, {
        user: (u) => this.userCache(u),
        script: this.scriptCache,
      }),
      LockService: lockService(e, call, allowed, {
        state: this.locks,
        wait: (ms) => this.clock.advance(ms),
        released: () => this.released(),
      }),
      ScriptApp: {
        ...this.triggers.service({
          call,
          allowed: (what) => this.allowed(what),
          user: () => e.user,
          document: () => e.book?.book.id ?? null,
          now: x.now,
          addon: this.options.addon ?? true,
        }),
        // Any auth mode: the person's grants are what it reads.
        getAuthorizationInfo: (_mode: unknown, scopes?: string[]) => {
          this.call('ScriptApp.getAuthorizationInfo');
          return this.consent.authorizationInfo(e.user, scopes);
        },
        AuthorizationStatus: { REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' },
      },
      HtmlService: htmlService(this.distDir, allowed),
      MailApp: this.mail.service({
        call,
        allowed: (what) => this.allowed(what),
        user: () => e.user,
        now: x.now,
        window: () => this.quotaWindows.use('email', e.user, x.now()),
        hasScope: this.consent.has('https://www.googleapis.com/auth/script.send_mail'),
      }),
      SlidesApp: this.slides.service({
        call,
        allowed: (what) => this.allowed(what),
        user: () => e.user,
        now: x.now,
        window: () => this.quotaWindows.use('slides', e.user, x.now()),
        hasScope: this.consent.has(SLIDES_SCOPE),
      }),
      CardService: cardService(call),
      AddOnsResponseService: addOnsResponseService(call),
      Charts: { ChartType: { BAR: 'BAR', COLUMN: 'COLUMN', LINE: 'LINE' } },
      Utilities: utilities(call, (ms) => this.clock.advance(ms)),
      Session: session(e, () => this.consent.email(e)),
    };
  }

  /** `new Date()` and `Date.now()` read the emulated clock, as this execution's machine has it. */
  private virtualDate(skewMs: number) {
    const clock = this.clock;
    return class VirtualDate extends Date {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(clock.now() + skewMs);
        else super(...(args as [number]));
      }
      static override now(): number {
        return clock.now() + skewMs;
      }
      // Dates the services hand back (cell values) are Dates to the script, as in Apps Script.
      static override [Symbol.hasInstance](value: unknown): boolean {
        return Object.prototype.toString.call(value) === '[object Date]';
      }
    };
  }

  /**
   * Each execution runs the whole bundle's top level in a context of its own, as Apps Script loads
   * the project for every call; what is kept between executions is only V8's compilation of the
   * same file, which changes nothing the bundle can see (bench/loadTime.ts measures the parse).
   */
  private load(e: Execution): Record<string, unknown> {
    const script = compiledBundle(this.distDir);
    const started = process.hrtime.bigint();
    const context = vm.createContext(this.globals(e));
    script.runInContext(context);
    this.lastLoadMs = Number(process.hrtime.bigint() - started) / 1e6;
    return context;
  }

  /** One execution of a global function in a fresh context. */
  run(fn: string, args: unknown[] = [], options: RunOptions = {}): unknown {
    return this.execute(fn, options, (e) => {
      const context = this.load(e);
      const target = context[fn];
      if (typeof target !== 'function') throw new GasError(`Script function not found: ${fn}`);
      return (target as (...a: unknown[]) => unknown)(...args);
    });
  }

  /**
   * One execution of `work`, a test's own code, with this execution's services as globals: how
   * the platform kit's contract suite runs src/gas on the runtime (the test imports those modules
   * afresh for each call, as Apps Script gives each execution a fresh global scope).
   */
  within<T>(work: () => T, options: RunOptions = {}): T {
    return this.execute('within', options, (e) => {
      const globals = this.globals(e);
      const scope = globalThis as Record<string, unknown>;
      const saved = Object.keys(globals).map((name) => [name, scope[name]] as const);
      Object.assign(scope, globals);
      try {
        return work();
      } finally {
        for (const [name, value] of saved) scope[name] = value;
      }
    });
  }

  private execute<T>(fn: string, options: RunOptions, body: (e: Execution) => T): T {
    if (this.exec) throw new Error(`runtime: ${fn} started inside another execution`);
    const mode = options.mode ?? 'sidebar';
    const limit =
      options.limitMs ??
      (mode === 'custom-function'
        ? (this.options.customFunctionLimitMs ?? 30000)
        : // A simple trigger (an add-on's onOpen) has 30 seconds (A5).
          mode === 'simple-trigger' || mode === 'card'
          ? 30000
          : (this.options.executionLimitMs ?? 360000));
    const book = options.spreadsheet ?? this.spreadsheet;
    const e: Execution = {
      // A formula in a shared-drive file, which has no owner, runs as nobody (assumed, P3).
      user: options.user ?? (mode === 'custom-function' && book.owner === null ? '' : this.owner),
      // An Editor add-on's clock trigger belongs to the user and the script, not to a document:
      // it runs with no active spreadsheet, and no document properties, cache or lock.
      // https://developers.google.com/workspace/add-ons/concepts/editor-triggers
      book:
        (mode === 'trigger' && (this.options.addon ?? true)) || mode === 'card'
          ? null
          : (this.documents.get(book.id) ?? null),
      mode,
      start: this.clock.spent(),
      limitMs: limit,
      authNone: options.authNone ?? false,
      skewMs: options.clockSkewMs ?? 0,
    };
    if (options.cutOffAt) e.cutOffAt = { ...options.cutOffAt, seen: 0 };
    if (options.interleave) e.interleave = { ...options.interleave, seen: 0 };
    // Apps Script runs at most 30 of a user's executions at once (docs/platform-limits.md, X1).
    if (this.running.filter((r) => r.user === e.user).length >= SIMULTANEOUS_EXECUTIONS)
      throw new GasError(TOO_MANY_EXECUTIONS);
    // And at most 1,000 of one script at once, all its users together (X4).
    if (this.running.length + this.othersRunning >= SCRIPT_SIMULTANEOUS_EXECUTIONS)
      throw new GasError(TOO_MANY_EXECUTIONS);
    this.exec = e;
    this.running.push(e);
    try {
      const result = body(e);
      if (e.killed || this.elapsed(e) > e.limitMs) {
        throw new GasError('Exceeded maximum execution time');
      }
      return result;
    } finally {
      this.locks.releaseAll(e);
      this.released();
      this.running = this.running.filter((r) => r !== e);
      this.exec = null;
    }
  }

  /**
   * A person pastes `url` into a file of `host` and hovers it: the card Google shows, or null where
   * no trigger of the manifest matches (a plain link) or the person has not granted link previews.
   * Within 5 minutes of the last card for that person and link, Google shows it again unasked.
   */
  linkPreview(url: string, host: EditorHost, user: string = this.owner): CardResponse | null {
    const fn = linkPreviewFunction(this.addOns, host, url);
    if (!fn || !this.consent.has(LINK_PREVIEW_SCOPE)) return null;
    if (!this.consent.granted(user).includes(LINK_PREVIEW_SCOPE)) return null;
    const kept = this.cards.get(user, url, this.clock.now());
    if (kept) return kept;
    const answer = this.run(fn, [linkPreviewEvent(host, url)], { mode: 'card', user });
    const card = readCardAnswer(answer, 'link preview');
    this.cards.put(user, url, card, this.clock.now());
    return card;
  }

  /** The person picks the add-on's item from the @ menu of `host`: its form card. */
  createActionForm(host: EditorHost, user: string = this.owner): CardResponse {
    const fn = createActionFunction(this.addOns, host);
    if (!this.consent.has(LINK_CREATE_SCOPE))
      throw new GasError('The manifest asks for no workspace.linkcreate scope.');
    return readCardAnswer(
      this.run(fn, [formEvent(host, {})], { mode: 'card', user }),
      'create action form',
    );
  }

  /** The person presses a form card's button that runs `fn`, with the form's fields as typed. */
  submitCard(
    fn: string,
    inputs: Record<string, string>,
    host: EditorHost = 'docs',
    user: string = this.owner,
  ): CardResponse {
    const answer = this.run(fn, [formEvent(host, inputs)], { mode: 'card', user });
    return readCardAnswer(answer, 'create action submit');
  }

  /** The manifest's Studio step `id` (its `flows.workflowElements`), or an error naming it. */
  private studioStep(id: string): WorkflowElement {
    const element = this.addOns?.flows?.workflowElements.find((x) => x.id === id);
    if (!element) throw new GasError(`The manifest declares no Workspace Studio step "${id}".`);
    return element;
  }

  /**
   * Studio runs step `id` of an agent for `user`: its execute function with the inputs as typed or
   * passed from earlier steps, as a Workspace add-on's function (no active spreadsheet, 30 s, S1).
   */
  runStep(id: string, inputs: Record<string, StepValue>, user: string = this.owner): StepAnswer {
    const element = this.studioStep(id);
    const fn = element.workflowAction.onExecuteFunction;
    return readStepAnswer(
      element,
      this.run(fn, [stepEvent(element, inputs)], { mode: 'card', user }),
    );
  }

  /** The step's configuration card, as Studio shows it when the person adds the step (S4). */
  stepConfig(id: string, user: string = this.owner): CardData {
    const element = this.studioStep(id);
    const answer = this.run(element.workflowAction.onConfigFunction, [{}], { mode: 'card', user });
    const response = readCardAnswer(answer, 'step configuration');
    if (response.kind !== 'card') throw new GasError('A step configuration answers with a card.');
    checkConfigCard(element, response.card);
    return response.card;
  }

  /** What google.script.run does: arguments and result cross as JSON-safe values. */
  runFromSidebar(
    fn: string,
    args: unknown[] = [],
    user?: string,
    spreadsheet?: Spreadsheet,
  ): unknown {
    // A function whose name ends in `_` is private: the page cannot call it (E5).
    if (fn.endsWith('_')) throw new GasError(`Script function not found: ${fn}`);
    refuseIllegal(args, `${fn}'s arguments`);
    const result = this.run(fn, JSON.parse(JSON.stringify(args)) as unknown[], {
      mode: 'sidebar',
      ...(user ? { user } : {}),
      ...(spreadsheet ? { spreadsheet } : {}),
    });
    refuseIllegal(result, `${fn}'s result`);
    return result === undefined ? null : JSON.parse(JSON.stringify(result));
  }

  /** A custom function called as Sheets calls it: one cell a scalar, a range a 2-D array. */
  customFunction(name: string, ...args: unknown[]): unknown {
    return this.run(name, args, { mode: 'custom-function' });
  }

  /**
   * Recalculates every `=NAME(args)` formula whose NAME is a global of the bundle, spilling arrays
   * as Sheets does (formulaCells.ts). Sheets recalculates after a script's write; here a test says
   * when.
   */
  recalculate(book: Spreadsheet = this.spreadsheet): void {
    this.formulas.calculate(book, () => true);
  }

  /** Why the formula at a cell shows #ERROR! or #REF!, as Sheets says on hover. */
  formulaError(sheet: Sheet, row: number, col: number): string | undefined {
    return this.formulas.error(sheet, row, col);
  }

  /** Sheets calculates a formula a script wrote in an execution of its own, even mid-script. */
  private runFormula(name: string, args: unknown[], book: Spreadsheet, together: number): unknown {
    // A recalculation starts every cell's execution at once: past the user's 30, Sheets shows
    // #ERROR! with Apps Script's refusal (X3), however quick each would have been.
    const user = book.owner === null ? '' : this.owner;
    const busy = this.running.filter((r) => r.user === user).length;
    if (together + busy >= SIMULTANEOUS_EXECUTIONS) throw new GasError(TOO_MANY_EXECUTIONS);
    const outer = this.exec;
    this.exec = null;
    try {
      return this.run(name, args, { mode: 'custom-function', spreadsheet: book });
    } finally {
      this.exec = outer;
    }
  }

  /**
   * Whether `user`'s account is a consumer one (Q9): every account is, unless the runtime was told
   * it is on Google Workspace. Its address says nothing either way.
   */
  isConsumer(user: string): boolean {
    return !(this.options.workspaceAccounts ?? []).includes(user);
  }

  /** Moves the clock on, running each time-driven trigger when it comes due. */
  advance(ms: number): void {
    const target = this.clock.now() + ms;
    for (let t = this.triggers.nextDue(target); t; t = this.triggers.nextDue(target)) {
      this.clock.advance(t.nextRun - this.clock.now());
      t.nextRun += t.intervalMs;
      this.fire(t, { triggerUid: t.id, authMode: 'FULL' });
    }
    this.clock.advance(target - this.clock.now());
  }

  /**
   * A response a Google Form writes into its responses sheet (T2, formResponses.ts), then each
   * form-submit trigger on the file runs, as its creator, with Google's event. `events` models what
   * Google does not promise: a firing lost (0) or repeated (2). Returns the row written.
   */
  submitForm(
    sheetName: string,
    answers: Record<string, string>,
    options: { spreadsheet?: Spreadsheet; events?: number } = {},
  ): number {
    const book = options.spreadsheet ?? this.spreadsheet;
    const { row, event } = writeResponse(book, sheetName, answers, new Date(this.clock.now()));
    for (let n = 0; n < (options.events ?? 1); n++) this.fireFormSubmit(book, event);
    return row;
  }

  /**
   * Responses arriving together (T5): Forms writes every row, and each one's form-submit triggers
   * run at once, each execution overlapping the next from its `nth` service call of `overlapAt`
   * (`'*'`: any), as on Google, where nothing makes a burst's triggers take turns. Returns the rows.
   */
  submitFormBurst(
    sheetName: string,
    answers: Array<Record<string, string>>,
    overlap: { at?: string; nth?: number } = {},
  ): number[] {
    const book = this.spreadsheet;
    const written = answers.map((a) =>
      writeResponse(book, sheetName, a, new Date(this.clock.now())),
    );
    const firings = written.flatMap(({ event }) =>
      this.triggers.formSubmitTriggers(book.id).map((t) => ({ t, event })),
    );
    const start = (i: number): void => {
      const f = firings[i];
      if (!f) return;
      let started = false;
      this.fire(
        f.t,
        { authMode: 'FULL', triggerUid: f.t.id, ...f.event },
        {
          at: { call: overlap.at ?? '*', nth: overlap.nth ?? 1 },
          run: () => ((started = true), start(i + 1)),
        },
      );
      // One that never reached that call holds no other back: Google fires every one of them.
      if (!started) start(i + 1);
    };
    start(0);
    return written.map((w) => w.row);
  }

  /**
   * A respondent edits their response (a form that lets them, T3): Forms writes the new answers
   * over the response's own row, and every form-submit trigger on the file runs again with that
   * row. Returns the row.
   */
  editFormResponse(
    sheetName: string,
    row: number,
    answers: Record<string, string>,
    options: { spreadsheet?: Spreadsheet } = {},
  ): number {
    const book = options.spreadsheet ?? this.spreadsheet;
    const at = new Date(this.clock.now());
    this.fireFormSubmit(book, editResponse(book, sheetName, row, answers, at));
    return row;
  }

  private fireFormSubmit(book: Spreadsheet, event: ResponseEvent): void {
    for (const t of this.triggers.formSubmitTriggers(book.id))
      this.fire(t, { authMode: 'FULL', triggerUid: t.id, ...event });
  }

  /** One firing of an installable trigger, as its creator, within their day's trigger time. */
  private fire(
    t: TriggerRecord,
    event: Record<string, unknown>,
    interleave?: RunOptions['interleave'],
  ): void {
    const day = this.quotaWindows.use('triggers', t.user, this.clock.now());
    const used = this.triggerRuntime.get(day) ?? 0;
    if (used >= dailyTriggerRuntime(this.isConsumer(t.user))) {
      this.logs.push(`[trigger ${t.handler}] Service using too much computer time for one day`);
      return;
    }
    const started = this.clock.spent();
    try {
      this.run(t.handler, [event], {
        user: t.user,
        mode: 'trigger',
        ...(interleave ? { interleave } : {}),
      });
    } catch (error) {
      this.logs.push(`[trigger ${t.handler}] ${(error as Error).message}`);
    }
    this.triggerRuntime.set(day, used + (this.clock.spent() - started));
  }

  /**
   * Sheets service calls made so far: reads and writes of cell data, every Sheets call, and the
   * cells those calls carried (what a read or write costs on Google grows with them).
   */
  sheetCalls(): {
    reads: number;
    writes: number;
    total: number;
    cellsRead: number;
    cellsWritten: number;
  } {
    const sum = (names: string[]) => names.reduce((n, k) => n + (this.counts[k] ?? 0), 0);
    const reads = sum([
      'Range.getValues',
      'Range.getValue',
      'Range.getDisplayValues',
      'Range.getFormulas',
      'Range.getNotes',
    ]);
    const writes = sum([
      'Range.setValues',
      'Range.setValue',
      'Range.setNotes',
      'Range.setNote',
      'Range.clearContent',
    ]);
    const total = Object.entries(this.counts)
      .filter(([k]) => /^(Range|RangeList|Sheet|Spreadsheet)\./.test(k))
      .reduce((n, [, v]) => n + v, 0);
    return {
      reads,
      writes,
      total,
      cellsRead: this.counts['cells.read'] ?? 0,
      cellsWritten: this.counts['cells.written'] ?? 0,
    };
  }

  resetCounts(): void {
    for (const k of Object.keys(this.counts)) delete this.counts[k];
    this.fetchStats.requests = 0;
    this.fetchStats.fetchAllCalls = 0;
    this.fetchStats.batches = [];
    this.fetchStats.fetchCalls = 0;
    this.fetchStats.log = [];
  }

  close(): Promise<unknown> {
    return this.http.close();
  }
}

/**
 * google.script.run carries primitives, arrays and plain objects only: a request with a Date or a
 * function anywhere inside fails (https://developers.google.com/apps-script/guides/html/reference/run).
 */
function refuseIllegal(value: unknown, where: string): void {
  const kind = Object.prototype.toString.call(value).slice(8, -1);
  if (kind === 'Date' || typeof value === 'function')
    throw new GasError(
      `google.script.run cannot carry a ${typeof value === 'function' ? 'function' : 'Date'} (${where}): send ISO text instead.`,
    );
  // Other prohibited types (E7): a Map or Set would arrive as {}, NaN or Infinity as null.
  if (kind === 'Map' || kind === 'Set')
    throw new GasError(
      `google.script.run cannot carry a ${kind} (${where}): send an array or an object.`,
    );
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new GasError(
      `google.script.run cannot carry ${value} (${where}): send a number or null.`,
    );
  if (Array.isArray(value)) for (const v of value) refuseIllegal(v, where);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) refuseIllegal(v, where);
}

/**
 * Property reads and writes a day: 50,000 for consumer accounts, 500,000 for Google Workspace
 * (https://developers.google.com/apps-script/guides/services/quotas).
 */
function dailyPropertiesQuota(consumer: boolean): number {
  return consumer ? 50000 : 500000;
}

/** URL fetches a day: 20,000 for consumer accounts, 100,000 for Google Workspace (same page). */
function dailyFetchQuota(consumer: boolean): number {
  return consumer ? 20000 : 100000;
}

/**
 * Triggers' total runtime a day: 90 minutes on consumer accounts, 6 hours on Workspace
 * (https://developers.google.com/apps-script/guides/services/quotas). A bound script's
 * one-minute trigger must fit its work in that.
 */
function dailyTriggerRuntime(consumer: boolean): number {
  return (consumer ? 90 : 360) * 60000;
}
